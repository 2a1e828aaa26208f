"""No message to a client holds another seat's concealed tiles or the wall before the end-of-hand reveal, nor
another seat's 定缺 suit before every seat's is shown (docs/rules.md §15.3).

A property test: over many seeded matches played with random legal moves, at tables of four, three and two
(§15.2), every message the host sends is decoded and checked against the host's hidden state at the moment
it is sent.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.match.agents import RandomAgent
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.view import SPECTATOR, from_wire
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, config, simple_factory

RULESETS = {
    name: load_ruleset(name)
    for name in ("guiyang-classic", "guiyang-modern", "zhuoji-x10", "sandingguai", "erding-liangfang")
}


class Spy:
    """A connection that checks every message it is sent against the table's hidden state."""

    def __init__(self, table: NetTable, conn_id: int, viewer: int, seed: str) -> None:
        self.table = table
        self.viewer = viewer
        self.seed = seed
        self.messages: list[P.HostMessage] = []
        self.checked_events = 0
        self.revealed: list[list[int]] | None = None  # the hands laid open at the end of the hand in play
        self.flipped: int | None = None
        self.settlements = 0
        self.named = 0  # 定缺 events seen (docs/rules.md §15.3)
        self.shown_suits: list[int] | None = None
        table.connect(conn_id, self.send, lambda code, reason: None, "127.0.0.1")

    def send(self, data: bytes) -> None:
        assert self.seed.encode() not in data, "the match seed went out"
        msg = P.decode_host(data)
        self.messages.append(msg)
        if isinstance(msg, P.Events | P.Snapshot):
            for ev in msg.events:
                self.check_event(ev)
            if msg.obs is not None:
                self.check_obs(msg.obs)
        if isinstance(msg, P.Settled):
            self.check_settled(msg)
        if isinstance(msg, P.Status) and msg.claims:
            assert msg.moving == [], "who may claim a discard is not public"

    def check_event(self, ev: dict[str, Any]) -> None:
        self.checked_events += 1
        kind = ev["type"]
        if kind == "tiles_dealt" and ev["seat"] != self.viewer:
            assert ev["tiles"] is None, f"seat {self.viewer} was shown seat {ev['seat']}'s deal"
        if kind == "tile_drawn" and ev["seat"] != self.viewer:
            assert ev["tile"] is None, f"seat {self.viewer} was shown seat {ev['seat']}'s draw"
        if kind == "hand_started":
            assert ev["seed"] == "", "the hand's seed gives the wall away"
            self.revealed, self.flipped, self.shown_suits = None, None, None
        if kind == "tile_flipped":
            rnd = self.table.rnd
            assert rnd is not None and rnd.ended, "the turned tile is public only once the hand is over"
            self.flipped = ev["tile"]
        if kind == "hand_ended":
            rnd = self.table.rnd
            assert rnd is not None and rnd.ended, "the hands are laid open only once the hand is over"
            self.revealed = [list(h) for h in ev["hands"]]
        if kind == "suit_named":
            self.named += 1
            if ev["seat"] != self.viewer:  # all are shown together, by suits_shown
                assert ev["suit"] is None, f"seat {self.viewer} was told seat {ev['seat']}'s 定缺 on its own"
        if kind == "suits_shown":
            rnd = self.table.rnd
            assert rnd is not None and rnd.state.phase.value != "dingque", "定缺 shown before every seat named one"
            self.shown_suits = list(ev["suits"])

    def check_settled(self, msg: P.Settled) -> None:
        """The settlement carries the hand laid open: only what the end-of-hand reveal already showed."""
        self.settlements += 1
        assert self.revealed is not None, "a settlement came before the hands were laid open"
        result = msg.result
        assert [list(r.concealed) for r in result.seats] == self.revealed, "the settlement shows more than the reveal"
        assert result.flip == self.flipped, "the settlement's turned tile is not the one shown"
        players = self.table.rules.players
        assert len(result.seats) == len(msg.nets) == len(msg.scores) == players
        assert [r.missing for r in result.seats] == (self.shown_suits or [-1] * players), "定缺 as it was shown"
        rnd = self.table.rnd
        assert rnd is not None and rnd.ended, "a settlement of a hand still in play"

    def check_obs(self, obs: P.WireObservation) -> None:
        assert self.viewer != SPECTATOR, "a spectator has no observation"
        assert obs.seat == self.viewer
        rnd = self.table.rnd
        assert rnd is not None
        assert obs.hand == rnd.hand_tiles(self.viewer), "the observation is not the seat's own hand"
        players = self.table.rules.players
        assert obs.hand_sizes == [len(rnd.hand_tiles(s)) for s in range(players)]
        if rnd.state.phase.value == "dingque":
            others = [m for s, m in enumerate(obs.missing) if s != self.viewer]
            assert others == [-1] * (players - 1), "another seat's 定缺 suit before every seat has named one"
        assert all(a.seat == self.viewer for a in obs.legal_actions)

    def ask(self) -> P.WireObservation | None:
        """The latest observation that asks for a move, if the last message carried one."""
        for msg in reversed(self.messages):
            if isinstance(msg, P.Events | P.Snapshot):
                return msg.obs
        return None


def play(rules_name: str, seed: str, hands: int, rng: random.Random) -> list[Spy]:
    rules = RULESETS[rules_name]
    people = rules.players - 1  # the last seat is the AI's
    table = NetTable(rules, seed, config(hands, ",".join(["human"] * people + ["ai"])), simple_factory)
    watcher = Spy(table, 99, SPECTATOR, seed)
    table.receive(99, P.encode(P.Hello(P.GAME, P.PROTOCOL_VERSION, CODE, watch=True)))
    spies = []
    for seat in range(people):
        spy = Spy(table, seat, seat, seed)
        table.receive(seat, P.encode(P.Hello(P.GAME, P.PROTOCOL_VERSION, CODE, f"p{seat}")))
        spies.append(spy)
    agents = [RandomAgent(random.Random(rng.random())) for _ in range(people)]
    for _ in range(5000):
        if table.over:
            break
        moved = False
        for seat, spy in enumerate(spies):
            obs = spy.ask()
            if obs is not None and obs.legal_actions and table.rnd is not None and table.rnd.legal_tuple(seat):
                a = agents[seat].choose(from_wire(obs, rules.players))
                act = P.Act(len(table.views[seat]), seat, a.kind.value, a.tile, a.declare)
                table.receive(seat, P.encode(act))
                moved = True
                break
        if not moved:
            for seat in range(people):
                table.receive(seat, P.encode(P.Ready()))
    assert table.over, "the match did not finish"
    return [*spies, watcher]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.binary(min_size=8, max_size=8).map(lambda b: "seed-" + b.hex()),
    rules_name=st.sampled_from(sorted(RULESETS)),
    pick=st.integers(0, 2**32 - 1),
)
def test_no_message_holds_another_seats_concealed_tiles(seed: str, rules_name: str, pick: int) -> None:
    """Every event and observation each client is sent, over random matches of three hands."""
    spies = play(rules_name, seed, 3, random.Random(pick))
    for spy in spies:
        assert spy.checked_events > 0
        assert spy.settlements == 3, "every hand's settlement reaches every client"
        assert not any(isinstance(m, P.Error) for m in spy.messages)
    watcher = spies[-1]
    assert all(not (isinstance(m, P.Events | P.Snapshot) and m.obs is not None) for m in watcher.messages)
    if RULESETS[rules_name].play.dingque:
        assert all(spy.named == 3 * RULESETS[rules_name].players for spy in spies), "every seat named a suit a hand"


@pytest.mark.parametrize("rules_name", ["sandingguai", "erding-liangfang"])
def test_a_small_tables_clients_learn_nothing_hidden(rules_name: str) -> None:
    """§15.2, §15.3: at three and two, every message passes the same checks; at three each seat names a suit,
    and no client learns another's before all are shown; the settled hand tells each seat's suit."""
    spies = play(rules_name, f"small-{rules_name}", 3, random.Random(7))
    rules = RULESETS[rules_name]
    for spy in spies:
        assert spy.settlements == 3
        assert spy.named == (3 * rules.players if rules.play.dingque else 0)
        assert not any(isinstance(m, P.Error) for m in spy.messages)
