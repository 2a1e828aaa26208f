"""Names that come from files or the command line, checked before they become paths.

A save names its replay log, the replay index names log files, and saves, logs and hand files
name a ruleset. An edited file must not make the game read or write anywhere else: such a name
is a plain file name (no folder part, no `..`, nothing the file systems of the three systems
refuse) and the path made from it stays inside its folder.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

MAX_NAME_CHARS = 120
# Characters Windows refuses in a file name; `/` and `\\` would also make it a path.
_FORBIDDEN = set('/\\:*?"<>|')
_WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}


class UnsafeName(ValueError):
    """A name that cannot be used as a file name in the game's folders; the message says why."""


def name_problem(name: object, what: str = "name") -> str | None:
    """Why `name` is not a plain file name (no folders, no control characters, not hidden), or None if it is."""
    if not isinstance(name, str):
        return f"the {what} must be text"
    if not name:
        return f"the {what} is empty"
    if len(name) > MAX_NAME_CHARS:
        return f"the {what} is {len(name)} characters long; at most {MAX_NAME_CHARS}"
    bad = sorted({c for c in name if c in _FORBIDDEN})
    if bad:
        return f'the {what} {name!r} holds {" ".join(bad)}: no folders and none of \\ / : * ? " < > |'
    if name in (".", "..") or name.startswith("."):
        return f"the {what} {name!r} starts with a dot"
    if name.strip() != name or name.endswith("."):
        return f"the {what} {name!r} starts or ends with a space or ends with a dot"
    for c in name:
        if unicodedata.category(c) in ("Cc", "Cs", "Cf", "Zl", "Zp"):
            return f"the {what} {name!r} holds a control character (U+{ord(c):04X})"
    if name.split(".")[0].upper() in _WINDOWS_RESERVED:
        return f"the {what} {name!r} is a device name on Windows"
    return None


def check_name(name: object, what: str = "name") -> str:
    """`name` itself if it is a plain file name; UnsafeName saying why not otherwise."""
    problem = name_problem(name, what)
    if problem is not None:
        raise UnsafeName(problem)
    assert isinstance(name, str)
    return name


def inside(folder: Path, name: object, suffix: str = "", what: str = "name") -> Path:
    """folder/NAME+suffix for a plain `name`, checked to stay inside `folder`; UnsafeName otherwise."""
    plain = check_name(name, what)
    path = folder / f"{plain}{suffix}"
    try:
        base = folder.resolve()
        if not path.resolve().is_relative_to(base):
            raise UnsafeName(f"the {what} {plain!r} leads out of {folder}")
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symbolic link loop
        raise UnsafeName(f"the {what} {plain!r} cannot be followed: {exc}") from None
    return path


def is_inside(folder: Path, path: Path) -> bool:
    """True when `path`, with every link followed, lies inside `folder`; never raises."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError, ValueError):
        return False


def printable(text: str) -> str:
    """`text` with anything that cannot be written as UTF-8 (a file name of other bytes) shown as U+FFFD."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")
