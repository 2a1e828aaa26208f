"""The guide (玩法): short illustrated pages whose every number is read from the ruleset being viewed.

Page text is written as templates: `{patterns.dadui}` is replaced by that ruleset value and recorded
as a `Fact`, so a test can check every number on every page against the ruleset (and that no number
is written into a template by hand). Example hands name the pattern they are; the engine's hand
analysis (game.hand) must agree, which the tests assert for every ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from game.hand import best_pattern, best_wait_value, matching_patterns
from game.melds import KongKind, Meld
from game.ruleset import PATTERN_NAMES, Ruleset
from game.tiles import (
    COPIES,
    NUM_KINDS,
    NUM_TILES,
    WUGUJI,
    YAOJI,
    Tile,
    format_tile,
    parse_tile,
    parse_tiles,
    to_counts,
)

# Numbers that are facts of the game itself, not of a ruleset (RULES.md §1, §3).
CONSTANTS: dict[str, int] = {
    "tiles": NUM_TILES,
    "kinds": NUM_KINDS,
    "copies": COPIES,
    "ranks": 9,
    "suits": 3,
    "hand": 13,
    "dealer_hand": 14,
    "deal_grab": 4,
    "deal_rounds": 3,
    "melds_in_hand": 4,
    "pairs": 7,
}

_FIELD = re.compile(r"\{([a-z_.0-9]+)\}")


@dataclass(frozen=True, slots=True)
class Fact:
    """A number shown on a page: where it comes from (`const.x` or a ruleset path) and its value."""

    path: str
    value: int


@dataclass(frozen=True, slots=True)
class Text:
    """A paragraph in both languages, numbers filled in from the ruleset."""

    zh: str
    en: str

    def pick(self, language: str) -> str:
        """The paragraph in `language` ("zh" or "en")."""
        return self.zh if language == "zh" else self.en


@dataclass(frozen=True, slots=True)
class Example:
    """A winning hand shown on a page, with the pattern it must be under the ruleset (checked in tests)."""

    concealed: tuple[Tile, ...]  # including the winning tile
    melds: tuple[Meld, ...]
    winning: Tile
    pattern: str
    value: int
    caption: Text


@dataclass(frozen=True, slots=True)
class Row:
    """A row of tiles to draw, with a caption; `marked` tiles are drawn raised (a chicken, the winning tile)."""

    tiles: tuple[Tile, ...]
    caption: Text
    marked: tuple[int, ...] = ()  # indices into `tiles`
    gaps: tuple[int, ...] = ()  # indices before which a small gap is drawn (between sets)
    wait_pattern: str | None = None  # a ready hand: the best pattern among its waits (查叫), checked in tests


@dataclass
class Page:
    """One page of the guide: a title, paragraphs, tile rows and example hands."""

    key: str
    title: Text
    paragraphs: list[Text] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)


def resolve(path: str, rules: Ruleset) -> int:
    """The number at `path`: `const.NAME`, or a dotted ruleset path (`patterns.dadui`, `chickens.fixed.1s`)."""
    parts = path.split(".")
    if parts[0] == "const":
        return CONSTANTS[parts[1]]
    node: object = rules
    for part in parts:
        if isinstance(node, tuple):
            node = node[int(part)]
        elif hasattr(node, "__getitem__") and not hasattr(node, part):
            mapping = node
            key: object = parse_tile(part) if re.fullmatch(r"[1-9][mps]", part) else part
            node = mapping[key]
        else:
            node = getattr(node, part)
    if isinstance(node, bool) or not isinstance(node, int):
        raise TypeError(f"{path} is not a number in {rules.name}")
    return node


class _Writer:
    """Fills templates for one page and records each number it fills in."""

    def __init__(self, rules: Ruleset, page: Page) -> None:
        self.rules = rules
        self.page = page

    def fill(self, template: str) -> str:
        def sub(m: re.Match[str]) -> str:
            value = resolve(m.group(1), self.rules)
            self.page.facts.append(Fact(m.group(1), value))
            return str(value)

        return _FIELD.sub(sub, template)

    def say(self, zh: str, en: str) -> None:
        self.page.paragraphs.append(Text(self.fill(zh), self.fill(en)))

    def row(self, tiles: str, zh: str, en: str, marked: tuple[int, ...] = (), gaps: tuple[int, ...] = ()) -> None:
        self.page.rows.append(Row(tuple(parse_tiles(tiles)), Text(self.fill(zh), self.fill(en)), marked, gaps))

    def ready_row(self, tiles: str, pattern: str, zh: str, en: str) -> None:
        """A ready hand whose best wait is `pattern` (what 查叫 pays), shown only when the ruleset scores it."""
        if self.rules.pattern_values().get(pattern) is None:
            return
        gaps = tuple(range(3, len(parse_tiles(tiles)), 3))
        self.page.rows.append(
            Row(tuple(parse_tiles(tiles)), Text(self.fill(zh), self.fill(en)), (), gaps, wait_pattern=pattern)
        )

    def example(self, concealed: str, winning: str, pattern: str, melds: tuple[Meld, ...] = ()) -> None:
        """An example hand of `pattern`, shown only when the ruleset scores that pattern."""
        value = self.rules.pattern_values().get(pattern)
        if value is None:
            return
        zh, en = PATTERN_NAMES[pattern]
        caption = Text(
            self.fill(f"这手牌是{zh}，{{patterns.{pattern}}}番"),
            self.fill(f"This hand is {en} ({zh}), {{patterns.{pattern}}} fan"),
        )
        self.page.examples.append(
            Example(tuple(parse_tiles(concealed)), melds, parse_tile(winning), pattern, value, caption)
        )


def row_wait(row: Row, rules: Ruleset) -> tuple[str, int] | None:
    """What the engine makes of a ready row under `rules`: the best (pattern, fan) among its waits (查叫)."""
    return best_wait_value(to_counts(row.tiles), [], rules.pattern_values())


def example_pattern(ex: Example, rules: Ruleset) -> tuple[str | None, int]:
    """What the engine makes of an example hand under `rules`: the best pattern and its fan."""
    values = rules.pattern_values()
    pid = best_pattern(matching_patterns(to_counts(ex.concealed), ex.melds, ex.winning), values)
    return pid, (values[pid] if pid is not None else 0)


def _tiles_page(w: _Writer) -> None:
    r = w.rules
    w.say(
        "一副牌{const.tiles}张：万、筒、条{const.suits}门，每门一到九，每种{const.copies}张。没有字牌，没有花牌。",
        "{const.tiles} tiles: {const.suits} suits (characters 万, dots 筒, bamboo 条), ranks one to nine, "
        "{const.copies} copies of each. No honours, no flowers.",
    )
    w.row("123456789m", "万（m）", "Characters 万 (m)")
    w.row("123456789p", "筒（p）", "Dots 筒 (p)")
    w.row("123456789s", "条（s）", "Bamboo 条 (s)", marked=(0,))
    w.say(
        "写法：数字在前，花色字母在后，如 123m 456p 11s。一条（1s）叫幺鸡，是鸡，画成一只鸟。",
        "Notation: ranks then the suit letter, as in 123m 456p 11s. The one of bamboo (1s) is 幺鸡, "
        "the chicken, drawn as a bird.",
    )
    if WUGUJI in r.chickens.fixed:
        w.say(
            "本规则的八筒（8p）叫乌骨鸡，也是鸡。",
            "Under this ruleset the eight of dots (8p), 乌骨鸡, is a chicken too.",
        )


def _deal_page(w: _Writer) -> None:
    t = w.rules.table
    if t.first_dealer == "dice":
        toward = "上家" if t.count_direction == "previous" else "下家"
        toward_en = "previous" if t.count_direction == "previous" else "next"
        w.say(
            f"第一局：一人掷两颗骰子，从自己数起（自己算一），朝{toward}方向数到点数，那一家坐庄。",
            f"First hand: one seat rolls two dice and counts that many seats, itself as one, toward the "
            f"{toward_en} seat in play order; that seat deals.",
        )
    else:
        w.say("第一局的庄家随机决定。", "The first dealer is chosen at random.")
    w.say(
        "牌墙两张一墩，四边各{table.wall_stacks.0}、{table.wall_stacks.1}、{table.wall_stacks.2}、"
        "{table.wall_stacks.3}墩（庄家一边先）。",
        "The wall is stacks of two, {table.wall_stacks.0}, {table.wall_stacks.1}, {table.wall_stacks.2} "
        "and {table.wall_stacks.3} stacks a side, the dealer's side first.",
    )
    if t.break_method == "sum_and_smaller":
        w.say(
            "庄家再掷骰：点数和决定开哪一边，小的那颗是跳过几墩，从下一墩开始抓。",
            "The dealer rolls: the sum picks the side to break, the smaller die the stacks skipped; "
            "drawing starts at the next stack.",
        )
    else:
        w.say(
            "庄家再掷骰：按点数和数墩开牌，从下一墩开始抓。",
            "The dealer rolls and counts as many stacks as the sum; drawing starts at the next stack.",
        )
    w.say(
        "每人每次抓{const.deal_grab}张，抓{const.deal_rounds}轮；庄家再跳牌。庄家{const.dealer_hand}张，"
        "其他人{const.hand}张。",
        "Each seat takes {const.deal_grab} tiles at a time for {const.deal_rounds} rounds, then the dealer jumps: "
        "the dealer holds {const.dealer_hand}, the others {const.hand}.",
    )


def _turn_page(w: _Writer) -> None:
    k = w.rules.kongs
    w.say(
        "轮到你：摸一张，再打一张。别人打出的牌，你手里有一对可以碰，有三张可以杠（豆）。不能吃。",
        "Your turn: draw a tile, then discard one. Another seat's discard may be punged with a pair in "
        "hand or konged (豆) with three. There is no chow.",
    )
    w.row("555m", "碰：拿别人打的一张凑成三张", "Pung: three alike, one taken off a discard")
    w.row("7777p", "杠（豆）：四张，杠后从牌尾补一张", "Kong (豆): four alike; draw a replacement from the tail")
    w.say(
        "点豆（杠别人的牌）由打牌者付{kongs.exposed}番；闷豆（自己摸齐四张）三家各付{kongs.concealed}番；"
        "转弯豆（碰后补杠）三家各付{kongs.added}番。豆要胡牌或叫牌的人才收。"
        if k.paid_to == "ready_or_won"
        else "点豆由打牌者付{kongs.exposed}番；闷豆三家各付{kongs.concealed}番；转弯豆三家各付{kongs.added}番。",
        "An exposed kong off a discard earns {kongs.exposed} fan from the discarder; a concealed kong "
        "{kongs.concealed} from each other seat; a kong added to a pung {kongs.added} from each. "
        + ("Only a seat that wins or is ready collects." if k.paid_to == "ready_or_won" else ""),
    )
    if k.not_ready == "pay_back":
        w.say(
            "倒赔：结束时没叫牌的人，自己的豆不但不收，还要按同样的番数倒赔给每个叫牌的对手"
            "（点豆倒赔给点豆的人，若他叫牌）。",
            "倒赔 (paying kongs back): a seat that is not ready at the end collects nothing for its kongs and pays "
            "the same amounts back to each ready opponent (an exposed kong back to its feeder, if ready).",
        )
    if w.rules.play.late_kong:
        w.say(
            "憨包豆：能杠时没杠，后来才杠，只值{kongs.late}番，但仍是通行证。",
            "A late kong (憨包豆), made later than it could have been, is worth {kongs.late} fan but is still a pass.",
        )


def _pass_page(w: _Writer) -> None:
    p = w.rules.play
    names_zh = "、".join(PATTERN_NAMES[x][0] for x in p.pass_patterns)
    names_en = ", ".join(PATTERN_NAMES[x][1] for x in p.pass_patterns)
    w.say(
        f"通行证：{names_zh}要胡别人打出的牌，自己必须有一个豆（杠）。自摸不要通行证。",
        f"The pass: a {names_en} may be won off another seat's discard only with a kong (豆) of your own. "
        "A self-drawn win needs no pass.",
    )
    big = [x for x in w.rules.pattern_values() if x not in p.pass_patterns]
    if big:
        w.say(
            "大牌（" + "、".join(PATTERN_NAMES[x][0] for x in big[:4]) + "等）不要通行证。",
            "Bigger hands (" + ", ".join(PATTERN_NAMES[x][1] for x in big[:4]) + ", …) need no pass.",
        )
    free_zh: list[str] = []
    free_en: list[str] = []
    if p.pass_exempt_declared and p.declare_ready:
        free_zh.append("自己报听了")
        free_en.append("you declared ready")
    if p.pass_exempt_hot:
        free_zh.append("热炮（别人刚杠完打出的牌）")
        free_en.append("a hot discard (right after the discarder's kong)")
    if p.pass_exempt_rob_kong and p.rob_kong:
        free_zh.append("抢杠")
        free_en.append("robbing a kong")
    if p.pass_exempt_declared_discard and p.declare_ready:
        free_zh.append("杀报（胡报听者打的牌）")
        free_en.append("the discard of a seat that declared ready (杀报)")
    if free_zh:
        w.say("不要通行证的例外：" + "；".join(free_zh) + "。", "No pass is needed when: " + "; ".join(free_en) + ".")
    w.example("234m567p22s678s", "8s", "pinghu", (Meld(parse_tile("9p"), KongKind.CONCEALED),))


def _patterns_page(w: _Writer) -> None:
    values = w.rules.pattern_values()
    w.say(
        "胡牌：{const.melds_in_hand}组（刻子、杠或顺子）加一对，或{const.pairs}个对子。牌型取最高的一种，不相加。",
        "A winning hand is {const.melds_in_hand} sets (pungs, kongs or runs) and a pair, or {const.pairs} pairs. "
        "Only the highest pattern counts; they do not add up.",
    )
    zh_parts = [f"{PATTERN_NAMES[p][0]} {{patterns.{p}}}" for p in values]
    en_parts = [f"{PATTERN_NAMES[p][1]} {{patterns.{p}}}" for p in values]
    w.say("番数：" + "，".join(zh_parts) + "。", "Fan: " + ", ".join(en_parts) + ".")
    w.example("123m456m789p234s55s", "5s", "pinghu")
    w.example("222m555p777s11p", "1p", "dadui", (Meld(parse_tile("9s"), None, 1),))
    w.example("1155m2299p3377s44s", "4s", "qidui")
    w.example("123456789s111s22s", "2s", "qingyise")
    w.example(
        "55s",
        "5s",
        "dadiaoche",
        (
            Meld(parse_tile("2m"), None, 1),
            Meld(parse_tile("7p"), None, 2),
            Meld(parse_tile("9s"), None, 3),
            Meld(parse_tile("4m"), None, 1),
        ),
    )
    b = w.rules.bonuses
    only_zh = "，只算自摸" if b.first_turn_self_draw_only else ""
    only_en = "; self-drawn only" if b.first_turn_self_draw_only else ""
    if b.first_turn == "replace" and (b.heavenly or b.earthly):
        w.say(
            "天胡（庄家起手就胡）{bonuses.heavenly}番，地胡（闲家第一次摸牌就胡）{bonuses.earthly}番，"
            f"取代牌型番数：和牌型比，取大的一个{only_zh}。",
            "天胡 (the dealer wins on the deal) {bonuses.heavenly} fan and 地胡 (another seat wins on its first "
            "draw) {bonuses.earthly} fan replace the pattern value: the higher of the two counts" + only_en + ".",
        )
    elif b.heavenly and b.earthly:
        w.say(
            "天胡（庄家起手就胡）另加{bonuses.heavenly}番，地胡（闲家第一次摸牌就胡）另加{bonuses.earthly}番"
            f"{only_zh}。",
            "天胡 (the dealer wins on the deal) adds {bonuses.heavenly} fan, 地胡 (another seat wins on its first "
            "draw) {bonuses.earthly}" + only_en + ".",
        )


def _chickens_page(w: _Writer) -> None:
    ch = w.rules.chickens
    if ch.flip:
        w.say(
            "胡牌后翻开牌墙下一张：比它大一点的同花色牌就是鸡（九翻出来一是鸡），每张{chickens.flip_value}番。"
            "牌墙空了就不翻。",
            "After a win the next wall tile is turned: the tile one rank above it in its suit is a chicken "
            "(nine wraps to one), {chickens.flip_value} fan a copy. An empty wall turns nothing.",
        )
        w.row("4m5m", "翻出四万，五万是鸡", "Turned 4m: 5m is the chicken", marked=(1,))
    if YAOJI in ch.fixed:
        w.say(
            "常鸡：幺鸡永远是鸡，每张{chickens.fixed.1s}番"
            + ("；乌骨鸡每张{chickens.fixed.8p}番。" if WUGUJI in ch.fixed else "。"),
            "Fixed chickens: 幺鸡 (1s) is always one, {chickens.fixed.1s} fan a copy"
            + ("; 乌骨鸡 (8p) {chickens.fixed.8p} fan." if WUGUJI in ch.fixed else "."),
        )
    if YAOJI in ch.fixed:
        w.row("1s", "幺鸡：永远是鸡", "幺鸡 (1s): always a chicken", marked=(0,))
    if YAOJI in ch.golden and ch.flip:
        w.row("9s1s", "翻出九条：幺鸡成金鸡", "Turned 9s: 幺鸡 is golden", marked=(1,))
    if YAOJI in ch.golden:
        w.say(
            "金鸡：翻出的鸡正好是幺鸡（翻出九条），每张幺鸡算{chickens.golden.1s}番"
            + ("，金乌骨鸡{chickens.golden.8p}番。" if WUGUJI in ch.golden else "。"),
            "Golden chicken: when the turned chicken is 幺鸡 itself (9s turned), each 1s is worth {chickens.golden.1s}"
            + (", a golden 8p {chickens.golden.8p}." if WUGUJI in ch.golden else "."),
        )
    who_zh = "胡牌和叫牌的人" if ch.collectors == "ready_or_won" else "每一家"
    who_en = "Every seat that won or is ready" if ch.collectors == "ready_or_won" else "Every seat"
    pay_zh, pay_en = {
        "others": ("其他三家各付", "from each of the other three"),
        "holding_none": ("没有鸡的人付", "from each seat that holds none"),
        "not_ready": (
            "只由没叫牌的人付（叫牌的人之间不互付，四家都叫牌就不付）",
            "from each seat that is not ready only (ready seats never pay each other; all four ready: nothing)",
        ),
    }[ch.payers]
    if ch.scope == "hand":
        scope_zh, scope_en = (
            "手上鸡：手里和碰杠的鸡算，打出去的不算",
            "手上鸡: tiles in hand and melds count, discards do not",
        )
    else:
        scope_zh, scope_en = "内外鸡：手里、碰杠、打出去的都算", "内外鸡: hand, melds and own discards all count"
    w.say(
        f"谁收：{who_zh}，每只鸡{pay_zh}。{scope_zh}。没叫牌的人不收鸡。"
        if ch.collectors == "ready_or_won"
        else f"谁收：{who_zh}，每只鸡{pay_zh}。{scope_zh}。",
        f"{who_en} collects for each chicken {pay_en}. {scope_en}.",
    )
    if ch.not_ready_discards:
        w.say(
            "没叫牌的人打出去的常鸡也算：每张由每个没叫牌的人付给每个叫牌的人；没叫牌的人手里和碰杠的鸡不算。",
            "A not-ready seat's discarded fixed chickens count too: every not-ready seat pays each ready seat for "
            "each; a not-ready seat's kept tiles and melds never pay.",
        )
    if ch.charge == "value":
        w.say(
            "冲锋鸡：本局第一张打出的幺鸡值{chickens.charge_values.1s}番"
            + ("，第一张乌骨鸡值{chickens.charge_values.8p}番" if WUGUJI in ch.charge_values else "")
            + "（打出的人要叫牌）。",
            "冲锋鸡: the hand's first 1s discarded is worth {chickens.charge_values.1s} to its discarder"
            + (", the first 8p {chickens.charge_values.8p}" if WUGUJI in ch.charge_values else "")
            + " (if ready).",
        )
    elif ch.charge == "multiplier" and ch.charge_single:
        w.say(
            "冲锋鸡：每局只有一只，是第一张打出的常鸡（"
            + "或".join(format_tile(t) for t in ch.fixed)
            + "，谁先算谁），打出的人叫牌就算{chickens.charge_multiplier}倍（金鸡也一样翻倍）。",
            "冲锋鸡: one a hand, the first fixed chicken discarded ("
            + " or ".join(format_tile(t) for t in ch.fixed)
            + ", whichever comes first), counts {chickens.charge_multiplier} times (a golden one too) "
            "to its discarder if ready.",
        )
    elif ch.charge == "multiplier":
        w.say(
            "冲锋鸡：本局第一张打出的幺鸡算{chickens.charge_multiplier}倍。",
            "冲锋鸡: the first 1s discarded counts {chickens.charge_multiplier} times.",
        )
    if ch.charge != "off" and ch.charge_claimed == "passes":
        w.say(
            "冲锋鸡被叫牌的人碰或杠，就归碰杠的人。",
            "If a ready seat claims the 冲锋鸡, it passes to that seat.",
        )
    if ch.charge != "off" and ch.charge_claimed == "passes_if_ready":
        w.say(
            "冲锋鸡被碰或杠：碰杠的人最后叫牌，就归碰杠的人；没叫牌，还是打出的人的。",
            "If a seat that ends ready claims the 冲锋鸡, it passes to that seat; claimed by a seat not ready, it "
            "stays with its discarder.",
        )
    if ch.charge != "off" and ch.charge_stacks:
        w.say(
            "冲锋鸡的分另加在这张鸡本身的分上（第一张幺鸡：冲锋鸡加一只鸡）。",
            "The 冲锋鸡 is paid on top of the tile's own worth as a chicken.",
        )
    if ch.charge != "off" and ch.charge_payers == "others":
        w.say(
            "冲锋鸡归叫牌的人时，其他三家各付，胡牌的人和叫牌的人也付。",
            "A 冲锋鸡 owned by a ready seat is paid by each of the other three, the winner and ready seats too.",
        )
    if ch.charge != "off" and ch.charge_not_ready:
        golden = ch.charge_not_ready_golden
        w.say(
            "打出冲锋鸡的人没叫牌，付每个叫牌的人{chickens.charge_not_ready}番"
            + ("（金鸡时{chickens.charge_not_ready_golden}番）" if golden else "")
            + "。",
            "A 冲锋鸡 discarder that is not ready pays each ready seat {chickens.charge_not_ready}"
            + (" ({chickens.charge_not_ready_golden} when golden)" if golden else "")
            + ".",
        )
    if YAOJI in ch.liability and ch.liability_every:
        when_zh = "，只在打的人没叫牌时" if ch.liability_not_ready_only else ""
        when_en = ", only when the discarder is not ready" if ch.liability_not_ready_only else ""
        w.say(
            f"责任鸡：每一张被碰或杠的幺鸡（不只第一张），打的人赔碰杠者{{chickens.liability.1s}}番{when_zh}。",
            f"责任鸡: every 1s punged or konged (not only the first) costs its discarder {{chickens.liability.1s}} "
            f"to the claimer{when_en}.",
        )
    elif YAOJI in ch.liability:
        w.say(
            "责任鸡：第一张打出的幺鸡被碰或杠，打的人赔碰杠者{chickens.liability.1s}番"
            + ("，乌骨鸡{chickens.liability.8p}番。" if WUGUJI in ch.liability else "。"),
            "责任鸡: if that first 1s is punged or konged, its discarder pays the claimer {chickens.liability.1s}"
            + (", for 8p {chickens.liability.8p}." if WUGUJI in ch.liability else "."),
        )
    if ch.shown_pay:
        w.say(
            "包鸡：有人胡牌时，没叫牌的人打出或碰杠的常鸡，每张赔给叫牌的人。",
            "包鸡: when someone wins, a seat that is not ready pays the ready seats for each fixed chicken it showed.",
        )


def _ready_page(w: _Writer) -> None:
    r = w.rules
    w.say(
        "叫牌（听牌）：再来一张就胡。",
        "Ready (叫牌): one tile away from a winning hand.",
    )
    if not r.play.declare_ready:
        w.say("本规则没有报听。", "This ruleset has no declared ready (报听).")
        return
    w.say(
        "报听：庄家在起手、闲家在第一次摸牌后，若已叫牌可以报听。报听后牌就锁了：不能碰杠，摸什么打什么。",
        "报听 (declare ready): the dealer right after the deal, or another seat after its first draw, may "
        "declare if ready. The hand is then locked: no pung or kong, each drawn tile is discarded unless it wins.",
    )
    b = r.bonuses
    if b.declared_win == "at_least" and b.declared_win_value_dealer is not None:
        w.say(
            "报听的番数看座位：庄家报听{bonuses.declared_win_value_dealer}番，闲家在第一次出牌时报听（天听）"
            "{bonuses.declared_win_value}番；报听胡牌取这个数和牌型中大的一个。",
            "What 报听 is worth depends on the seat: the dealer's 报听 {bonuses.declared_win_value_dealer} fan, "
            "another seat's declared on its first discard (天听) {bonuses.declared_win_value}; a declared win "
            "takes the higher of that and the pattern.",
        )
    elif b.declared_win == "at_least":
        w.say(
            "报听胡牌至少算{bonuses.declared_win_value}番。",
            "A declared win counts at least {bonuses.declared_win_value} fan.",
        )
    elif b.declared_win == "add":
        w.say("报听胡牌另加{bonuses.declared_win_value}番。", "A declared win adds {bonuses.declared_win_value} fan.")
    if b.kill_declared:
        w.say(
            "杀报：胡了报听者打出的牌，报听者另付{bonuses.kill_declared}番。",
            "杀报: whoever wins off a declared seat's discard collects {bonuses.kill_declared} fan more from it.",
        )
    w.row("234m567p789s111s5m", "叫牌：等五万", "Ready: waiting on 5m", gaps=(3, 6, 9, 12))


def _draw_page(w: _Writer) -> None:
    r = w.rules
    w.say(
        "黄庄：牌摸完了没人胡。豆不算"
        + ("，鸡也不算。" if not r.chickens.draw_payment else "；没叫牌的人赔叫牌的人鸡分。"),
        "A draw (黄庄): the wall runs out with no winner. Kongs pay nothing"
        + (
            ", nor do chickens."
            if not r.chickens.draw_payment
            else "; seats not ready pay the ready ones their chickens."
        ),
    )
    if r.draw.chajiao and r.play.ready_own_four:
        w.say(
            "等的牌四张都在自己手里（或碰杠里），也算叫牌。",
            "A seat counts as ready even when all four copies of the tile it waits on are its own.",
        )
    if r.draw.chajiao:
        w.say(
            "查叫：每家亮牌。没叫牌的人赔每个叫牌的人，按那人能胡的最大牌型算。都叫牌或都没叫，不赔。",
            "查叫: every hand is shown. Each seat that is not ready pays each ready seat the best pattern that "
            "seat was waiting on. All ready, or nobody ready: nothing is paid.",
        )
        w.ready_row(
            "222m555p888s11s44s",
            "dadui",
            "叫一条或四条的大对子：查叫收{patterns.dadui}番",
            "Ready for all pungs on 1s or 4s: 查叫 collects {patterns.dadui} fan",
        )
    else:
        w.say("本规则黄庄不查叫。", "This ruleset does not settle ready hands on a draw.")


def _dealer_page(w: _Writer) -> None:
    r = w.rules
    d = r.dealer
    w.say(
        "胡牌的人下一局坐庄；庄家胡了就连庄。",
        "The winner deals the next hand; a dealer who wins keeps the deal (连庄).",
    )
    two = "点炮的人" if d.two_winners == "discarder" else "从庄家数起第一个胡牌的人"
    two_en = "the discarder" if d.two_winners == "discarder" else "the first winner counted from the dealer"
    three = "点炮的人" if d.three_winners == "discarder" else "从庄家数起第一个胡牌的人"
    three_en = "the discarder" if d.three_winners == "discarder" else "the first winner counted from the dealer"
    w.say(
        f"一炮双响：{two}坐庄；一炮三响：{three}坐庄。",
        f"Two winners on one discard: {two_en} deals; three: {three_en}.",
    )
    if d.draw == "keep":
        w.say("黄庄：庄家继续坐庄。", "A draw: the dealer keeps the deal.")
    else:
        w.say(
            "黄庄：庄家叫牌就连庄，否则下一个叫牌的人坐庄；三家叫牌一家没叫，没叫的坐庄。",
            "A draw: a ready dealer keeps it, else the next ready seat deals; three ready and one not, that one deals.",
        )
    b = r.bonuses
    if b.dealer:
        w.say(
            "庄家的输赢多{bonuses.dealer}番。",
            "Every win between the dealer and another seat carries {bonuses.dealer} fan more.",
        )
    if b.streak:
        w.say(
            "连庄：庄家每连一局，输赢再多{bonuses.streak}番。",
            "连庄: for each hand the dealer has kept, a win between the dealer and another seat carries "
            "{bonuses.streak} fan more.",
        )


def _payments_page(w: _Writer) -> None:
    b = w.rules.bonuses
    w.say(
        "自摸：其他三家各付；点炮：打出那张牌的人一家付。底分：每番{base}分。",
        "Self-drawn: each of the other three pays; off a discard: the discarder alone pays. Base (底分): one fan "
        "is worth {base}.",
    )
    if b.self_draw:
        w.say("自摸另加{bonuses.self_draw}番。", "A self-drawn win adds {bonuses.self_draw} fan.")
    if b.after_kong:
        w.say(
            "杠上开花：杠后补的牌自摸，另加{bonuses.after_kong}番"
            + ("，也算自摸。" if b.after_kong_is_self_draw and b.self_draw else "。"),
            "A win on a kong's replacement tile adds {bonuses.after_kong} fan"
            + (" and counts as self-drawn." if b.after_kong_is_self_draw and b.self_draw else "."),
        )
    if b.hot == "add" and b.hot_value:
        w.say(
            "热炮：刚杠完就打出别人胡的牌，那个豆不算，另付{bonuses.hot_value}番。",
            "Hot discard: dealing in right after your own kong voids that kong and costs {bonuses.hot_value} fan more.",
        )
    elif b.hot == "multiply":
        w.say(
            "热炮：刚杠完就打出别人胡的牌，打牌的人一家付牌型的{bonuses.hot_value}倍，刚杠的那个豆不算。",
            "Hot discard: dealing in right after your own kong, you alone pay {bonuses.hot_value} times the pattern, "
            "and that new kong is void.",
        )
    elif b.hot == "kong_worth":
        w.say(
            "热炮：刚杠完就点炮，赔那个豆的分。",
            "Hot discard: dealing in right after a kong pays what that kong was worth.",
        )
    if w.rules.play.rob_kong:
        if b.rob_kong_multiplier:
            pays_zh = "，被抢的人一家付牌型的{bonuses.rob_kong_multiplier}倍"
            pays_en = "; the robbed seat alone pays {bonuses.rob_kong_multiplier} times the pattern"
        elif b.rob_kong_pays_all:
            pays_zh, pays_en = "，被抢的人包三家", "; that seat pays for all three"
        else:
            pays_zh, pays_en = "，被抢的人付", "; the robbed seat pays"
        w.say(
            "抢杠：别人补杠的那张正好是你要的，可以抢来胡" + pays_zh + "。",
            "Robbing a kong: if the tile another seat adds to its pung wins for you, take it" + pays_en + ".",
        )
    if b.follow_dealer:
        w.say(
            "开局跟：庄家打的第一张牌，其他三家接着都打同一张，庄家付每家{bonuses.follow_dealer}番。",
            "开局跟 (following the dealer): when the dealer's first discard is followed by the same tile from all "
            "three others, the dealer pays each of them {bonuses.follow_dealer}.",
        )


PAGES: tuple[tuple[str, tuple[str, str], Callable[[_Writer], None]], ...] = (
    ("tiles", ("牌和写法", "The tiles"), _tiles_page),
    ("deal", ("骰子和抓牌", "Dice and the deal"), _deal_page),
    ("turn", ("一轮：摸、打、碰、杠", "A turn: draw, discard, pung, kong"), _turn_page),
    ("pass", ("通行证（豆）", "The pass (豆)"), _pass_page),
    ("patterns", ("牌型和番数", "Winning hands and their value"), _patterns_page),
    ("payments", ("谁付多少", "Who pays what"), _payments_page),
    ("chickens", ("鸡", "Chickens"), _chickens_page),
    ("ready", ("叫牌、报听、杀报", "Ready, 报听 and 杀报"), _ready_page),
    ("draw", ("黄庄和查叫", "The draw and 查叫"), _draw_page),
    ("dealer", ("庄家", "The dealer"), _dealer_page),
)


def guide_pages(rules: Ruleset) -> list[Page]:
    """Every page of the guide, with numbers filled in from `rules`."""
    out: list[Page] = []
    for key, (zh, en), build in PAGES:
        page = Page(key, Text(zh, en))
        build(_Writer(rules, page))
        out.append(page)
    return out


def template_digits() -> list[str]:
    """Digits written into the page templates by hand (outside `{fields}` and tile notation): should be none."""
    import inspect

    found: list[str] = []
    for _key, _title, build in PAGES:
        for m in re.finditer(r"\"([^\"\n]*)\"", inspect.getsource(build)):
            text = m.group(1)
            while re.search(r"\{[^{}]*\}", text):
                text = re.sub(r"\{[^{}]*\}", "", text)
            text = re.sub(r"[1-9]+[mps]", "", text)
            if re.search(r"\d", text):
                found.append(m.group(1))
    return found
