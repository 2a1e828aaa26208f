"""Each seat's chickens explained: counted (what they earn and who pays) or not, and why; and the turned tile.

The counts come from the settlement's own functions (game.core.settlement.chickens), so a note can never
disagree with the ledger: a copy is "counted" exactly when `seat_scores` counts it (docs/rules.md §8, §14).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.core import rulings
from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.core.settlement.chickens import (
    ChickenPart,
    ChickenScore,
    charge_not_ready_fan,
    charges_not_ready,
    chicken_table,
    copy_value,
    not_ready_discard_counts,
    seat_scores,
    turned_chickens,
    voided,
)
from game.core.settlement.context import SettleContext
from game.core.tiles import Tile, format_tile, tile_name_zh
from game.learn.explain_words import Said, seat_en, seat_zh, tile_words


@dataclass(frozen=True, slots=True)
class ChickenNote:
    """One group of a seat's chicken tiles: where they lie, whether they count, and why."""

    seat: int
    tile: Tile
    where: str  # "hand", "meld" or "discard"
    copies: int
    counted: bool
    fan: int  # fan per copy from each payer when counted (a 冲锋鸡 or 鸡闷豆: the whole score), else 0
    payers: tuple[int, ...]
    said: Said
    each: int = 0  # what these copies earn from each payer in all (to each of `paid_to`, when set)
    paid_to: tuple[int, ...] = ()  # docs/rules.md §14: the ready seats a seat not ready's discards are paid to


def flip_note(result: HandResult, rules: Ruleset) -> Said:
    """The 翻鸡 row: the turned tile, the chicken it makes and its value, or why nothing was turned."""
    ch = rules.chickens
    if result.win is None:
        return Said("黄庄：无人胡牌，不翻鸡。", "A draw: nobody won, so no tile is turned.")
    if not ch.flip:
        return Said("本规则不翻鸡。", "This ruleset turns no chicken.")
    if result.flip is None:
        return Said("牌墙已空，没有牌可翻，本局无翻鸡。", "The wall is empty: no tile to turn, no turned chicken.")
    ctx = SettleContext(result, rules)
    fz, fe = tile_words(result.flip)
    if voided(ctx):
        return Said(
            f"翻出{fz}：吹风鸡，本局所有鸡作废。",
            f"Turned {fe}: 吹风鸡, every chicken of this hand is void.",
        )
    parts_zh: list[str] = []
    parts_en: list[str] = []
    for t in turned_chickens(ctx):
        cz, ce = tile_words(t)
        fan = rulings.turned_chicken_fan(t, rules)
        if t in ch.golden:
            parts_zh.append(f"{cz}是金鸡，每张{fan}番")
            parts_en.append(f"{ce} is a golden chicken, {fan} fan a copy")
        else:
            parts_zh.append(f"{cz}是翻鸡，每张{fan}番")
            parts_en.append(f"{ce} is the turned chicken, {fan} fan a copy")
    return Said(f"翻出{fz}：" + "，".join(parts_zh) + "。", f"Turned {fe}: " + "; ".join(parts_en) + ".")


def _held(result: HandResult, seat: int, table: Mapping[Tile, object]) -> list[tuple[Tile, str, int]]:
    """The chicken tiles a seat has, as (tile, where, copies), hand first, then melds, then discards."""
    s = result.seats[seat]
    out: list[tuple[Tile, str, int]] = []
    for t in table:
        for where, n in (
            ("hand", s.concealed.count(t)),
            ("meld", sum(m.size for m in s.melds if m.tile == t)),
            ("discard", s.discards.count(t)),
        ):
            if n:
                out.append((t, where, n))
    return out


_WHERE = {"hand": ("手里", "in hand"), "meld": ("碰杠", "in a meld"), "discard": ("打出", "discarded")}


def _payers(ledger: Ledger, seat: int, t: Tile, rules: frozenset[str] | None = None) -> tuple[int, ...]:
    """The seats that paid `seat` for chicken `t` (under `rules`, else under any counted chicken rule)."""
    counted = rules or _PLAIN_PART | {"chicken.charge", "chicken.concealed_kong"}
    return tuple(sorted({i.payer for i in ledger if i.payee == seat and i.rule in counted and t in i.tiles}))


def _counted_said(
    n: int, seat: int, t: Tile, where: str, copies: int, fan: int, payers: tuple[int, ...], kind: str
) -> Said:
    """ "East, 1s ×2 in hand: counted, 1 fan a copy from each of …", or its 冲锋鸡 / 鸡闷豆 form (`n` players)."""
    tz, te = tile_words(t)
    wz, we = _WHERE[where]
    # One payer (always so at two players, docs/rules.md §15.4) pays alone: "东付", "from East".
    who_zh = "、".join(seat_zh(p, n) for p in payers) + ("各付" if len(payers) > 1 else "付")
    who_en = ("from each of " if len(payers) > 1 else "from ") + ", ".join(seat_en(p, n) for p in payers)
    if not payers:
        # E: only seats holding no chicken pay, and every other seat holds one.
        who_zh, who_en = "但别家都有鸡，无人付", "but every other seat holds a chicken, so nobody pays"
    if kind == "charge" and where == "meld":
        return Said(
            f"{seat_zh(seat, n)}{wz}{tz}：冲锋鸡（本局第一张打出的鸡，被叫牌的人碰杠就归他），算{fan}番，{who_zh}。",
            f"{seat_en(seat, n)}, {te} {we}: the hand's first chicken discarded (冲锋鸡), passed to its ready "
            f"claimer, {fan} fan {who_en}.",
        )
    if kind == "charge":
        return Said(
            f"{seat_zh(seat, n)}{wz}{tz}：冲锋鸡（本局第一张打出的{tz}），算{fan}番，{who_zh}。",
            f"{seat_en(seat, n)}, {te} {we}: the hand's first {te} discarded (冲锋鸡), {fan} fan {who_en}.",
        )
    if kind == "kong":
        return Said(
            f"{seat_zh(seat, n)}{wz}{tz}×{copies}：鸡闷豆，四张一起算{fan}番，{who_zh}。",
            f"{seat_en(seat, n)}, {te} ×{copies} {we}: a concealed kong of chickens, {fan} fan for the four {who_en}.",
        )
    return Said(
        f"{seat_zh(seat, n)}{wz}{tz}×{copies}：算鸡，每张{fan}番，{who_zh}。",
        f"{seat_en(seat, n)}, {te} ×{copies} {we}: counted, {fan} fan a copy {who_en}.",
    )


def chicken_notes(result: HandResult, rules: Ruleset, ledger: Ledger) -> list[ChickenNote]:
    """Each seat's chicken tiles, counted (value, who pays) or not counted and why (docs/rules.md §8, §12.8, §14).

    Copies are counted exactly as `seat_scores` counts them: a 冲锋鸡 copy is a discard, a 鸡闷豆 is a
    meld, and the plain copies go to the hand first, then the melds, then the discards.
    """
    ctx = SettleContext(result, rules)
    table = chicken_table(ctx)
    notes: list[ChickenNote] = []
    for seat in ctx.seats:
        notes.extend(_seat_notes(ctx, ledger, seat, table))
    return notes


def _seat_scores(
    ctx: SettleContext, seat: int, table: dict[Tile, list[ChickenPart]], reason: Said | None
) -> list[ChickenScore]:
    """What `seat_scores` pays a seat, less what `reason` voids; a 冲锋鸡 paid by all three (GY1) survives
    the reason that nobody pays the seat's other chickens."""
    if reason is None:
        return seat_scores(ctx, seat, table)
    if ctx.rules.chickens.charge_payers != "others" or ctx.win is None or voided(ctx) or not ctx.ready(seat):
        return []
    if ctx.burned(seat):
        return []
    return [sc for sc in seat_scores(ctx, seat, table) if sc.rule == "chicken.charge"]


def _seat_notes(
    ctx: SettleContext, ledger: Ledger, seat: int, table: dict[Tile, list[ChickenPart]]
) -> list[ChickenNote]:
    """One seat's chicken notes (see chicken_notes)."""
    result, ch, players = ctx.result, ctx.rules.chickens, ctx.rules.players
    held = _held(result, seat, table)
    reason = _seat_reason(ctx, seat)
    special: dict[tuple[Tile, str], list[ChickenScore]] = {}
    plain: dict[Tile, int] = {}
    for sc in _seat_scores(ctx, seat, table, reason):
        if sc.rule == "chicken.charge":
            # docs/rules.md §14: a claimed 冲锋鸡 that passed to its claimer lies in the claimer's meld.
            claimed = result.first_chicken_claimed_by.get(sc.tiles[0]) == seat
            special.setdefault((sc.tiles[0], "meld" if claimed else "discard"), []).append(sc)
        elif sc.rule == "chicken.concealed_kong":
            special.setdefault((sc.tiles[0], "meld"), []).append(sc)
        elif sc.rule in _PLAIN_PART:  # one part per copy is enough to count the copies
            plain[sc.tiles[0]] = max(plain.get(sc.tiles[0], 0), len(sc.tiles))
    pond_rule = ch.not_ready_discards and ctx.win is not None and not voided(ctx)
    pond = _pond_notes(ctx, seat, table) if reason is not None and not voided(ctx) else {}
    notes: list[ChickenNote] = []
    for t, where, n in held:
        left = n
        if where == "discard" and t in pond:
            for note in pond.pop(t):
                notes.append(note)
                left -= note.copies
            if not left:
                continue
        for sc in special.pop((t, where), []):
            note = _special_note(ctx, ledger, seat, t, where, min(left, len(sc.tiles)), sc)
            notes.append(note)
            # GY1: a 冲锋鸡 that stacks leaves its copy to be counted as a plain chicken too.
            left -= 0 if sc.rule == "chicken.charge" and ch.charge_stacks else note.copies
        take = min(left, plain.get(t, 0))
        plain[t] = plain.get(t, 0) - take
        if take:
            fan = copy_value(table, t)
            payers = _payers(ledger, seat, t, _PLAIN_PART)
            said = _counted_said(players, seat, t, where, take, fan, payers, "plain")
            notes.append(ChickenNote(seat, t, where, take, True, fan, payers, said, fan * take))
            left -= take
        if left:
            why = reason or tile_reason(where, ch.scope, ch.not_ready_discards)
            if where == "discard" and pond_rule and not ctx.ready(seat):
                why = _pond_reason(ch.fixed)
            tz, te = tile_words(t)
            wz, we = _WHERE[where]
            said = Said(
                f"{seat_zh(seat, players)}{wz}{tz}×{left}：不算，{why.zh}",
                f"{seat_en(seat, players)}, {te} ×{left} {we}: not counted, {why.en}",
            )
            notes.append(ChickenNote(seat, t, where, left, False, 0, (), said))
    # A 冲锋鸡 that stayed with its discarder after a claim (GY1) has left the pond it is told under.
    notes.extend(note for group in pond.values() for note in group)
    notes.extend(
        _special_note(ctx, ledger, seat, t, where, 1, sc) for (t, where), group in special.items() for sc in group
    )
    return notes


def _special_note(
    ctx: SettleContext, ledger: Ledger, seat: int, t: Tile, where: str, copies: int, sc: ChickenScore
) -> ChickenNote:
    """The note of a 冲锋鸡 or a 鸡闷豆, with the seats that paid that very score."""
    payers = _payers(ledger, seat, t, frozenset({sc.rule}))
    kind = "charge" if sc.rule == "chicken.charge" else "kong"
    said = _counted_said(ctx.rules.players, seat, t, where, copies, sc.fan, payers, kind)
    return ChickenNote(seat, t, where, copies, True, sc.fan, payers, said, sc.fan)


# Each copy of a chicken carries every one of its parts; any one of them tells how many copies count.
_PLAIN_PART = frozenset({"chicken.fixed", "chicken.turned", "chicken.golden", "chicken.benji", "chicken.xingqi"})


def _seat_reason(ctx: SettleContext, seat: int) -> Said | None:
    """Why none of a seat's chickens count, or None when they may."""
    ch = ctx.rules.chickens
    if voided(ctx):
        return Said("吹风鸡：本局所有鸡作废。", "吹风鸡 turned: every chicken of the hand is void.")
    if ctx.win is None and not ctx.rules.optional.keep_on_draw:
        if not ch.draw_payment:
            return Said("黄庄不算鸡。", "no chickens are paid on a draw.")
        if not ctx.ready(seat):
            return Said("黄庄时没有叫牌，鸡不收分。", "not ready at the draw, so its chickens earn nothing.")
        if all(ctx.ready(s) for s in ctx.seats):
            return Said(
                "黄庄时只有没叫牌的人赔鸡，各家都叫牌，没人付。",
                "on a draw only seats not ready pay for chickens, and every seat is ready.",
            )
        return None
    if ctx.burned(seat):
        return Said(
            "被抢杠全烧，鸡和豆都不算。", "its kong was robbed (全烧): its chickens and kongs count for nothing."
        )
    if ch.collectors == "ready_or_won" and not ctx.ready(seat):
        if ch.payers == "not_ready":
            return Said(
                "没有叫牌：手里和碰杠的鸡不收分，也不赔（只有叫牌的人收鸡）。",
                "the seat is not ready: its chickens kept in hand or melds neither earn nor pay "
                "(only ready seats collect).",
            )
        return Said("没有叫牌（没听牌），鸡不收分。", "the seat is not ready, and only ready or winning seats collect.")
    if ch.payers == "not_ready" and all(ctx.ready(p) for p in ctx.others(seat)):
        # docs/rules.md §14: ready seats never pay each other.
        return Said(
            "只有没叫牌的人赔鸡，别家都叫牌了，没人付。",
            "only seats that are not ready pay for chickens, and every other seat is ready.",
        )
    return None


def _pond_notes(ctx: SettleContext, seat: int, table: dict[Tile, list[ChickenPart]]) -> dict[Tile, list[ChickenNote]]:
    """docs/rules.md §14: a seat not ready's discarded 常鸡 and its 冲锋鸡, as the settlement charges them."""
    ch = ctx.rules.chickens
    if ctx.win is None or ctx.ready(seat):
        return {}
    n = ctx.rules.players
    ready = tuple(r for r in ctx.seats if ctx.ready(r) and not ctx.burned(r))
    not_ready = tuple(p for p in ctx.seats if not ctx.ready(p))
    out: dict[Tile, list[ChickenNote]] = {}
    if ch.charge != "off" and ch.charge_not_ready:
        for t, d in charges_not_ready(ctx):
            if d != seat:
                continue
            tz, te = tile_words(t)
            to = tuple(r for r in ctx.others(seat) if r in ready)
            fan = charge_not_ready_fan(ctx, t)
            claimer = ctx.result.first_chicken_claimed_by.get(t)
            # GY1: claimed by a seat that ends not ready, the 冲锋鸡 stays with its discarder.
            by_zh = "" if claimer is None else f"（被没叫牌的{seat_zh(claimer, n)}碰杠，仍归{seat_zh(seat, n)}）"
            by_en = "" if claimer is None else f" (claimed by {seat_en(claimer, n)}, not ready, so it stays)"
            said = Said(
                f"{seat_zh(seat, n)}打出{tz}×1{by_zh}：冲锋鸡，但{seat_zh(seat, n)}没有叫牌，"
                f"赔给叫牌的{_names_zh(to, n)}各{fan}番。",
                f"{seat_en(seat, n)}, {te} ×1 discarded{by_en}: the hand's 冲锋鸡, but {seat_en(seat, n)} is not ready "
                f"and pays {fan} to each ready seat ({_names_en(to, n)}).",
            )
            out.setdefault(t, []).append(ChickenNote(seat, t, "discard", 1, True, fan, (seat,), said, fan, to))
    if ch.not_ready_discards:
        for t, copies in not_ready_discard_counts(ctx, seat).items():
            fan = copy_value(table, t)
            tz, te = tile_words(t)
            said = Said(
                f"{seat_zh(seat, n)}打出{tz}×{copies}：没有叫牌的人打出的鸡，每张{fan}番，"
                f"没叫牌的{_names_zh(not_ready, n)}各赔给叫牌的{_names_zh(ready, n)}。",
                f"{seat_en(seat, n)}, {te} ×{copies} discarded: a chicken discarded by a seat not ready, {fan} fan a "
                f"copy, paid by each seat not ready ({_names_en(not_ready, n)}) to each ready seat "
                f"({_names_en(ready, n)}).",
            )
            note = ChickenNote(seat, t, "discard", copies, True, fan, not_ready, said, fan * copies, ready)
            out.setdefault(t, []).append(note)
    return out


def _pond_reason(fixed: Mapping[Tile, int]) -> Said:
    """docs/rules.md §14: of a seat not ready's discards only its 常鸡 are paid; any other chicken discarded is not."""
    names_zh = "、".join(tile_name_zh(t) for t in fixed)
    names_en = ", ".join(format_tile(t) for t in fixed)
    return Said(
        f"没有叫牌的人打出的鸡只有常鸡（{names_zh}）才赔，这张不算。",
        f"of a seat not ready's discards only the fixed chickens ({names_en}) are paid, not this one.",
    )


def _names_zh(seats: tuple[int, ...], n: int) -> str:
    return "、".join(seat_zh(s, n) for s in seats) or "无人"


def _names_en(seats: tuple[int, ...], n: int) -> str:
    return ", ".join(seat_en(s, n) for s in seats) or "nobody"


def tile_reason(where: str, scope: str, daopei: bool) -> Said:
    """Why copies in this place do not count though the seat collects."""
    if where == "discard" and scope == "hand" and daopei:
        return Said(
            "叫牌的人打出的鸡不算（只有没叫牌的人打出的鸡才赔）。",
            "a ready seat's discarded chicken does not count (only a seat not ready's discards pay).",
        )
    if where == "discard" and scope == "hand":
        return Said("手上鸡：打出去的鸡不算。", "手上鸡: a chicken the seat discarded does not count.")
    return Said("本规则不算这里的鸡。", "this ruleset does not count a chicken there.")
