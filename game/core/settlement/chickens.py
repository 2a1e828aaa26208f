"""Chickens (鸡): the turned chicken, 常鸡, 金鸡, 冲锋鸡, 责任鸡, 包鸡, C's 鸡闷豆, and the §13 kinds (docs/rules.md
§8)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from game.core import rulings
from game.core.melds import KongKind
from game.core.ruleset import Ruleset
from game.core.settlement.context import SettleContext
from game.core.settlement.registry import register
from game.core.tiles import NUM_KINDS, WUGUJI, YAOJI, Tile, tile_name_zh, to_counts

_FIXED_NAMES = {YAOJI: ("幺鸡", "1s chicken"), WUGUJI: ("乌骨鸡", "8p chicken")}


# ChickenPart and ChickenScore are plain classes with Final fields, not frozen dataclasses: every
# rollout of the expert's search settles its hand, and a compiled plain class is built many times
# faster (a frozen dataclass's __init__ stays interpreted).


class ChickenPart:
    """One reason a tile is a chicken, and its fan per copy."""

    __slots__ = ("fan", "label", "rule")

    def __init__(self, rule: str, label: tuple[str, str], fan: int) -> None:
        self.rule: Final = rule
        self.label: Final = label
        self.fan: Final = fan


class ChickenScore:
    """Fan a seat's chickens earn from each payer, itemised."""

    __slots__ = ("fan", "label", "rule", "tiles")

    def __init__(self, rule: str, label: tuple[str, str], tiles: tuple[Tile, ...], fan: int) -> None:
        self.rule: Final = rule
        self.label: Final = label
        self.tiles: Final = tiles
        self.fan: Final = fan


def voided(ctx: SettleContext) -> bool:
    """吹风鸡 (docs/rules.md §13): turning the named tile voids every chicken score of the hand."""
    tile = ctx.rules.optional.chuifeng
    return tile is not None and ctx.result.flip == tile


def turned_chickens(ctx: SettleContext) -> list[Tile]:
    """The chickens the turned tile makes: one rank above (A七1), or below / both (摇摆鸡, 下鸡, docs/rules.md §13)."""
    return rulings.turned_chickens(ctx.result.flip, ctx.rules)


def chicken_table(ctx: SettleContext) -> dict[Tile, list[ChickenPart]]:
    """For each chicken tile this hand, why it is one and what a copy earns."""
    return chicken_parts(ctx.rules, ctx.result.flip, ctx.result.weekday)


def chicken_parts(rules: Ruleset, flip: Tile | None, weekday: int | None) -> dict[Tile, list[ChickenPart]]:
    """For each chicken tile of a hand with this turned tile and weekday, why it is one and what a copy earns
    (docs/rules.md §8, §13)."""
    ch = rules.chickens
    opt = rules.optional
    turned = rulings.turned_chickens(flip, rules)
    table: dict[Tile, list[ChickenPart]] = {}
    for t in dict.fromkeys([*ch.fixed, *turned]):
        if t in turned and t in ch.golden:
            # 金鸡 (A七3, G): the 常鸡 that is also the turned chicken counts at its golden value instead.
            parts = [ChickenPart("chicken.golden", ("金鸡", "golden chicken"), rulings.turned_chicken_fan(t, rules))]
        else:
            parts = []
            if t in ch.fixed:
                name = _FIXED_NAMES.get(t)
                zh, en = name if name is not None else (f"常鸡{tile_name_zh(t)}", "fixed chicken")
                parts.append(ChickenPart("chicken.fixed", (zh, en), ch.fixed[t]))
            if t in turned:
                fan = rulings.turned_chicken_fan(t, rules)
                parts.append(ChickenPart("chicken.turned", ("翻鸡", "turned chicken"), fan))
        table[t] = parts
    benji = rulings.benji_tile(flip, rules)
    if benji is not None:
        table.setdefault(benji, []).append(ChickenPart("chicken.benji", ("本鸡", "the turned tile"), opt.benji))
    if opt.xingqi and weekday is not None:
        for suit in rules.suit_indexes:
            t = suit * 9 + weekday - 1
            table.setdefault(t, []).append(ChickenPart("chicken.xingqi", ("星期鸡", "weekday chicken"), opt.xingqi))
    return {t: [p for p in parts if p.fan > 0] for t, parts in table.items() if any(p.fan > 0 for p in parts)}


def chicken_tiles(rules: Ruleset, flip: Tile | None, weekday: int | None = None) -> frozenset[Tile]:
    """The tiles that score as chickens in a hand with this turned tile (None: none yet) and weekday (docs/rules.md
    §8, §13): 常鸡, the turned chicken, 本鸡, 摇摆鸡, 星期鸡."""
    return frozenset(chicken_parts(rules, flip, weekday))


def fixed_value(rules: Ruleset, t: Tile) -> int:
    """Fan of one copy of `t` as a 常鸡, whatever is turned (docs/rules.md §8); 0 when it is none."""
    return rules.chickens.fixed.get(t, 0) or 0


def fixed_chickens(rules: Ruleset) -> tuple[tuple[Tile, int], ...]:
    """The 常鸡 and the fan of a copy of each, in tile order (docs/rules.md §8)."""
    return tuple(sorted(rules.chickens.fixed.items()))


def expected_copy_values(rules: Ruleset) -> list[float]:
    """Fan a copy of each kind is expected to earn from each payer before any tile is turned: 常鸡, and 1/27 of the
    turned chicken, a 常鸡 that is also the turned one at its golden value instead of both (金鸡, docs/rules.md §8)."""
    ch = rules.chickens
    out = [0.0] * NUM_KINDS
    if ch.flip:
        # Any kind is the turned chicken about one time in 27.
        for t in range(NUM_KINDS):
            out[t] += ch.flip_value / NUM_KINDS
    for t, fan in ch.fixed.items():
        out[t] += fan
        golden = ch.golden.get(t)
        if golden is not None and ch.flip:
            out[t] += (golden - fan - ch.flip_value) / NUM_KINDS
    return out


def copy_value(table: dict[Tile, list[ChickenPart]], t: Tile) -> int:
    """Fan of one plain copy of `t` (0 when it is no chicken)."""
    return sum(p.fan for p in table.get(t, ()))


def pond_counts(rules: Ruleset) -> bool:
    """Whether a seat's own discards count among its chickens (内外鸡 / 死鸡, 满堂鸡 of the pond, docs/rules.md §8,
    §13)."""
    return rules.chickens.scope == "all" or rules.optional.mantang == "discards"


def mantang(rules: Ruleset) -> bool:
    """满堂鸡 in either reading (docs/rules.md §13): discards count as chickens, or chickens double when all four seats
    hold one; either way a seat's chickens bear on the others' payments."""
    return rules.optional.mantang != "off"


def charge_kinds(rules: Ruleset) -> list[Tile]:
    """The tiles whose first discarded copy may be a 冲锋鸡 (docs/rules.md §8, §12.9); none where the rule is off."""
    ch = rules.chickens
    if ch.charge == "off":
        return []
    return list(ch.charge_values if ch.charge == "value" else ch.fixed)


def would_charge(rules: Ruleset, t: Tile, firsts: Collection[Tile]) -> bool:
    """Whether discarding `t` now makes a 冲锋鸡, `firsts` being the followed tiles already discarded once: the first
    copy of each, or with one 冲锋鸡 a hand, the first of them all (docs/rules.md §14)."""
    if t in firsts or (rules.chickens.charge_single and len(firsts) > 0):
        return False
    return t in charge_kinds(rules)


def charge_fan(rules: Ruleset, t: Tile, copy: int) -> int:
    """What a 冲锋鸡 of `t` earns from each payer, a plain copy of `t` being worth `copy` (docs/rules.md §8, §12.9):
    its own value (G) or a multiple of the copy's (H)."""
    ch = rules.chickens
    return (ch.charge_values.get(t, 0) or 0) if ch.charge == "value" else ch.charge_multiplier * copy


def _discards_count(ctx: SettleContext) -> bool:
    return pond_counts(ctx.rules)


def _scope_counts(ctx: SettleContext, seat: int) -> list[int]:
    """The tiles a seat's chickens are counted on (docs/rules.md §8, A一7, B8).

    手上鸡 / 活鸡: every tile the seat has not discarded, its concealed hand and its melds (a claimed
    chicken belongs to the claimer, §12.8); 内外鸡 / 死鸡: also its own discards.
    """
    s = ctx.result.seats[seat]
    counts = to_counts(s.concealed)
    for m in s.melds:
        counts[m.tile] += m.size
    if _discards_count(ctx):
        for t in s.discards:
            counts[t] += 1
    return counts


def seat_scores(ctx: SettleContext, seat: int, table: dict[Tile, list[ChickenPart]]) -> list[ChickenScore]:
    """What one seat's chickens earn from each payer, itemised (before 满堂鸡 doubling)."""
    ch = ctx.rules.chickens
    s = ctx.result.seats[seat]
    counts = _scope_counts(ctx, seat)
    scores: list[ChickenScore] = []
    if ch.concealed_kong:
        for m in s.melds:
            if m.kong is KongKind.CONCEALED and m.tile in table:
                # C's 鸡闷豆 stands in place of the four copies' own worth, never on top of it.
                counts[m.tile] -= 4
                label = ("鸡闷豆", "concealed kong of chickens")
                scores.append(ChickenScore("chicken.concealed_kong", label, (m.tile,) * 4, ch.concealed_kong))
    if ch.charge != "off":
        for t in charge_tiles(ctx):
            if charge_owner(ctx, t) != seat:
                continue
            # The charged copy stands in place of its own worth where the scope counts it: in the
            # discarder's pond (内外鸡), or in the claimer's meld when the charge passes (docs/rules.md §14);
            # where the charge stacks (GY1) the copy keeps its own worth as well.
            claimed = ctx.result.first_chicken_claimed_by.get(t) == seat
            if not ch.charge_stacks and (claimed or _discards_count(ctx)):
                if counts[t] <= 0:
                    continue
                counts[t] -= 1
            fan = charge_fan(ctx.rules, t, copy_value(table, t))
            scores.append(ChickenScore("chicken.charge", ("冲锋鸡", "first chicken discarded"), (t,), fan))
    for t, parts in table.items():
        if counts[t] > 0:
            for part in parts:
                scores.append(ChickenScore(part.rule, part.label, (t,) * counts[t], part.fan * counts[t]))
    return [sc for sc in scores if sc.fan > 0]


def charge_tiles(ctx: SettleContext) -> list[Tile]:
    """The tiles whose first discarded copy is a 冲锋鸡 (docs/rules.md §8, §12.9, §14)."""
    ch = ctx.rules.chickens
    tiles = charge_kinds(ctx.rules)
    first = next(iter(ctx.result.first_chicken), None)
    if ch.charge_single and first is not None:
        # One 冲锋鸡 a hand: where a hand file names both first chickens, the one named first (GY1).
        return [first] if first in tiles else []
    return tiles


def charge_owner(ctx: SettleContext, t: Tile) -> int | None:
    """The seat a 冲锋鸡 of `t` belongs to: its discarder while it lies in the pond; its claimer where the
    charge passes (docs/rules.md §14), or where it passes only to a claimer that ends ready, that claimer, else
    the discarder (GY1); nobody when it became 责任鸡 (G) or was won on."""
    d = ctx.result.first_chicken.get(t)
    if d is None:
        return None
    claimer = ctx.result.first_chicken_claimed_by.get(t)
    if claimer is not None:
        mode = ctx.rules.chickens.charge_claimed
        if mode == "passes_if_ready":
            return claimer if ctx.ready(claimer) else d
        return claimer if mode == "passes" else None
    return d if t in ctx.result.seats[d].discards else None


def charge_not_ready_fan(ctx: SettleContext, t: Tile) -> int:
    """What a discarder not ready pays each ready seat for its 冲锋鸡 of `t`: more when `t` is golden (GY1)."""
    ch = ctx.rules.chickens
    golden = t in ch.golden and t in turned_chickens(ctx)
    return ch.charge_not_ready_golden if golden and ch.charge_not_ready_golden else ch.charge_not_ready


def all_scores(ctx: SettleContext) -> list[list[ChickenScore]]:
    """Every seat's chicken scores this hand (seat_scores of each seat, one chicken table for all)."""
    table = chicken_table(ctx)
    return [seat_scores(ctx, seat, table) for seat in ctx.seats]


def _settle_counts(
    ctx: SettleContext, collectors: list[int], payers_of: dict[int, list[int]], scores: list[list[ChickenScore]]
) -> None:
    # 满堂鸡 (second reading, docs/rules.md §13): every chicken doubles when all four seats hold one.
    factor = 2 if ctx.rules.optional.mantang == "double" and all(scores[s] for s in ctx.seats) else 1
    # GY1: a ready owner's 冲锋鸡 is paid by each of the other three, not only by its chickens' payers.
    apart = ctx.rules.chickens.charge_payers == "others"
    for c in collectors:
        for payer in payers_of[c]:
            for sc in scores[c]:
                if not (apart and sc.rule == "chicken.charge"):
                    ctx.pay(payer, c, sc.fan * factor, sc.rule, sc.label, sc.tiles)
        for sc in scores[c] if apart else ():
            if sc.rule == "chicken.charge":
                for payer in ctx.others(c):
                    ctx.pay(payer, c, sc.fan * factor, sc.rule, sc.label, sc.tiles)


@register("chicken.count")
def count(ctx: SettleContext) -> None:
    """Each collecting seat's chickens, from each paying seat (A七1, C, E, G); none on a draw unless a rule says."""
    if voided(ctx) or not ctx.pays_out_extras():
        return
    ch = ctx.rules.chickens
    scores = all_scores(ctx)
    collectors = [s for s in ctx.seats if (ch.collectors == "every_seat" or ctx.ready(s)) and not ctx.burned(s)]

    def pays(p: int) -> bool:
        if ch.payers == "not_ready":
            return not ctx.ready(p)  # docs/rules.md §14: ready seats never pay each other
        return ch.payers == "others" or not scores[p]  # else only seats holding no chicken pay

    payers = {c: [p for p in ctx.others(c) if pays(p)] for c in collectors}
    _settle_counts(ctx, collectors, payers, scores)


@register("chicken.draw")
def on_draw(ctx: SettleContext) -> None:
    """G on a draw: each seat not ready pays each ready seat its chicken points (docs/rules.md §8, §12.13)."""
    if ctx.win is not None or ctx.rules.optional.keep_on_draw or not ctx.rules.chickens.draw_payment or voided(ctx):
        return
    ready = [s for s in ctx.seats if ctx.ready(s)]
    _settle_counts(ctx, ready, {r: [p for p in ctx.seats if not ctx.ready(p)] for r in ready}, all_scores(ctx))


@register("chicken.liability")
def liability(ctx: SettleContext) -> None:
    """责任鸡 (G, H, docs/rules.md §12.9): the first 1s / 8p discarded and then punged or konged costs its discarder."""
    values = ctx.rules.chickens.liability
    if not values or voided(ctx) or not ctx.pays_out_extras():
        return
    ch = ctx.rules.chickens
    collectors_all = ch.collectors == "every_seat"
    label = ("责任鸡", "chicken claimed" if ch.liability_every else "first chicken claimed")
    for t, fan in values.items():
        for discarder, claimer in _claims(ctx, t):
            if ctx.burned(claimer) or (ch.liability_not_ready_only and ctx.ready(discarder)):
                continue
            if collectors_all or ctx.ready(claimer):
                ctx.pay(discarder, claimer, fan, "chicken.liability", label, (t,))


def _claims(ctx: SettleContext, t: Tile) -> list[tuple[int, int]]:
    """(discarder, claimer) of the claimed copies of `t` that 责任鸡 follows: the first discarded copy (G),
    or every claimed copy, read from the melds' sources (docs/rules.md §14)."""
    if ctx.rules.chickens.liability_every:
        return [
            (m.source, s)
            for s in ctx.seats
            for m in ctx.result.seats[s].melds
            if m.tile == t and m.source is not None and m.source != s
        ]
    claimer = ctx.result.first_chicken_claimed_by.get(t)
    discarder = ctx.result.first_chicken.get(t)
    return [] if claimer is None or discarder is None else [(discarder, claimer)]


def charges_not_ready(ctx: SettleContext) -> list[tuple[Tile, int]]:
    """(tile, discarder) of each 冲锋鸡 still in the pond of a seat not ready (docs/rules.md §14)."""
    out = []
    for t in charge_tiles(ctx):
        d = charge_owner(ctx, t)
        # A charge that passed to its claimer is the claimer's; one that stayed with its discarder (GY1) is not.
        if d is not None and not ctx.ready(d) and d == ctx.result.first_chicken.get(t):
            out.append((t, d))
    return out


def not_ready_discard_counts(ctx: SettleContext, seat: int) -> dict[Tile, int]:
    """The 常鸡 copies a seat not ready discarded that every seat not ready pays for (docs/rules.md §14), leaving out a
    charged copy whose discarder pays its 冲锋鸡 price instead."""
    ch = ctx.rules.chickens
    counts = to_counts(ctx.result.seats[seat].discards)
    if ch.charge != "off" and ch.charge_not_ready:
        for t, d in charges_not_ready(ctx):
            # Only a charged copy still in the pond is left out; a claimed one has left it (GY1).
            if d == seat and t not in ctx.result.first_chicken_claimed_by:
                counts[t] -= 1
    return {t: counts[t] for t in ch.fixed if counts[t] > 0}


@register("chicken.charge_not_ready")
def charge_not_ready(ctx: SettleContext) -> None:
    """冲锋鸡 (docs/rules.md §14): a discarder still holding the charge that is not ready at the end pays each ready
    seat N."""
    if not ctx.rules.chickens.charge_not_ready or ctx.rules.chickens.charge == "off" or voided(ctx) or ctx.win is None:
        return
    for t, d in charges_not_ready(ctx):
        fan = charge_not_ready_fan(ctx, t)
        for r in ctx.others(d):
            if ctx.ready(r) and not ctx.burned(r):
                ctx.pay(d, r, fan, "chicken.charge_not_ready", ("冲锋鸡", "first chicken, not ready"), (t,))


@register("chicken.not_ready_discards")
def not_ready_discards(ctx: SettleContext) -> None:
    """docs/rules.md §14: every 常鸡 a seat that is not ready discarded is paid to each ready seat by every seat not
    ready; kept tiles and melds of a seat not ready never pay. A charged copy whose discarder pays its
    冲锋鸡 price instead is left out."""
    ch = ctx.rules.chickens
    if not ch.not_ready_discards or voided(ctx) or ctx.win is None:
        return
    table = chicken_table(ctx)
    not_ready = [s for s in ctx.seats if not ctx.ready(s)]
    ready = [s for s in ctx.seats if ctx.ready(s) and not ctx.burned(s)]
    label = ("未听牌者打出的鸡", "chicken discarded by a seat not ready")
    for n in not_ready:
        for t, copies in not_ready_discard_counts(ctx, n).items():
            fan = copies * copy_value(table, t)
            for p in not_ready:
                for r in ready:
                    ctx.pay(p, r, fan, "chicken.not_ready_discards", label, (t,) * copies)


@register("chicken.shown")
def shown(ctx: SettleContext) -> None:
    """包鸡 (G): when someone wins, a seat not ready pays each ready seat for each 常鸡 it has shown."""
    if not ctx.rules.chickens.shown_pay or ctx.win is None or voided(ctx):
        return
    table = chicken_table(ctx)
    for n in ctx.seats:
        if ctx.ready(n):
            continue
        s = ctx.result.seats[n]
        counts = to_counts(s.discards)
        for m in s.melds:
            counts[m.tile] += m.size
        for t in ctx.rules.chickens.fixed:
            fan = counts[t] * copy_value(table, t)
            for r in ctx.others(n):
                if ctx.ready(r) and not ctx.burned(r):
                    ctx.pay(n, r, fan, "chicken.shown", ("包鸡", "shown chickens, not ready"), (t,) * counts[t])
