"""How the host and join screens name a table's ruleset and its seats, in the player's language."""

from __future__ import annotations

from functools import lru_cache

from game.rules.loader import RulesetError, load_ruleset
from ui.words import strings as S
from ui.words.net import t


@lru_cache(maxsize=64)
def _titles(name: str) -> tuple[str, str] | None:
    try:
        rules = load_ruleset(name)
    except RulesetError:
        return None
    return rules.title_zh, rules.title_en


def ruleset_words(name: str) -> str:
    """A ruleset's title in the current language; its id when it does not load here (a host's own file)."""
    titles = _titles(name)
    if titles is None:
        return name
    return titles[0] if S.language() == "zh" else titles[1]


def seat_text(choice: str) -> str:
    """How a seat choice reads."""
    if choice == "human":
        return t("seat_person")
    level = choice[3:]
    return t("seat_ai", level=S.tr(f"ng_{level}") if f"ng_{level}" in S.STRINGS else level)
