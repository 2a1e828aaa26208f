"""One rule says what a seat or a spectator may see (game.engine.visibility); the window and the host both follow it."""

from __future__ import annotations

import random

import pytest

from game.engine.actions import Action, ActionKind
from game.engine.events import Event, HandStarted, SuitNamed, TileDrawn, TilesDealt, WinPassed
from game.engine.observation import Observation
from game.engine.visibility import SPECTATOR, visible, visible_events
from game.match.agents import RandomAgent, SimpleAgent
from game.match.controller import MatchController
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.view import from_wire, wire_events
from game.rules.loader import builtin_ruleset_names, load_ruleset
from tests.net_rig import CODE
from tests.net_rig import config as table_config
from ui.table.session import TableSession

VIEWERS = (SPECTATOR, 0, 1, 2, 3)


class Passer:
    """The simple agent, but it passes up every win off another seat's discard (so passed wins happen)."""

    name = "passer"

    def __init__(self) -> None:
        self.simple = SimpleAgent()

    def choose(self, obs: Observation) -> Action:
        """Pass when a win off a discard is offered; otherwise the simple agent's move."""
        kinds = {a.kind for a in obs.legal_actions}
        if obs.phase != "turn" and ActionKind.WIN in kinds and ActionKind.PASS in kinds:
            return next(a for a in obs.legal_actions if a.kind is ActionKind.PASS)
        return self.simple.choose(obs)


def _played(ruleset: str, seed: str) -> list[Event]:
    """A hand played by agents that pass every win off a discard, with its settlement."""
    rules = load_ruleset(ruleset)
    agents = [Passer() for _ in range(rules.players)]
    table = MatchController(rules, seed, agents, keep_save=False)
    table.start_hand()
    rnd = table.round
    assert rnd is not None
    table.run_agents()
    table.settle()
    return rnd.events


def _holds_anothers_secret(e: Event, viewer: int) -> str | None:
    if isinstance(e, TilesDealt) and e.seat != viewer and e.tiles is not None:
        return f"seat {e.seat}'s deal"
    if isinstance(e, TileDrawn) and e.seat != viewer and e.tile is not None:
        return f"seat {e.seat}'s draw"
    if isinstance(e, WinPassed) and e.seat != viewer:
        return f"seat {e.seat} passing a win"
    if isinstance(e, SuitNamed) and e.seat != viewer and e.suit is not None:
        return f"seat {e.seat}'s 定缺 suit before all are shown (docs/rules.md §15.3)"
    if isinstance(e, HandStarted) and e.seed:
        return "the seed that deals the wall"
    return None


@pytest.mark.parametrize("ruleset", builtin_ruleset_names())
def test_no_viewer_sees_another_seats_concealed_tiles(ruleset: str) -> None:
    """Every event each seat and a spectator gets holds no concealed tile, passed win or (docs/rules.md §15.3) 定缺
    suit of another seat not yet shown."""
    passed = 0
    seats = load_ruleset(ruleset).players
    for n in range(8):
        events = _played(ruleset, f"vis:{n}")
        passed += sum(isinstance(e, WinPassed) for e in events)
        for viewer in (*range(seats), SPECTATOR):
            for e in visible_events(events, viewer):
                assert _holds_anothers_secret(e, viewer) is None, (viewer, e)
    assert passed, "the hands should include a passed win"


def test_a_seat_sees_its_own_tiles_and_its_own_passed_win() -> None:
    """A seat's own deal, draws and passed wins reach it whole; a spectator's view of them is hidden."""
    dealt = TilesDealt(2, ((0, 0, 0),), (5,))
    drawn = TileDrawn(2, (0, 1, 0), 7, False, 50)
    passed = WinPassed(2, 7)
    for e in (dealt, drawn, passed):
        assert visible(e, 2) is e
    assert visible(dealt, SPECTATOR) == TilesDealt(2, ((0, 0, 0),), None)
    assert visible(drawn, 1) == TileDrawn(2, (0, 1, 0), None, False, 50)
    assert visible(passed, 1) is None and visible(passed, SPECTATOR) is None


def test_the_window_and_the_host_show_the_same_events() -> None:
    """The local table's feed and the host's feed for each seat are the one rule's view of the same events."""
    rules = load_ruleset("guiyang-classic")
    session = TableSession(rules, "same-view", [RandomAgent(random.Random(s)) for s in range(4)])
    session.start_hand()
    while session.to_move():
        session.agent_move(session.to_move()[0])
    rnd = session.control.round
    assert rnd is not None
    for viewer in VIEWERS:
        assert session.look(viewer, 0) == visible_events(rnd.events, viewer)

    table = NetTable(rules, "same-view", table_config(8, "ai,ai,ai,ai"), lambda *_: Passer())
    table.start()
    table.step()
    assert table.over and any(isinstance(e, WinPassed) for e in table.events)
    for viewer in VIEWERS:
        assert table.views[viewer] == wire_events(table.events, viewer)


class Seat:
    """A person's connection that counts its events as a client does and plays the passer's moves."""

    def __init__(self, table: NetTable, seat: int) -> None:
        self.table, self.seat = table, seat
        self.held = 0  # events held: the number the next act is made at
        self.obs: P.WireObservation | None = None
        self.errors: list[str] = []
        table.connect(seat, self._got, lambda code, reason: None)
        table.receive(seat, P.encode(P.Hello(P.GAME, P.PROTOCOL_VERSION, CODE, f"p{seat}")))

    def _got(self, data: bytes) -> None:
        msg = P.decode_host(data)
        if isinstance(msg, P.Events):
            assert msg.first == self.held + 1, f"seat {self.seat} was sent event {msg.first} after {self.held}"
            self.held += len(msg.events)
            self.obs = msg.obs
        elif isinstance(msg, P.Error):
            self.errors.append(msg.reason)

    def move(self) -> bool:
        rnd = self.table.rnd
        if self.obs is None or not self.obs.legal_actions or rnd is None or not rnd.legal_tuple(self.seat):
            return False
        a = Passer().choose(from_wire(self.obs))
        self.obs = None
        self.table.receive(self.seat, P.encode(P.Act(self.held, self.seat, a.kind.value, a.tile, a.declare)))
        return True


def test_a_seat_counts_only_the_events_it_may_know_of() -> None:
    """At the host, a seat's events are numbered without the passed wins it may not know of: no gap, no stale move."""
    table = NetTable(load_ruleset("guiyang-classic"), "count", table_config(8), lambda *_: Passer())
    seats = [Seat(table, s) for s in range(4)]
    for _ in range(20000):
        if table.over:
            break
        if not any(s.move() for s in seats):
            for n in range(4):
                table.receive(n, P.encode(P.Ready()))
            table.step()
    assert table.over and any(isinstance(e, WinPassed) for e in table.events)
    for s in seats:
        assert not s.errors and s.held == len(table.views[s.seat])
    assert min(s.held for s in seats) < len(table.events), "some seat was not told of another's passed win"
