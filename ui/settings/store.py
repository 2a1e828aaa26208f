"""The player's settings file: loaded at start, written (atomically) whenever a setting changes.

The file is JSON in the settings folder of game.files.userdirs. Nothing in it can stop the game: a file
that is not JSON is set aside (settings.json.bad-<timestamp>) and the defaults are used; an unknown
key is ignored and a value of the wrong type or range falls back to its default, each with a notice
the menu shows and the log keeps.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import LEVELS  # the settings' default level is one of the engine's levels
from game.core.ruleset import MAX_PLAYERS
from game.files.safe_files import read_json_file, set_aside, write_json_atomic
from game.files.userdirs import user_dirs
from game.records.names import clean_name
from ui.settings.values import TILE_FACES, TILE_SIZES, Settings, Speed

log = logging.getLogger(__name__)

LANGUAGES = ("zh", "en")
MIN_THINK_MS, MAX_THINK_MS = 50, 10_000
MAX_CLAIM_TIMER = 60


def _choice(options: tuple[str, ...]) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if not isinstance(value, str) or value not in options:
            raise ValueError(f"want one of {', '.join(options)}")
        return value

    return check


def _speed(value: Any) -> Speed:
    if not isinstance(value, str):
        raise ValueError("want a speed name")
    return Speed.parse(value)


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("want true or false")
    return value


def _whole(low: int, high: int) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"want a whole number from {low} to {high}")
        return value

    return check


def _names(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) != MAX_PLAYERS or not all(isinstance(v, str) for v in value):
        raise ValueError(f"want a list of {MAX_PLAYERS} names")
    return tuple(clean_name(v) for v in value)


def _name(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("want a name")
    return clean_name(value)


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("want a non-empty text")
    return value


# The settings kept in the file, each with its check (which raises ValueError saying what it wants).
FIELDS: dict[str, Callable[[Any], Any]] = {
    "language": _choice(LANGUAGES),
    "speed": _speed,
    "volume": _whole(0, 100),
    "muted": _boolean,
    "music_volume": _whole(0, 100),
    "music_muted": _boolean,
    "fullscreen": _boolean,
    "claim_timer": _whole(0, MAX_CLAIM_TIMER),
    "hints": _boolean,
    "auto_pass": _boolean,
    "ruleset": _text,
    "level": _choice(LEVELS),
    "think_ms": _whole(MIN_THINK_MS, MAX_THINK_MS),
    "discard_clicks": _whole(1, 2),
    "practice": _boolean,
    "names": _names,
    "net_name": _name,
    "tile_size": _choice(TILE_SIZES),
    "high_contrast": _boolean,
    "tile_face": _choice(TILE_FACES),
    "speech": _boolean,
    "speech_calls": _boolean,
}


@dataclass
class Loaded:
    """Settings read from the file, with the notices to show about it."""

    settings: Settings
    notices: list[str] = field(default_factory=list)


def settings_path() -> Path:
    """The player's settings file (game.files.userdirs; GUIYANG_MAHJONG_HOME moves it)."""
    return user_dirs().settings_file


def to_json(settings: Settings) -> dict[str, Any]:
    """The kept settings as a JSON-ready dict."""
    out: dict[str, Any] = {}
    for key in FIELDS:
        value = getattr(settings, key)
        out[key] = value.value if isinstance(value, Speed) else (list(value) if isinstance(value, tuple) else value)
    return out


def apply_json(settings: Settings, data: object, where: str) -> list[str]:
    """Copy the good values of `data` into `settings`; notices for the rest (`where` names the file)."""
    if not isinstance(data, dict):
        return [f"{where}: expected a JSON object, found {type(data).__name__}; using the defaults"]
    notices: list[str] = []
    for key, value in data.items():
        check = FIELDS.get(key)
        if check is None:
            notices.append(f"{where}: unknown setting {key!r} ignored")
            continue
        try:
            setattr(settings, key, check(value))
        except ValueError as exc:
            notices.append(f"{where}: {key} = {value!r}: {exc}; using the default")
    return notices


def load_settings(path: Path | None = None, base: Settings | None = None) -> Loaded:
    """The settings in the file over `base` (default: the defaults); never raises."""
    path = path if path is not None else settings_path()
    settings = base if base is not None else Settings()
    data, error = read_json_file(path)
    if error is not None:
        kept = set_aside(path)
        where = f"; the file is kept as {kept.name}" if kept is not None else ""
        notice = f"{error}: using the default settings{where}"
        log.warning("%s", notice)
        return Loaded(settings, [notice])
    if data is None:
        return Loaded(settings)
    notices = apply_json(settings, data, str(path))
    for notice in notices:
        log.warning("%s", notice)
    return Loaded(settings, notices)


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the kept settings; None when done, else why not (logged; the game goes on)."""
    path = path if path is not None else settings_path()
    try:
        write_json_atomic(path, to_json(settings))
    except OSError as exc:
        message = f"cannot save the settings to {path}: {exc.strerror or exc}"
        log.warning("%s", message)
        return message
    return None
