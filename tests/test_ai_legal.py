"""Every AI level picks a legal action in thousands of positions, under several rulesets (docs/rules.md §4).

Hands are played from seeded walls with the level under test at two seats and random or simple
players at the others, so the positions include odd claims, kongs, 报听 and robbed kongs.
"""

from __future__ import annotations

import random

import pytest

from game.ai import LEVELS, UnknownLevel, make_agent
from game.ai.measure.arena import deal_setup
from game.engine.observation import observe
from game.engine.round import Round
from game.match.agents import Agent, RandomAgent, SimpleAgent
from game.rules.loader import load_ruleset

RULESETS = ("guiyang-classic", "guiyang-modern", "guiyang-pass", "zhuoji-x10")
HANDS = 12


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_choice_is_legal(level: str, ruleset: str) -> None:
    """docs/rules.md §4: whatever the position, the agent's action is one of obs.legal_actions."""
    rules = load_ruleset(ruleset)
    positions = 0
    for hand in range(HANDS):
        rng = random.Random(f"{level}:{ruleset}:{hand}")
        others: list[Agent] = [RandomAgent(rng), SimpleAgent()]
        agents: list[Agent] = [
            # The expert searches a fixed 8 rollouts per decision here: legal moves, not strength.
            make_agent(level, f"{hand}:{s}", rules, rollouts=8) if s % 2 == 0 else others[(hand + s) % 2]
            for s in range(4)
        ]
        rnd = Round(rules, f"legal:{hand}", deal_setup(f"legal:{ruleset}", hand, rules))
        while not rnd.ended:
            seat = rnd.to_move()[0]
            obs = observe(rnd, seat)
            action = agents[seat].choose(obs)
            if seat % 2 == 0:
                positions += 1
                assert action in obs.legal_actions, f"{level} chose {action} in {obs}"
            rnd.apply(action)
    assert positions >= 10 * HANDS


def test_make_agent_names_the_levels() -> None:
    """make_agent builds each level and refuses an unknown one with a message naming the levels."""
    for level in LEVELS:
        assert make_agent(level, 1).name == level
    with pytest.raises(UnknownLevel, match="easy, normal, hard, master, expert"):
        make_agent("grandmaster", 1)


def test_same_seed_same_choices() -> None:
    """An agent's randomness comes from its own seeded generator: the same seed plays the same hand."""
    rules = load_ruleset("guiyang-classic")

    def play(seed: str) -> list[str]:
        agents = [make_agent("easy", f"{seed}:{s}") for s in range(4)]
        rnd = Round(rules, "seeded", deal_setup("seeded", 3, rules))
        while not rnd.ended:
            seat = rnd.to_move()[0]
            rnd.apply(agents[seat].choose(observe(rnd, seat)))
        return [str(a) for a in rnd.actions]

    random.seed(1)
    first = play("x")
    random.seed(2)
    assert play("x") == first
