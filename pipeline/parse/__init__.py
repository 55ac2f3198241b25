"""Parsing stored revisions into records.

- `document`: a revision parsed once (tree, node offsets, sections, locations);
- `stage`: what a parse stage is; `registry`: the stages, `PARSER_VERSION`, `parse_revision`;
- `tiles/`, `rules/`: the two stages; `values`, `sections`, `locate`: shared helpers;
- `fast/`: the speed work that mirrors mwparserfromhell internals (one version check).
"""
