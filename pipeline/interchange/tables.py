"""`carcdb export` of tables: files per relation plus a manifest, written all or nothing.

Formats: `csv`, `parquet`, `jsonl` (a directory with one file per table or view and
`manifest.json`), `sqlite` (one file, views as tables; manifest beside it as
`<file>.manifest.json`) and `duckdb` (a copy of the whole warehouse in DuckDB 1.4's storage
format, for a warehouse created before carcdb wrote portable files).

Every file and folder goes through `pipeline.outputs`: a folder export is written beside its
target and swapped in whole (an earlier export there is replaced, not merged into; a folder
that is not a carcdb export is refused), a file export is written under a temporary name and
renamed into place. A failed export leaves the previous one as it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Literal

import duckdb

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.outputs import (
    OutputKind,
    check_output,
    file_output,
    folder_output,
    head,
    write_file,
)
from carcdb.warehouse import exports, sqlite_file
from carcdb.warehouse.connection import STORAGE_COMPATIBILITY, read_only, storage_version

TableFormat = Literal["csv", "parquet", "jsonl", "sqlite", "duckdb"]
TABLE_FORMATS: tuple[TableFormat, ...] = ("csv", "parquet", "jsonl", "sqlite", "duckdb")
EXTENSIONS = {"csv": "csv", "parquet": "parquet", "jsonl": "jsonl"}
MANIFEST_FORMAT = "carcdb-export"
MANIFEST_VERSION = 1
MANIFEST = "manifest.json"


def manifest_beside(out: Path) -> Path:
    """The manifest of a one-file export (sqlite, duckdb): `<file>.manifest.json`."""
    return out.with_name(out.name + ".manifest.json")


def _manifest_says(path: Path, export_format: str | None = None) -> bool:
    """Whether `path` is an export manifest carcdb wrote (of `export_format`, if given)."""
    # The manifest's head holds its format before the long lists (`_manifest`'s order).
    text = (head(path) if path.is_file() else b"").decode("utf-8", "replace")
    if f'"format": "{MANIFEST_FORMAT}"' not in text:
        return False
    return export_format is None or f'"export_format": "{export_format}"' in text


def _one_file_export(export_format: str, magic: Callable[[bytes], bool]) -> OutputKind:
    return OutputKind(
        key=f"export-{export_format}",
        name=f"a {export_format} export",
        recognises=lambda path: (
            magic(head(path)) and _manifest_says(manifest_beside(path), export_format)
        ),
    )


FOLDER_EXPORT = OutputKind(
    key="export",
    name="a table export",
    folder=True,
    # a folder exported before output folders were marked
    recognises=lambda path: _manifest_says(path / MANIFEST),
)
SQLITE_EXPORT = _one_file_export("sqlite", lambda data: data.startswith(b"SQLite format 3\x00"))
DUCKDB_EXPORT = _one_file_export("duckdb", lambda data: data[8:12] == b"DUCK")
MANIFEST_FILE = OutputKind(
    key="export-manifest", name="an export manifest", recognises=_manifest_says
)


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


def _json_text(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n"


@contextmanager
def _duckdb_write(out: Path) -> Iterator[None]:
    """DuckDB's own write errors (a full disk while it copies) as one-line input errors."""
    try:
        yield
    except duckdb.IOException as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(
            f"cannot write ({first})", path=str(out), fix="free some space or pass another path"
        ) from None


def _kind(fmt: TableFormat) -> OutputKind:
    return {"sqlite": SQLITE_EXPORT, "duckdb": DUCKDB_EXPORT}.get(fmt, FOLDER_EXPORT)


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
    check_output(out, _kind(fmt), warehouse=db)
    if fmt in ("sqlite", "duckdb"):
        check_output(manifest_beside(out), MANIFEST_FILE, warehouse=db)
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
    with folder_output(out, FOLDER_EXPORT, warehouse=db) as staging, _duckdb_write(out):
        exported = []
        for relation in chosen:
            name = f"{relation.name}.{EXTENSIONS[fmt]}"
            exports.copy_relation(conn, relation, staging / name, fmt)  # type: ignore[arg-type]
            exported.append(_describe(relation, name, exports.row_count(conn, relation)))
        manifest = _manifest(fmt, db, storage, migrations, revisions, exported)
        (staging / MANIFEST).write_text(_json_text(manifest), "utf-8")
    return TableExport(fmt, out, out / MANIFEST, exported)


def _export_sqlite(
    conn: duckdb.DuckDBPyConnection,
    db: Path,
    out: Path,
    chosen: list[exports.Relation],
    storage: str,
    migrations: list[str],
    revisions: list[dict[str, Any]],
) -> TableExport:
    manifest_path = manifest_beside(out)
    with (
        file_output(out, SQLITE_EXPORT, warehouse=db) as partial,
        file_output(manifest_path, MANIFEST_FILE, warehouse=db) as partial_manifest,
    ):
        target = sqlite_file.open_new(partial)
        exported = []
        for relation in chosen:
            sqlite_file.create_table(target, relation)
            rows = sqlite_file.insert_batches(
                target, relation, exports.sqlite_batches(conn, relation)
            )
            exported.append(_describe(relation, relation.name, rows))
        sqlite_file.finish(target)
        manifest = _manifest("sqlite", db, storage, migrations, revisions, exported)
        partial_manifest.write_text(_json_text(manifest), "utf-8")
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
    exported = [_describe(r, r.name, counts[r.name]) for r in chosen]
    manifest = _manifest("duckdb", db, storage, migrations, revisions, exported)
    manifest["copy_storage_version"] = STORAGE_COMPATIBILITY
    manifest_path = manifest_beside(out)
    with (
        file_output(out, DUCKDB_EXPORT, warehouse=db) as partial,
        _duckdb_write(out),
    ):
        exports.copy_database(db, partial)
        write_file(manifest_path, _json_text(manifest), MANIFEST_FILE, warehouse=db)
    return TableExport("duckdb", out, manifest_path, exported)
