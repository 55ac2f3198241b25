"""`carcdb export --format jcz`: products' tile shapes and per-edition counts as one
JCloisterZone definition file.

Tile ids are `PRODUCT/CODE` ("Base Game/D"), tile-set ids `PRODUCT:EDITION`
("Base Game:C3"): `carcdb import-shapes` maps such a set back to the warehouse's edition
without being told. A tile code with no shape in carcdb's shape data cannot be written and
is reported in `notes`, as are special tiles (outside the draw pile), which are written.
A product whose tile lists the warehouse does not hold but whose box carcdb's shape data
states (a reference set, `pipeline.engine.reference_sets`) is written from that reference
set, every edition it states (or the `editions` asked for), and the notes say so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carcdb.pipeline.configgen.data import ConfigData
from carcdb.pipeline.engine.reference_sets import (
    reference_editions,
    reference_products,
    reference_set,
)
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.interchange.editions import edition_config
from carcdb.pipeline.interchange.jcz_xml import SetToWrite, write_jcz
from carcdb.pipeline.interchange.tables import carcdb_version
from carcdb.pipeline.outputs import OutputKind, check_output, write_file
from carcdb.schemas.engine_config import TileGeometry
from carcdb.schemas.suggest import fix_for
from carcdb.warehouse.connection import read_only
from carcdb.warehouse.interchange import known_products, product_editions


@dataclass(frozen=True)
class ExportedSet:
    set_id: str
    title: str
    revision_key: str
    tiles: int
    types: int


@dataclass
class JczExport:
    out: Path
    shapes: int = 0
    sets: list[ExportedSet] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # False when no tile had a shape: an empty file is not written (the CLI exits 1).
    written: bool = False

    def summary(self) -> dict[str, Any]:
        return {
            "out": str(self.out),
            "written": self.written,
            "shapes": self.shapes,
            "sets": [s.__dict__ for s in self.sets],
            "notes": self.notes,
        }


# The comment `write_jcz` puts at the top of every file carcdb writes.
JCZ_FILE = OutputKind(key="jcz", name="a JCloisterZone tile file", marks=(b"<!-- carcdb ",))


def tile_id(product: str, code: str) -> str:
    return f"{product}/{code}"


def set_id(product: str, edition: str) -> str:
    return f"{product}:{edition}"


def _reference_set(
    product: str,
    edition: str,
    shapes: dict[str, TileGeometry],
    sets: list[SetToWrite],
    report: JczExport,
) -> None:
    """One edition of a product the warehouse holds no list of, from its reference set."""
    box = reference_set(product, edition)
    refs = []
    for tile in box.tiles:
        if tile.shape is None or not tile.copies:
            continue
        geometry = TileGeometry.model_validate(
            tile.shape.model_dump(include=set(TileGeometry.model_fields))
        )
        shapes.setdefault(tile_id(product, tile.code), geometry)
        refs.append((tile_id(product, tile.code), tile.copies))
    missing = box.unknown()
    if missing:
        report.notes.append(f"{product} {edition}: no shape for {', '.join(missing)}, left out")
    report.notes.append(
        f"{product} {edition}: the warehouse holds no tile list of it; written from carcdb's "
        f"reference set ({box.source})"
    )
    total = sum(count for _tile, count in refs)
    sets.append(
        SetToWrite(
            set_id(product, edition),
            f"carcdb reference set of {product} {edition}: {total} tiles",
            refs,
        )
    )
    report.sets.append(
        ExportedSet(set_id(product, edition), "carcdb reference set", "bundled", total, len(refs))
    )


def export_jcz(
    db: Path,
    out: Path,
    products: Sequence[str],
    editions: Sequence[str] | None = None,
    language: str | None = None,
) -> JczExport:
    """Write the file; every edition of `products` (or only `editions`) becomes a tile set.
    When none of their tiles has a shape nothing is written (`JczExport.written`)."""
    check_output(out, JCZ_FILE, warehouse=db)
    report = JczExport(out)
    shapes: dict[str, TileGeometry] = {}
    sets: list[SetToWrite] = []
    with read_only(db) as conn:
        known = known_products(conn)
        referenced = [p for p in products if p not in known and p in reference_products()]
        unknown = [p for p in products if p not in known and p not in referenced]
        if unknown:
            raise InputError(
                f"no tile lists of {', '.join(map(repr, unknown))} in the warehouse",
                path="--products",
                fix=fix_for(
                    unknown,
                    [*known, *reference_products()],
                    f"choose from {', '.join([*known, *reference_products()])}",
                ),
            )
        chosen = [
            (p, e) for p, e in product_editions(conn, products) if not editions or e in editions
        ]
        from_reference = [
            (p, e)
            for p in referenced
            for e in reference_editions(p)
            if not editions or e in editions
        ]
        if not chosen and not from_reference:
            raise InputError(
                f"{', '.join(products)} have no edition {', '.join(editions or [])}",
                path="--editions",
                fix="leave out --editions, or see `carcdb tiles --page ...`",
            )
        data = ConfigData(conn)
        for product, edition in chosen:
            config = edition_config(conn, product, edition, language=language, data=data)
            refs = []
            left_out = []
            for tile in config.tile_set.tiles:
                shape = config.geometry.tiles.get(tile.code)
                if shape is None:
                    left_out.append(tile.code)
                    continue
                shapes.setdefault(tile_id(product, tile.code), shape)
                refs.append((tile_id(product, tile.code), tile.count))
                if tile.special:
                    report.notes.append(
                        f"{product} {edition} {tile.code}: a special tile (outside the draw "
                        "pile), written in the set like the others"
                    )
            if left_out:
                report.notes.append(
                    f"{product} {edition}: no shape for {', '.join(left_out)}, left out"
                )
            source = config.tile_set.page_source()
            total = sum(count for _tile, count in refs)
            sets.append(
                SetToWrite(
                    set_id(product, edition),
                    f"{source.title}, revision {source.revision_key}, tile lists "
                    f"{', '.join(map(str, source.lists))}: {total} tiles",
                    refs,
                )
            )
            report.sets.append(
                ExportedSet(
                    set_id(product, edition), source.title, source.revision_key, total, len(refs)
                )
            )
    for product, edition in from_reference:
        _reference_set(product, edition, shapes, sets, report)
    header = (
        f"carcdb {carcdb_version()}: tile shapes and counts per edition from {db.name}. "
        "Tile ids are PRODUCT/CODE, tile-set ids PRODUCT:EDITION."
    )
    report.shapes = len(shapes)
    if not shapes:  # nothing another engine could read: no file, not an empty one
        return report
    write_file(out, write_jcz(header, list(shapes.items()), sets), JCZ_FILE, warehouse=db)
    report.written = True
    return report
