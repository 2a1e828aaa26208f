"""A calculator problem in the player's language, without the field name it is shown next to.

The game reports each problem as a code with arguments (game.handfile.codes); WORDS holds the client's own
Chinese and English for every code, filled in with the arguments as `_shown` shows them in the current
language (a seat by its wind in Chinese, a tile by its name, a ruleset by its title).
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.ruleset import MAX_PLAYERS, PATTERN_NAMES, Ruleset
from game.core.tiles import SUIT_NAMES_EN, SUIT_NAMES_ZH, SUITS, format_tiles
from game.handfile import Problem
from ui.calculator.naming import seat_name
from ui.words import strings as S

_SYNTAX_ZH = "“{text}”第{position}个字符看不懂（写法如 123m 456p 11s）"
_ONE_TILE_ZH = "只能写一张牌，如 5s"
_NOT_A_MELD_ZH = "“{meld}”不是副露（写法如 5m、pung 5m from 2、kong 7p concealed）"
_LATE_ZH = "{ruleset}规则没有憨包豆：这个杠不能算憨包豆"
_MELD_FORMS = "pung T from N, kong T from N, kong T concealed, kong T added (each kong may end in late)"

# How a typed tile row fails, in English, before `at position N in 'TEXT'`.
_TILE_FAULTS_EN: dict[str, str] = {
    "suit_alone": "suit letter {char!r} with no digits before it",
    "rank_zero": "rank 0 is not a tile (ranks are 1-9)",
    "unexpected": "unexpected character {char!r} (want digits 1-9 then m, p or s)",
    "no_suit": "digits with no suit letter after them",
    "not_one": "expected one tile, found {count}",
}

# Each problem code's words (Chinese, English): str.format templates over the code's arguments.
WORDS: dict[str, tuple[str, str]] = {
    "seats_count": (
        "{ruleset}是{players}人桌，应有{players}家，现在是{found}家",
        "expected {players} seats ({ruleset} is played by {players} players), found {found}",
    ),
    "seat_not_at_table": (
        "{ruleset}只有{players}家，没有{seat}",
        "no seat {seat}: the table of {ruleset} has seats 0-{last}",
    ),
    "tile_not_in_play": ("{ruleset}不用{suit}，没有{tile}", "{ruleset} plays without {suit}, so {tile} is not in play"),
    "dingque_off": ("{ruleset}不定缺，不用选缺门", "{ruleset} plays no 定缺, so no seat names a suit"),
    "dingque_not_in_play": ("{ruleset}不用{suit}，不能定这门缺", "{ruleset} plays without {suit}: it cannot be named"),
    "won_holding_dingque": (
        "手里还有缺门{suit}，不能胡",
        "won holding {suit}, the suit it named (定缺): no win before they are gone",
    ),
    "winner_count": (
        "共{have}张（手牌{in_hand}张，副露{melds}组各算3张）；胡牌的一家应为14张",
        "holds {have} tiles ({in_hand} in hand, {melds} melds at 3 each); a winner holds 14",
    ),
    "seat_count": (
        "共{have}张（手牌{in_hand}张，副露{melds}组各算3张）；没胡的一家应为13张",
        "holds {have} tiles ({in_hand} in hand, {melds} melds at 3 each); a seat that did not win holds 13",
    ),
    "too_many_copies": (
        "{over}：每种牌只有4张（手牌、副露、弃牌和翻牌合计）",
        "{over} across hands, melds, discards and the turned tile; each tile has 4 copies",
    ),
    "flip_on_draw": (
        "黄庄不翻鸡：请清空翻牌（退格键）",
        "Nothing is turned on a draw: clear the turned tile (Backspace)",
    ),
    "no_winners": ("请选胡牌的一家", "Pick who won"),
    "no_win_tile": ("请选胡的那张牌", "Pick the winning tile"),
    "no_win_source": ("请选这张牌从哪家来", "Pick whom the winning tile came from"),
    "winners_repeated": ("请选胡牌的一家", "Pick who won"),
    "source_not_seat": (
        "请选这张牌从哪家来（0-{last} 或自摸），不是{value}",
        "expected a seat number 0-{last} or self, found {value}",
    ),
    "self_drawn_how": (
        "自摸只能是自摸或杠上开花，不是{value}",
        "a self-drawn win is self_draw or after_kong, not {value}",
    ),
    "self_drawn_winners": ("自摸只能一家胡", "only one seat can win on its own draw"),
    "discard_how": (
        "别家的牌只能是点炮或抢杠，不是{value}",
        "a win off another seat is discard or rob_kong, not {value}",
    ),
    "own_tile": ("{seat}不能胡自己打出的牌", "seat {seat} cannot win on its own tile"),
    "one_winner_on_discard": ("{ruleset}规则一炮只许一家胡", "{ruleset} lets only one seat win on a discard"),
    "hot_not_discard": ("只有点炮才有热炮", "only a discard is hot (热炮)"),
    "no_pung_to_rob": ("{seat}没有{tile}的碰，无杠可抢", "seat {seat} has no pung of {tile} to add to (抢杠)"),
    "no_winning_tile": ("{seat}的手牌里没有胡的那张{tile}", "seat {seat}'s hand does not hold the winning tile {tile}"),
    "not_winning": (
        "{seat}的牌 {hand}（副露{melds}组）不成胡牌",
        "seat {seat}'s hand {hand} with {melds} melds is not a winning hand",
    ),
    "no_pattern": (
        "{seat}的牌 {hand} 在{ruleset}规则下不成任何牌型",
        "seat {seat}'s hand {hand} scores no pattern under {ruleset}",
    ),
    "no_pass": (
        "{seat}的{pattern}吃胡要通行证（自己的豆），{ruleset}规则不允许（规则§6）",
        "seat {seat} wins a {pattern} off a discard without a pass (a kong of its own), which {ruleset} does not allow",
    ),
    "late_kong_unknown": (
        _LATE_ZH,
        "{ruleset} has no late kong (憨包豆): this kong cannot be late",
    ),
    "robbed_late_unknown": (_LATE_ZH, "{ruleset} has no late kong (憨包豆): the robbed kong cannot be late"),
    "no_declaring": (
        "{ruleset}规则没有报听",
        "{ruleset} has no 报听 (declaring ready)",
    ),
    "declared_not_ready": ("{seat}报了听，但 {hand} 没有听牌", "seat {seat} declared ready, but {hand} is not ready"),
    "hot_not_won": (
        "{seat}能胡这张热炮{tile}却没胡：{ruleset}规则下能胡热炮的都必须胡",
        "seat {seat} could win on the hot discard {tile} and did not; "
        "under {ruleset} every seat that can must win on a hot discard",
    ),
    "dealer_no_discard": ("开局跟：庄家还没有打出牌", "the dealer (seat {seat}) has no discard to follow"),
    "not_followed": (
        "开局跟：{seat}打出的第一张不是庄家的第一张{tile}",
        "seat {seat}'s first discard is not {tile}, the dealer's first "
        "(开局跟: every other seat follows it with the same tile)",
    ),
    "one_charge": (
        "{ruleset}规则一局只有一只冲锋鸡：只选最先打出的那张",
        "{ruleset} follows only the first of {tiles} discarded (one 冲锋鸡 per hand); name that one",
    ),
    "claimed_and_in_pond": (
        "{seat}碰了{other}的{tile}，{other}的弃牌里也有：请选第一张被谁碰（或“无”）",
        "seat {seat} holds a {tile} claimed from seat {other}, and seat {other} also shows a {tile} in its pond; "
        "pick who claimed the first (or none)",
    ),
    "claimed_not_first": ("先选谁打出第一张{tile}", "first pick who discarded the first {tile}"),
    "claims_own_discard": ("{seat}不能碰自己打出的牌", "seat {seat} cannot claim its own discard"),
    "no_claiming_meld": (
        "{seat}没有碰或杠{other}的{tile}",
        "seat {seat} has no pung or kong of {tile} from seat {other}",
    ),
    "first_not_discarded": (
        "{seat}的弃牌里没有{tile}（若被碰或杠走，请选碰的一家）",
        "seat {seat} has no {tile} among its discards (if it was claimed, pick the claimer)",
    ),
    "baopai_guoshui": (
        "{ruleset}规则用过水，没有包牌",
        "{ruleset} uses 过水 after a passed win, not 包牌",
    ),
    "no_baopai": ("{ruleset}规则没有包牌", "{ruleset} has no 包牌 for passing up a win"),
    "baopai_not_discard_win": ("{seat}没有吃胡，不包牌", "seat {seat} did not win off a discard, so it owes no 包牌"),
    "hot_kong_not_hot": ("不是热炮，不用选杠", "only a hot win (hot: true) names a hot kong"),
    "no_hot_kong": ("{seat}没有{tile}的杠", "seat {seat} has no kong of {tile}"),
    "hot_no_kong": ("{seat}没有杠，不算热炮", "seat {seat} has no kong, so its discard is not hot"),
    "hot_many_kongs": ("{seat}有几个杠：请选刚开的那个", "seat {seat} has several kongs; pick the last one"),
    "after_kong_no_kong": (
        "{seat}没有杠，不成杠上开花",
        "after_kong (杠上开花) is a win on a kong's replacement tile; seat {seat} has no kong",
    ),
    "self_drawn_hot_kong": ("自摸没有热炮，不用选杠", "a self-drawn win has no hot kong (热炮 is a discard)"),
    "robbed_late_not_robbed": ("只有抢杠才有被抢的憨包豆", "only a robbed kong (how: rob_kong) can be late"),
    "first_turn_melds": (
        "天胡、地胡在副露之前：{seat}已有副露",
        "天胡 / 地胡 come before any meld, and seat {seat} has melds",
    ),
    "first_turn_how": ("天胡、地胡不能是{how}", "a first-turn win is not won {how}"),
    "tianhu_off_discard": (
        "庄家的天胡是自摸，不能点炮",
        "the dealer's 天胡 is won on the deal (from: self), not off a discard",
    ),
    "tianhu_discards": (
        "天胡在出牌之前：{seat}已有弃牌",
        "天胡 comes before any discard, and seat {seat} has discards",
    ),
    "dihu_discards": (
        "地胡只胡第一次摸的牌或庄家的第一张：{seat}已有弃牌",
        "地胡 is won on seat {seat}'s first draw or the first discard; it has discards",
    ),
    "dihu_not_dealers": ("地胡点炮只胡庄家打出的第一张", "地胡 off a discard is won on the dealer's first discard"),
    "dihu_ponds": ("胡庄家第一张牌的地胡，各家都没有弃牌", "地胡 on the first discard leaves every pond empty"),
    "first_turn_discards": (
        "{seat}已打出几张牌，不成天胡或地胡",
        "seat {seat} discarded more than once before a first-turn win",
    ),
    "ready_unsaid": ("{seat}听牌了没有？请选", "say whether seat {seat} was ready at the end"),
    "chajiao_hand": (
        "黄庄查叫按听的牌算：请录入{seat}的手牌",
        "on a draw a ready seat is paid its best wait (查叫); enter seat {seat}'s hand",
    ),
    "no_ready_stand_in": (
        "{size}张手牌有这几张鸡，凑不成听牌：请少选几张鸡",
        "no hand of {size} tiles holding these chickens is ready (tiles left)",
    ),
    "no_unready_stand_in": (
        "{size}张手牌有这几张鸡，凑不成没听的牌：请少选几张鸡",
        "no hand of {size} tiles holding these chickens is not ready (tiles left)",
    ),
    "no_copies_left": ("{tile}四张都已用完", "all 4 copies of {tile} are already on the table"),
    "hand_full": ("已有{count}张（副露算在内）", "seats[{seat}] already holds {count} tiles counting its melds"),
    "winner_hand_count": (
        "不算胡的牌共{have}张（手牌{in_hand}张，副露{melds}组各算3张）；胡牌的一家应为13张",
        "{have} tiles besides the winning tile ({in_hand} in hand, {melds} melds at 3 each); a winner holds 13",
    ),
    "meld_unknown": (_NOT_A_MELD_ZH, "{meld!r} is not a meld; write " + _MELD_FORMS),
    "meld_from_seat": (_NOT_A_MELD_ZH, "{meld!r}: `from` needs a seat number 0-{last}"),
    "meld_own_discard": ("不能碰或杠自己打出的牌", "{meld!r}: a seat cannot claim its own discard"),
    "meld_pung_form": (_NOT_A_MELD_ZH, "{meld!r}: a pung is written `pung {text} from N`"),
}
for _fault, _words in _TILE_FAULTS_EN.items():
    _zh = _ONE_TILE_ZH if _fault == "not_one" else _SYNTAX_ZH
    WORDS[f"tile_{_fault}"] = (_zh, _words + " at position {position} in {text!r}")
    WORDS[f"meld_tile_{_fault}"] = (_zh, "{meld!r}: " + _words + " at position {position} in {text!r}")


def _how(how: object) -> str:
    """A way of winning by the calculator's own label for it."""
    keys = {"after_kong": "calc_after_kong", "rob_kong": "calc_rob", "discard": "calc_discard"}
    return S.tr(keys[how]) if S.language() == "zh" and isinstance(how, str) and how in keys else str(how)


def _shown(name: str, value: object, rules: Ruleset | None) -> object:
    """An argument as the current language shows it (game.handfile.codes.ARG_KINDS says what each holds)."""
    zh = S.language() == "zh"
    if name in ("seat", "other") and isinstance(value, int):
        return seat_name(value, rules.players if rules is not None else MAX_PLAYERS) if zh else value
    if name == "tile" and isinstance(value, int):
        return S.tile_label(value)
    if name == "hand" and isinstance(value, tuple):
        return format_tiles(list(value), spaced=True)
    if name == "tiles" and isinstance(value, tuple):
        return ("、" if zh else ", ").join(S.tile_label(t) for t in value)
    if name == "over" and isinstance(value, tuple):
        if zh:
            return "、".join(f"{S.tile_label(t)}{n}张" for t, n in value)
        return ", ".join(f"{n} of {S.tile_label(t)}" for t, n in value)
    if name == "suit" and isinstance(value, str) and value in SUITS:
        i = SUITS.index(value)
        return SUIT_NAMES_ZH[i] if zh else f"{SUIT_NAMES_EN[i]} ({SUIT_NAMES_ZH[i]})"
    if name == "ruleset" and rules is not None and value == rules.name:
        return rules.title("zh" if zh else "en")
    if name == "pattern" and isinstance(value, str):
        names = PATTERN_NAMES.get(value, (value, value))
        return names[0] if zh else f"{names[0]} ({names[1]})"
    if name == "how":
        return _how(value)
    return value


def render(code: str, args: Mapping[str, object], rules: Ruleset | None = None) -> str:
    """Problem `code` with its `args` in the current language; `rules` (the ruleset the hand is checked under)
    is called by its title rather than its file name."""
    zh, en = WORDS[code]
    shown = {name: _shown(name, value, rules) for name, value in args.items()}
    return (zh if S.language() == "zh" else en).format(**shown)


def problem_text(problem: Problem, rules: Ruleset | None = None) -> str:
    """The problem in the current language, ready to show next to its field."""
    return render(problem.code, problem.args, rules)
