"""The player's settings file (ui/settings/store.py): JSON in the settings folder, written atomically,
never able to stop the game: corrupt → defaults and the file kept aside; bad keys → notices."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui.settings.store import load_settings, save_settings, settings_path, to_json
from ui.settings.values import Settings, Speed


def test_no_file_gives_the_defaults_chinese_and_no_timer(tmp_path: Path) -> None:
    loaded = load_settings(tmp_path / "settings.json")
    assert loaded.notices == []
    s = loaded.settings
    assert (s.language, s.claim_timer, s.hints, s.auto_pass, s.muted) == ("zh", 0, True, False, False)


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    s = Settings(language="en", speed=Speed.FAST, volume=35, muted=True, claim_timer=10, hints=False, auto_pass=True)
    assert save_settings(s, path) is None
    back = load_settings(path).settings
    assert to_json(back) == to_json(s)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]  # temp file replaced, not left


def test_a_corrupt_file_gives_defaults_a_notice_and_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"language": "en",', encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings == Settings()
    assert (
        len(loaded.notices) == 1 and "not valid JSON" in loaded.notices[0] and "settings.json.bad-" in loaded.notices[0]
    )
    names = [p.name for p in tmp_path.iterdir()]
    assert len(names) == 1 and names[0].startswith("settings.json.bad-")


def test_unknown_keys_are_ignored_and_wrong_types_fall_back_per_key(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    data = {"language": "en", "volume": "loud", "claim_timer": 999, "hints": "yes", "theme": "dark", "muted": True}
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_settings(path)
    s = loaded.settings
    assert (s.language, s.muted) == ("en", True)  # the good values are kept
    assert (s.volume, s.claim_timer, s.hints) == (80, 0, True)  # the bad ones fall back to defaults
    text = "\n".join(loaded.notices)
    for key in ("volume", "claim_timer", "hints", "'theme'"):
        assert key in text
    assert all(str(path) in n for n in loaded.notices)  # each notice says where


def test_a_file_that_is_not_an_object_is_named(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("[1, 2]", encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings == Settings() and "expected a JSON object" in loaded.notices[0]


def test_the_settings_file_follows_the_player_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "settings" / "settings.json"
    assert save_settings(Settings(volume=10)) is None
    assert json.loads(settings_path().read_text(encoding="utf-8"))["volume"] == 10


def test_an_unwritable_folder_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    message = save_settings(Settings(), blocker / "settings.json")
    assert message is not None and "cannot save the settings" in message


def test_the_default_level_may_be_any_of_the_engines_levels_master_too(tmp_path: Path) -> None:
    """The file's level is checked against the engine's own list (game.ai.LEVELS), so master is kept, not refused."""
    from game.ai import LEVELS
    from ui.match.config import LEVELS as MATCH_LEVELS

    assert MATCH_LEVELS is LEVELS and "master" in LEVELS
    path = tmp_path / "settings.json"
    for level in LEVELS:
        assert save_settings(Settings(level=level), path) is None
        loaded = load_settings(path)
        assert loaded.settings.level == level and loaded.notices == []
    path.write_text(json.dumps({"level": "grandmaster"}), encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings.level == "normal" and "level" in loaded.notices[0]
