"""Tile lists of a sample page, varied for the synthetic corpus, and their expected totals.

A list is `{{BeginTileList|tiles=N}}`, `{{Tile|image=...|count=K|config=...}}` entries and
`{{EndTileList}}`. Varying a list shuffles its tiles and, when the list declares its own total,
re-counts them: a tile without an illustration partition gets a new count; a tile whose
partition has a `None` member gets extra plain copies there (so the partition still adds up);
the declared total is rewritten to the new sum. Lists that do not declare their own total
(the Winter Edition declares its 84 in an empty list before its 72 + 12) keep their counts.

`ListTotals` is what the page says, defects included: the benchmark compares a build against it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from carcdb.pipeline.synth.wikitext import Piece, param, template_name, top_level_pieces, with_param

DEFECTS = ("declared_mismatch", "partition_mismatch", "bad_count", "duplicate_tile")

_NONE_FEATURE = re.compile(r"(?P<prefix>\d+x)?\{\{Feature\|(?P<body>[^{}]*?name=None\b[^{}]*)\}\}")
_COUNT = re.compile(r"\|count=(\d+)")


@dataclass
class WrittenTile:
    """One `{{Tile}}` entry as the generator writes it (not the parsed `schemas.tiles` record)."""

    text: str
    count: int | None  # None: an illustration (no count), or a count that is not a number

    @property
    def counted(self) -> bool:
        return self.count is not None


@dataclass
class WrittenList:
    """One tile list's text, as the generator writes it (not the parsed `schemas.tiles` record)."""

    begin: str
    items: list[str | WrittenTile]  # verbatim text between tiles, and tiles, in order
    end: str  # "" when the page never closes the list

    def render(self) -> str:
        body = "".join(i if isinstance(i, str) else i.text for i in self.items)
        return self.begin + body + self.end

    @property
    def tiles(self) -> list[WrittenTile]:
        return [i for i in self.items if isinstance(i, WrittenTile)]


@dataclass
class ListTotals:
    declared: int | None
    special: int | None
    tiles: int  # entries with a numeric count
    total: int  # sum of those counts
    bad_counts: int = 0  # entries whose count is not a number

    def as_json(self) -> dict[str, int | None]:
        return {
            "declared": self.declared,
            "special": self.special,
            "tiles": self.tiles,
            "total": self.total,
            "bad_counts": self.bad_counts,
        }


Skeleton = list[Piece | WrittenList]


def _int_param(template: str, name: str) -> int | None:
    value = param(template, name)
    if value is None or not value.strip().isdigit():
        return None
    return int(value.strip())


def _entry(text: str) -> WrittenTile:
    return WrittenTile(text, _int_param(text, "count"))


def skeleton(wikitext: str) -> Skeleton:
    """The page as top-level pieces, with each tile list gathered into a `WrittenList`."""
    out: Skeleton = []
    current: WrittenList | None = None
    for piece in top_level_pieces(wikitext):
        name = template_name(piece.text) if piece.kind == "markup" else ""
        if current is None:
            if name == "BeginTileList":
                current = WrittenList(piece.text, [], "")
            else:
                out.append(piece)
        elif name == "EndTileList":
            current.end = piece.text
            out.append(current)
            current = None
        elif name == "Tile":
            current.items.append(_entry(piece.text))
        else:
            current.items.append(piece.text)
    if current is not None:
        out.append(current)
    return out


def totals(tile_list: WrittenList) -> ListTotals:
    entries = tile_list.tiles
    counted = [e.count for e in entries if e.count is not None]
    bad = sum(1 for e in entries if e.count is None and param(e.text, "count") is not None)
    return ListTotals(
        declared=_int_param(tile_list.begin, "tiles"),
        special=_int_param(tile_list.begin, "special"),
        tiles=len(counted),
        total=sum(counted),
        bad_counts=bad,
    )


def _set_count(entry: WrittenTile, count: int) -> WrittenTile:
    return WrittenTile(with_param(entry.text, "count", str(count)), count)


def _recount(entry: WrittenTile, rng: random.Random) -> WrittenTile:
    assert entry.count is not None
    config = param(entry.text, "config") or ""
    if "(" not in config:
        return _set_count(entry, rng.randint(1, entry.count + 2))
    none = _NONE_FEATURE.search(config)
    extra = rng.choice((0, 1, 2))
    if none is None or extra == 0:
        return entry
    body = none.group("body")
    prefix = none.group("prefix")
    found = _COUNT.search(body)
    if prefix:
        had = int(prefix[:-1])
        feature = f"{had + extra}x{{{{Feature|{body}}}}}"
    elif found:
        had = int(found.group(1))
        feature = "{{Feature|" + _COUNT.sub(f"|count={had + extra}", body, count=1) + "}}"
    else:
        feature = "{{Feature|" + body + f"|count={1 + extra}}}}}"
    new_config = config[: none.start()] + feature + config[none.end() :]
    text = with_param(entry.text, "config", new_config)
    return _set_count(WrittenTile(text, entry.count), entry.count + extra)


def vary(tile_list: WrittenList, rng: random.Random) -> WrittenList:
    """Shuffle the tiles; re-count them when the list declares its own total."""
    items = list(tile_list.items)
    slots = [i for i, item in enumerate(items) if isinstance(item, WrittenTile)]
    tiles = [items[i] for i in slots]
    rng.shuffle(tiles)
    recount = _int_param(tile_list.begin, "tiles") is not None and any(
        isinstance(t, WrittenTile) and t.counted for t in tiles
    )
    for slot, tile in zip(slots, tiles, strict=True):
        assert isinstance(tile, WrittenTile)
        items[slot] = _recount(tile, rng) if recount and tile.counted else tile
    varied = WrittenList(tile_list.begin, items, tile_list.end)
    if recount:
        varied.begin = with_param(varied.begin, "tiles", str(totals(varied).total))
    return varied


def inject_defect(lists: list[WrittenList], code: str, rng: random.Random) -> str | None:
    """Break one list in place the way real pages are broken; a note, or None if no fit."""
    candidates = [t for t in lists if any(e.counted for e in t.tiles)]
    if not candidates:
        return None
    target = rng.choice(candidates)
    counted = [i for i, item in enumerate(target.items) if isinstance(item, WrittenTile)]
    counted = [i for i in counted if _counted(target.items[i])]
    partitioned = [i for i in counted if "(" in (param(_text(target.items[i]), "config") or "")]
    index = rng.choice(partitioned if code == "partition_mismatch" and partitioned else counted)
    entry = target.items[index]
    assert isinstance(entry, WrittenTile) and entry.count is not None
    if code == "declared_mismatch":
        declared = totals(target).total + rng.randint(1, 3)
        target.begin = with_param(target.begin, "tiles", str(declared))
        return f"tiles={declared} declared, tiles add up to less"
    if code == "partition_mismatch":
        target.items[index] = _set_count(entry, entry.count + 1)
        _redeclare(target)
        return "a tile's count is one more than its partition"
    if code == "bad_count":
        target.items[index] = WrittenTile(with_param(entry.text, "count", f"{entry.count}?"), None)
        _redeclare(target)
        return f"count={entry.count}? is not a number"
    if code == "duplicate_tile":
        target.items.insert(index + 1, WrittenTile(entry.text, entry.count))
        _redeclare(target)
        return "one tile is listed twice"
    raise ValueError(f"unknown defect {code!r}")


def _counted(item: str | WrittenTile) -> bool:
    return isinstance(item, WrittenTile) and item.counted


def _text(item: str | WrittenTile) -> str:
    return item if isinstance(item, str) else item.text


def _redeclare(tile_list: WrittenList) -> None:
    """Keep the declared total in step so the page carries only the one defect."""
    if _int_param(tile_list.begin, "tiles") is not None:
        tile_list.begin = with_param(tile_list.begin, "tiles", str(totals(tile_list).total))
