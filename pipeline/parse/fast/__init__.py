"""Speed work on mwparserfromhell: every module here mirrors the library's private internals.

- `tree_builder`: the node tree from the C tokenizer's tokens (the library's `Builder`, without
  its setter detours); `parse_wikitext` is what every parse in `pipeline.parse` calls;
- `spans`: every node's offset in its source, in one linear walk;
- `tokenplain`: `strip_code` text straight from tokens, for the rules stage's short strings.

They are used only when `MIRRORED` is true (the installed version is one they were written
against and the C tokenizer is there); otherwise each falls back to the library's own public
code, which is also the reference the tests compare them with. Figures: docs/perf.md.
"""

from __future__ import annotations

import mwparserfromhell

try:
    from mwparserfromhell.parser._tokenizer import CTokenizer as _CTokenizer
except ImportError:  # a pure-Python install: the library's own code everywhere
    _CTokenizer = None

MIRRORED_VERSIONS = ("0.7.",)
MIRRORED: bool = _CTokenizer is not None and str(mwparserfromhell.__version__).startswith(
    MIRRORED_VERSIONS
)
