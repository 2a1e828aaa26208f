"""Random play in OpenSpiel's style (docs/design.md): many seeded hands with random legal actions.

After every step all 108 tiles are accounted for, the legal actions are unique and each is
accepted, an illegal action is refused without a change, and the logged match replays to
the same events. docs/rules.md §3, §4, §9.
"""

from __future__ import annotations

import io
import random

import pytest

from game.core.ruleset import MAX_PLAYERS, Ruleset
from game.core.settlement import settle
from game.engine.actions import Action, ActionKind
from game.engine.observation import observe
from game.engine.round import HandSetup, IllegalAction, Round
from game.match.agents import SimpleAgent
from game.match.match import Match
from game.match.replay import replay
from game.records.gamelog import LogWriter, read_log_text
from game.rules.loader import builtin_ruleset_names, load_ruleset

HANDS_PER_RULESET = 1000
# Every seat a table can have: the probes also try seats a smaller table does not have (docs/rules.md §15.2).
SEATS = range(MAX_PLAYERS)


def _illegal_probe(rnd: Round, rng: random.Random) -> Action:
    """Some action that is not legal now (a random kind, seat and tile)."""
    while True:
        a = Action(rng.choice(list(ActionKind)), rng.randrange(MAX_PLAYERS), rng.randrange(27), rng.random() < 0.2)
        if a not in rnd.legal_actions(a.seat):
            return a


def _sound(rules: Ruleset) -> list[int]:
    """Four of every kind in play, none of the others (docs/rules.md §15.1)."""
    return [4 if rules.in_play[t] else 0 for t in range(27)]


def _check_step(rnd: Round, rng: random.Random) -> None:
    assert rnd.tile_census() == _sound(rnd.rules)
    movers = rnd.to_move()
    assert movers, "a hand in progress always waits on someone"
    for seat in SEATS:
        legal = rnd.legal_actions(seat)
        assert len(legal) == len(set(legal))
        assert bool(legal) == (seat in movers)
        for a in legal:
            assert rnd.check(a) is None, a
    if rng.random() < 0.05:
        probe = _illegal_probe(rnd, rng)
        before = rnd.fingerprint()
        with pytest.raises(IllegalAction):
            rnd.apply(probe)
        assert rnd.fingerprint() == before


STEER = SimpleAgent()


def _random_choice(rnd: Round, seat: int, rng: random.Random) -> Action:
    """A random legal action, half the time the simple bot's choice instead, and wins and
    kongs taken more often than chance: pure chance almost never wins a hand, and the rarer
    paths (robbing, hot discards, several winners) should come up in every run."""
    legal = rnd.legal_actions(seat)
    if rng.random() < 0.5:
        return STEER.choose(observe(rnd, seat))
    wins = [a for a in legal if a.kind is ActionKind.WIN]
    if wins and rng.random() < 0.9:
        return wins[0]
    kongs = [a for a in legal if a.kind in (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)]
    if kongs and rng.random() < 0.7:
        return rng.choice(kongs)
    return rng.choice(legal)


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_random_play(name: str) -> None:
    rules = load_ruleset(name)
    rng = random.Random(f"random-play:{name}")
    seed = f"random:{name}"
    match = Match(rules, seed, HandSetup())
    log = io.StringIO()
    writer = LogWriter(log, rules, seed, HandSetup())
    for _ in range(HANDS_PER_RULESET):
        rnd = match.new_round()
        while not rnd.ended:
            _check_step(rnd, rng)
            seat = rnd.to_move()[0]
            rnd.apply(_random_choice(rnd, seat, rng))
        assert rnd.tile_census() == _sound(rules)
        assert rnd.state.result is not None
        assert sum(settle(rnd.state.result, rules).nets()) == 0
        match.finish_round(rnd)
        writer.write_round(rnd)
    report = replay(read_log_text(log.getvalue(), "<random play>"), rules)
    assert report.mismatch is None
    assert report.hands == HANDS_PER_RULESET and report.scores == match.scores
