"""Run ``ducksoup`` on a disk that fails: ``python failing_disk.py ERRNO FLAG FOLDER ducksoup-arguments...``.

Once the file FLAG exists, the system calls that write files in FOLDER fail with ERRNO (``ENOSPC`` or
``EACCES``), as a full disk or a folder without write permission would make them fail; before that they
work. The tests run as root, for whom ``chmod`` makes nothing read-only, hence this wrapper: it patches
``os.open`` (creating a file), ``os.write`` (on a file opened in FOLDER, after writing part of the
data, as a disk filling up does), and ``os.replace``, ``os.rename`` and ``os.link`` into FOLDER.
``tempfile`` creates its files through ``os.open``, so a save made through it is covered too.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path
from typing import Any

CODE = getattr(errno, sys.argv[1])
FLAG = Path(sys.argv[2])
FOLDER = os.path.realpath(sys.argv[3])
opened: set[int] = set()
real_open, real_write = os.open, os.write
real_moves = {name: getattr(os, name) for name in ("replace", "rename", "link")}


def failing(path: Any) -> bool:
    """Whether a call on ``path`` must fail now: the flag is up and the path is in the folder."""
    inside = os.path.dirname(os.path.realpath(os.fsdecode(path))) == FOLDER
    return inside and FLAG.exists()


def patched_open(path: Any, flags: int, mode: int = 0o777, *, dir_fd: int | None = None) -> int:
    if flags & os.O_CREAT and failing(path) and CODE != errno.ENOSPC:
        raise OSError(CODE, os.strerror(CODE), os.fsdecode(path))
    descriptor = real_open(path, flags, mode, dir_fd=dir_fd)
    if failing(path):
        opened.add(descriptor)
    else:  # the number of a descriptor closed since is given again
        opened.discard(descriptor)
    return descriptor


def patched_write(descriptor: int, data: Any) -> int:
    if descriptor in opened:
        if len(data) > 1:
            return real_write(descriptor, bytes(data[: len(data) // 2]))
        raise OSError(CODE, os.strerror(CODE))
    return real_write(descriptor, data)


def patched_move(name: str) -> Any:
    def move(source: Any, target: Any, *args: Any, **kwargs: Any) -> Any:
        if failing(target):
            raise OSError(CODE, os.strerror(CODE), os.fsdecode(target))
        return real_moves[name](source, target, *args, **kwargs)

    return move


os.open = patched_open
os.write = patched_write
for name in real_moves:
    setattr(os, name, patched_move(name))

from ducksoup.cli import main  # noqa: E402 (imported once the disk is patched)

sys.argv = ["ducksoup", *sys.argv[4:]]
main()
