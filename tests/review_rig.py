"""Matches to review: hands played on stacked walls where the player (seat 0) does chosen things.

The player is East and deals and plays hard's move except where a test says otherwise, so that the
review has one mistake to find. The other seats play a fixed script (the drawn tile goes out, 报听 when
it may, a win is always taken, no claim), so that what they throw is the wall's order.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.ai.levels.hard import NO_DEADLINE_MS, HardAgent
from game.ai.levels.normal import NormalAgent
from game.engine.actions import Action, ActionKind, make
from game.engine.observation import Observation
from game.engine.round import HandSetup, Round
from game.match.controller import MatchController
from game.records.replaylog import replay_dir
from game.review.run import LoggedMatch
from game.rules.loader import load_ruleset
from tests.rig import stacked_wall

RULES = load_ruleset("guiyang-classic")
SEED = "review"

# South is dealt a ready hand (123m456m789m11p45s waits on 3s and 6s) and declares 报听 on its first
# discard; the player holds 33s. No other 3s or 6s is dealt or drawn, so nobody else can throw South's
# tile, and the others throw a new kind at nearly every turn: every kind South lets pass cannot be its
# wait (docs/rules.md §6: a declared seat may win off any discard), so 3s grows more dangerous.
DECLARED_HANDS = [
    "234m69m258p567p339s",  # East, the player (14: the dealer)
    "123m456m789m11p45s",  # South: ready, waits on 3s and 6s
    "1559m13489p2788s",  # West
    "3579m24689p2479s",  # North
]
DECLARED_DRAWS = "9p1m7s2s6p4m8s1s7p2m5s9s3p8m6m4s1p2p4p5p8p3m7m1s"

Choice = Callable[[Observation, Action, Round], Action]


def stacked_setup(hands: list[str], draws: str) -> HandSetup:
    """The first hand's set-up: East deals, fixed dice, the wall stacked to deal `hands` and draw `draws`."""
    return HandSetup(dealer=0, break_dice=(3, 4), wall=stacked_wall(hands, draws))


def play_hand(setup: HandSetup, choose: Choice) -> tuple[LoggedMatch, Round]:
    """One hand from `setup`, the player's move chosen by `choose(obs, hard's move, the true round)`; the match
    as its log holds it and the finished round."""
    hard = HardAgent(rules=RULES, budget_ms=NO_DEADLINE_MS)
    table = MatchController(RULES, SEED, [None, SCRIPT, SCRIPT, SCRIPT], setup, keep_save=False)
    table.start_hand()
    rnd = table.round
    assert rnd is not None
    while not rnd.ended:
        if 0 in rnd.to_move():
            obs = table.observe(0)
            table.submit(choose(obs, hard.choose(obs), rnd))
        else:
            table.step()
    table.settle()
    return LoggedMatch(RULES, SEED, setup, (tuple(rnd.actions),)), rnd


class ScriptedSeat:
    """Another seat: wins whenever it may, declares 报听 with the drawn tile when it may, else throws the tile
    it drew (its first legal discard when it drew none), and claims nothing."""

    name = "script"

    def choose(self, obs: Observation) -> Action:
        """The script's move."""
        legal = obs.legal_actions
        win = [a for a in legal if a.kind is ActionKind.WIN]
        if win:
            return win[0]
        if obs.phase != "turn":
            return next(a for a in legal if a.kind is ActionKind.PASS)
        discards = [a for a in legal if a.kind is ActionKind.DISCARD and a.tile == obs.drawn]
        declares = [a for a in discards if a.declare]
        return (declares or discards or [a for a in legal if a.kind is ActionKind.DISCARD])[0]


SCRIPT = ScriptedSeat()


def deal_in_choice(turn: int) -> Choice:
    """Hard's moves, but from the player's `turn`-th discard on, a tile a declared seat waits on when held."""
    seen = [0]

    def choose(obs: Observation, hard: Action, rnd: Round) -> Action:
        if obs.phase != "turn" or hard.kind is not ActionKind.DISCARD:
            return hard
        seen[0] += 1
        if seen[0] < turn:
            return hard
        for seat in range(1, 4):
            if rnd.state.declared[seat]:
                for t in sorted(rnd.waits(seat)):
                    if obs.counts[t] and make(ActionKind.DISCARD, 0, t) in obs.legal_actions:
                        return make(ActionKind.DISCARD, 0, t)
        return hard

    return choose


def hard_choice(obs: Observation, hard: Action, rnd: Round) -> Action:
    """The player plays hard's move."""
    return hard


def keep_match(
    match_id: str = "m1",
    hands: int = 2,
    seed: str = "kept",
    practice: frozenset[int] = frozenset(),
    tuoguan: Callable[[int, int], bool] | None = None,
) -> Path:
    """A match of `hands` hands kept in the player's replays folder as match `match_id` (the index names seat 0
    as the person's): seat 0 played by the normal AI, the others by hard; where `tuoguan(hand, move)` is true
    (both from 1) the seat's move is played for its person (托管). The log's path."""
    player = NormalAgent(rules=RULES)
    others = [HardAgent(rules=RULES, budget_ms=NO_DEADLINE_MS) for _ in range(3)]
    table = MatchController(RULES, seed, [None, *others], keep_save=False)
    keeper = table.replay_log(match_id)
    table.on_hand_done = lambda rnd: keeper(rnd, table.match.hand_no in practice)  # hand numbers from 1
    for hand in range(1, hands + 1):
        table.start_hand()
        table.run_agents()
        move = 0
        while not table.hand_over:
            move += 1
            if tuoguan is not None and tuoguan(hand, move):
                table.play_for(0, player)
            else:
                table.submit(player.choose(table.observe(0)))
            table.run_agents()
        table.settle()
    return replay_dir() / keeper.file_name
