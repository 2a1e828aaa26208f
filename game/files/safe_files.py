"""The player's files written so that a crash never leaves half of one, and bad ones set aside.

Settings, statistics, saves and the replay index all go through here: write to a temporary
file in the same folder, flush it to disk, then rename it over the old one.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from game.files.bounded_io import MAX_SETTINGS_BYTES, JsonRefused, loads_json, read_text_limited

log = logging.getLogger(__name__)


def write_text_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` all at once: temp file in the same folder, fsync, os.replace."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if hasattr(os, "O_DIRECTORY"):
        # The rename itself is durable only once the folder is flushed too (POSIX).
        dir_fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            with contextlib.suppress(OSError):
                os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def write_json_atomic(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` atomically (see write_text_atomic)."""
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n")


def set_aside(path: Path) -> Path | None:
    """Rename a bad file to NAME.bad-<timestamp> so it is kept but no longer read; None if that fails."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError as exc:
        log.warning("cannot set aside %s: %s", path, exc)
        return None
    return target


def read_json_file(path: Path, limit: int = MAX_SETTINGS_BYTES) -> tuple[Any, str | None]:
    """(parsed JSON, None), or (None, why it cannot be read); (None, None) when there is no file.

    Only a regular file of at most `limit` bytes is read; JSON nested too deep or holding a number
    of thousands of digits is an error like broken JSON, never an exception.
    """
    try:
        text = read_text_limited(path, limit)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"{path}: cannot be read ({exc.strerror or exc})"
    except UnicodeDecodeError as exc:
        return None, f"{path}: not UTF-8 text ({exc.reason})"
    try:
        return loads_json(text), None
    except JsonRefused as exc:
        return None, f"{path}: {exc}"
