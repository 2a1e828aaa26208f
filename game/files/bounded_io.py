"""Reading the player's files safely: regular files only, at most a size limit, JSON with bounds.

Every file the game reads that a person could have put there (a ruleset, a hand file, a save,
a log, the settings) goes through read_text_limited: a FIFO would block the open forever, a
device such as /dev/zero never ends, and `st_size` says 0 for both, so the check is made on the
opened file itself and the read stops one byte past the limit whatever the file claims.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
from pathlib import Path
from typing import Any, Protocol

KB = 1024
MB = 1024 * KB

# Generous for every file the game writes (a bigger one is a mistake, and parsing it would stall a
# menu): a ruleset is a few KB, a hand file under 2 KB, a save of a long match some hundred KB, a
# replay log about 25 KB a hand.
MAX_RULESET_BYTES = 256 * KB
MAX_HAND_FILE_BYTES = 64 * KB
MAX_SAVE_BYTES = 16 * MB
MAX_LOG_BYTES = 64 * MB
MAX_SETTINGS_BYTES = 1 * MB

# JSON the game writes is at most a few levels deep and its numbers have at most a few digits.
MAX_JSON_DIGITS = 30


class FileRefused(OSError):
    """A path that is not a regular file, or a file over its size limit; `strerror` says which."""


def read_bytes_limited(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at `path`; FileRefused for anything else or over `limit` bytes.

    Raises the usual OSError (FileNotFoundError, PermissionError...) when the file cannot be opened.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    # O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer that never comes.
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(errno.EINVAL, f"not a regular file ({_kind(info.st_mode)})", str(path))
        if info.st_size > limit:
            raise FileRefused(errno.EFBIG, f"the file is {_size(info.st_size)}; at most {_size(limit)}", str(path))
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:  # it grew while being read
            raise FileRefused(errno.EFBIG, f"the file is over {_size(limit)}", str(path))
        return data
    finally:
        os.close(fd)


def read_text_limited(path: str | Path, limit: int) -> str:
    """The UTF-8 text of the regular file at `path` (see read_bytes_limited); UnicodeDecodeError if not UTF-8."""
    return read_bytes_limited(path, limit).decode("utf-8")


def is_regular_file(path: Path) -> bool:
    """True for a regular file (following a symbolic link), without opening it; never raises."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _size(n: int) -> str:
    if n >= MB:
        return f"{n / MB:.1f} MB"
    if n >= KB:
        return f"{n // KB} KB"
    return f"{n} bytes"


class JsonRefused(ValueError):
    """JSON text that is broken, nested too deep or holds a number too long; the message says where."""

    def __init__(self, message: str, lineno: int | None = None, colno: int | None = None) -> None:
        super().__init__(message)
        self.lineno = lineno
        self.colno = colno


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_JSON_DIGITS:
        raise JsonRefused(f"a number of {len(text.lstrip('-'))} digits (at most {MAX_JSON_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 4 * MAX_JSON_DIGITS:
        raise JsonRefused(f"a number written with {len(text)} characters")
    return float(text)


def _parse_constant(text: str) -> Any:
    raise JsonRefused(f"{text} is not a JSON value")


def loads_json(text: str) -> Any:
    """Parse JSON text; JsonRefused (with line and column when known) for anything that is not plain JSON.

    Unlike json.loads it never raises RecursionError (deep nesting) or the int-conversion
    ValueError of a number of thousands of digits, and refuses NaN and Infinity.
    """
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        message = f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        raise JsonRefused(message, exc.lineno, exc.colno) from None
    except RecursionError:
        raise JsonRefused("not valid JSON: nested too deep") from None
    except JsonRefused:
        raise
    except ValueError as exc:
        raise JsonRefused(f"not valid JSON: {exc}") from None


class TextSink(Protocol):
    """Where whole pieces of text are written: an open text file, a StringIO or a WholeAppender."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


class WholeAppender:
    """A file opened for appending where each write() lands whole or not at all (when the system allows).

    A write that fails half way (a full disk, a quota) is cut back to the file's length before it,
    so a log never keeps half a line and everything written before stays readable.
    """

    def __init__(self, path: str | Path, truncate: bool = False) -> None:
        flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_BINARY", 0) | (os.O_TRUNC if truncate else os.O_APPEND)
        self.path = str(path)
        self.fd = os.open(path, flags, 0o644)
        info = os.fstat(self.fd)
        if not stat.S_ISREG(info.st_mode):
            os.close(self.fd)
            raise FileRefused(errno.EINVAL, f"not a regular file ({_kind(info.st_mode)})", self.path)

    def size(self) -> int:
        """The file's length now."""
        return os.fstat(self.fd).st_size

    def write(self, text: str, /) -> int:
        """Append `text`; on failure the file is cut back to its length before, and the OSError raised."""
        data = text.encode("utf-8")
        start = os.lseek(self.fd, 0, os.SEEK_END)
        try:
            view = memoryview(data)
            while view:
                n = os.write(self.fd, view)
                view = view[n:]
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(self.fd, start)
            raise
        return len(text)

    def flush(self) -> None:
        """Nothing is buffered: each write() went straight to the file."""

    def close(self) -> None:
        """Close the file."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> WholeAppender:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
