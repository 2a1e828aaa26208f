"""黄庄查叫: on a draw, each seat not ready pays each ready seat that seat's best wait (docs/rules.md §9, §12.7)."""

from __future__ import annotations

from game.core.hand import best_wait_value
from game.core.ruleset import PATTERN_NAMES
from game.core.settlement.context import SettleContext
from game.core.settlement.registry import register
from game.core.tiles import to_counts


@register("draw.chajiao")
def chajiao(ctx: SettleContext) -> None:
    """Nobody or everybody ready: nothing; otherwise the not-ready pay the ready their best pattern (A六)."""
    if ctx.win is not None or not ctx.rules.draw.chajiao:
        return
    ready = [s for s in ctx.seats if ctx.ready(s)]
    if len(ready) in (0, len(ctx.seats)):
        return
    for r in ready:
        s = ctx.result.seats[r]
        best = best_wait_value(to_counts(s.concealed), s.melds, ctx.values, own_four=ctx.rules.play.ready_own_four)
        if best is None:
            continue
        pid, fan = best
        zh, en = PATTERN_NAMES[pid]
        for p in ctx.seats:
            if not ctx.ready(p):
                ctx.pay(p, r, fan, "draw.chajiao", (f"查叫 {zh}", f"ready on a draw: {en}"))
