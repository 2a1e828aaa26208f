"""The seats this computer holds at network tables: each table's token, kept so a player can rejoin their seat.

The headless `join` keeps its token in the file `--token-file` names; the window keeps its tokens here, in
the settings folder, by the table's room code (a resumed table keeps its code and its tokens) and the seat,
so that two windows of one player at one table each keep their own. Only the latest few are remembered; a
token the host no longer knows is forgotten.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from game.files.safe_files import read_json_file, write_json_atomic
from game.files.userdirs import UserDirError, user_dirs

log = logging.getLogger(__name__)

TOKENS_FILE = "seat_tokens.json"
KEPT = 16  # tables remembered, the latest first


def tokens_path() -> Path | None:
    """Where the tokens are kept (None when the settings folder cannot be made)."""
    try:
        return user_dirs().ensure("settings") / TOKENS_FILE
    except UserDirError as exc:
        log.warning("seat tokens not kept: %s", exc)
        return None


def _read(path: Path) -> list[dict[str, Any]]:
    data, error = read_json_file(path)
    if error is not None:
        log.warning("seat tokens: %s", error)
    if not isinstance(data, list):
        return []
    return [
        e for e in data if isinstance(e, dict) and isinstance(e.get("code"), str) and isinstance(e.get("token"), str)
    ]


def _held(entry: dict[str, Any], code: str, seat: int | None) -> bool:
    """True when `entry` is a token at table `code` for `seat` (an entry kept without a seat goes with any)."""
    kept = entry.get("seat")
    kept = kept if isinstance(kept, int) and not isinstance(kept, bool) else None
    return entry["code"] == code and kept in (seat, None)


def seat_token(code: str, seat: int | None = None) -> str | None:
    """The token of our seat at the table with room code `code` (of `seat` when one is asked for), if we hold one."""
    path = tokens_path()
    if path is None:
        return None
    return next(
        (e["token"] for e in _read(path) if e["code"] == code and (seat is None or _held(e, code, seat))),
        None,
    )


def keep_token(code: str, token: str, url: str = "", seat: int | None = None) -> None:
    """Remember our token of `seat` at table `code`, the latest first (a failing disk only costs the rejoin)."""
    path = tokens_path()
    if path is None:
        return
    kept = [e for e in _read(path) if not _held(e, code, seat)]
    try:
        write_json_atomic(path, [{"code": code, "token": token, "url": url, "seat": seat}, *kept][:KEPT])
    except OSError as exc:
        log.warning("cannot keep the seat's token in %s: %s", path, exc)


def forget_token(code: str, token: str | None = None) -> None:
    """Forget our tokens at table `code`, or only `token` (the host no longer knows it)."""
    path = tokens_path()
    if path is None:
        return
    entries = _read(path)
    kept = [e for e in entries if not (e["code"] == code and token in (None, e["token"]))]
    if len(kept) != len(entries):
        try:
            write_json_atomic(path, kept)
        except OSError as exc:
            log.warning("cannot update %s: %s", path, exc)
