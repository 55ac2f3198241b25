"""Pages whose markup nests deeper than a parse can follow, told apart from a bug.

mwparserfromhell's tree builder, and ours (`pipeline.parse.fast.tree_builder`), recurse once or
more per level of nested `{{`, so a page of a few hundred nested templates or arguments (broken
or hostile markup) raises RecursionError in its parse. Such a page is bad data: the guards turn
it into a `parse.too-deep` finding, as they do a page too large, and the build goes on. A
RecursionError on a page nested no deeper than `PLAUSIBLE_DEPTH` levels (mwparserfromhell's
own tokenizer stops nesting at 100) is a bug in carcdb: `too_deep` says None and the caller
raises it again.
"""

from __future__ import annotations

import re

PLAUSIBLE_DEPTH = 100  # levels of `{{`/`[[`; wiki pages nest a handful
_BRACKET = re.compile(r"[{\[]|[}\]]")


def nesting_depth(wikitext: str) -> int:
    """The deepest nesting of braces and brackets, in levels of two (`{{` is one level);
    closers beyond the openers count for nothing."""
    depth = deepest = 0
    for match in _BRACKET.finditer(wikitext):
        if match.group() in "{[":
            depth += 1
            deepest = max(deepest, depth)
        elif depth:
            depth -= 1
    return deepest // 2


def too_deep(wikitext: str) -> str | None:
    """The failure's detail for a page whose parse ran out of recursion because its markup
    nests too deep, None when it does not (the RecursionError is a bug)."""
    depth = nesting_depth(wikitext)
    if depth <= PLAUSIBLE_DEPTH:
        return None
    return (
        f"its markup nests {depth} levels of {{{{ or [[ deep, more than a parse can follow "
        f"(a wiki page nests a handful)"
    )
