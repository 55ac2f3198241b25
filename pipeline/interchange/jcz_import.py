"""`carcdb import-shapes FILE --format jcz`: a JCloisterZone definition file into the
comparison tables (`jcz_tiles`, `jcz_tile_sets`, `jcz_tile_set_refs`).

Each tile set is mapped to the warehouse edition it is compared with: `--set ID=PRODUCT:EDITION`
says so explicitly (JCloisterZone's own ids, such as `basic:1`, name no edition), and an id
that is itself `PRODUCT:EDITION` of a product and edition in the warehouse (what
`carcdb export --format jcz` writes) maps itself. An unmapped set is stored and reported as
not compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.interchange.jcz_xml import read_jcz_file
from carcdb.warehouse.connection import write_transaction
from carcdb.warehouse.hints import EDITIONS, sql_command
from carcdb.warehouse.interchange import known_products, product_editions, replace_jcz_file


@dataclass(frozen=True)
class JczImport:
    path: str
    tiles: int
    unsupported: int
    sets: dict[str, tuple[str, str] | None]  # set id -> (product, edition) compared with
    refs: int


def parse_set_map(values: Sequence[str]) -> dict[str, tuple[str, str]]:
    """`["basic:1=Base Game:C2"]` -> {"basic:1": ("Base Game", "C2")}."""
    mapping = {}
    for value in values:
        set_name, sep, target = value.partition("=")
        product, sep2, edition = target.rpartition(":")
        if not sep or not sep2 or not set_name or not product or not edition:
            raise InputError(
                f"cannot read {value!r}",
                path="--set",
                fix='--set "SET_ID=PRODUCT:EDITION", e.g. --set "basic:1=Base Game:C2"',
            )
        mapping[set_name] = (product, edition)
    return mapping


def import_jcz(db: Path, path: Path, set_map: dict[str, tuple[str, str]]) -> JczImport:
    """Read the file (nothing is written if it is malformed) and store it in one transaction."""
    parsed = read_jcz_file(path)
    set_ids = {tile_set.set_id for tile_set in parsed.sets}
    unknown = sorted(set(set_map) - set_ids)
    if unknown:
        raise InputError(
            f"--set names {', '.join(map(repr, unknown))}, not a tile set of the file",
            path=str(path),
            fix=f"the file's tile sets: {', '.join(sorted(set_ids)) or 'none'}",
        )
    with write_transaction(db) as conn:
        editions = set(product_editions(conn, known_products(conn)))
        for wanted in set_map.values():
            if wanted not in editions:
                raise InputError(
                    f"the warehouse has no tile list of {wanted[0]} {wanted[1]}",
                    path="--set",
                    fix=f"see {sql_command(EDITIONS)}",
                )
        sets = []
        mapped: dict[str, tuple[str, str] | None] = {}
        for tile_set in parsed.sets:
            target = set_map.get(tile_set.set_id)
            if target is None:
                product, _, edition = tile_set.set_id.rpartition(":")
                target = (product, edition) if (product, edition) in editions else None
            mapped[tile_set.set_id] = target
            sets.append(
                tile_set.model_copy(
                    update={
                        "product": None if target is None else target[0],
                        "edition": None if target is None else target[1],
                    }
                )
            )
        replace_jcz_file(conn, parsed.path, parsed.sha256, parsed.tiles, sets, parsed.refs)
    return JczImport(
        path=parsed.path,
        tiles=len(parsed.tiles),
        unsupported=sum(1 for tile in parsed.tiles if tile.geometry is None),
        sets=mapped,
        refs=len(parsed.refs),
    )
