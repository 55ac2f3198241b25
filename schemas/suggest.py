"""Close-match suggestions for a name a user typed: a tile (`O` -> `Base Game/O`), a page or a
product. Plain text in, names out: every layer's errors use it (the warehouse's unknown page,
the CLI's unknown tile or product), so it lives here, importing nothing of ours.

A name is compared without regard to case, as a whole and by each of its `/`-separated parts
(`O` is the code part of `Base Game/O`, `Base game` the base title of `Base game/ro`); a
part's likeness counts a little less than the whole's, so an exact whole name comes first.
A name holding what was typed (`Courier` in `The Courier (Fan Expansion)/ro`) is close too,
when what was typed is long enough to mean something there.
"""

from __future__ import annotations

from collections.abc import Iterable
from difflib import SequenceMatcher

# difflib's default cutoff for `get_close_matches`: below it names are rarely what was meant.
CUTOFF = 0.6
# A part of a name matching counts this much of the whole's likeness.
PART_WEIGHT = 0.98
SHOWN = 3
# A name holding the typed text counts as this like it (below an exact part, above the cutoff),
# for typed texts of at least `HELD_LENGTH` characters.
HELD = 0.75
HELD_LENGTH = 4


def _likeness(typed: str, name: str) -> float:
    whole = name.casefold()
    best = SequenceMatcher(None, typed, whole).ratio()
    parts = [part.strip() for part in whole.split("/")]
    if len(parts) > 1:
        best = max(
            best, *(PART_WEIGHT * SequenceMatcher(None, typed, part).ratio() for part in parts)
        )
    if len(typed) >= HELD_LENGTH and typed in whole:
        best = max(best, HELD)
    return best


def close_matches(
    typed: str, names: Iterable[str], *, limit: int = SHOWN, cutoff: float = CUTOFF
) -> list[str]:
    """The names most like `typed`, best first (ties in the names' order), at most `limit`."""
    wanted = typed.strip().casefold()
    if not wanted:
        return []
    scored = [
        (score, index, name)
        for index, name in enumerate(dict.fromkeys(names))
        if (score := _likeness(wanted, name)) >= cutoff
    ]
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [name for _, _, name in scored[:limit]]


def did_you_mean(typed: str, names: Iterable[str]) -> str | None:
    """`did you mean "Base Game/O"? (or "Hills and Sheep/O")`, or None when nothing is close."""
    found = close_matches(typed, names)
    if not found:
        return None
    others = ", ".join(f'"{name}"' for name in found[1:])
    return f'did you mean "{found[0]}"?' + (f" (or {others})" if others else "")


def fix_for(typed: Iterable[str] | str, names: Iterable[str], otherwise: str) -> str:
    """An error's fix: the close matches of what was typed (each of several typed names), or
    `otherwise` when none is close."""
    known = list(names)
    found = [did_you_mean(one, known) for one in ([typed] if isinstance(typed, str) else typed)]
    shown = [text for text in found if text is not None]
    return "; ".join(shown) if shown else otherwise
