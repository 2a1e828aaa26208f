"""The table scene plays a network match through the network controller, the network in its own thread.

The host serves on 127.0.0.1 from a thread; the scene's seat joins through a NetLink, exactly as
the windowed client does. Frames never wait on the network: taking in what arrived is a queue read.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.match.agents import SimpleAgent
from game.net.host.table import NetTable
from game.net.wire.view import wire_events
from game.rules.loader import load_ruleset
from tests.net_rig import HeldLink, config, simple_factory
from tests.net_window_rig import hosted_window
from tests.ui_host import FRAME
from ui.settings.values import Settings, Speed
from ui.table.net_session import NetSession

RULES = load_ruleset("guiyang-classic")


def test_a_network_hand_is_played_at_the_table_scene_and_no_frame_waits_on_the_network() -> None:
    table = NetTable(RULES, "ui-net", config(2, "human,ai,ai,ai", next_hand_wait=5.0), simple_factory)
    window = hosted_window(RULES, table, "ui-net", Settings(speed=Speed.INSTANT))
    hosting, session, host, screen, scene = window.hosting, window.session, window.host, window.screen, window.scene
    scene.autopilot = SimpleAgent()
    host.stack.push(scene)
    # What the frame spends on the network: taking in what arrived, never waiting for it.
    pumps: list[float] = []
    pump = session.pump

    def timed_pump(now: float = 0.0) -> None:
        t0 = time.perf_counter()
        pump(now)
        pumps.append(time.perf_counter() - t0)

    session.pump = timed_pump  # type: ignore[method-assign]
    deadline = time.monotonic() + 60
    while scene.hands_done < 2 and time.monotonic() < deadline:
        host.stack.update(FRAME)
        host.stack.draw(screen)
        time.sleep(0.002)
    # The match's end is a message of its own after the last settlement: on a busy machine a frame
    # can take in the settlement (and end the loop) before the network thread has queued the end.
    while session.over is None and time.monotonic() < deadline:
        pump()  # not a frame: kept out of the frame's figures
        time.sleep(0.01)
    hosting.stop()
    hosting.thread.join(5)
    assert session.over is not None, f"the match did not finish ({scene.hands_done} hands shown)"
    assert scene.hands_done == 2 and scene.player_moves > 5
    assert session.errors == []
    # What the table was given is what the host's engine said, as seat 0 may see it.
    shown = [e for e in wire_events(table.events[table.hand_start :], 0) if e["type"] != "hand_settled"]
    assert [e.to_json() for e in session.hand] == shown
    pumps.sort()
    assert pumps and pumps[len(pumps) // 2] < 0.005, f"median {pumps[len(pumps) // 2] * 1000:.1f} ms"


def _dealt_messages(events: int, discards: int = 0) -> tuple[list[object], NetTable]:
    """What seat 0 has been sent once the table holds at least `events` events and `discards` discards
    (the hand dealt: about 25 events)."""
    from game.engine.events import TileDiscarded
    from tests.net_peers import Peer, drive_until

    table = NetTable(RULES, "opening", config(2, "human,ai,ai,ai"), simple_factory)
    peer = Peer(table, 0)
    peer.hello("阿强")
    drive_until(
        table,
        [peer],
        lambda: len(table.events) >= events and sum(isinstance(e, TileDiscarded) for e in table.events) >= discards,
    )
    return list(peer.got), table


def _pumped(got: list[object]) -> NetSession:
    """Seat 0's session once it has taken in the messages `got`."""
    link = HeldLink()
    link.inbox = got
    session = NetSession(RULES, link, 0)  # type: ignore[arg-type]
    session.pump()
    return session


def test_a_table_opened_as_the_hand_is_dealt_plays_its_opening() -> None:
    """The network table shows the dice, the shuffle and the deal like the local one, not a hand laid out."""
    from game.engine.events import DiceRolled, HandStarted, TilesDealt

    got, _table = _dealt_messages(1)
    session = _pumped(got)
    assert session.in_hand and session.opens_at_deal, "its loading banner says the tiles are shuffled"
    assert session.look(0, 0) == [], "nothing is laid out at once"
    shown = session.agent_move(1)
    assert isinstance(shown[0], HandStarted)
    assert any(isinstance(e, DiceRolled) for e in shown) and any(isinstance(e, TilesDealt) for e in shown)
    # Once shown, a later look lays the hand out as it stands (a rebuild never plays it twice).
    assert session.look(0, 0) == shown


def test_a_table_opened_far_into_a_hand_lays_it_out_at_once() -> None:
    got, table = _dealt_messages(90)
    session = _pumped(got)
    assert not session.opens_at_deal, "no shuffling is said of a hand under way"
    laid = session.look(0, 0)
    assert len(laid) == len(table.events) and session.fresh == []


def test_the_loading_banner_shuffles_only_a_hand_about_to_be_dealt() -> None:
    """A window joining a hand under way (or its settlement) is setting the table, not shuffling it."""
    from tests.ui_host import HeadlessHost
    from ui.table.scene import TableScene
    from ui.words import strings as S

    host = HeadlessHost(Settings(speed=Speed.NORMAL), (1280, 720))
    for events, caption in ((1, "loading"), (90, "loading_table")):
        got, _table = _dealt_messages(events)
        scene = TableScene(host, RULES, "network", session=_pumped(got))
        assert scene.loading and scene.loading_caption == S.tr(caption), events


def test_a_window_rejoining_the_first_hand_after_its_opening_lays_it_out_at_once() -> None:
    """A window that (re)joins the match's first hand is sent its events from the first, not a snapshot: past
    the opening's round of discards it lays them out as they stand, rather than replaying seconds of turns
    before its player may act."""
    from game.engine.events import TileDiscarded

    got, table = _dealt_messages(1, discards=RULES.players + 1)
    assert sum(isinstance(e, TileDiscarded) for e in table.events) < 12, "still early in the hand"
    session = _pumped(got)
    assert not session.opens_at_deal
    laid = session.look(0, 0)
    assert len(laid) == len(session.hand) and session.fresh == []


def test_the_clock_starts_when_the_window_has_shown_the_deal_and_asks_the_player() -> None:
    """Animations at normal speed: the host's clock for seat 0 starts only once its table asks the player."""
    from ui.table.net_overlay import NetOverlay

    table = NetTable(RULES, "shown", config(1, "human,ai,ai,ai", turn_timer=10.0), simple_factory)
    window = hosted_window(RULES, table, "shown", Settings(speed=Speed.NORMAL))
    overlay = NetOverlay(window.host, window.scene, window.session)
    window.host.stack.push(overlay)
    frames = 0
    try:
        # The frames run faster than the clock on the wall, but every second of the opening is drawn.
        while window.scene.obs is None and frames < 60 * 60:
            window.host.stack.update(FRAME)
            window.host.stack.draw(window.screen)
            frames += 1
            if window.scene.obs is None and window.scene.presenter.dice_showing():
                assert table.core.seats[0].shown_at is None, "no word that the hand is shown while it is dealt"
        assert window.scene.obs is not None and frames * FRAME > 5.0, "the opening takes seconds at normal speed"
        deadline = time.monotonic() + 10
        while table.core.seats[0].shown_at is None and time.monotonic() < deadline:
            window.host.stack.update(FRAME)
            time.sleep(0.01)
        start = table.core.clock_from(0)
        assert start is not None and table.core.time() - start < 1.0, "the clock started when the table asked"
        while (
            window.session.status is None or window.session.status.turn_left is None
        ) and time.monotonic() < deadline:
            window.host.stack.update(FRAME)
            time.sleep(0.01)
        left = window.session.turn_left()
        assert left is not None and 8.5 <= left <= 10.0, f"the window shows the host's clock ({left})"
    finally:
        window.hosting.stop()
        window.hosting.thread.join(5)


def test_the_seconds_shown_are_the_hosts() -> None:
    """The window counts down from the host's last word on the clock, and takes its next word as it comes."""
    from game.net.wire import protocol as P
    from tests.net_peers import Peer, drive_until

    table = NetTable(RULES, "opening", config(2, "human,ai,ai,ai"), simple_factory)
    peer = Peer(table, 0)
    peer.hello("阿强")
    drive_until(table, [], lambda: table.rnd is not None and 0 in table.rnd.to_move())
    got = list(peer.got)
    status = next(m for m in reversed(got) if isinstance(m, P.Status))
    link = HeldLink()
    session = NetSession(RULES, link, 0)  # type: ignore[arg-type]
    link.inbox = [*got, P.Status(**{**{f: getattr(status, f) for f in status.__struct_fields__}, "turn_left": 7.0})]
    session.pump(100.0)
    assert session.turn_left() == 7.0
    session.pump(102.5)
    assert session.turn_left() == 4.5, "counted down from the host's word"
    link.inbox = [P.Status(**{**{f: getattr(status, f) for f in status.__struct_fields__}, "turn_left": 9.0})]
    session.pump(103.0)
    assert session.turn_left() == 9.0, "the host's next word wins over the window's own count"
    session.pump(200.0)
    assert session.turn_left() == 0.0
    # The word that the decision is shown goes to the host once, with the last event number held.
    assert session.obs is not None
    session.tell_shown()
    session.tell_shown()
    assert link.said == [P.Shown(len(table.views[0]))]


def test_a_window_with_no_claim_says_it_shows_the_discard_the_table_answers() -> None:
    """Every window says it shows the discard, claim or no claim: the answering clock waits for all of them."""
    from game.net.wire import protocol as P
    from tests.net_peers import claim_offered
    from tests.ui_host import HeadlessHost
    from ui.table.net_overlay import NetOverlay
    from ui.table.scene import TableScene

    table, _clock, _mine, other, _watcher, me, _at = claim_offered()
    seat = 1 - me
    link = HeldLink()
    link.inbox = list(other.got)
    session = NetSession(RULES, link, seat)  # type: ignore[arg-type]
    host = HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))
    overlay = NetOverlay(host, TableScene(host, RULES, "network", session=session), session)
    host.stack.push(overlay)
    for _ in range(600):
        host.stack.update(FRAME)
        if link.said:
            break
    assert session.obs is None, "this seat has no claim on the discard"
    assert link.said == [P.Shown(table.core.sent[seat])], "the window says it shows the discard, once"
    for _ in range(30):
        host.stack.update(FRAME)
    assert link.said == [P.Shown(table.core.sent[seat])]
    said = link.said[0]
    assert isinstance(said, P.Shown)
    other.say(said)
    assert table.core.answer_said.keys() == {seat}, "the host counts the window toward the answering clock"
