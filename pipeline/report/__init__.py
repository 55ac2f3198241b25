"""The HTML report (`carcdb report`): the warehouse as a static page, no server, no network.

`build` gathers each section's data and renders the page; `tiles` (distributions, edition
differences), `contents` (box contents), `coverage` (translations), `quality` (findings,
checks; `locations`: a finding's section and offset) and `engine` (products, reference sets,
configurations) gather the data; `keys` (colours and patterns) and `charts` lay out what is
drawn; `render` is the Jinja2 environment over `templates/` (autoescaping) and `static/`.
"""
