"""The headless `host` and `join` commands: bad options get a message and exit code 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

import main


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["host", "--headless", "--seats", "human,ai:superb,ai,ai"], "ai:LEVEL"),
        (["host", "--headless", "--seats", "human,ai"], "four seats"),
        (["host", "--headless", "--hands", "0"], "at least one hand"),
        (["host", "--headless", "--turn-timer", "-3"], "--turn-timer"),
        (["host", "--headless", "--ruleset", "no-such-rules"], "no-such-rules"),
        (["join", "localhost:7530", "--code", "1", "--autoplay"], "ws://HOST:PORT"),
        (["join", "ws://127.0.0.1:7530", "--code", "1", "--autoplay", "--watch"], "choose one"),
        (["join", "ws://127.0.0.1:1", "--code", "1", "--autoplay"], "cannot reach"),
    ],
)
def test_bad_options_are_explained(
    args: list[str], says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    extra = ["--save", str(tmp_path / "s.json"), "--bind", "127.0.0.1", "--port", "0"] if args[0] == "host" else []
    assert main.main(args + extra) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_a_bad_host_save_is_set_aside_and_a_new_match_starts(tmp_path: Path) -> None:
    from game.cli.lan import resume_host_save

    save = tmp_path / "host.save.json"
    save.write_text('{"type": "guiyang-save", "version": 1', encoding="utf-8")
    assert resume_host_save(save, say=False) is None
    assert not save.exists() and list(tmp_path.glob("host.save.json.bad-*"))
