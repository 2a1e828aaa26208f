"""The winner's pattern value and who pays it (docs/rules.md §5, §7; 抢杠 §12.4; 包牌 §4)."""

from __future__ import annotations

from game.core.settlement.context import SettleContext
from game.core.settlement.registry import register


@register("win.pattern")
def pattern(ctx: SettleContext) -> None:
    """Each payer pays each winner its pattern fan: self-drawn all three, a discard the discarder (A二)."""
    if ctx.win is None:
        return
    for w in ctx.winners:
        hand = ctx.hands[w]
        for payer, share in ctx.win_payments(w):
            ctx.pay(payer, w, hand.value, "win.pattern", hand.label, (ctx.win.tile,), share if share != payer else None)


@register("penalty.baopai")
def baopai(ctx: SettleContext) -> None:
    """包牌 (A八1): a seat that passed a win and then won on a discard pays each other seat its hand value."""
    if ctx.rules.play.passed_win != "baopai" or ctx.win is None:
        return
    for w in ctx.result.baopai:
        if ctx.won(w):
            for p in ctx.others(w):
                ctx.pay(w, p, ctx.hand_value(w), "penalty.baopai", ("包牌", "passed a win, pays all"), (ctx.win.tile,))
