"""JCloisterZone's tile definition XML, read and written.

The format (JCloisterZone's `expansions/*.xml`): a `<defs>` (older files: `<pack>`) holding
`<tiles>` with one `<tile id>` per tile type and `<sets>` with `<tile-set id>`s listing
`<ref count tile>`. A tile lists its features by location: `<city pennants="1">N W</city>`
(sides N E S W, connected when listed together), `<road>W E</road>`,
`<field city="N">EL WR</field>` (field halves NL NR EL ER SL SR WL WR; `city` names one side
of each city the field borders) and `<monastery/>`. Older files say `<farm>`, `<cloister/>`
and `pennant=`: both are read, the current names are written. These are carcdb's own
conventions (pipeline/engine/geometry.py), so a shape maps one to one.

Read safely: expat, with any DOCTYPE or entity declaration refused (as the MediaWiki dump
reader does, `pipeline.extract.dumps`): no entity expansion, no external fetches.
An inner field (`<field city="N W">I</field>`, `II`) is a field without halves, as in
carcdb's shape data. The expansions' features are spelled as JCloisterZone spells them:
`<road inn="yes">`, `<city cathedral="yes">`, `<city resource="wine">` (grain, cloth),
`<river>W E</river>` (river sides, edge letter W), `<garden/>`, Hills and Sheep's `<hill/>` and
`<vineyard/>`, and a tile's `group="river-spring"` / `"river-lake"` (`"river"`, `"river-fork"`
for the other river tiles).
Read, a tile is a spring when its group says so, and a lake when its group says so or when its
one river touches one side (JCloisterZone groups The River II's lake by a city as a plain
river tile). What carcdb's shape model does not hold (towers, volcanoes, pig herds ...) is
not guessed: a tile with an unknown location is kept as `unsupported`, other child elements
are listed as `ignored`. Attributes that only guide JCloisterZone's drawing or its other
expansions' rules (`multi-edge`, `castle-base`, `wagon-move`) are not read.
"""

from __future__ import annotations

import hashlib
import xml.parsers.expat
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

from pydantic import ValidationError

from carcdb.pipeline.engine.geometry import HALVES, SIDES, TileShape
from carcdb.pipeline.errors import InputError, malformed_xml
from carcdb.pipeline.numbers import INT32_MAX, ascii_int, why_not_int
from carcdb.schemas.engine_config import TileGeometry
from carcdb.schemas.interchange import FileLocation, JczRef, JczTile, JczTileSet

ROOTS = ("defs", "pack")
MONASTERY_NAMES = ("monastery", "cloister")
FIELD_NAMES = ("field", "farm")
INNER = ("I", "II", "III", "IV")  # inner fields, as JCloisterZone names them
PENNANT_NAMES = ("pennants", "pennant")
YES = ("yes", "true", "1")
GOODS = ("wine", "grain", "cloth")
SPRING_GROUP, LAKE_GROUP, RIVER_GROUP, FORK_GROUP = (
    "river-spring",
    "river-lake",
    "river",
    "river-fork",
)
# Refuse files larger than this: tile definitions are kilobytes; a huge file is a mistake.
MAX_BYTES = 20 * 1024 * 1024


@dataclass
class JczFile:
    """What one definition file holds, in file order."""

    path: str
    sha256: str
    tiles: list[JczTile] = field(default_factory=list)
    sets: list[JczTileSet] = field(default_factory=list)
    refs: list[JczRef] = field(default_factory=list)


@dataclass
class _Tile:
    tile_id: str
    location: FileLocation
    group: str = ""
    cities: list[dict[str, object]] = field(default_factory=list)
    roads: list[dict[str, object]] = field(default_factory=list)
    rivers: list[list[str]] = field(default_factory=list)
    fields: list[tuple[list[str], list[str]]] = field(default_factory=list)
    monastery: bool = False
    garden: bool = False
    hill: bool = False
    vineyard: bool = False
    ignored: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _pennants(attrs: dict[str, str]) -> int | str:
    for name in PENNANT_NAMES:
        if name in attrs:
            value = attrs[name].strip().lower()
            if value == "yes":
                return 1
            number = ascii_int(value)
            if number is not None:
                return number
            return f"pennants={attrs[name]!r} {why_not_int(value)}"
    return 0


def _geometry(tile: _Tile) -> tuple[TileGeometry | None, str | None]:
    """The tile's shape, or None and why carcdb cannot hold it."""
    if tile.problems:
        return None, "; ".join(tile.problems)
    edges = ["F"] * 4
    city_of_side: dict[str, int] = {}
    for index, city in enumerate(tile.cities):
        for side in _sides_of(city):
            edges[SIDES.index(side)] = "C"
            city_of_side[side] = index
    for road in tile.roads:
        for side in _sides_of(road):
            edges[SIDES.index(side)] = "R"
    for sides in tile.rivers:
        for side in sides:
            edges[SIDES.index(side)] = "W"
    fields = []
    for halves, city_sides in tile.fields:
        missing = [side for side in city_sides if side not in city_of_side]
        if missing:
            return None, f"a field borders a city on {' '.join(missing)}, where there is none"
        borders = sorted({city_of_side[side] for side in city_sides})
        fields.append({"halves": halves, "borders_cities": borders})
    spring = tile.group == SPRING_GROUP
    one_end = len(tile.rivers) == 1 and len(tile.rivers[0]) == 1
    raw: dict[str, object] = {
        "edges": "".join(edges),
        "monastery": tile.monastery,
        "cities": tile.cities,
        "roads": tile.roads,
        "fields": fields,
        "garden": tile.garden,
        "rivers": [{"sides": sides} for sides in tile.rivers],
        "spring": spring,
        "lake": tile.group == LAKE_GROUP or (one_end and not spring),
        "hill": tile.hill,
        "vineyard": tile.vineyard,
    }
    try:
        # The engine's own consistency rules: sides typed once, halves complete, ...
        TileShape.model_validate({**raw, "code": tile.tile_id, "name": "", "copies": 0})
        return TileGeometry.model_validate(raw), None
    except ValidationError as exc:
        return None, str(exc.errors()[0]["msg"]).removeprefix("Value error, ")


def _sides_of(segment: dict[str, object]) -> list[str]:
    sides = segment["sides"]
    assert isinstance(sides, list)
    return sides


def _flag(attrs: dict[str, str], name: str) -> bool:
    return attrs.get(name, "").strip().lower() in YES


def _segment_attrs(name: str, attrs: dict[str, str], tile: _Tile) -> dict[str, object]:
    """What a <city> or <road> element says besides its sides, in carcdb's keys."""
    if name == "road":
        return {"inn": True} if _flag(attrs, "inn") else {}
    coats = _pennants(attrs)
    if isinstance(coats, str):
        tile.problems.append(coats)
        coats = 0
    extra: dict[str, object] = {"coats_of_arms": coats}
    if _flag(attrs, "cathedral"):
        extra["cathedral"] = True
    resource = attrs.get("resource", "").strip().lower()
    if resource in GOODS:
        extra["goods"] = resource
    elif resource:
        tile.problems.append(f"resource={attrs['resource']!r} is not wine, grain or cloth")
    return extra


def read_jcz(data: bytes, origin: str) -> JczFile:
    """Parse a definition file's bytes; a malformed or unsafe file is an `InputError`."""
    if len(data) > MAX_BYTES:
        raise InputError(
            f"{len(data)} bytes: larger than any tile definition file",
            path=origin,
            fix="give one JCloisterZone expansion XML file",
        )
    parser = xml.parsers.expat.ParserCreate()
    result = JczFile(path=origin, sha256=hashlib.sha256(data).hexdigest())
    stack: list[str] = []
    text: list[str] = []
    tile_ids: set[str] = set()
    state: dict[str, object] = {}
    lines = data.decode("utf-8", errors="replace").splitlines()

    def fail(message: str, fix: str) -> InputError:
        return InputError(f"{message} (line {parser.CurrentLineNumber})", path=origin, fix=fix)

    def location() -> FileLocation:
        line, col = parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
        raw = lines[line - 1] if 0 < line <= len(lines) else ""
        snippet = raw[col - 1 :].split(">", 1)[0] + ">" if raw else ""
        return FileLocation(
            source_sha256=result.sha256, path=origin, line=line, col=col, snippet=snippet
        )

    def refuse(*_: object) -> None:
        raise fail(
            "the XML declares a DOCTYPE or entity",
            "use the definition file as JCloisterZone ships it; DTDs and entities are refused",
        )

    def start(name: str, attrs: dict[str, str]) -> None:
        parent = stack[-1] if stack else None
        stack.append(name)
        text.clear()
        if parent is None:
            if name not in ROOTS:
                raise fail(
                    f"root element <{name}> is not <defs> or <pack>",
                    "give a JCloisterZone tile definition file (expansions/*.xml)",
                )
            return
        if name == "tile" and parent == "tiles":
            tile_id = attrs.get("id", "")
            if not tile_id:
                raise fail("a <tile> has no id", "every <tile> needs id=")
            if tile_id in tile_ids:
                raise fail(f"tile id {tile_id!r} is defined twice", "keep one definition")
            tile_ids.add(tile_id)
            state["tile"] = _Tile(tile_id, location(), group=attrs.get("group", "").strip())
        elif parent == "tile":
            tile = state["tile"]
            assert isinstance(tile, _Tile)
            if name in ("city", "road"):
                state["attrs"] = _segment_attrs(name, attrs, tile)
            elif name in FIELD_NAMES:
                state["attrs"] = {"city": attrs.get("city", "").split()}
            elif name in MONASTERY_NAMES:
                tile.monastery = True
            elif name == "garden":
                tile.garden = True
            elif name == "hill":
                tile.hill = True
            elif name == "vineyard":
                tile.vineyard = True
            elif name != "river":
                tile.ignored.append(name)
        elif name == "tile-set" and parent == "sets":
            set_id = attrs.get("id", "")
            if not set_id:
                raise fail("a <tile-set> has no id", "every <tile-set> needs id=")
            state["set"] = set_id
            result.sets.append(
                JczTileSet(set_id=set_id, product=None, edition=None, location=location())
            )
        elif name == "ref" and parent == "tile-set":
            written = attrs.get("count", "1").strip()
            count = ascii_int(written)
            if count is None:
                raise fail(
                    f"ref count {written[:40]!r} {why_not_int(written)}",
                    f"count=N, 0 <= N <= {INT32_MAX:,}",
                )
            tile_id = attrs.get("tile", "")
            if tile_id not in tile_ids:
                raise fail(
                    f"ref names tile {tile_id!r}, which the file does not define (before it)",
                    "define every <tile> in <tiles> before the <sets>",
                )
            result.refs.append(
                JczRef(
                    set_id=str(state["set"]),
                    tile_id=tile_id,
                    count=count,
                    location=location(),
                )
            )

    def end(name: str) -> None:
        stack.pop()
        body = "".join(text).split()
        text.clear()
        parent = stack[-1] if stack else None
        if parent == "tile":
            tile = state["tile"]
            assert isinstance(tile, _Tile)
            attrs = state.pop("attrs", {})
            assert isinstance(attrs, dict)
            if name in ("city", "road", "river"):
                unknown = [token for token in body if token not in SIDES]
                if unknown or not body:
                    tile.problems.append(
                        f"<{name}> at {' '.join(unknown) or '(nothing)'}: not sides N E S W"
                    )
                elif name == "river":
                    tile.rivers.append(body)
                else:
                    segments = tile.cities if name == "city" else tile.roads
                    segments.append({"sides": body, **attrs})
            elif name in FIELD_NAMES:
                if len(body) == 1 and body[0] in INNER:  # an inner field: no halves
                    tile.fields.append(([], list(attrs["city"])))
                    return
                unknown = [token for token in body if token not in HALVES]
                if unknown or not body:
                    tile.problems.append(
                        f"<{name}> at {' '.join(unknown) or '(nothing)'}: not field halves"
                    )
                else:
                    tile.fields.append((body, list(attrs["city"])))
        elif name == "tile" and parent == "tiles":
            tile = state.pop("tile")
            assert isinstance(tile, _Tile)
            geometry, unsupported = _geometry(tile)
            result.tiles.append(
                JczTile(
                    tile_id=tile.tile_id,
                    geometry=geometry,
                    unsupported=unsupported,
                    ignored=tile.ignored,
                    location=tile.location,
                )
            )

    def chars(data: str) -> None:
        text.append(data)

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as exc:
        raise malformed_xml(
            exc, path=origin, fix="give the definition file as JCloisterZone ships it"
        ) from None
    return result


def read_jcz_file(path: Path) -> JczFile:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror})", path=str(path)) from None
    return read_jcz(data, str(path))


# Writing -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SetToWrite:
    set_id: str
    comment: str
    refs: list[tuple[str, int]]  # (tile id, count)


def _comment(text: str) -> str:
    return "<!-- " + text.replace("--", "- -") + " -->"


def _group(shape: TileGeometry) -> str:
    """JCloisterZone's group of a river tile (placed before the others), '' for the rest."""
    if shape.spring:
        return SPRING_GROUP
    if shape.lake:
        return LAKE_GROUP
    if any(len(river.sides) >= 3 for river in shape.rivers):
        return FORK_GROUP
    return RIVER_GROUP if shape.rivers else ""


def _tile_xml(tile_id: str, shape: TileGeometry) -> list[str]:
    group = _group(shape)
    out = [f"    <tile id={quoteattr(tile_id)}{f' group={quoteattr(group)}' if group else ''}>"]
    if shape.monastery:
        out.append("      <monastery/>")
    if shape.garden:
        out.append("      <garden/>")
    if shape.hill:
        out.append("      <hill/>")
    if shape.vineyard:
        out.append("      <vineyard/>")
    for city in shape.cities:
        attrs = f' pennants="{city.coats_of_arms}"' if city.coats_of_arms else ""
        attrs += ' cathedral="yes"' if city.cathedral else ""
        attrs += f' resource="{city.goods}"' if city.goods else ""
        out.append(f"      <city{attrs}>{' '.join(city.sides)}</city>")
    for road in shape.roads:
        inn = ' inn="yes"' if road.inn else ""
        out.append(f"      <road{inn}>{' '.join(road.sides)}</road>")
    for river in shape.rivers:
        out.append(f"      <river>{' '.join(river.sides)}</river>")
    inner = iter(INNER)
    for segment in shape.fields:
        # A city is named by its first side, as JCloisterZone's files do; a field touching no
        # side is JCloisterZone's inner field I, II in the shape's order.
        cities = " ".join(shape.cities[i].sides[0] for i in segment.borders_cities)
        attr = f" city={quoteattr(cities)}" if cities else ""
        where = " ".join(segment.halves) or next(inner)
        out.append(f"      <field{attr}>{where}</field>")
    out.append("    </tile>")
    return out


def write_jcz(header: str, tiles: list[tuple[str, TileGeometry]], sets: list[SetToWrite]) -> str:
    """The definition file's text: the tiles in the given order, then the sets."""
    lines = ['<?xml version="1.0" encoding="utf-8"?>', _comment(header), "<defs>", "  <tiles>"]
    for tile_id, shape in tiles:
        lines += _tile_xml(tile_id, shape)
    lines += ["  </tiles>", "  <sets>"]
    for tile_set in sets:
        lines.append("    " + _comment(tile_set.comment))
        lines.append(f"    <tile-set id={quoteattr(tile_set.set_id)}>")
        for tile_id, count in tile_set.refs:
            lines.append(f'      <ref count="{count}" tile={quoteattr(tile_id)}/>')
        lines.append("    </tile-set>")
    lines += ["  </sets>", "</defs>", ""]
    return "\n".join(lines)
