"""How the host and join screens name a table's ruleset, its size and its seats, in the player's language."""

from __future__ import annotations

from functools import lru_cache

from game.net.wire.discovery import TableAd
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


@lru_cache(maxsize=64)
def ruleset_players(name: str) -> int:
    """The seats a ruleset's table has (docs/rules.md §15.2); four when it does not load here."""
    try:
        return load_ruleset(name).players
    except RulesetError:
        return 4


def seat_wind(seat: int, players: int) -> str:
    """A seat's wind at a table of `players`: 东南西北 at four, 东南西 at three, 东西 at two (docs/rules.md §15.2)."""
    return S.wind(seat, players)


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


def found_row(ad: TableAd) -> str:
    """A table the join screen found: its room, its size (四人, 三丁拐, 二丁拐), its free seats and its ruleset."""
    size, ruleset = t(f"size_{ad.players}"), ruleset_words(ad.ruleset)
    if ruleset == size:  # 三丁拐 is the size and the ruleset's title at once: said once
        return t("found_row_size", room=ad.room, size=size, free=ad.free)
    return t("found_row", room=ad.room, size=size, free=ad.free, ruleset=ruleset)
