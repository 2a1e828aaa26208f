"""The match controller is the one driver of a Round: moves go in checked, the save replays, hands settle in turn."""

from __future__ import annotations

import pytest

from game.core.tiles import parse_tile
from game.engine.actions import ActionKind, make
from game.engine.round import IllegalAction
from game.match.agents import SimpleAgent
from game.match.controller import MatchController
from game.match.match import Match
from game.match.play import play_round
from game.records.savefile import dumps, loads
from game.rules.loader import load_ruleset

RULES = load_ruleset("guiyang-classic")


def test_a_move_that_is_not_legal_is_refused_and_changes_nothing() -> None:
    """submit() lets the engine check a person's move: a seat out of turn is refused, the hand unchanged."""
    table = MatchController(RULES, "refuse")
    table.start_hand()
    rnd = table.round
    assert rnd is not None
    other = (rnd.state.turn + 1) % 4
    before = len(rnd.events)
    with pytest.raises(IllegalAction):
        table.submit(make(ActionKind.DISCARD, other, parse_tile("1m")))
    assert len(rnd.events) == before and table.check(make(ActionKind.PASS, other)) is not None


def test_an_agent_seat_moves_and_a_person_seat_waits() -> None:
    """run_agents() plays the agents' moves and stops where a person must move; step() will not move for a person."""
    bot = SimpleAgent()
    table = MatchController(RULES, "wait", [None, bot, bot, bot])
    table.start_hand()
    table.run_agents()
    assert table.hand_over or 0 in table.to_move()
    if not table.hand_over and table.to_move()[0] == 0:
        with pytest.raises(ValueError):
            table.step()


def test_hands_played_through_the_controller_settle_as_the_match_does() -> None:
    """Three hands with the simple bot settle to the same scores and dealers as Match and play_round alone."""
    bots = [SimpleAgent()] * 4
    table = MatchController(RULES, "same", bots, keep_save=False)
    match = Match(RULES, "same")
    for _ in range(3):
        settled = table.play_hand()
        assert settled == match.finish_round(play_round(match.new_round(), bots))
    assert table.match.scores == match.scores


def test_the_save_brings_a_match_back_at_the_same_move() -> None:
    """A save taken mid-hand (the hand's record made when asked for) resumes to the same hand and scores."""
    bot = SimpleAgent()
    table = MatchController(RULES, "saved", [bot] * 4)
    table.play_hand()
    table.start_hand()
    for _ in range(10):
        table.step()
    again = MatchController.from_save(RULES, loads(dumps(table.save_data())), [bot] * 4)
    assert again.round is not None and table.round is not None
    assert again.round.events == table.round.events
    assert again.match.scores == table.match.scores and len(again.finished) == 1
