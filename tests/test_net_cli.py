"""The headless `host` and `join` commands: bad options get a message and exit code 2, never a traceback."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import main


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["host", "--headless", "--seats", "human,ai:superb,ai,ai"], "ai:LEVEL"),
        (["host", "--headless", "--seats", "human,ai"], "four seats"),
        (["host", "--headless", "--hands", "0"], "at least one hand"),
        (["host", "--headless", "--rounds", "0"], "at least one round"),
        (["host", "--headless", "--hands", "4", "--rounds", "1"], "not allowed with"),
        (["host", "--headless", "--turn-timer", "-3"], "--turn-timer"),
        (["host", "--headless", "--ruleset", "no-such-rules"], "no-such-rules"),
        (["join", "localhost:7530", "--code", "K7M4QX", "--autoplay"], "ws://HOST:PORT"),
        (["join", "ws://127.0.0.1:7530", "--code", "K7M4QX", "--autoplay", "--watch"], "choose one"),
        (["join", "ws://127.0.0.1:1", "--code", "K7M4QX", "--autoplay"], "cannot reach"),
        (["join", "ws://127.0.0.1:1", "--code", "4321", "--autoplay"], "a room code is 6 characters"),
        (["host", "--headless", "--code", "4321"], "--code: 6 characters"),
        (["host", "--headless", "--hello-deadline", "0"], "--hello-deadline"),
    ],
)
def test_bad_options_are_explained(
    args: list[str], says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    extra = ["--save", str(tmp_path / "s.json"), "--bind", "127.0.0.1", "--port", "0"] if args[0] == "host" else []
    code: object
    try:
        code = main.main(args + extra)
    except SystemExit as exc:  # argparse's own refusals (two lengths at once) exit 2 with their message
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_a_bad_host_save_is_set_aside_and_a_new_match_starts(tmp_path: Path) -> None:
    from game.cli.host_save import resume_host_save

    save = tmp_path / "host.save.json"
    save.write_text('{"type": "guiyang-save", "version": 1', encoding="utf-8")
    assert resume_host_save(save) is None
    assert not save.exists() and list(tmp_path.glob("host.save.json.bad-*"))


def test_the_length_is_hands_or_rounds(tmp_path: Path) -> None:
    """`--rounds N` counts rounds (圈) with the local game's length model; `--hands N` (default 8) hands."""
    from game.cli.lan import _config, register
    from game.match.length import MatchLength
    from game.net.host.table import TableConfig
    from game.rules.loader import load_ruleset

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    for given, want in (
        ([], MatchLength("hands", 8)),
        (["--hands", "3"], MatchLength("hands", 3)),
        (["--rounds", "2"], MatchLength("rounds", 2)),
    ):
        made = _config(parser.parse_args(["host", "--headless", *given]), load_ruleset("guiyang-classic"))
        assert isinstance(made, TableConfig) and made.length == want
        assert TableConfig.from_json(made.to_json()).length == want


def test_a_host_told_of_another_match_than_its_save_holds_says_what_differs_and_keeps_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`host --seats ... --hands 1` beside a save of another match neither resumes it quietly (the options would go
    unheeded) nor replaces it: exit 2, each option named with the save's value, and --fresh offered."""
    from game.cli.host_save import resume_conflicts, resume_host_save
    from game.cli.lan import _config, register
    from game.net.host.hosting import new_table
    from game.records.savefile import dumps
    from game.rules.loader import load_ruleset
    from tests.net_rig import CODE, config, simple_factory

    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    rules = load_ruleset("guiyang-classic")
    save = tmp_path / "host.save.json"
    table = new_table(rules, config(4, "human,human,ai:master,ai:hard"), "kept", simple_factory)
    save.write_text(dumps(table.save_data()), encoding="utf-8")
    before = save.read_bytes()
    given = ["--seats", "human,ai:hard,ai,ai", "--hands", "1", "--ruleset", "guiyang-modern"]
    code = main.main(["host", "--headless", "--save", str(save), "--bind", "127.0.0.1", "--port", "0", *given])
    assert code == 2 and save.read_bytes() == before, "the save is kept as it was"
    err = capsys.readouterr().err
    for says in (
        "--seats human,ai:hard,ai,ai (the save's: human,human,ai:master,ai:hard)",
        "--hands 1 (the save's: 4 hands)",
        "--ruleset guiyang-modern (the save's: guiyang-classic)",
        "--fresh",
    ):
        assert says in err, err
    # The same match named again (a host started again with its first command line), or nothing named: resumed.
    sub = argparse.ArgumentParser().add_subparsers()
    register(sub)
    resumed = resume_host_save(save)
    assert resumed is not None
    for again in (["--seats", "human,human,ai:master,ai:hard", "--hands", "4", "--code", CODE], []):
        args = sub.choices["host"].parse_args(["--headless", *again])
        assert resume_conflicts(args, _config(args, resumed[1]), resumed[0]) == []


def test_a_seat_plan_is_written_as_the_command_line_reads_it() -> None:
    """`--seats` words: what the host prints and names beside a save is read back as the same seats."""
    from game.ai import LEVELS
    from game.net.host.table import SeatPlan

    for word in ("human", *(f"ai:{level}" for level in LEVELS)):
        plan = SeatPlan.parse(word)
        assert plan.word() == word and SeatPlan.parse(plan.word()) == plan
    assert SeatPlan.parse("ai").word() == "ai:normal"
