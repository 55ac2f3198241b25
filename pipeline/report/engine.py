"""The report's engine section: the configuration generated for every base-game tile set the
engine can play (what `carcdb engine-config` writes), each number with its provenance."""

from __future__ import annotations

from typing import Any

import duckdb

from pipeline.checks.engine import base_tile_sets
from pipeline.configgen.data import ConfigData
from pipeline.configgen.generate import engine_config
from pipeline.errors import InputError
from pipeline.report.html import Raw, esc, table
from schemas.engine_config import EngineConfig, Provenance


def _provenance(provenance: Provenance) -> Raw:
    if provenance.status == "default":
        return Raw('<span class="empty">built-in default: no record states it</span>')
    parts = [
        f"{esc(ref.title)} line {ref.line}:{ref.col} ({esc(ref.points)} pts)"
        for ref in provenance.supporting
    ]
    against = [
        f"{esc(ref.title)} line {ref.line}:{ref.col} says {esc(ref.points)}"
        for ref in provenance.disagreeing
    ]
    text = f"{len(parts)} claim(s): " + "; ".join(parts)
    if against:
        text += f'<br><span class="behind">disagreeing: {"; ".join(against)}</span>'
    return Raw(text)


def _config_block(config: EngineConfig) -> str:
    tiles = config.tile_set
    source = tiles.page_source()
    head = (
        f"<h3>{esc(tiles.product)} {esc(tiles.edition)} — {esc(source.title)}</h3>"
        f"<p>{tiles.draw_pile_total} tiles in the draw pile ({len(tiles.tiles)} types, "
        f"{len(config.geometry.tiles)} with a shape), declared "
        f"{esc(tiles.declared_total if tiles.declared_total is not None else 'nothing')}, "
        f"start tile {esc(tiles.start_tile or 'none')}; read from revision "
        f"<code>{esc(source.revision_key)}</code>, tile lists "
        f"{esc(', '.join(map(str, source.lists)))}.</p>"
    )
    scoring = table(
        ["feature", "state", "unit", "points", "engine key", "from", "provenance"],
        [
            (
                v.feature,
                v.state,
                v.unit,
                v.points,
                Raw(f"<code>{esc(v.engine_key)}</code>"),
                v.provenance.status,
                _provenance(v.provenance),
            )
            for v in config.scoring
        ],
    )
    meeples = config.meeples_per_player
    counts = table(
        ["code", "count", "start", "special", "source line", "image"],
        [
            (
                t.code,
                t.count,
                t.start_tile,
                t.special,
                f"{t.entry().line}:{t.entry().col}",
                t.entry().image,
            )
            for t in tiles.tiles
        ],
    )
    return (
        head
        + scoring
        + f"<p>Meeples per player: {meeples.value} ({esc(meeples.provenance.status)})</p>"
        + f"<details><summary>Tile counts and where each was read</summary>{counts}</details>"
    )


def engine_section(conn: duckdb.DuckDBPyConnection) -> tuple[str, dict[str, Any]]:
    data = ConfigData(conn)
    blocks, made = [], []
    for title, product, edition, codes in base_tile_sets(conn):
        page, language = data.base_title(title)
        try:
            config = engine_config(
                conn, page, edition, language=language, product=product, codes=codes, data=data
            )
        except InputError as exc:
            blocks.append(
                f"<h3>{esc(product)} {esc(edition)} — {esc(title)}</h3>"
                f'<p class="empty">no configuration: {esc(exc)}</p>'
            )
            continue
        made.append(f"{product} {edition}")
        blocks.append(_config_block(config))
    intro = (
        "<p>What <code>carcdb engine-config</code> generates for each base-game tile set: the "
        "scoring values come from the page's scoring claims (every language), each with the "
        "records that state it; a value no record states is the built-in default.</p>"
    )
    return intro + ("".join(blocks) or '<p class="empty">no base-game tile set</p>'), {
        "configurations": made
    }
