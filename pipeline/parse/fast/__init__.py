"""Speed work on mwparserfromhell: every module here mirrors the library's private internals.

- `tree_builder`: the node tree from the C tokenizer's tokens (the library's `Builder`, without
  its setter detours); `parse_wikitext` is what every parse in `pipeline.parse` calls;
- `spans`: every node's offset in its source, in one linear walk;
- `tokenplain`: `strip_code` text straight from tokens, for the rules stage's short strings.

`MIRRORED` is the one version check: the installed mwparserfromhell is one these modules were
written against, with its C tokenizer. Each module reads it at every call; when it is false,
each falls back to the library's own public code (`mwparserfromhell.parse`, the search walk
over `str(node)`, rendering the node tree), which is also the reference the tests compare them
with, MIRRORED forced false. Figures: docs/perf.md.
"""

from __future__ import annotations

import mwparserfromhell

__all__ = ["MIRRORED", "MIRRORED_VERSIONS", "CTokenizer"]

try:
    from mwparserfromhell.parser._tokenizer import CTokenizer
except ImportError:  # a pure-Python install: the library's own code everywhere
    CTokenizer = None

# `mwparserfromhell.parser.builder`, the nodes' `__str__` and the token classes of these
# versions are what the modules here mirror.
MIRRORED_VERSIONS = ("0.7.",)
MIRRORED: bool = CTokenizer is not None and str(
    getattr(mwparserfromhell, "__version__", "")
).startswith(MIRRORED_VERSIONS)
