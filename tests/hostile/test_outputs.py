"""Output paths (docs/hardening.md): no command replaces a device node, the warehouse, or a file
or folder carcdb did not write, and a killed write's leftovers go at the next write.

Every case runs as the tests do (as root, in a temporary folder): a device node is made with
`mknod` there (1,3, what /dev/null is), never /dev/null itself. Each refusal must exit 2 with
one line naming the path, leave the warehouse's digest as it was, and leave the target as it
was (the same node, the same bytes, the same files).
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks.digest import TableDigest
from carcdb.pipeline import outputs
from carcdb.pipeline.errors import InputError
from carcdb.warehouse.connection import lock_path, reader_copy_path
from tests.hostile.cases import FAST_OUTPUT_CASES, OUT, OUTPUT_COMMANDS, OUTPUT_TARGETS
from tests.hostile.conftest import Run, holds_the_sample, matrix, one_line


def dead_pid() -> int:
    """The number of a process that has ended (a killed write's)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _mine(path: Path, folder: bool = False) -> Path:
    """A file, or a folder holding one, that the user made (carcdb must leave it)."""
    if folder:
        path.mkdir()
        _mine(path / "notes.txt")
    else:
        path.write_text("keep", "utf-8")
    return path


def _linked(link: Path, target: Path, hard: bool = False) -> Path:
    if hard:
        os.link(target, link)
    else:
        link.symlink_to(target)
    return link


def _make_target(kind: str, place: Path, warehouse: Path, folder_output: bool) -> Path | str:
    """The hostile output path `kind` names (see `cases.OUTPUT_TARGETS`), made in `place`."""
    if kind == "device":
        os.mknod(place / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
        return place / "null"
    if kind == "fifo":
        os.mkfifo(place / "fifo")
        return place / "fifo"
    made: dict[str, Callable[[], Path | str]] = {
        "warehouse": lambda: warehouse,
        "hard-link": lambda: _linked(place / "hard.duckdb", warehouse, hard=True),
        "symlink": lambda: _linked(place / "link.duckdb", warehouse),
        "symlink-to-file": lambda: _linked(place / "link.txt", _mine(place / "mine.txt")),
        "wal": lambda: warehouse.with_name(warehouse.name + ".wal"),
        "empty": lambda: "",
        "proc": lambda: "/proc/carcdb-test/out",
        "sys": lambda: "/sys/carcdb-test",
        "too-long": lambda: place / ("a" * 300),
        "path-too-long": lambda: place.joinpath(*["b" * 200] * 25),
        "under-a-file": lambda: _mine(place / "file.txt") / "out",
        # a folder where a file is written, a file where a folder is
        "wrong-type": lambda: _mine(place / "other", folder=not folder_output),
        # the user's own file or folder, of the type the command writes
        "foreign": lambda: _mine(place / "mine", folder=folder_output),
        "working-folder": lambda: ".",
    }
    return made[kind]()


def _snapshot(root: Path) -> dict[str, tuple[int, int, int, bytes | None]]:
    """Every entry under `root` (links not followed): type, device numbers, bytes."""
    seen = {}
    for path in sorted(root.rglob("*")):
        found = path.lstat()
        data = path.read_bytes() if stat.S_ISREG(found.st_mode) else None
        rdev = found.st_rdev if stat.S_ISCHR(found.st_mode) else 0
        seen[str(path.relative_to(root))] = (stat.S_IFMT(found.st_mode), rdev, found.st_nlink, data)
    return seen


@pytest.fixture
def refuses_output(
    cli: Run,
    warehouse: Path,
    sample_db: Path,
    tmp_path: Path,
    sample_digests: dict[str, TableDigest],
    monkeypatch: pytest.MonkeyPatch,
) -> Callable[[str, str], str]:
    """Run output command `command` on hostile target `target`; assert the promises."""

    def check(command: str, target: str) -> str:
        args, takes_db, folder = OUTPUT_COMMANDS[command]
        place = tmp_path / "place"
        place.mkdir()
        monkeypatch.chdir(place)  # a relative leftover could only land here
        out = _make_target(target, place, warehouse, folder)
        before = _snapshot(tmp_path)
        argv = [str(out) if arg == OUT else arg for arg in args]
        outcome = cli(*argv, *(["--db", str(warehouse)] if takes_db else []))
        assert outcome.code == 2, (outcome, command, target)
        line = one_line(outcome.err)
        assert line.startswith("error: ") and "fix: " in line, line
        assert outcome.out == ""
        assert _snapshot(tmp_path) == before  # nothing written, moved or replaced anywhere
        assert holds_the_sample(warehouse, sample_db, sample_digests)
        return line

    return check


def _expected(command: str, target: str) -> str:
    """What the refusal says: it may differ with the --db and with what is written."""
    expected = OUTPUT_TARGETS[target]
    if isinstance(expected, str):
        return expected
    _args, takes_db, folder = OUTPUT_COMMANDS[command]
    if takes_db and "db" in expected:
        return expected["db"]
    return expected["folder" if folder else "file"]


@pytest.mark.parametrize(
    ("command", "target"), matrix(OUTPUT_COMMANDS, OUTPUT_TARGETS, FAST_OUTPUT_CASES)
)
def test_a_hostile_output_path_is_refused_and_left_as_it_was(
    refuses_output: Callable[[str, str], str], command: str, target: str
) -> None:
    line = refuses_output(command, target)
    expected = _expected(command, target)
    assert expected in line, line


def test_the_warehouse_companions_are_the_warehouse_s(tmp_path: Path) -> None:
    db = tmp_path / "w.duckdb"
    names = {p.name for p in (lock_path(db), reader_copy_path(db))}
    names.add(db.name + ".wal")
    names.add(reader_copy_path(db).name + ".wal")
    assert {db.name + s for s in outputs.WAREHOUSE_COMPANIONS} == names


def test_an_empty_path_is_refused_before_it_becomes_the_working_folder() -> None:
    with pytest.raises(InputError, match="an empty output path"):
        outputs.output_path("")
    with pytest.raises(InputError, match="an empty output path"):
        outputs.output_path("  ")


def _sqlite_export(cli: Run, warehouse: Path, out: Path) -> None:
    outcome = cli("export", "-f", "sqlite", "-o", str(out), "--db", str(warehouse))
    assert outcome.code == 0, outcome.err


def test_a_killed_write_s_leftovers_are_removed_by_the_next_write(
    cli: Run, warehouse: Path, tmp_path: Path
) -> None:
    out = tmp_path / "x.sqlite"
    dead, alive = dead_pid(), os.getppid()
    leftovers = [
        tmp_path / f".x.sqlite.partial-{dead}",
        tmp_path / f".x.sqlite.partial-{dead}.wal",
        tmp_path / f".x.sqlite.manifest.json.partial-{dead}",
    ]
    for leftover in leftovers:
        leftover.write_bytes(b"\0" * 1000)
    running = tmp_path / f".x.sqlite.partial-{alive}"  # another process still writing
    running.write_bytes(b"busy")
    unrelated = tmp_path / f".y.sqlite.partial-{dead}"
    unrelated.write_bytes(b"not this target's")
    _sqlite_export(cli, warehouse, out)
    assert not any(p.exists() for p in leftovers)
    assert running.read_bytes() == b"busy" and unrelated.exists()
    assert out.read_bytes().startswith(b"SQLite format 3\0")
    assert {p.name for p in tmp_path.iterdir()} == {
        "wh", "x.sqlite", "x.sqlite.manifest.json", running.name, unrelated.name
    }  # fmt: skip


def test_a_folder_a_killed_swap_moved_aside_is_put_back_then_replaced(
    cli: Run, warehouse: Path, tmp_path: Path
) -> None:
    out = tmp_path / "csv"
    first = cli("export", "-f", "csv", "-o", str(out), "--db", str(warehouse))
    assert first.code == 0, first.err
    # Killed between the swap's two renames: the old export moved aside, nothing in place.
    dead = dead_pid()
    aside = tmp_path / f".csv.old-{dead}"
    out.rename(aside)
    half = tmp_path / f".csv.partial-{dead}"
    half.mkdir()
    (half / "tiles.csv").write_text("half", "utf-8")
    assert outputs.remove_leftovers(out) == [aside, half]
    assert (out / "manifest.json").exists() and not aside.exists() and not half.exists()
    # The next export replaces the put-back folder as a whole.
    again = cli("export", "-f", "csv", "-o", str(out), "--tables", "tiles", "--db", str(warehouse))
    assert again.code == 0, again.err
    assert sorted(p.name for p in out.iterdir()) == [outputs.MARKER, "manifest.json", "tiles.csv"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["csv", "wh"]


def test_an_export_replaces_its_earlier_export_as_a_whole(
    cli: Run, warehouse: Path, tmp_path: Path
) -> None:
    """docs/hardening.md, Output paths: `--tables tiles` into a folder holding a whole export leaves
    the tiles alone, not 30 older files beside a manifest that lists one."""
    out = tmp_path / "parquet"
    for tables in ([], ["--tables", "tiles"]):
        outcome = cli("export", "-f", "parquet", "-o", str(out), *tables, "--db", str(warehouse))
        assert outcome.code == 0, outcome.err
    assert sorted(p.name for p in out.iterdir()) == [
        outputs.MARKER, "manifest.json", "tiles.parquet"
    ]  # fmt: skip


def test_outputs_replace_what_carcdb_wrote_and_empty_files(
    cli: Run, warehouse: Path, tmp_path: Path
) -> None:
    db = ["--db", str(warehouse)]
    svg = tmp_path / "d.svg"
    svg.touch()  # empty: nothing to lose (a `mktemp` name)
    for _ in range(2):
        assert cli("draw", "--tile", "Base Game/D", "-o", str(svg)).code == 0
    assert svg.read_text("utf-8").startswith("<?xml")
    config = tmp_path / "c3.json"
    for _ in range(2):
        outcome = cli("engine-config", "--page", "Base game", "--edition", "C3", "--out",
                      str(config), *db)  # fmt: skip
        assert outcome.code == 0, outcome.err
    sqlite_out = tmp_path / "x.sqlite"
    _sqlite_export(cli, warehouse, sqlite_out)
    _sqlite_export(cli, warehouse, sqlite_out)  # a carcdb export, with its manifest beside it
    sqlite_out.with_name("x.sqlite.manifest.json").unlink()
    outcome = cli("export", "-f", "sqlite", "-o", str(sqlite_out), *db)
    assert outcome.code == 2 and "a SQLite database that is not" in one_line(outcome.err)
    for folder_args in (["report", "-o"], ["simulate", "--games", "1", "--out"]):
        for _ in range(2):
            outcome = cli(*folder_args, str(tmp_path / folder_args[0]), *db)
            assert outcome.code == 0, outcome.err
    assert sorted(p.name for p in (tmp_path / "simulate").iterdir()) == [
        outputs.MARKER, "game-00000.json"
    ]  # fmt: skip
    leftovers = [p.name for p in tmp_path.iterdir() if ".partial-" in p.name or ".old-" in p.name]
    assert leftovers == []


def test_a_warehouse_path_the_file_system_cannot_hold_is_one_line(cli: Run, tmp_path: Path) -> None:
    for db in ("x" * 5000, str(tmp_path)):
        outcome = cli("status", "--db", db)
        assert outcome.code == 2
        line = one_line(outcome.err)
        assert "--db" in line and ("too long" in line or "not a regular file" in line), line
