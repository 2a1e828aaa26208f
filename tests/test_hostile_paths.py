"""Names taken from files stay inside their folders, and special files never hang a read.

Item by item: an edited save's match_id, the replay index's `file`, and the ruleset named by a
save, a log header or a hand file are each refused when they lead elsewhere; a FIFO, a device
or a symbolic link to /dev/zero is refused, never read.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.engine.round import HandSetup
from game.files.bounded_io import FileRefused, read_text_limited
from game.handfile import HandFileError, read_hand_file
from game.match.agents import SimpleAgent
from game.match.match import Match
from game.match.play import play_round
from game.records.gamelog import LogError, read_log
from game.records.savefile import SaveError, dumps, loads, new_save
from game.rules.loader import RulesetError, load_ruleset
from game.rules.refs import load_ruleset_ref
from game.rules.user import list_rulesets
from tests.hostile import no_hang, run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_TEXT = (ROOT / "tests" / "hands" / "example.yaml").read_text(encoding="utf-8")
RULES = load_ruleset("guiyang-classic")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path / "home"))


def _save_text(**changes: object) -> str:
    data = new_save(RULES, "s", HandSetup())
    obj = json.loads(dumps(data))
    for key, value in changes.items():
        if key in ("ruleset", "first_roller", "seed"):
            obj["log"][key] = value
        else:
            obj[key] = value
    return json.dumps(obj)


@pytest.mark.parametrize("match_id", ["../../../x", "/tmp/x", "..", "a/b", "a\\b", "a\nb", "CON", ".hidden"])
def test_a_saves_match_id_that_leads_out_of_the_replays_folder_is_refused(match_id: str) -> None:
    """the match_id names the replay log appended to."""
    with pytest.raises(SaveError, match="match_id"):
        loads(_save_text(match_id=match_id), "match.save.json")


def test_the_replay_keeper_never_writes_outside_its_folder(tmp_path: Path) -> None:
    from game.records.replaylog import ReplayLog

    match = Match(RULES, "k")
    rnd = play_round(match.new_round(), [SimpleAgent()] * 4)
    match.finish_round(rnd)
    told: list[str] = []
    keeper = ReplayLog("../../escaped", RULES, "k")
    keeper.on_error = told.append
    keeper(rnd, False)
    assert not list(tmp_path.rglob("escaped*"))
    assert keeper.error is not None and len(told) == 1 and "no folders" in told[0]


def test_an_index_row_naming_another_path_is_left_out_and_never_read(tmp_path: Path) -> None:
    from game.match.replay import load_hand
    from game.records.replaylog import HandEntry, read_index

    folder = tmp_path / "home" / "logs" / "replays"
    folder.mkdir(parents=True)
    secret = tmp_path / "secret.jsonl"
    secret.write_text("{}", encoding="utf-8")
    good = {"file": "m.jsonl", "hand": 1, "ruleset": "guiyang-classic", "seed": "s", "time": "t"}
    rows = [
        {**good, "file": str(secret), "winners": [], "nets": [0, 0, 0, 0]},
        {**good, "file": "../../secret.jsonl", "winners": [], "nets": [0, 0, 0, 0]},
        {**good, "winners": [0], "nets": [3, -1, -1, -1]},
    ]
    (folder / "index.json").write_text(json.dumps({"hands": rows}), encoding="utf-8")
    assert [e.file for e in read_index()] == ["m.jsonl"]
    entry = HandEntry("../../secret.jsonl", 1, "guiyang-classic", "s", "t", (), (0, 0, 0, 0), False)
    with pytest.raises(LogError, match="no folders"):
        load_hand(entry)


@pytest.mark.parametrize("ref", ["/etc/passwd", "../rules.yaml", "/dev/zero", "..", "a/../../b.yaml", 7, None])
def test_a_ruleset_named_in_a_file_is_builtin_or_in_the_players_folder(ref: object, tmp_path: Path) -> None:
    with pytest.raises(RulesetError):
        load_ruleset_ref(ref, user_folder=tmp_path / "rulesets")


def test_a_players_ruleset_is_found_by_name_in_the_rulesets_folder(tmp_path: Path) -> None:
    folder = tmp_path / "rulesets"
    folder.mkdir()
    (folder / "mine.yaml").write_text((ROOT / "rulesets" / "guiyang-classic.yaml").read_text(encoding="utf-8"))
    assert load_ruleset_ref("mine", user_folder=folder).name == "mine"
    assert load_ruleset_ref("guiyang-pass", user_folder=folder).name == "guiyang-pass"


def test_save_and_log_headers_naming_a_path_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="ruleset"):
        loads(_save_text(ruleset="/dev/zero"), "match.save.json")
    log = tmp_path / "m.jsonl"
    head = json.loads(_save_text())["log"]
    log.write_text(json.dumps({**head, "ruleset": "../../../dev/zero"}) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match="ruleset"):
        read_log(log)
    ran = run("replay", str(log))
    assert ran.code == 2 and "ruleset" in ran.err


def test_a_hand_file_names_only_a_builtin_a_players_or_a_neighbouring_ruleset(tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text((ROOT / "rulesets" / "guiyang-classic.yaml").read_text(encoding="utf-8"))
    folder = tmp_path / "hands"
    folder.mkdir()
    for ref in (str(outside), "../outside.yaml", "/dev/zero"):
        hand = folder / "h.yaml"
        hand.write_text(EXAMPLE_TEXT.replace("ruleset: guiyang-classic", f"ruleset: {ref}"), encoding="utf-8")
        with no_hang(10), pytest.raises(HandFileError, match=r"h\.yaml:1: ruleset"):
            read_hand_file(hand)
    (folder / "mine.yaml").write_text(outside.read_text(encoding="utf-8"))
    hand.write_text(EXAMPLE_TEXT.replace("ruleset: guiyang-classic", "ruleset: mine.yaml"), encoding="utf-8")
    assert read_hand_file(hand).ruleset == "mine"


@pytest.fixture()
def fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes on this system")
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return path


def test_special_files_are_refused_at_once(fifo: Path, tmp_path: Path) -> None:
    """a FIFO, a device and a link to /dev/zero are refused, never read."""
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    with no_hang(10):
        for path in (fifo, link, Path("/dev/zero"), tmp_path):
            with pytest.raises((FileRefused, IsADirectoryError)):
                read_text_limited(path, 1024)
        big = tmp_path / "big.yaml"
        big.write_bytes(b"#" * 2048)
        with pytest.raises(FileRefused, match="at most 1 KB"):
            read_text_limited(big, 1024)


def test_a_fifo_or_dev_zero_in_the_rulesets_folder_is_listed_broken_without_a_hang(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes on this system")
    folder = tmp_path / "home" / "rulesets"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.yaml")
    (folder / "zero.yaml").symlink_to("/dev/zero")
    with no_hang(10):
        catalogue = list_rulesets(folder)
        ran = run("folders")
    broken = {e.name: e.errors for e in catalogue.broken()}
    assert set(broken) == {"pipe", "zero"}
    assert "named pipe" in broken["pipe"][0] and "device" in broken["zero"][0]
    assert ran.code == 0 and "DOES NOT LOAD" in ran.out


def test_settle_and_rules_check_on_special_files_answer_at_once(fifo: Path) -> None:
    with no_hang(10):
        settled = run("settle", str(fifo))
        checked = run("rules", "check", "/dev/zero")
        replayed = run("replay", str(fifo))
    assert settled.code == 2 and "named pipe" in settled.err
    assert checked.code == 2 and "device" in checked.out
    assert replayed.code == 2 and "named pipe" in replayed.err
