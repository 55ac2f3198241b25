"""`carcdb export` of tables: files per relation plus a manifest, written all or nothing.

Formats: `csv`, `parquet`, `jsonl` (a directory with one file per table or view and
`manifest.json`), `sqlite` (one file, views as tables; manifest beside it as
`<file>.manifest.json`) and `duckdb` (a copy of the whole warehouse in DuckDB 1.4's storage
format, for a warehouse created before carcdb wrote portable files).

Files are written under temporary names and moved into place at the end, so a failed export
leaves the previous one as it was.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Literal

import duckdb

from pipeline.errors import InputError
from warehouse import exports, sqlite_file
from warehouse.connection import STORAGE_COMPATIBILITY, read_only, storage_version

TableFormat = Literal["csv", "parquet", "jsonl", "sqlite", "duckdb"]
TABLE_FORMATS: tuple[TableFormat, ...] = ("csv", "parquet", "jsonl", "sqlite", "duckdb")
EXTENSIONS = {"csv": "csv", "parquet": "parquet", "jsonl": "jsonl"}
MANIFEST_FORMAT = "carcdb-export"
MANIFEST_VERSION = 1


def carcdb_version() -> str:
    try:
        return metadata.version("carcdb")
    except metadata.PackageNotFoundError:  # running from a checkout that was never installed
        return "unknown"


@dataclass(frozen=True)
class ExportedRelation:
    name: str
    kind: str
    file: str  # relative to the manifest's folder; for sqlite/duckdb, the table in the file
    rows: int
    columns: list[dict[str, str]]
    primary_key: list[str]


@dataclass(frozen=True)
class TableExport:
    fmt: TableFormat
    out: Path
    manifest_path: Path
    relations: list[ExportedRelation]

    @property
    def rows(self) -> int:
        return sum(r.rows for r in self.relations)


def choose(
    available: Sequence[exports.Relation], wanted: Sequence[str] | None
) -> list[exports.Relation]:
    """The relations named in `wanted` (every one when None), in the warehouse's order."""
    if not wanted:
        return list(available)
    by_name = {r.name: r for r in available}
    unknown = [name for name in wanted if name not in by_name]
    if unknown:
        raise InputError(
            f"no table or view {', '.join(map(repr, unknown))} in the warehouse",
            path="--tables",
            fix=f"choose from {', '.join(by_name)}",
        )
    chosen = set(wanted)
    return [r for r in available if r.name in chosen]


def _manifest(
    fmt: TableFormat,
    db: Path,
    storage: str,
    migrations: list[str],
    revisions: list[dict[str, Any]],
    exported: list[ExportedRelation],
) -> dict[str, Any]:
    return {
        "format": MANIFEST_FORMAT,
        "format_version": MANIFEST_VERSION,
        "carcdb_version": carcdb_version(),
        "export_format": fmt,
        "warehouse": {"path": str(db), "storage_version": storage, "migrations": migrations},
        "tables": [
            {
                "name": r.name,
                "kind": r.kind,
                "file": r.file,
                "rows": r.rows,
                "columns": r.columns,
                "primary_key": r.primary_key,
            }
            for r in exported
        ],
        "source_revisions": revisions,
    }


def _describe(relation: exports.Relation, file: str, rows: int) -> ExportedRelation:
    return ExportedRelation(
        name=relation.name,
        kind=relation.kind,
        file=file,
        rows=rows,
        columns=[{"name": c.name, "type": c.type} for c in relation.columns],
        primary_key=list(relation.primary_key),
    )


def _write_json(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n", "utf-8")


def export_tables(
    db: Path, fmt: TableFormat, out: Path, tables: Sequence[str] | None = None
) -> TableExport:
    """Export the chosen relations of the warehouse `db` to `out` (see the module docstring)."""
    if fmt == "duckdb" and tables:
        raise InputError(
            "the duckdb format copies the whole warehouse",
            path="--tables",
            fix="leave out --tables, or choose csv, parquet, jsonl or sqlite",
        )
    with read_only(db) as conn:
        chosen = choose(exports.relations(conn), tables)
        storage = storage_version(conn)
        migrations = exports.applied_migrations(conn)
        revisions = exports.source_revisions(conn)
        if fmt in EXTENSIONS:
            return _export_files(conn, db, fmt, out, chosen, storage, migrations, revisions)
        if fmt == "sqlite":
            return _export_sqlite(conn, db, out, chosen, storage, migrations, revisions)
        counts = {r.name: exports.row_count(conn, r) for r in chosen}
    return _export_duckdb(db, out, chosen, counts, storage, migrations, revisions)


def _export_files(
    conn: duckdb.DuckDBPyConnection,
    db: Path,
    fmt: TableFormat,
    out: Path,
    chosen: list[exports.Relation],
    storage: str,
    migrations: list[str],
    revisions: list[dict[str, Any]],
) -> TableExport:
    if out.exists() and not out.is_dir():
        raise InputError(
            f"{fmt} exports write a folder, and this is a file",
            path=str(out),
            fix="pass --out DIR (a new or existing folder)",
        )
    out.mkdir(parents=True, exist_ok=True)
    staging = out / f".carcdb-export-{os.getpid()}"
    staging.mkdir(exist_ok=True)
    try:
        exported = []
        for relation in chosen:
            name = f"{relation.name}.{EXTENSIONS[fmt]}"
            exports.copy_relation(conn, relation, staging / name, fmt)  # type: ignore[arg-type]
            exported.append(_describe(relation, name, exports.row_count(conn, relation)))
        manifest = _manifest(fmt, db, storage, migrations, revisions, exported)
        _write_json(staging / "manifest.json", manifest)
        for path in sorted(staging.iterdir()):
            path.replace(out / path.name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return TableExport(fmt, out, out / "manifest.json", exported)


def _file_target(out: Path, fmt: str, suffix: str) -> Path:
    if out.is_dir():
        raise InputError(
            f"{fmt} exports write one file, and this is a folder",
            path=str(out),
            fix=f"pass --out FILE{suffix}",
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    return out.with_name(f".{out.name}.partial-{os.getpid()}")


def _export_sqlite(
    conn: duckdb.DuckDBPyConnection,
    db: Path,
    out: Path,
    chosen: list[exports.Relation],
    storage: str,
    migrations: list[str],
    revisions: list[dict[str, Any]],
) -> TableExport:
    partial = _file_target(out, "sqlite", ".sqlite")
    try:
        target = sqlite_file.open_new(partial)
        exported = []
        for relation in chosen:
            sqlite_file.create_table(target, relation)
            rows = sqlite_file.insert_batches(
                target, relation, exports.sqlite_batches(conn, relation)
            )
            exported.append(_describe(relation, relation.name, rows))
        sqlite_file.finish(target)
        partial.replace(out)
    finally:
        partial.unlink(missing_ok=True)
    manifest_path = out.with_name(out.name + ".manifest.json")
    _write_json(manifest_path, _manifest("sqlite", db, storage, migrations, revisions, exported))
    return TableExport("sqlite", out, manifest_path, exported)


def _export_duckdb(
    db: Path,
    out: Path,
    chosen: list[exports.Relation],
    counts: dict[str, int],
    storage: str,
    migrations: list[str],
    revisions: list[dict[str, Any]],
) -> TableExport:
    partial = _file_target(out, "duckdb", ".duckdb")
    if out.resolve() == db.resolve():
        raise InputError(
            "the copy would replace the warehouse it is made from",
            path=str(out),
            fix="pass --out with another file name",
        )
    try:
        partial.unlink(missing_ok=True)
        exports.copy_database(db, partial)
        partial.replace(out)
    finally:
        partial.unlink(missing_ok=True)
        partial.with_name(partial.name + ".wal").unlink(missing_ok=True)
    exported = [_describe(r, r.name, counts[r.name]) for r in chosen]
    manifest = _manifest("duckdb", db, storage, migrations, revisions, exported)
    manifest["copy_storage_version"] = STORAGE_COMPATIBILITY
    manifest_path = out.with_name(out.name + ".manifest.json")
    _write_json(manifest_path, manifest)
    return TableExport("duckdb", out, manifest_path, exported)
