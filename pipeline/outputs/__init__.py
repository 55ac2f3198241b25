"""Where carcdb writes: every file or folder a command writes goes through this package.

An output path is checked before anything is written, and refused (`InputError`, exit 2,
one line naming the path and the fix) when it is:
- empty, too long for the file system, under something that is not a folder, or in /proc or
  /sys;
- the warehouse (`--db`) by the same path, a hard link or a symbolic link to it, or one of
  the files beside it (`.wal`, `.lock`, `.reader`), or a folder holding the warehouse or the
  working folder;
- a symbolic link (carcdb never writes through one: pass the path it points to), a device,
  a FIFO or a socket (never opened: `lstat` only);
- a folder where a file is written, or a file where a folder is written;
- an existing file or folder that is not a previous carcdb output of the same kind
  (`OutputKind.recognises`): carcdb replaces only what it wrote itself (or an empty file or
  folder, which holds nothing to lose).

A file is written to `.NAME.partial-PID` beside its target and renamed over it at the end;
a folder is written as `.NAME.partial-PID/` beside its target, marked as carcdb's
(`MARKER`) and swapped in (the previous one is moved to `.NAME.old-PID/`, then removed), so
a failed or killed write leaves the previous output as it was. A later write to the same
target removes the leftovers of a killed one (a temporary whose process is gone) and puts
back a previous folder a kill left moved aside.
"""

from carcdb.pipeline.outputs.paths import (
    MARKER,
    WAREHOUSE_COMPANIONS,
    OutputKind,
    check_output,
    folder_kind,
    head,
    output_path,
    shown,
)
from carcdb.pipeline.outputs.writing import (
    file_output,
    folder_output,
    remove_leftovers,
    temporary,
    write_file,
)

__all__ = [
    "MARKER",
    "WAREHOUSE_COMPANIONS",
    "OutputKind",
    "check_output",
    "file_output",
    "folder_kind",
    "folder_output",
    "head",
    "output_path",
    "remove_leftovers",
    "shown",
    "temporary",
    "write_file",
]
