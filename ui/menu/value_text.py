"""Ruleset values as a player reads them: game.rules.labels' text, with the common words in Chinese."""

from __future__ import annotations

from game.core.ruleset import MAX_PLAYERS, PATTERN_NAMES, Ruleset
from game.rules.labels import VALUE_LABELS, ruleset_lines
from ui.words import strings as S

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
    "others": "其他各家",
    "ready_or_won": "听牌或胡牌者",
    "winner": "胡牌者",
    "random": "随机",
    "add": "加番",
    "kong_worth": "按豆的番数",
    "first_from_dealer": "从庄家数第一个胡家",
    "nearest_ready": "庄家听牌连庄，否则最近的听牌者",
    "at_least": "至少",
    "both": "上下鸡",
    "below": "下鸡",
    "discards": "打出的牌也算",
    "value": "定值",
    "multiplier": "倍数",
    "holding_none": "无鸡者",
    "every_seat": "每家",
    "sum_and_smaller": "点数定方位，小点过墩",
    "sum": "点数数墩",
}

# Value words that read poorly in English as they are written in the file.
VALUE_EN: dict[str, str] = {
    "sum_and_smaller": "sum picks the side, smaller die the stacks",
    "sum": "sum counts the stacks",
    "next": "toward the next seat",
    "kong_worth": "the kong's worth",
    "first_from_dealer": "first winner from the dealer",
    "nearest_ready": "ready dealer keeps, else nearest ready",
    "at_least": "at least",
    "ready_or_won": "ready or won",
    "every_seat": "every seat",
    "holding_none": "seats holding none",
    "baopai": "baopai (pays for all)",
    "guoshui": "guoshui (no discard win until own draw)",
}

# Values whose words depend on the field. Play goes counter-clockwise (docs/rules.md §2: East, South, West,
# North, each to its 下家), so counting toward the 上家, against play, goes clockwise, and toward the 下家
# counter-clockwise.
FIELD_VALUES: dict[tuple[str, str], tuple[str, str]] = {
    ("table.count_direction", "previous"): ("顺时针（向上家）", "clockwise, toward the previous seat (上家)"),
    ("table.count_direction", "next"): ("逆时针（向下家）", "counter-clockwise, toward the next seat (下家)"),
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


def value_text(value: str, path: str = "", players: int = MAX_PLAYERS) -> str:
    """A value of the field `path` in the current language at a table of `players` (the listing's words are
    English)."""
    zh = S.language() == "zh"
    if (path, value) in FIELD_VALUES:
        return FIELD_VALUES[path, value][0 if zh else 1]
    words = VALUE_ZH if zh else VALUE_EN

    def word_text(word: str) -> str:
        # Every other seat, every seat: as many as sit at the table (docs/rules.md §15.4).
        if word == "others":
            return S.table_word(players, "others")
        if word == "double" and zh:
            return S.table_word(players, "every") + "有鸡翻倍"
        if word in words:
            return words[word]
        # Words the engine names itself (the §14 choices, the patterns) need no second table here.
        pair = VALUE_LABELS.get(word) or PATTERN_NAMES.get(word)
        return word if pair is None else pair[0 if zh else 1]

    return " ".join(word_text(word) for word in value.split(" "))


def field_label(zh: str, en: str) -> str:
    """A field's label in the current language."""
    return zh if S.language() == "zh" else en


def ruleset_title(rules: Ruleset) -> str:
    """The ruleset's title in the current language."""
    return rules.title(S.language())


def summary(rules: Ruleset, paths: tuple[str, ...] = SUMMARY_PATHS) -> list[tuple[str, str]]:
    """(label, value) of the key values of `rules`, in the current language."""
    found = {path: (zh, en, value) for path, zh, en, value in ruleset_lines(rules)}
    if rules.players - 1 < 2:  # docs/rules.md §15.4: one other seat, so never several winners on one discard
        found.pop("play.multiple_winners", None)
    return [
        (field_label(zh, en), value_text(value, p, rules.players))
        for p in paths
        if p in found
        for zh, en, value in [found[p]]
    ]
