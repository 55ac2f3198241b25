"""The HTML report (`carcdb report`): the warehouse as a static page, no server, no network.

`build` writes it; `tiles` (distributions drawn with `pipeline.draw`, edition differences),
`coverage` (translations), `quality` (findings, checks) and `engine` (engine configuration
with provenance) make its sections; `html` the escaping, tables, charts and the page itself.
"""
