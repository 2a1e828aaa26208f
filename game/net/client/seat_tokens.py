"""The seats this computer holds at network tables: each table's token, kept so a player can rejoin their seat.

The headless `join` keeps its token in the file `--token-file` names; the window keeps one token per
table here, in the settings folder, keyed by the table's room code (a resumed table keeps its code
and its tokens). Only the latest few tables are remembered; a token the host no longer knows is forgotten.
"""

from __future__ import annotations

import logging
from pathlib import Path

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


def _read(path: Path) -> list[dict[str, str]]:
    data, error = read_json_file(path)
    if error is not None:
        log.warning("seat tokens: %s", error)
    if not isinstance(data, list):
        return []
    return [
        e for e in data if isinstance(e, dict) and isinstance(e.get("code"), str) and isinstance(e.get("token"), str)
    ]


def seat_token(code: str) -> str | None:
    """The token of our seat at the table with room code `code`, if we hold one."""
    path = tokens_path()
    if path is None:
        return None
    return next((e["token"] for e in _read(path) if e["code"] == code), None)


def keep_token(code: str, token: str, url: str = "") -> None:
    """Remember our seat's token at table `code` (a failing disk only costs the rejoin)."""
    path = tokens_path()
    if path is None:
        return
    kept = [e for e in _read(path) if e["code"] != code]
    try:
        write_json_atomic(path, [{"code": code, "token": token, "url": url}, *kept][:KEPT])
    except OSError as exc:
        log.warning("cannot keep the seat's token in %s: %s", path, exc)


def forget_token(code: str) -> None:
    """Forget the token of table `code` (the host no longer knows it)."""
    path = tokens_path()
    if path is None:
        return
    entries = _read(path)
    kept = [e for e in entries if e["code"] != code]
    if len(kept) != len(entries):
        try:
            write_json_atomic(path, kept)
        except OSError as exc:
            log.warning("cannot update %s: %s", path, exc)
