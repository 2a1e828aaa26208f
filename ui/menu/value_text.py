"""Ruleset values as a player reads them: game.ruleset_labels' text, with the common words in Chinese."""

from __future__ import annotations

from game.ruleset import Ruleset
from game.ruleset_labels import ruleset_lines
from ui import strings as S

# The value words ruleset_labels writes, in Chinese; anything else (numbers, tiles) reads the same.
VALUE_ZH: dict[str, str] = {
    "yes": "是",
    "no": "否",
    "off": "关",
    "on": "开",
    "dice": "掷骰",
    "baopai": "包牌",
    "guoshui": "过水",
    "none": "无",
    "keep": "连庄",
    "next": "下家",
    "discarder": "点炮者",
    "hand": "手上鸡",
    "all": "全部",
    "others": "其他三家",
    "ready_or_won": "听牌或胡牌者",
    "winner": "胡牌者",
    "previous": "逆时针",
    "pinghu": "平胡",
}

# The values shown as a ruleset's summary on the new-game screen.
SUMMARY_PATHS = (
    "base",
    "chickens.fixed",
    "chickens.golden",
    "chickens.flip",
    "chickens.charge",
    "chickens.liability",
    "play.declare_ready",
    "play.passed_win",
    "play.multiple_winners",
    "bonuses.self_draw",
    "kongs.concealed",
    "draw.chajiao",
)


def value_text(value: str) -> str:
    """A value in the current language (the listing's words are English)."""
    if S.language() != "zh":
        return value
    return " ".join(VALUE_ZH.get(word, word) for word in value.split(" "))


def field_label(zh: str, en: str) -> str:
    """A field's label in the current language."""
    return zh if S.language() == "zh" else en


def ruleset_title(rules: Ruleset) -> str:
    """The ruleset's title in the current language."""
    return rules.title_zh if S.language() == "zh" else rules.title_en


def summary(rules: Ruleset, paths: tuple[str, ...] = SUMMARY_PATHS) -> list[tuple[str, str]]:
    """(label, value) of the key values of `rules`, in the current language."""
    found = {path: (zh, en, value) for path, zh, en, value in ruleset_lines(rules)}
    return [(field_label(zh, en), value_text(value)) for p in paths if p in found for zh, en, value in [found[p]]]
