"""Who plays the other seats, and the hint key's suggestion: the one place that picks the AI.

The AI opponents live in game.ai (`make_agent(level, seed, rules)`, hints in game.ai.hints);
where that package is missing the built-in SimpleAgent plays and suggests.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from game.actions import Action
from game.agents import Agent, SimpleAgent
from game.observation import Observation
from game.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A suggested action and, when the AI gives one, why."""

    action: Action
    reason_zh: str = ""
    reason_en: str = ""


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None  # the package is not there
        raise


def opponent(level: str, seed: int | str, rules: Ruleset | None = None) -> Agent:
    """An AI player of strength `level` (game.ai's if it exists, else the SimpleAgent)."""
    ai = _module("game.ai")
    factory = getattr(ai, "make_agent", None) if ai is not None else None
    if factory is None:
        return SimpleAgent()
    agent: Agent = factory(level, seed, rules)
    return agent


def hint(obs: Observation, rules: Ruleset | None = None) -> Suggestion | None:
    """A suggested move for the player: game.ai.hints' if it exists, else what the SimpleAgent would do."""
    if not obs.legal_actions:
        return None
    hints = _module("game.ai.hints")
    suggest = getattr(hints, "hint", None) if hints is not None else None
    if suggest is not None:
        result = suggest(obs, rules)
        action = getattr(result, "action", result)
        if isinstance(action, Action) and action in obs.legal_actions:
            return Suggestion(action, str(getattr(result, "reason_zh", "")), str(getattr(result, "reason_en", "")))
    return Suggestion(SimpleAgent().choose(obs))
