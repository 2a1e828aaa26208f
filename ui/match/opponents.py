"""Who plays the other seats, and the hint key's suggestion: the one place that picks the AI.

The AI opponents live in game.ai (`make_agent(level, seed, rules)`, hints in game.ai.hints);
where that package is missing the built-in SimpleAgent plays and suggests.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from game.core.ruleset import Ruleset
from game.engine.actions import Action
from game.engine.observation import Observation
from game.match.agents import Agent, SimpleAgent


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


def opponent(level: str, seed: int | str, rules: Ruleset | None = None, think_ms: float | None = None) -> Agent:
    """An AI player of strength `level` (game.ai's if it exists, else the SimpleAgent); `think_ms` is 思考时间."""
    ai = _module("game.ai")
    factory = getattr(ai, "make_agent", None) if ai is not None else None
    if factory is None:
        return SimpleAgent()
    agent: Agent = factory(level, seed, rules) if think_ms is None else factory(level, seed, rules, think_ms)
    return agent


def deep_hint(obs: Observation, rules: Ruleset | None = None, think_ms: float = 300) -> Suggestion | None:
    """The expert's move for the player (a deeper hint, searched for up to `think_ms`); None without it."""
    if not obs.legal_actions:
        return None
    ai = _module("game.ai")
    factory = getattr(ai, "make_agent", None) if ai is not None else None
    if factory is None or "expert" not in getattr(ai, "LEVELS", ()):
        return hint(obs, rules)
    agent: Agent = factory("expert", "hint", rules, think_ms)
    action = agent.choose(obs)
    zh = en = ""
    for move, mean, n in getattr(agent, "last_choice", []):
        if move == str(action):
            zh = f"专家计算 {n} 局：平均 {mean:+.2f} 分"
            en = f"The expert played it out on {n} deals: {mean:+.2f} points on average"
    return Suggestion(action, zh, en)


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
