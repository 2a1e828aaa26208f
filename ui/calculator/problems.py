"""A calculator problem in the player's language, without the field name it is shown next to.

The checks (game.handfile.check_hand) word their problems in English, as `settle FILE` prints
them. Each known wording has a Chinese form here, read from the English by a pattern; a wording
added to the checks later shows in English until it gets one.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from game.core.ruleset import PATTERN_NAMES, Ruleset
from game.core.tiles import parse_tile
from game.handfile import Problem
from ui.words import strings as S

Fields = dict[str, str]

_FIELDS = (
    r"seats\[\d\](?:\.\w+(?:\[\d+\])?)?|win(?:\.\w+)?|flip|first_chicken(?:_claimed_by)?|baopai|seats|weekday"
    r"|dealer|streak|ruleset"
)
_PREFIX = re.compile(rf"^(?:{_FIELDS})(?: \([^)]*\))?: ")


def _seat(n: str) -> str:
    return S.wind(int(n)) + "家"


def _tile(t: str) -> str:
    try:
        return S.tile_label(parse_tile(t))
    except ValueError:
        return t


def _pattern(zh: str) -> str:
    return next((z for z, _e in PATTERN_NAMES.values() if z == zh), zh)


def _copies(text: str) -> str:
    parts = [p.split(" of ") for p in text.split(", ")]
    return "、".join(f"{_tile(t)}{n}张" for n, t in parts)


# (English pattern, Chinese form from the match's groups)
_ZH: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (
        re.compile(r"holds (\d+) tiles \((\d+) in hand, (\d+) melds at 3 each\); a winner holds 14"),
        lambda m: f"共{m[1]}张（手牌{m[2]}张，副露{m[3]}组各算3张）；胡牌的一家应为14张",
    ),
    (
        re.compile(r"holds (\d+) tiles \((\d+) in hand, (\d+) melds at 3 each\); a seat that did not win holds 13"),
        lambda m: f"共{m[1]}张（手牌{m[2]}张，副露{m[3]}组各算3张）；没胡的一家应为13张",
    ),
    (
        re.compile(r"^(.*) across hands, melds, discards and the turned tile; each tile has 4 copies"),
        lambda m: f"{_copies(m[1])}：每种牌只有4张（手牌、副露、弃牌和翻牌合计）",
    ),
    (
        re.compile(r"seat (\d)'s hand does not hold the winning tile (\w+)"),
        lambda m: f"{_seat(m[1])}的手牌里没有胡的那张{_tile(m[2])}",
    ),
    (
        re.compile(r"seat (\d)'s hand (.*) with (\d) melds is not a winning hand"),
        lambda m: f"{_seat(m[1])}的牌 {m[2]}（副露{m[3]}组）不成胡牌",
    ),
    (
        re.compile(r"seat (\d)'s hand (.*) scores no pattern under (\S+)"),
        lambda m: f"{_seat(m[1])}的牌 {m[2]} 在{m[3]}规则下不成任何牌型",
    ),
    (
        re.compile(r"seat (\d) wins a (\S+) \(.*\) off a discard without a pass .* which (\S+) does not allow"),
        lambda m: f"{_seat(m[1])}的{_pattern(m[2])}吃胡要通行证（自己的豆），{m[3]}规则不允许（规则§6）",
    ),
    (re.compile(r"missing key 'tile'"), lambda m: "请选胡的那张牌"),
    (re.compile(r"missing key 'by'|expected one or more different seats"), lambda m: "请选胡牌的一家"),
    (re.compile(r"missing key 'from'"), lambda m: "请选这张牌从哪家来"),
    (re.compile(r"only one seat can win on its own draw"), lambda m: "自摸只能一家胡"),
    (re.compile(r"(\S+) lets only one seat win on a discard"), lambda m: f"{m[1]}规则一炮只许一家胡"),
    (re.compile(r"seat (\d) cannot win on its own tile"), lambda m: f"{_seat(m[1])}不能胡自己打出的牌"),
    (
        re.compile(r"seat (\d) has no pung of (\w+) to add to"),
        lambda m: f"{_seat(m[1])}没有{_tile(m[2])}的碰，无杠可抢",
    ),
    (re.compile(r"only a discard is hot"), lambda m: "只有点炮才有热炮"),
    (re.compile(r"seat (\d) has no kong, so its discard is not hot"), lambda m: f"{_seat(m[1])}没有杠，不算热炮"),
    (re.compile(r"seat (\d) has several kongs"), lambda m: f"{_seat(m[1])}有几个杠：请选刚开的那个"),
    (re.compile(r"only a hot win \(hot: true\) names a hot kong"), lambda m: "不是热炮，不用选杠"),
    (re.compile(r"seat (\d) has no kong of (\w+)"), lambda m: f"{_seat(m[1])}没有{_tile(m[2])}的杠"),
    (re.compile(r"nothing is turned on a draw"), lambda m: "黄庄不翻鸡：请清空翻牌（退格键）"),
    (
        re.compile(r"seat (\d) has no (\w+) among its discards"),
        lambda m: f"{_seat(m[1])}的弃牌里没有{_tile(m[2])}（若被碰或杠走，请选碰的一家）",
    ),
    (re.compile(r"(\w+) is not in first_chicken"), lambda m: f"先选谁打出第一张{_tile(m[1])}"),
    (re.compile(r"seat (\d) cannot claim its own discard"), lambda m: f"{_seat(m[1])}不能碰自己打出的牌"),
    (re.compile(r"a seat cannot claim its own discard"), lambda m: "不能碰或杠自己打出的牌"),
    (
        re.compile(r"seat (\d) has no pung or kong of (\w+) from seat (\d)"),
        lambda m: f"{_seat(m[1])}没有碰或杠{_seat(m[3])}的{_tile(m[2])}",
    ),
    (re.compile(r"seat (\d) did not win off a discard, so it owes no"), lambda m: f"{_seat(m[1])}没有吃胡，不包牌"),
    (
        re.compile(r"a late kong \(憨包豆\), which (\S+) does not know"),
        lambda m: f"{m[1]}规则没有憨包豆：这个杠不能算憨包豆",
    ),
    (re.compile(r"(\S+) has no 报听 \(declaring ready\)"), lambda m: f"{m[1]}规则没有报听"),
    (
        re.compile(r"seat (\d) declared ready, but (.*) is not ready"),
        lambda m: f"{_seat(m[1])}报了听，但 {m[2]} 没有听牌",
    ),
    (
        re.compile(r"seat (\d) could win on the hot discard (\w+) and did not; under (\S+)"),
        lambda m: f"{_seat(m[1])}能胡这张热炮{_tile(m[2])}却没胡：{m[3]}规则下能胡热炮的都必须胡",
    ),
    (re.compile(r"(\S+) uses 过水 after a passed win"), lambda m: f"{m[1]}规则用过水，没有包牌"),
    (re.compile(r"(\S+) has no 包牌 for passing up a win"), lambda m: f"{m[1]}规则没有包牌"),
    (
        re.compile(r"seat (\d) holds a (\w+) claimed from seat (\d), and seat \d also shows"),
        lambda m: (
            f"{_seat(m[1])}碰了{_seat(m[3])}的{_tile(m[2])}，{_seat(m[3])}的弃牌里也有：请选第一张被谁碰（或“无”）"
        ),
    ),
    (re.compile(r"the dealer \(seat (\d)\) has no discard to follow"), lambda m: "开局跟：庄家还没有打出牌"),
    (
        re.compile(r"seat (\d)'s first discard is not (\w+), the dealer's first"),
        lambda m: f"开局跟：{_seat(m[1])}打出的第一张不是庄家的第一张{_tile(m[2])}",
    ),
    (
        re.compile(r"(\S+) follows only the first of (.*) discarded \(one 冲锋鸡 per hand\)"),
        lambda m: f"{m[1]}规则一局只有一只冲锋鸡：只选最先打出的那张",
    ),
    (re.compile(r"say whether seat (\d) was ready at the end"), lambda m: f"{_seat(m[1])}听牌了没有？请选"),
    (
        re.compile(r"on a draw a ready seat is paid its best wait \(查叫\); enter seat (\d)'s hand"),
        lambda m: f"黄庄查叫按听的牌算：请录入{_seat(m[1])}的手牌",
    ),
    (
        re.compile(r"no hand of (\d+) tiles holding these chickens is (ready|not ready)"),
        lambda m: f"{m[1]}张手牌有这几张鸡，凑不成{'听牌' if m[2] == 'ready' else '没听的牌'}：请少选几张鸡",
    ),
    (re.compile(r"all 4 copies of (\w+) are already on the table"), lambda m: f"{_tile(m[1])}四张都已用完"),
    (re.compile(r"already holds 14 tiles counting its melds"), lambda m: "已有14张（副露算在内）"),
    (
        re.compile(r"at position (\d+) in '(.*)'$"),
        lambda m: f"“{m[2]}”第{m[1]}个字符看不懂（写法如 123m 456p 11s）",
    ),
    (re.compile(r"expected one tile, found"), lambda m: "只能写一张牌，如 5s"),
    (
        re.compile(r"'(.*)'(?::.*| is not a meld.*)$"),
        lambda m: f"“{m[1]}”不是副露（写法如 5m、pung 5m from 2、kong 7p concealed）",
    ),
]


# The few wordings that name a hand-file key rather than what to do on this screen.
_EN: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"missing key 'tile'"), "Pick the winning tile"),
    (re.compile(r"missing key 'by'|expected one or more different seats"), "Pick who won"),
    (re.compile(r"missing key 'from'"), "Pick whom the winning tile came from"),
    (re.compile(r"nothing is turned on a draw"), "Nothing is turned on a draw: clear the turned tile (Backspace)"),
]


def plain(message: str) -> str:
    """The message without the field it is shown next to (`seats[2]: `, `win.tile: `)."""
    return _PREFIX.sub("", message, count=1)


def problem_text(problem: Problem | str, rules: Ruleset | None = None) -> str:
    """The problem in the current language, ready to show next to its field; `rules` (the ruleset the hand
    is checked under) is called by its title rather than its file name."""
    message = plain(problem.message if isinstance(problem, Problem) else problem)
    text = message
    if S.language() == "zh":
        text = next((make(found) for pattern, make in _ZH if (found := pattern.search(message))), message)
    else:
        text = next((words for pattern, words in _EN if pattern.search(message)), message)
    if rules is not None:
        title = rules.title_zh if S.language() == "zh" else rules.title_en
        text = re.sub(rf"(?<![\w-]){re.escape(rules.name)}(?![\w-])", title, text)
    return text
