"""Fans added to a win, each carried by the same payers as the pattern unless said (docs/rules.md §7, §12.1-§12.6)."""

from __future__ import annotations

from game.core.melds import Meld
from game.core.result import WinHow
from game.core.settlement.context import SettleContext, kong_payment
from game.core.settlement.registry import register


def _each_payment(ctx: SettleContext, rule: str, label: tuple[str, str], fan_of: dict[int, int]) -> None:
    """Add `fan_of[winner]` to every win payment of each winner in `fan_of`."""
    if ctx.win is None:
        return
    for w, fan in fan_of.items():
        for payer, share in ctx.win_payments(w):
            ctx.pay(payer, w, fan, rule, label, (ctx.win.tile,), share if share != payer else None)


@register("bonus.declared_win")
def declared_win(ctx: SettleContext) -> None:
    """报听 win: the pattern counts as at least N (A三1) or N is added (G), docs/rules.md §12.1."""
    mode = ctx.rules.bonuses.declared_win
    label = ("报听", "declared ready, counts as at least") if mode == "at_least" else ("报听", "declared ready")
    _each_payment(ctx, "bonus.declared_win", label, {w: ctx.declared_extra(w) for w in ctx.winners})


@register("bonus.self_draw")
def self_draw(ctx: SettleContext) -> None:
    """自摸: a self-drawn win (杠开 and 抢杠 as the ruleset says) earns N more (B4, E)."""
    if ctx.self_drawn():
        _each_payment(
            ctx, "bonus.self_draw", ("自摸", "self-drawn"), dict.fromkeys(ctx.winners, ctx.rules.bonuses.self_draw)
        )


@register("bonus.after_kong")
def after_kong(ctx: SettleContext) -> None:
    """杠上开花: a win on a kong's replacement tile earns N more (A二(二)2, B5, C)."""
    if ctx.how() is WinHow.AFTER_KONG:
        fan = ctx.rules.bonuses.after_kong
        _each_payment(
            ctx, "bonus.after_kong", ("杠上开花", "win on a kong replacement"), dict.fromkeys(ctx.winners, fan)
        )


@register("bonus.first_turn")
def first_turn(ctx: SettleContext) -> None:
    """天胡 (the dealer on the deal) and 地胡 (a non-dealer at once): +N (docs/rules.md §5, §13), or the higher of N
    and the hand's value (docs/rules.md §14)."""
    if ctx.win is None or not ctx.win.first_turn:
        return
    replace = ctx.rules.bonuses.first_turn == "replace"
    for w in ctx.winners:
        fan = ctx.first_turn_extra(w) if replace else ctx.first_turn_value(w)
        if w == ctx.result.dealer:
            _each_payment(ctx, "bonus.heavenly", ("天胡", "heavenly win"), {w: fan})
        else:
            _each_payment(ctx, "bonus.earthly", ("地胡", "earthly win"), {w: fan})


@register("bonus.yikouer")
def yikouer(ctx: SettleContext) -> None:
    """一扣二 (docs/rules.md §13): a self-drawn 平胡 earns N more."""
    fan = ctx.rules.optional.yikouer
    if fan and ctx.self_drawn():
        plain = {w: fan for w in ctx.winners if ctx.hands[w].pattern == "pinghu"}
        _each_payment(ctx, "bonus.yikouer", ("一扣二", "self-drawn plain hand"), plain)


def kong_worth(ctx: SettleContext, meld: Meld) -> int:
    """What a kong would have earned in all (docs/rules.md §12.6): its value times the seats that pay it."""
    assert meld.kong is not None
    fan, payers = kong_payment(ctx.rules, meld.kong, meld.late)
    return fan * payers


@register("bonus.hot")
def hot(ctx: SettleContext) -> None:
    """热炮: the discarder who had just konged pays each winner N more (A五1, B6, G) or the kong's worth (C)."""
    win = ctx.win
    if win is None or not win.hot or win.how is not WinHow.DISCARD or win.discarder is None:
        return
    b = ctx.rules.bonuses
    if b.hot == "add":
        fan = b.hot_value
    elif b.hot == "kong_worth":
        fan = kong_worth(ctx, ctx.result.hot_kong) if ctx.result.hot_kong is not None else 0
    tiles = (win.tile,) if ctx.result.hot_kong is None else (ctx.result.hot_kong.tile,) * 4
    for w in ctx.winners:
        if b.hot == "multiply":
            # docs/rules.md §14: the discarder pays the hand value hot_value times; the pattern item is the first.
            fan = (b.hot_value - 1) * ctx.hand_value(w)
        if ctx.win_payments(w):
            ctx.pay(win.discarder, w, fan, "bonus.hot", ("热炮", "dealt in right after a kong"), tiles)


@register("bonus.rob_kong")
def rob_kong(ctx: SettleContext) -> None:
    """抢杠 as a multiple (docs/rules.md §14): the robbed seat alone pays the hand value N times; the pattern item is
    one."""
    m = ctx.rules.bonuses.rob_kong_multiplier
    win = ctx.win
    if m < 2 or win is None or win.how is not WinHow.ROB_KONG or win.discarder is None:
        return
    for w in ctx.winners:
        if ctx.win_payments(w):
            ctx.pay(
                win.discarder,
                w,
                (m - 1) * ctx.hand_value(w),
                "bonus.rob_kong",
                ("抢杠", f"kong robbed, x{m}"),
                (win.tile,),
            )


@register("bonus.follow_dealer")
def follow_dealer(ctx: SettleContext) -> None:
    """开局跟 (docs/rules.md §14): the dealer's first discard followed by the same tile from all three; the dealer
    pays each of them N, whether the hand is won or drawn."""
    fan = ctx.rules.bonuses.follow_dealer
    if fan and ctx.result.dealer_followed:
        d = ctx.result.dealer
        for p in ctx.others(d):
            ctx.pay(d, p, fan, "bonus.follow_dealer", ("开局跟", "dealer's first discard followed by all"))


@register("bonus.kill_declared")
def kill_declared(ctx: SettleContext) -> None:
    """杀报 (A三2, docs/rules.md §12.2): a declared seat that deals in pays each winner N on top; not on a self-draw."""
    win = ctx.win
    if win is None or win.how is not WinHow.DISCARD or win.discarder is None:
        return
    if not ctx.result.seats[win.discarder].declared_ready:
        return
    for w in ctx.winners:
        if ctx.win_payments(w):
            ctx.pay(
                win.discarder,
                w,
                ctx.rules.bonuses.kill_declared,
                "bonus.kill_declared",
                ("杀报", "declared seat dealt in"),
            )


@register("bonus.dealer")
def dealer(ctx: SettleContext) -> None:
    """Dealer and 连庄 (A6, I9, docs/rules.md §12.3): each win payment between the dealer and another seat carries d + s
    fan."""
    b = ctx.rules.bonuses
    fan = b.dealer + b.streak * ctx.result.streak
    d = ctx.result.dealer
    if not fan or ctx.win is None:
        return
    label = ("庄家", "dealer") if not ctx.result.streak else ("连庄", f"dealer, {ctx.result.streak} kept")
    for w in ctx.winners:
        for payer, share in ctx.win_payments(w):
            if w == d or share == d:
                ctx.pay(payer, w, fan, "bonus.dealer", label, (), share if share != payer else None)
