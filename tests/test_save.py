"""Save and resume: the save format (game/records/savefile.py), writing and resuming (ui/menu/save.py), take-back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.tiles import parse_tiles
from game.engine.actions import ActionKind
from game.engine.observation import observe
from game.match.agents import SimpleAgent
from game.match.replay import restore
from game.records.savefile import SaveData, SaveError, digest, dumps, loads, take_back
from game.rules.loader import load_ruleset
from ui.table.model import HIDDEN
from ui.table.session import TableSession

RULES = load_ruleset("guiyang-classic")


def play(session: TableSession, actions: int) -> None:
    """Play `actions` moves with the built-in bot in every seat, settling and dealing as needed."""
    bot = SimpleAgent()
    if not session.in_hand:
        session.start_hand()
    for _ in range(actions):
        movers = session.to_move()
        if not movers:
            session.settle()
            session.start_hand()
            continue
        session.apply(bot.choose(session.observe(movers[0])))


def saving_session(seed: str = "save-test") -> tuple[TableSession, list[str]]:
    session = TableSession(RULES, seed, [None, SimpleAgent(), SimpleAgent(), SimpleAgent()])
    written: list[str] = []
    session.on_save = lambda data: written.append(dumps(data))
    return session, written


def test_a_save_resumes_mid_hand_exactly_as_it_was() -> None:
    """A save after every action re-creates the same match: every seat's observation, scores and events."""
    session, written = saving_session()
    play(session, 260)  # more than one hand: a settled hand and one in play
    assert session.match.hand_no >= 2 and session.in_hand
    resumed = TableSession.from_save(RULES, loads(written[-1]), [None, SimpleAgent(), SimpleAgent(), SimpleAgent()])
    assert resumed.scores == session.scores
    assert resumed.match.hand_no == session.match.hand_no
    for seat in range(4):
        assert resumed.observe(seat) == session.observe(seat)
    assert resumed.look(0, 0) == session.look(0, 0)
    # Both play on the same: the resumed match is the same match.
    play(session, 30)
    play(resumed, 30)
    assert [observe(resumed._round, s) for s in range(4)] == [observe(session._round, s) for s in range(4)]  # type: ignore[arg-type]


def test_every_save_of_a_hand_loads() -> None:
    """Whatever action the game stops after, that save loads (the save is written after each one)."""
    session, written = saving_session("every-save")
    play(session, 40)
    assert len(written) == 41  # the deal, then one per action
    for text in written[::7]:
        restored = restore(loads(text), RULES)
        assert restored.round is not None


def test_a_save_of_another_version_is_refused_with_its_version() -> None:
    session, written = saving_session()
    play(session, 5)
    obj = json.loads(written[-1])
    obj["version"] = 99
    with pytest.raises(SaveError, match="version 99"):
        loads(json.dumps(obj), "match.save.json")


def test_broken_json_names_the_file_and_place() -> None:
    with pytest.raises(SaveError, match=r"match.save.json: not a save \(broken JSON at line 1"):
        loads('{"type": "guiyang-save", ', "match.save.json")


def test_an_edited_action_is_found_and_named() -> None:
    """A save whose actions do not replay (an edited file) names the hand and the action."""
    session, written = saving_session()
    play(session, 12)
    obj = json.loads(written[-1])
    first = obj["hands"][0]["actions"][0]
    first["seat"] = (first["seat"] + 1) % 4  # a seat whose turn it is not
    with pytest.raises(SaveError, match="hand 1"):
        restore(loads(json.dumps(obj)), RULES)


def test_a_save_that_replays_to_other_events_is_refused() -> None:
    session, written = saving_session()
    play(session, 12)
    data = loads(written[-1])
    data.hands[-1].digest = "0" * 16
    with pytest.raises(SaveError, match="other events"):
        restore(data, RULES)


def test_take_back_replays_everything_before_the_players_last_discard() -> None:
    """Practice take-back: the hand as it was before seat 0's last discard, and marked as practice."""
    session, _written = saving_session("take-back")
    play(session, 30)
    actions = session.save.hands[-1].actions
    last = max(i for i, a in enumerate(actions) if a.seat == 0 and a.kind is ActionKind.DISCARD)
    before = SaveData(session.save.head, [])
    expected = TableSession.from_save(RULES, before, [None] * 4)
    expected.start_hand()
    for a in actions[:last]:
        expected.apply(a)
    assert session.take_back(0)
    assert session.practice
    assert session.save.hands[-1].actions == actions[:last]
    for seat in range(4):
        assert session.observe(seat) == expected.observe(seat)
    assert session.to_move() == [0]


def test_take_back_needs_a_discard_of_the_seat() -> None:
    session, _written = saving_session("no-discard")
    play(session, 0)
    assert take_back(session.save, 0) is None
    assert not session.take_back(0)


def test_the_digest_follows_the_events() -> None:
    session, _ = saving_session()
    play(session, 3)
    rnd = session._round
    assert rnd is not None
    assert digest(rnd.events) == digest(list(rnd.events))
    assert digest(rnd.events[:-1]) != digest(rnd.events)
    assert parse_tiles("1s") == [18]  # tiles in the notation still mean what the saves hold


# ---------------------------------------------------------------- the writer and resume


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    return tmp_path


def test_the_atomic_writer_replaces_the_file_and_leaves_no_temp(home: Path) -> None:
    from game.files.safe_files import write_text_atomic
    from ui.menu.save import save_path

    path = save_path()
    assert path.parent == home / "saves"  # the player's folder, never beside the program
    write_text_atomic(path, "one")
    write_text_atomic(path, "two")
    assert path.read_text() == "two"
    assert [p.name for p in path.parent.iterdir()] == [path.name]


def test_resume_picks_up_the_saved_match(home: Path) -> None:
    from tests.ui_host import HeadlessHost, headless_display
    from ui.menu.save import SaveWriter, has_save, resume
    from ui.settings.values import Settings, Speed
    from ui.table.scene import TableScene

    session, _ = saving_session("resume-ui")
    session.on_save = SaveWriter()
    play(session, 25)
    assert has_save()
    headless_display((1280, 720))
    host = HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))
    scene = resume(host)
    assert isinstance(scene, TableScene)
    assert scene.session.observe(0) == session.observe(0)
    shown = scene.model.concealed(0)
    assert HIDDEN not in shown and sorted(shown) == sorted(session.observe(0).hand)


@pytest.mark.parametrize("text", ["{not json", '{"type": "guiyang-save", "version": 0}', ""])
def test_a_bad_save_is_explained_and_kept_aside(home: Path, text: str) -> None:
    """A corrupt or incompatible save: a message, the file renamed *.bad-<time>, no crash."""
    from tests.ui_host import HeadlessHost, headless_display
    from ui.menu.save import NoticeScene, has_save, resume, save_path
    from ui.settings.values import Settings

    save_path().write_text(text)
    headless_display((1280, 720))
    host = HeadlessHost(Settings(), (1280, 720))
    scene = resume(host)
    assert isinstance(scene, NoticeScene)
    assert "match.save.json" in scene.message
    assert not has_save()
    kept = [p.name for p in (home / "saves").iterdir()]
    assert len(kept) == 1 and kept[0].startswith("match.save.json.bad-")
    assert resume(host) is None


def test_no_save_resumes_nothing(home: Path) -> None:
    from tests.ui_host import HeadlessHost
    from ui.menu.save import has_save, resume
    from ui.settings.values import Settings

    assert not has_save()
    assert resume(HeadlessHost(Settings(), (1280, 720))) is None
