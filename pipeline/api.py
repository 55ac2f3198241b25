"""The Python API: one `Warehouse` object for what the CLI does, returning pydantic records.

    from carcdb import Warehouse
    wh = Warehouse("data/carcdb.duckdb")
    wh.build()                                   # the bundled sample, or corpus=DIR
    tiles = wh.tile_entries("Base game", lang="ro", edition="C3")

Documented with runnable examples in docs/api-python.md. Every method opens the warehouse
for its own work and closes it again (DuckDB allows one writing process), so a `Warehouse`
is cheap to keep and safe to share between calls. Reads see each page's current revision.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.outputs import output_path
from carcdb.schemas.checks import CheckResult
from carcdb.schemas.contents import BoxContent
from carcdb.schemas.engine_config import EngineConfig
from carcdb.schemas.findings import Finding
from carcdb.schemas.rules import Rule, ScoringClaim
from carcdb.schemas.tiles import TileEntry, TileList
from carcdb.warehouse.connection import DEFAULT_DB, read_only

if TYPE_CHECKING:
    import duckdb


class Warehouse:
    """A carcdb warehouse file (created by `build` or `import_files` when missing)."""

    def __init__(self, path: str | Path = DEFAULT_DB) -> None:
        self.path = Path(path)

    def __repr__(self) -> str:
        return f"Warehouse({str(self.path)!r})"

    # Writing ---------------------------------------------------------------------------------

    def build(self, corpus: str | Path | None = None, *, jobs: int | None = 0) -> dict[str, Any]:
        """Import a corpus folder (default: the bundled sample), parse it, run every check.

        `jobs=0` parses in this process (no worker processes); None uses every core.
        Returns the build's summary (what `carcdb build --json` prints under "build").
        """
        from carcdb.pipeline.run.build import build_corpus

        report = build_corpus(self.path, None if corpus is None else Path(corpus), jobs=jobs)
        return report.summary()

    def import_files(
        self,
        *paths: str | Path,
        title: str | None = None,
        lang: str | None = None,
        fmt: str | None = None,
        jobs: int | None = 0,
    ) -> dict[str, Any]:
        """Store page revisions from files (captures, wikitext, XML exports, API JSON) and
        parse them, like `carcdb import`."""
        from carcdb.pipeline.extract.corpus import SourceSpec
        from carcdb.pipeline.extract.sources import InputFormat
        from carcdb.pipeline.run.build import import_sources

        kind = None if fmt is None else InputFormat(fmt)
        specs = [SourceSpec(Path(p), title, lang, kind) for p in paths]
        return import_sources(self.path, specs, jobs=jobs).summary()

    def check(self) -> list[CheckResult]:
        """Run every check on the warehouse as it stands, store and return the results."""
        from carcdb.pipeline.run.build import check_warehouse

        return check_warehouse(self.path)

    def import_shapes(
        self, path: str | Path, sets: dict[str, tuple[str, str]] | None = None
    ) -> list[CheckResult]:
        """Read a JCloisterZone tile definition file for comparison, run the checks, and
        return the comparison's results (`jcz.*`; failures are the differences)."""
        from carcdb.pipeline.interchange.jcz_import import import_jcz

        import_jcz(self.path, Path(path), sets or {})
        return [r for r in self.check() if r.check.startswith("jcz.")]

    # Reading ---------------------------------------------------------------------------------

    def status(self) -> dict[str, Any]:
        from carcdb.warehouse.queries import status

        with read_only(self.path) as conn:
            return status(conn)

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows of one read-only SQL statement as dicts; JSON columns come back decoded."""
        from carcdb.warehouse.user_sql import query_rows

        with read_only(self.path, sandboxed=True) as conn:
            return query_rows(conn, sql, params)

    def tables(self) -> list[str]:
        """Every table and view."""
        from carcdb.warehouse.exports import relations

        with read_only(self.path) as conn:
            return [r.name for r in relations(conn)]

    def pages(self) -> list[str]:
        """Stored page titles (`Base game/ro`)."""
        from carcdb.warehouse.pages import page_titles

        with read_only(self.path) as conn:
            return [title for title, _base, _lang in page_titles(conn)]

    def _titles(self, conn: duckdb.DuckDBPyConnection, page: str, lang: str | None) -> list[str]:
        from carcdb.warehouse.pages import require_pages

        return require_pages(conn, page, lang)

    def tile_lists(self, page: str, *, lang: str | None = None) -> list[TileList]:
        from carcdb.warehouse.records import tile_lists

        with read_only(self.path) as conn:
            return tile_lists(conn, self._titles(conn, page, lang))

    def tile_entries(
        self,
        page: str,
        *,
        lang: str | None = None,
        edition: str | None = None,
        product: str | None = None,
    ) -> list[TileEntry]:
        """The `{{Tile}}` entries of a page (every language, or `lang`), in page order."""
        from carcdb.warehouse.records import tile_entries

        with read_only(self.path) as conn:
            titles = self._titles(conn, page, lang)
            return tile_entries(conn, titles, product=product, edition=edition)

    def rules(self, page: str, *, lang: str | None = None, kind: str | None = None) -> list[Rule]:
        from carcdb.warehouse.records import rules

        with read_only(self.path) as conn:
            return rules(conn, self._titles(conn, page, lang), kind=kind)

    def scoring_claims(self, page: str, *, lang: str | None = None) -> list[ScoringClaim]:
        from carcdb.warehouse.records import scoring_claims

        with read_only(self.path) as conn:
            return scoring_claims(conn, self._titles(conn, page, lang))

    def box_contents(self, page: str, *, lang: str | None = None) -> list[BoxContent]:
        """What the page's Contents sections say its box holds, item by item, in page order."""
        from carcdb.warehouse.records import box_contents

        with read_only(self.path) as conn:
            return box_contents(conn, self._titles(conn, page, lang))

    def findings(self) -> list[Finding]:
        from carcdb.warehouse.records import findings

        with read_only(self.path) as conn:
            return findings(conn)

    # The engine ------------------------------------------------------------------------------

    def engine_config(
        self,
        page: str,
        edition: str,
        *,
        lang: str | None = None,
        product: str | None = None,
        codes: Sequence[str] | None = None,
    ) -> EngineConfig:
        """The engine configuration of a page's edition (what `carcdb engine-config` writes)."""
        from carcdb.pipeline.configgen.generate import engine_config

        with read_only(self.path) as conn:
            return engine_config(
                conn,
                page,
                edition,
                language=lang,
                product=product,
                codes=None if codes is None else list(codes),
            )

    @staticmethod
    def score(
        game: str | Path | dict[str, Any], config: EngineConfig | None = None
    ) -> dict[str, Any]:
        """Replay a game record (a dict, JSON text or a file) and return its scores and
        events, with the base-game rules or those of `config`."""
        from carcdb.pipeline.engine.config_file import rules_from_engine_config
        from carcdb.pipeline.engine.records import parse_record, replay, score_report
        from carcdb.pipeline.engine.ruleset import RulesConfig
        from carcdb.pipeline.extract.inputfiles import read_input_text

        if isinstance(game, dict):
            text, source = json.dumps(game), "<dict>"
        elif isinstance(game, Path) or (
            isinstance(game, str) and not game.lstrip().startswith("{")
        ):
            data = read_input_text(Path(game))  # (a regular file, within the input bound)
            text, source = data.text, data.path
        else:
            text, source = game, "<text>"
        rules = RulesConfig() if config is None else rules_from_engine_config(config, "config")
        scores, events = replay(parse_record(text, source), rules, source)
        return score_report(scores, events)

    # Out -------------------------------------------------------------------------------------

    def export(
        self, fmt: str, out: str | Path, tables: Sequence[str] | None = None
    ) -> dict[str, int]:
        """Export tables and views (`csv`, `parquet`, `jsonl`, `sqlite`, `duckdb`); returns
        rows per table. The manifest is written beside them."""
        from carcdb.pipeline.interchange.tables import TABLE_FORMATS, export_tables

        if fmt not in TABLE_FORMATS:
            raise InputError(f"unknown format {fmt!r}", fix=f"one of {', '.join(TABLE_FORMATS)}")
        result = export_tables(self.path, fmt, output_path(out, "out"), tables)
        return {r.name: r.rows for r in result.relations}

    def export_jcz(
        self, out: str | Path, products: Sequence[str], editions: Sequence[str] | None = None
    ) -> dict[str, Any]:
        """Products' tile shapes and per-edition counts as JCloisterZone tile XML."""
        from carcdb.pipeline.interchange.jcz_export import export_jcz

        return export_jcz(self.path, output_path(out, "out"), products, editions).summary()

    def report(self, out: str | Path) -> Path:
        """Write the HTML report; returns the path of its index.html."""
        from carcdb.pipeline.report.build import build_report

        return build_report(self.path, output_path(out, "out")).path

    @staticmethod
    def draw(tile: str, *, rotation: int = 0, size: int = 200) -> str:
        """The SVG drawing of a tile shape, `PRODUCT/CODE`."""
        from carcdb.pipeline.draw.tile_svg import tile_svg
        from carcdb.pipeline.draw.tiles import resolve_tile

        return tile_svg(resolve_tile(tile), label=tile, rotation=rotation, size=size)
