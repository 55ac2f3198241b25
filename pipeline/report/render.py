"""The report's rendering: one Jinja2 environment over the package's templates (`templates/`),
autoescaping every expression, and the static files the page inlines (`static/`).

Everything that comes from the warehouse reaches the page through a template expression, so
Jinja2 HTML-escapes it: a page title or snippet holding `<script>` shows as text. Only
carcdb's own markup passes unescaped (`|safe` in the templates): the inlined style sheet and
script, and the tile drawings `pipeline.draw` makes (it escapes the text it puts in them).
The data block is `|tojson`, which escapes `<`, `>`, `&` and `'` inside the JSON.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import jinja2

PACKAGE = __name__.rpartition(".")[0]


def shown(value: Any) -> Any:
    """What a cell shows: yes/no for a boolean, nothing for a missing value."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value


def sort_key(value: Any) -> str:
    """The `data-sort` of a cell: numbers sort as numbers (the script reads it); "" for text."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value}"
    return ""


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader(PACKAGE, "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["shown"] = shown
    env.filters["sort_key"] = sort_key
    return env


def static(name: str) -> str:
    return resources.files(PACKAGE).joinpath("static", name).read_text("utf-8")


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
