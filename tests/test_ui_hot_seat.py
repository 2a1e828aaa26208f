"""Several people at one screen: after every discard the same hand-off screens come in the same order whether or
not anyone can claim; the names people give show on the plates, the hand-off, the settlement and in replays."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.engine.actions import ActionKind
from game.engine.events import Event, TileDiscarded
from game.engine.observation import Observation, observe
from game.match import controller as claim
from game.match.agents import Agent, SimpleAgent
from game.records.replaylog import HandEntry, config_names, read_index
from game.records.savefile import dumps, loads
from game.rules.loader import load_ruleset
from tests.ui_host import HeadlessHost, headless_display
from ui.match.config import MatchConfig, SeatConfig
from ui.probe.hot_seat_moments import hot_seat_table
from ui.replays.browser import ReplayListScene, ReplayViewerScene, seat_called
from ui.settings.values import Settings, Speed
from ui.settlement import SettlementScene
from ui.table.model import HIDDEN
from ui.table.plates import plate_words
from ui.table.privacy import PrivacyScene
from ui.table.scene import TableScene
from ui.table.session import TableSession, local_session
from ui.words import strings as S

RULES = load_ruleset("guiyang-classic")
SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    S.set_language("zh")


def _table(seed: str = "hot") -> tuple[HeadlessHost, TableScene]:
    """East (Ann) and West (小明) are people; South and North the built-in bot."""
    headless_display(SIZE)
    host = HeadlessHost(Settings(speed=Speed.INSTANT), SIZE)
    scene = hot_seat_table(host, RULES, seed)
    host.stack.push(scene)
    return host, scene


def _click(host: HeadlessHost) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(640, 360)))


def test_every_discard_is_answered_by_every_other_person_in_the_same_order() -> None:
    """Whether or not a seat can claim, each person but the discarder gets the same hand-off screen, in the same
    order, and answers: with the buttons their hand allows, or with a lone pass over their own hand."""
    host, scene = _table()
    session = local_session(scene.session)
    log: list[tuple[int, list[tuple[str, int]]]] = []  # (discarder, the screens while the table is held)
    original = session._moved

    def watch(move: Callable[[], list[Event]]) -> list[Event]:
        events = original(move)
        held = session.held
        if held is not None and held.kind == "claims":
            log.append((held.mover, []))
        return events

    session._moved = watch  # type: ignore[method-assign]
    bot = SimpleAgent()
    offered = passing = 0
    for _ in range(40000):
        top = host.stack.top
        if isinstance(top, SettlementScene) or scene.phase != "hand":
            break
        if isinstance(top, PrivacyScene):
            if session.held is not None:
                log[-1][1].append(("handoff", top.seat))
            _click(host)
            continue
        obs = scene.obs
        if obs is not None:
            if session.held is not None:
                assert obs.phase == "claims" and obs.seat == session.held.queue[0]
                assert HIDDEN not in scene.model.hands[0] and scene.model.hands[0], "the person sees their own hand"
                if scene.moves.only_passing(obs) is not None:
                    passing += 1
                    assert [b.style for b in scene.buttons] == ["pass"]
                    assert scene.detail == S.tr("nothing_to_claim")
                else:
                    offered += 1
                    assert "pass" in [b.style for b in scene.buttons] and len(scene.buttons) > 1
                log[-1][1].append(("answer", obs.seat))
            scene.moves.commit(bot.choose(obs))
            continue
        host.stack.update(1 / 60)
    assert len(log) > 10
    assert offered and passing, "the hand had discards some person could claim and discards no one could"
    for mover, screens in log:
        order = claim.answer_order(mover, [0, 2], 4)
        answers = [seat for kind, seat in screens if kind == "answer"]
        assert answers == order, (mover, screens)
        # A hand-off before every answer, unless the same person answered the discard before (never: one each).
        handoffs = [seat for kind, seat in screens if kind == "handoff"]
        assert handoffs == order, (mover, screens)


def test_while_the_people_answer_the_table_stays_at_the_discard() -> None:
    """The next seat's draw (when no one could claim) does not show until every person has answered."""
    host, scene = _table("hold")
    session = local_session(scene.session)
    bot = SimpleAgent()
    checked = 0
    for _ in range(40000):
        top = host.stack.top
        if isinstance(top, SettlementScene) or scene.phase != "hand" or checked > 20:
            break
        if isinstance(top, PrivacyScene):
            _click(host)
            continue
        held = session.held
        if held is not None and held.kind == "claims" and scene.obs is not None and not scene.presenter.queue:
            rnd = session.control.round
            assert rnd is not None
            # The events the table may show end at the discard (turned for the seat at the bottom).
            shown = session.look(session.viewer, session.turn)
            assert isinstance(shown[-1], TileDiscarded) and shown[-1].seat == (held.mover - scene.view_seat) % 4
            assert scene.model.turn == (held.mover - scene.view_seat) % 4, "the turn is still the discarder's"
            assert scene.obs.wall_remaining == held.before[scene.obs.seat].wall_remaining
            checked += 1
        if scene.obs is not None:
            scene.moves.commit(bot.choose(scene.obs))
            continue
        host.stack.update(1 / 60)
    assert checked > 5


def test_the_held_view_of_a_seat_is_the_engines_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the engine itself waits at a discard, the view made from before the discard is the engine's view."""
    host, scene = _table("same")
    session = local_session(scene.session)
    bot = SimpleAgent()
    compared = 0
    for _ in range(40000):
        top = host.stack.top
        if isinstance(top, SettlementScene) or scene.phase != "hand" or compared >= 3:
            break
        if isinstance(top, PrivacyScene):
            _click(host)
            continue
        held, rnd = session.held, session.control.round
        if held is not None and rnd is not None and held.kind == "claims" and claim.window_open(rnd, held):
            for seat in held.queue:
                live = observe(rnd, seat)  # the engine's own view, not the held one
                if live.legal_actions:
                    continue  # a seat the engine asks: its own view is shown
                with monkeypatch.context() as m:
                    m.setattr(claim, "window_open", lambda rnd, held: False)
                    made = claim.held_observation(rnd, held, live)
                assert made._replace(legal_actions=()) == live
                compared += 1
        if scene.obs is not None:
            scene.moves.commit(bot.choose(scene.obs))
            continue
        host.stack.update(1 / 60)
    assert compared


def test_a_lone_pass_waits_for_its_click_even_with_auto_pass() -> None:
    """Passing at once would tell the onlookers who could not claim: at a shared screen the pass is clicked."""
    host, scene = _table("auto")
    host.settings.auto_pass = True
    session = local_session(scene.session)
    bot = SimpleAgent()
    for _ in range(40000):
        top = host.stack.top
        if isinstance(top, PrivacyScene):
            _click(host)
            continue
        obs = scene.obs
        if obs is not None and session.held is not None and scene.moves.only_passing(obs) is not None:
            for _ in range(30):
                host.stack.update(1 / 60)
            assert scene.obs is obs, "the pass waits for the person"
            return
        if obs is not None:
            scene.moves.commit(bot.choose(obs))
            continue
        host.stack.update(1 / 60)
    raise AssertionError("no lone pass came")


def test_one_person_is_asked_only_when_they_can_claim() -> None:
    """Alone at the table nothing changes: no hold, and an answer only where the engine offers one."""
    headless_display(SIZE)
    host = HeadlessHost(Settings(speed=Speed.INSTANT), SIZE)
    scene = TableScene(host, RULES, "solo-hold", agents=[None, SimpleAgent(), SimpleAgent(), SimpleAgent()])
    host.stack.push(scene)
    session = local_session(scene.session)
    assert not session.hold_answers
    bot = SimpleAgent()
    for _ in range(20000):
        if isinstance(host.stack.top, SettlementScene):
            break
        assert session.held is None
        obs = scene.obs
        if obs is not None:
            if obs.phase == "claims":
                assert any(a.kind is not ActionKind.PASS for a in obs.legal_actions)
            scene.moves.commit(bot.choose(obs))
            continue
        host.stack.update(1 / 60)


# ---------------------------------------------------------------------- names


def test_people_are_named_on_their_plates_from_the_dice_on() -> None:
    """From the first frame (the dice, the deal) a person's plate says their name, never 电脑."""
    _host, scene = _table("names")
    model = scene.model
    assert model.people == frozenset({0, 2}) and model.names == ("Ann", "", "小明", "")
    view = scene.view()
    for place in range(4):
        engine = model.engine(place)
        first, rest = plate_words(view, place)
        if engine == 0:
            assert (first, rest) == ("Ann", f"·{S.place_name(place)}"), "a name comes with the seat's word"
        elif engine == 2:
            assert (first, rest) == ("小明", f"·{S.place_name(place)}")
        else:
            assert rest == f"·{S.tr('ai_name')}"


def test_a_person_without_a_name_is_not_called_an_ai_during_the_deal() -> None:
    headless_display(SIZE)
    host = HeadlessHost(Settings(speed=Speed.NORMAL), SIZE)
    seats = (SeatConfig("human"), SeatConfig("ai", "easy"), SeatConfig("human"), SeatConfig("ai", "easy"))
    scene = TableScene(host, RULES, "deal", config=MatchConfig(seed="deal", seats=seats))
    host.stack.push(scene)
    for _ in range(90):  # into the dice and the deal
        host.stack.update(1 / 60)
    model = scene.model
    across = model.engine(2)
    assert across == 2 and across in model.people
    assert S.tr("ai_name") not in "".join(plate_words(scene.view(), 2))


def test_the_handoff_and_the_settlement_use_the_names() -> None:
    host, scene = _table("settle")
    bot = SimpleAgent()
    named = False
    for _ in range(40000):
        top = host.stack.top
        if isinstance(top, SettlementScene):
            assert top.seat_label(0) == "东·Ann" and top.seat_label(2) == "西·小明"
            assert "Ann" not in top.seat_label(1)
            top.draw(pygame.Surface(SIZE))
            assert named
            return
        if isinstance(top, PrivacyScene):
            lines = [text for _style, text in top.lines()]
            assert ("Ann" if top.seat == 0 else "小明") in lines
            named = True
            _click(host)
            continue
        if scene.obs is not None:
            scene.moves.commit(bot.choose(scene.obs))
            continue
        host.stack.update(1 / 60)
    raise AssertionError("the hand did not end")


def test_replays_keep_the_names() -> None:
    """A kept match's hands carry the names to the replay list and the viewer's plates."""
    config = MatchConfig(seats=(SeatConfig("human", name="Ann"), SeatConfig("ai"), SeatConfig("human", name="小明"),
                                SeatConfig("ai")))  # fmt: skip
    assert config_names(config.to_json()) == ("Ann", "", "小明", "")
    from game.match.agents import SimpleAgent as Bot

    session = TableSession(RULES, "replay-names", [Bot(), Bot(), Bot(), Bot()], config=config.to_json())
    session.keep("names-test")
    session.start_hand()
    while session.to_move():
        session.agent_move(session.to_move()[0])
    session.settle()
    rows = read_index()
    assert rows and rows[-1].names == ("Ann", "", "小明", "")
    back = HandEntry.from_json(rows[-1].to_json())
    assert back.names == rows[-1].names
    assert seat_called(back, 0) == "东·Ann" and seat_called(back, 1) == "南"
    headless_display(SIZE)
    host = HeadlessHost(Settings(), SIZE)
    screen = ReplayListScene(host)
    screen.open(0)
    viewer = host.stack.top
    assert isinstance(viewer, ReplayViewerScene) and viewer.model.names == ("Ann", "", "小明", "")


def test_the_match_summary_uses_the_names() -> None:
    from ui.settlement.summary import MatchSummaryScene

    headless_display(SIZE)
    host = HeadlessHost(Settings(), SIZE)
    summary = MatchSummaryScene(host, (3, -1, -1, -1), [], 0, names=("Ann", "", "小明", ""))
    assert summary.seat_label(0) == "东·Ann" and summary.seat_label(2) == "西·小明"
    assert summary.seat_label(1) == S.seat_label(1, 0, 4)
    summary.draw(pygame.Surface(SIZE))


# ---------------------------------------------------------------------- resuming


def _answers(session: TableSession, people: list[int]) -> list[tuple[int, Observation]]:
    """Answer the held discard as the built-in bot would, person by person: who was asked and what they saw."""
    bot = SimpleAgent()
    asked: list[tuple[int, Observation]] = []
    while session.held is not None:
        seat = session.to_move()[0]
        obs = session.observe(seat)
        asked.append((seat, obs))
        session.apply(bot.choose(obs))
    # Without a hold (the bug): the engine's own claimers only, or nobody at all.
    while not asked and session.to_move() and session.observe(session.to_move()[0]).phase == "claims":
        seat = session.to_move()[0]
        if seat not in people:
            break
        obs = session.observe(seat)
        asked.append((seat, obs))
        session.apply(bot.choose(obs))
    return asked


def test_a_match_resumed_in_a_claim_round_asks_every_person_in_the_same_order() -> None:
    """Saved while the people answer a discard and resumed at a shared screen: every person but the discarder is
    asked again, those who cannot claim too (a lone pass), in the same order and with the same view as at first."""
    people = [0, 2]
    agents: list[Agent | None] = [None, SimpleAgent(), None, SimpleAgent()]
    session = TableSession(RULES, "resume-claims", agents)
    session.hold_answers = True
    session.start_hand()
    bot = SimpleAgent()
    compared = lone = 0
    while session.in_hand and not session.hand_over and compared < 12:
        held = session.held
        if held is None:
            seat = session.to_move()[0]
            if agents[seat] is None:
                session.apply(bot.choose(session.observe(seat)))
            else:
                session.agent_move(seat)
            continue
        data = loads(dumps(session.save))
        resumed = TableSession.from_save(RULES, data, [None, SimpleAgent(), None, SimpleAgent()])
        resumed.hold_answers = True
        fresh = _answers(session, people)
        again = _answers(resumed, people)
        assert [seat for seat, _ in again] == [seat for seat, _ in fresh] == claim.answer_order(held.mover, people, 4)
        assert [obs for _, obs in again] == [obs for _, obs in fresh]
        lone += sum(1 for _, obs in fresh if [a.kind for a in obs.legal_actions] == [ActionKind.PASS])
        compared += 1
    assert compared >= 6 and lone, "discards were held, some with a person who could not claim"


def test_the_chicken_panel_reads_the_hand_shown_after_a_hand_off() -> None:
    """docs/rules.md §8: at a shared screen the chicken panel counts the chickens of the hand revealed, as it does
    alone; the panel worked out behind the hand-off screen (no one's hand) does not stay."""
    from game.core.settlement.chickens import chicken_tiles
    from ui.probe.hot_seat_moments import stage_hot_seat
    from ui.probe.offscreen import FRAME

    rules = load_ruleset("guiyang-classic")
    kinds = chicken_tiles(rules, None)
    host, scene = stage_hot_seat("hot-seat", (1280, 720), rules, seed="s7")  # the revealed hand holds 幺鸡
    cover = host.stack.top
    assert isinstance(cover, PrivacyScene)
    for _ in range(5):
        host.stack.update(FRAME)
    scene.panels.chicken_panel()  # drawn behind the cover for no one
    cover.reveal()
    for _ in range(30):
        host.stack.update(FRAME)
    obs = scene.panel_obs
    assert obs is not None
    held = tuple(sorted(t for t in obs.hand if t in kinds))
    info = scene.panels.chicken_panel()
    assert held and info is not None and info.mine == held


def test_escape_on_the_hand_off_screen_offers_to_leave_without_showing_the_hand() -> None:
    """Esc on the hand-off screen asks what Esc at the table asks (leave the match?), over the cover."""
    from ui.kit.dialogs import ConfirmScene
    from ui.probe.hot_seat_moments import stage_hot_seat

    left: list[bool] = []
    host, scene = stage_hot_seat("hot-seat", (1280, 720), load_ruleset("guiyang-classic"))
    scene.on_leave = lambda: left.append(True)
    cover = host.stack.top
    assert isinstance(cover, PrivacyScene)
    cover.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    ask = host.stack.top
    assert isinstance(ask, ConfirmScene)
    assert scene.handoff is cover and cover.opaque  # still covered: no hand shows under the question
    ask.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert host.stack.top is cover and not left  # Esc again: back to the cover
