"""The typed, frozen Ruleset: every value the rules of a variant need (docs/rules.md §11-§13).

Rulesets are YAML files in rulesets/, validated into these dataclasses at load time
(game/rules/loader.py); after loading, nothing reads YAML. Field names are the YAML keys.

Type hints drive validation: `TileName` fields are written in tile notation (`1s`),
`TileNames` as a tile string (`1s 8p`), and field metadata can restrict a mapping's keys
(`keys`) or a sequence's items (`choices`). A field with a default may be left out of a file.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Annotated, Generic, Literal, TypeVar

from game.core.tiles import COPIES, NUM_KINDS, SUITS, Tile

K = TypeVar("K")
V = TypeVar("V")


class FrozenMapping(Mapping[K, V], Generic[K, V]):
    """An immutable, hashable mapping: a Ruleset stays frozen and can be a dict key."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[K, V] | None = None) -> None:
        self._data: dict[K, V] = dict(data or {})
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    # `in` and get straight on the dict: Mapping's own go through __getitem__ and a caught KeyError,
    # and settlement asks them of the ruleset's tables for every hand it prices.
    def __contains__(self, key: object) -> bool:
        return key in self._data

    def get(self, key: K, default: V | None = None) -> V | None:  # type: ignore[override]
        return self._data.get(key, default)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMapping({self._data!r})"


# How many may sit at a table (docs/rules.md §15.2): 四人, 三丁拐, 二丁拐.
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)
MAX_PLAYERS = max(PLAYER_COUNTS)

# The seats' winds, and where each sits for a player, at each table size (docs/rules.md §15.2); written once here
# for every screen, command and explanation that names a seat. Winds: 0 东, 1 南, 2 西, 3 北.
WIND_NAMES: tuple[tuple[str, str], ...] = (("东", "East"), ("南", "South"), ("西", "West"), ("北", "North"))
# Each seat's wind, seat by seat in play order: at three the seats are 东, 南, 西; at two 东 and 西, face to face.
SEAT_WINDS: Mapping[int, tuple[int, ...]] = MappingProxyType({4: (0, 1, 2, 3), 3: (0, 1, 2), 2: (0, 2)})
# Where the seats after a player in play order sit for him: 0 himself, 1 下家 (on his right), 2 对家 (across),
# 3 上家 (on his left). At three the next seat is his 下家 and the one after his 上家, and no one sits across;
# at two the other player sits across.
SEAT_PLACES: Mapping[int, tuple[int, ...]] = MappingProxyType({4: (0, 1, 2, 3), 3: (0, 1, 3), 2: (0, 2)})


def seat_wind(players: int, seat: int) -> int:
    """The wind of `seat` at a table of `players` (0 东, 1 南, 2 西, 3 北; docs/rules.md §15.2)."""
    return SEAT_WINDS[players][seat % players]


def wind_name(players: int, seat: int, language: str) -> str:
    """The wind of `seat` at a table of `players` as a word: 东 南 西 北 ("zh"), East South West North ("en")."""
    zh, en = WIND_NAMES[seat_wind(players, seat)]
    return zh if language == "zh" else en


def seat_place(players: int, seat: int, viewer: int) -> int:
    """Where `seat` sits for the player at `viewer`: 0 himself, 1 下家, 2 对家, 3 上家 (docs/rules.md §15.2)."""
    return SEAT_PLACES[players][(seat - viewer) % players]


def place_seat(players: int, place: int, viewer: int) -> int | None:
    """The seat that sits at `place` (0 himself, 1 下家, 2 对家, 3 上家) for the player at `viewer`; None where no
    one sits (the side across at three, the sides at two)."""
    places = SEAT_PLACES[players]
    return (viewer + places.index(place)) % players if place in places else None


# Markers read by the loader: a tile written as `1s`, and several tiles written as `1s 8p`.
TILE_NOTATION = "tile"
TILES_NOTATION = "tiles"
TileName = Annotated[Tile, TILE_NOTATION]
TileNames = Annotated[tuple[Tile, ...], TILES_NOTATION]

# Pattern ids (docs/rules.md §5), the keys of `patterns` in a ruleset file.
PATTERN_IDS: tuple[str, ...] = (
    "pinghu",  # 平胡
    "dadui",  # 大对子
    "qidui",  # 七对 / 小七对
    "longqidui",  # 龙七对
    "qingyise",  # 清一色
    "qingdadui",  # 清大对
    "qingqidui",  # 清七对
    "qinglongbei",  # 青龙背
    "dandiao",  # 单钓 (G)
    "qingdandiao",  # 清单钓 (G)
    "dilongqi",  # 地龙七 (docs/rules.md §13): one exposed pung and five pairs, won on the pung's fourth tile
    "qingdilong",  # 清地龙 (docs/rules.md §13): 地龙七 in one suit
    "dadiaoche",  # 大吊车 (docs/rules.md §14): four melds on the table and a single wait, with no flush tier
    "jingoudiao",  # 金钩钓 (docs/rules.md §15.6): four melds on the table, won on the single tile's pair
    "qingjingou",  # 清金钩 (docs/rules.md §15.6): 金钩钓 in one suit
)

# Patterns from other tables (docs/rules.md §13, §14) that a ruleset file may leave out: then they are not scored.
OPTIONAL_PATTERN_IDS: tuple[str, ...] = ("dilongqi", "qingdilong", "dadiaoche", "jingoudiao", "qingjingou")

PATTERN_NAMES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "pinghu": ("平胡", "plain hand"),
        "dadui": ("大对子", "all pungs"),
        "qidui": ("七对", "seven pairs"),
        "longqidui": ("龙七对", "dragon seven pairs"),
        "qingyise": ("清一色", "flush"),
        "qingdadui": ("清大对", "flush all pungs"),
        "qingqidui": ("清七对", "flush seven pairs"),
        "qinglongbei": ("青龙背", "flush dragon pairs"),
        "dandiao": ("单钓", "single wait"),
        "qingdandiao": ("清单钓", "flush single wait"),
        "dilongqi": ("地龙七", "earth dragon seven (pung and five pairs)"),
        "qingdilong": ("清地龙", "flush earth dragon seven"),
        "dadiaoche": ("大吊车", "big crane (four melds, single wait)"),
        "jingoudiao": ("金钩钓", "golden hook (four melds, single wait)"),
        "qingjingou": ("清金钩", "flush golden hook"),
    }
)


@dataclass(frozen=True)
class TableRules:
    """Dice, wall and deal (docs/rules.md §2, §3)."""

    # Stacks of two per side, one side per player: the dealer's side first, then in play order (docs/rules.md §15.2).
    wall_stacks: tuple[int, ...]
    first_dealer: Literal["dice", "random"]
    # Counting seats from a roller (the roller is 1): toward the previous seat (A's
    # example) or toward the next seat in play order (F).
    count_direction: Literal["previous", "next"]
    # A: the sum picks the side, the smaller die the stacks skipped; F: the sum counts stacks.
    break_method: Literal["sum_and_smaller", "sum"]


@dataclass(frozen=True)
class PlayRules:
    """Turns, claims and the pass (docs/rules.md §4, §6, §12)."""

    declare_ready: bool  # 报听 allowed
    # Patterns that need a pass (a kong of one's own) to win off a discard.
    pass_patterns: tuple[str, ...] = field(metadata={"choices": PATTERN_IDS})
    pass_exempt_declared: bool  # a declared-ready seat needs no pass (A三1)
    pass_exempt_hot: bool  # winning on a hot discard needs no pass (A五1)
    pass_exempt_rob_kong: bool  # robbing a kong needs no pass (A五2)
    pass_exempt_declared_discard: bool  # 杀报: winning on a declared seat's discard (A三2)
    late_kong_is_pass: bool  # 憨包豆 still counts as a pass (G)
    multiple_winners: bool  # several seats may win on one discard
    rob_kong: bool  # 抢杠
    hot_discard_forced: bool  # B: every seat that can win on a hot discard must
    # What happens after a seat passes up a win on a discard: 包牌 (A), 过水, or nothing.
    passed_win: Literal["baopai", "guoshui", "none"]
    late_kong: bool  # track 憨包豆 (a kong declared later than it could have been)
    # A seat is ready at the end even when all four copies of its wait are its own (docs/rules.md §14);
    # off: such a wait does not count (docs/rules.md §5).
    ready_own_four: bool = False
    # 定缺 (docs/rules.md §15.3): after the deal each player names a suit; holding a tile of it, no win.
    dingque: bool = False
    dingque_blocks_pung: bool = False  # nor a pung or kong of a discard of that suit (one server's reading)


@dataclass(frozen=True)
class DealerRules:
    """Who deals the next hand (docs/rules.md §10)."""

    # Two winners on one discard: the discarder deals, or the first winner counted
    # from the last dealer in play order (I).
    two_winners: Literal["discarder", "first_from_dealer"]
    three_winners: Literal["discarder", "first_from_dealer"]
    # A draw: the dealer keeps the deal, or C's rule (a ready dealer keeps it, else the
    # nearest ready seat after him; three ready and one not, the one not ready).
    draw: Literal["keep", "nearest_ready"]


@dataclass(frozen=True)
class BonusRules:
    """Fans added to a winner's pattern value, and who carries them (docs/rules.md §7, §12.1-§12.6)."""

    self_draw: int  # 自摸, from each payer
    after_kong: int  # 杠上开花 / 杠开
    after_kong_is_self_draw: bool  # 杠开 also earns the 自摸 fan (§12.5)
    rob_kong_is_self_draw: bool  # 抢杠 earns the 自摸 fan (§12.4)
    # 报听 win: "at_least" lifts the pattern value to declared_win_value (A), "add" adds it (G).
    declared_win: Literal["none", "at_least", "add"]
    declared_win_value: int
    kill_declared: int  # 杀报: a declared seat that deals in pays this on top (A三2); 0 off
    # Every win payment between the dealer and another seat carries dealer + streak * s fan,
    # s being the hands the dealer has already kept (A6: 0 + s; I9: 1 + s).
    dealer: int
    streak: int
    # 热炮: "add" pays hot_value more; "kong_worth" pays what the voided kong would have earned (C);
    # "multiply": the discarder pays hot_value times the winner's hand value (docs/rules.md §14: 2).
    hot: Literal["add", "kong_worth", "multiply"]
    hot_value: int
    rob_kong_pays_all: bool  # 抢杠: the robbed seat pays what all three would pay (A五2)
    rob_kong_burns: bool  # 全烧 (G): the robbed seat's chickens and kongs count for nothing
    heavenly: int  # 天胡: the dealer wins on the deal
    earthly: int  # 地胡: a non-dealer wins on its first draw or the first discard
    # 天胡 / 地胡 add to the pattern value (G), or replace it, the higher of the two counting (docs/rules.md §14).
    first_turn: Literal["add", "replace"] = "add"
    first_turn_self_draw_only: bool = False  # 天胡 / 地胡 count only on a self-draw (docs/rules.md §14)
    # The 报听 value when the dealer declares; None: declared_win_value for every seat. docs/rules.md §14:
    # the dealer's 报听 17, another seat's 天听 34.
    declared_win_value_dealer: int | None = None
    # 抢杠: the robbed seat alone pays this many times the winner's hand value (docs/rules.md §14: 4); 0 off.
    rob_kong_multiplier: int = 0
    # 开局跟: the dealer's first discard followed by the same tile from all three others; the
    # dealer pays each of them this (docs/rules.md §14: 4); 0 off.
    follow_dealer: int = 0


@dataclass(frozen=True)
class KongRules:
    """Kong (豆) payments at the end of a won hand (docs/rules.md §7 table)."""

    exposed: int  # 点豆, paid by the discarder
    concealed: int  # 闷豆, paid by each other seat
    added: int  # 转弯豆, paid by each other seat
    late: int  # 憨包豆 (G), paid by each other seat
    # 双杀 / 杀鸡杀杠: only seats that won or are ready collect; or every seat.
    paid_to: Literal["ready_or_won", "every_seat"]
    # A seat not ready at the end: its kongs are void, or it pays them back (倒赔, docs/rules.md §14) to
    # each ready opponent (an exposed kong to its feeder, if ready).
    not_ready: Literal["void", "pay_back"] = "void"


@dataclass(frozen=True)
class ChickenRules:
    """Chickens (鸡) at the end of a hand (docs/rules.md §8, §12.8, §12.9)."""

    flip: bool  # 翻鸡: turn the next tile after a win; one rank above it is the chicken
    flip_value: int  # each turned chicken
    fixed: Mapping[TileName, int]  # 常鸡: always chickens, with their value
    golden: Mapping[TileName, int]  # 金鸡: the value of a 常鸡 when it is also the turned chicken
    # 手上鸡 / 活鸡: every tile not discarded (concealed hand and melds); 内外鸡 / 死鸡: also own discards.
    scope: Literal["hand", "all"]
    collectors: Literal["ready_or_won", "every_seat"]  # C counts every seat's chickens
    # Who pays a collector's chickens: each other seat; E: the seats that hold none; docs/rules.md §14:
    # only the seats that are not ready (ready seats never pay each other).
    payers: Literal["others", "holding_none", "not_ready"]
    concealed_kong: int  # C: four chickens konged concealed earn this instead; 0 off
    # 冲锋鸡: the first discarded copy of a tile is worth charge_values (G) or charge_multiplier
    # times its value (H); "off" leaves it a plain chicken.
    charge: Literal["off", "value", "multiplier"]
    charge_values: Mapping[TileName, int]
    charge_multiplier: int
    liability: Mapping[TileName, int]  # 责任鸡: that first copy claimed, its discarder pays the claimer
    shown_pay: bool  # 包鸡 (G): a seat not ready pays the ready seats for the 常鸡 it has shown
    draw_payment: bool  # G: on a draw the seats not ready pay the ready ones their chickens
    # One 冲锋鸡 per hand: the first of the followed chickens discarded, whichever comes first (docs/rules.md §14).
    charge_single: bool = False
    # The first chicken punged or konged: it becomes 责任鸡 (G), or its charge passes to the
    # claimer, if ready (docs/rules.md §14); passes_if_ready: to a claimer ready at the end, else it stays
    # with its discarder (docs/rules.md §14, GY1).
    charge_claimed: Literal["liability", "passes", "passes_if_ready"] = "liability"
    charge_not_ready: int = 0  # a 冲锋鸡 discarder not ready pays each ready seat this (docs/rules.md §14: 2); 0 off
    # The same when the charged tile is golden (docs/rules.md §14, GY1: 4); 0: as above.
    charge_not_ready_golden: int = 0
    # 冲锋鸡 is paid on top of the charged copy's own worth, not in place of it (docs/rules.md §14, GY1).
    charge_stacks: bool = False
    # Who pays a ready owner's 冲锋鸡: the seats that pay its other chickens, or each of the other
    # three, ready or not and the winner too (docs/rules.md §14, GY1).
    charge_payers: Literal["chickens", "others"] = "chickens"
    # With charge_single, a hand file may still name the first 1s and the first 8p both; the one
    # written first is the 冲锋鸡 (docs/rules.md §14, GY1).
    first_chicken_each: bool = False
    liability_every: bool = False  # 责任鸡 on every claimed copy, not only the first (docs/rules.md §14)
    liability_not_ready_only: bool = False  # 责任鸡 only when the discarder is not ready (docs/rules.md §14)
    # A not-ready seat's discarded 常鸡 are paid to each ready seat by every not-ready seat (docs/rules.md §14).
    not_ready_discards: bool = False


@dataclass(frozen=True)
class DrawRules:
    """A hand with no winner (黄庄, docs/rules.md §9)."""

    chajiao: bool  # 黄庄查叫: each seat not ready pays each ready seat its best wait value


@dataclass(frozen=True)
class OptionalRules:
    """Rules players know from other Guiyang tables (docs/rules.md §13); each default is off."""

    benji: int = 0  # 本鸡: the turned tile itself is a chicken of this value
    # 摇摆鸡 / 上下鸡: the tiles above and below the turned tile are chickens; 下鸡: below only.
    yaobai: Literal["off", "both", "below"] = "off"
    xingqi: int = 0  # 星期鸡: on weekday n the tiles of rank n are chickens of this value
    # 满堂鸡: discards count as chickens too, or chicken points double when all four hold one.
    mantang: Literal["off", "discards", "double"] = "off"
    chuifeng: TileName | None = None  # 吹风鸡: turning this tile voids the hand's chickens
    yikouer: int = 0  # 一扣二: this many fan more on a self-drawn 平胡
    tongsan: int = 0  # 通三: 平胡 is worth this many fan; 0 keeps the pattern table's value
    keep_on_draw: bool = False  # 黄庄不黄鸡杠: chickens and kongs still paid on a draw


@dataclass(frozen=True)
class Ruleset:
    """One variant, as loaded from rulesets/NAME.yaml."""

    name: str = field(metadata={"yaml": False})  # the file stem
    title_zh: str
    title_en: str
    seeds: tuple[str, ...]  # seed tags of docs/rules.md (A-I)
    base: int  # 底分: every amount is fan times this
    table: TableRules
    play: PlayRules
    dealer: DealerRules
    # Pattern id -> fan, or None where the variant does not use the pattern.
    patterns: Mapping[str, int | None] = field(metadata={"keys": PATTERN_IDS, "optional_keys": OPTIONAL_PATTERN_IDS})
    bonuses: BonusRules
    kongs: KongRules
    chickens: ChickenRules
    draw: DrawRules
    optional: OptionalRules = field(default_factory=OptionalRules)
    # The seats at the table: 4, or 3 (三丁拐) and 2 (二丁拐), docs/rules.md §15.2.
    players: int = 4
    # The suits in play (docs/rules.md §15.1): all three (108 tiles), or 条 and 筒 alone (72).
    suits: tuple[str, ...] = field(default=tuple(SUITS), metadata={"choices": tuple(SUITS)})

    @functools.cached_property
    def kinds(self) -> tuple[Tile, ...]:
        """The tile kinds in play, in tile order (docs/rules.md §15.1)."""
        return tuple(t for t in range(NUM_KINDS) if SUITS[t // 9] in self.suits)

    @functools.cached_property
    def in_play(self) -> tuple[bool, ...]:
        """For each of the 27 kinds, whether it is in play (docs/rules.md §15.1)."""
        return tuple(SUITS[t // 9] in self.suits for t in range(NUM_KINDS))

    @functools.cached_property
    def wall_size(self) -> int:
        """How many tiles the wall holds at the deal: four of each kind in play."""
        return len(self.kinds) * COPIES

    @functools.cached_property
    def suit_indexes(self) -> tuple[int, ...]:
        """The suits in play as indexes 0 (m), 1 (p), 2 (s)."""
        return tuple(i for i, s in enumerate(SUITS) if s in self.suits)

    def wind(self, seat: int) -> int:
        """The wind of `seat` at this table (0 东, 1 南, 2 西, 3 北; docs/rules.md §15.2)."""
        return seat_wind(self.players, seat)

    def title(self, language: str) -> str:
        """The variant's title in `language` ("zh", else English)."""
        return self.title_zh if language == "zh" else self.title_en

    def others(self, seat: int) -> tuple[int, ...]:
        """The other seats in play order after `seat` (who answers its discard, first to last)."""
        n = self.players
        return tuple((seat + k) % n for k in range(1, n))

    def pattern_values(self) -> dict[str, int]:
        """The patterns this variant scores, with their fan (通三 applied); a fresh dict each call."""
        return dict(self._pattern_values)

    @functools.cached_property
    def _pattern_values(self) -> dict[str, int]:
        # Worked out once per ruleset: every settlement asks for it, and a search settles
        # thousands of hands a second.
        values = {k: v for k, v in self.patterns.items() if v is not None}
        if self.optional.tongsan and "pinghu" in values:
            values["pinghu"] = self.optional.tongsan
        return values
