"""Corpora: a folder of input files with an optional `manifest.json` naming their pages.

The manifest (`{"files": [{"path", "title", "lang", "format"}]}`) is how captures that do not
print their title get one. Without a manifest every file in the folder is imported and must
name its own page (view-source captures, XML exports, API JSON).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.inputfiles import load_json_file
from carcdb.pipeline.extract.sources import InputFormat, read_source
from carcdb.pipeline.progress import Progress
from carcdb.schemas.pages import ImportBatch

MANIFEST = "manifest.json"


@dataclass(frozen=True)
class SourceSpec:
    """One input file to read. `stored`: the path the warehouse records for it
    (`source_files.path`, `revisions.source_path`), when not `path` as given: a corpus
    folder's files are recorded relative to the folder, so a corpus read from two places
    (two clones, the installed sample) stores the same rows."""

    path: Path
    title: str | None = None
    language: str | None = None
    fmt: InputFormat | None = None
    stored: str | None = None


def sample_corpus_dir() -> Path:
    return Path(str(resources.files("carcdb.pipeline").joinpath("sample")))


def _format(value: object, origin: str) -> InputFormat | None:
    if value is None:
        return None
    try:
        return InputFormat(str(value))
    except ValueError:
        names = ", ".join(f.value for f in InputFormat)
        raise InputError(
            f"unknown format {value!r}", path=origin, fix=f"use one of {names}"
        ) from None


def _inside(folder: Path, name: str, where: str) -> Path:
    """A manifest's file path, which must name a file inside the corpus folder: an absolute
    path, `..` or a link leading elsewhere would import (and show) any file of the machine."""
    path = folder / name
    try:
        inside = Path(name).is_absolute() is False and path.resolve().is_relative_to(
            folder.resolve()
        )
    except (OSError, RuntimeError, ValueError):  # a link loop, a NUL in the name
        inside = False
    if not inside:
        raise InputError(
            f"path {name[:200]!r} leads outside the corpus folder",
            path=where,
            fix="list files inside the corpus folder, by paths relative to it",
        )
    return path


def read_corpus(folder: Path) -> list[SourceSpec]:
    if not folder.is_dir():
        raise InputError("corpus is not a folder", path=str(folder), fix="pass --corpus DIR")
    manifest = folder / MANIFEST
    if not manifest.exists():
        files = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
        files = [p for p in files if p.suffix.lower() not in {".md"}]
        if not files:
            raise InputError("corpus folder holds no files", path=str(folder))
        return [SourceSpec(path, stored=_relative(folder, path)) for path in files]
    data = load_json_file(manifest, 'write {"files": [{"path": "...", "title": "Page/lang"}]}')
    entries = data.get("files") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise InputError(
            "manifest has no 'files' list",
            path=str(manifest),
            fix='write {"files": [{"path": "...", "title": "Page/lang"}]}',
        )
    specs = []
    for index, entry in enumerate(entries):
        where = f"{manifest} (files[{index}])"
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
            raise InputError("entry needs a 'path' string", path=where)
        for key in ("title", "lang", "format"):
            if entry.get(key) is not None and not isinstance(entry[key], str):
                raise InputError(f"'{key}' must be a string", path=where)
        path = _inside(folder, entry["path"], where)
        specs.append(
            SourceSpec(
                path=path,
                title=entry.get("title"),
                language=entry.get("lang"),
                fmt=_format(entry.get("format"), where),
                stored=_relative(folder, path),
            )
        )
    return specs


def _relative(folder: Path, path: Path) -> str:
    """`path` as the warehouse records a corpus file: relative to its folder, `/`-separated."""
    return path.relative_to(folder).as_posix()


def stored_as(batch: ImportBatch, name: str) -> ImportBatch:
    """The batch with `name` recorded as its file's path (messages while reading named the
    file as given, which is where a user finds it)."""
    if batch.source.path == name:
        return batch
    source = batch.source.model_copy(update={"path": name})
    revisions = tuple(r.model_copy(update={"source_path": name}) for r in batch.revisions)
    return batch.model_copy(update={"source": source, "revisions": revisions})


def iter_sources(specs: Sequence[SourceSpec], progress: Progress) -> Iterator[ImportBatch]:
    """Read the files one at a time, as the batches are consumed."""
    progress.start("read", len(specs))
    for spec in specs:
        batch = read_source(spec.path, title=spec.title, language=spec.language, fmt=spec.fmt)
        yield batch if spec.stored is None else stored_as(batch, spec.stored)
        progress.advance("read")


def read_sources(specs: Sequence[SourceSpec], progress: Progress) -> list[ImportBatch]:
    """Read every file."""
    return list(iter_sources(specs, progress))
