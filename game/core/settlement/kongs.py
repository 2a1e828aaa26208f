"""Kong (豆) payments: 点豆, 闷豆, 转弯豆, 憨包豆 (docs/rules.md §7 table, §12.10)."""

from __future__ import annotations

from game.core.melds import KongKind
from game.core.settlement.context import SettleContext, kong_payment
from game.core.settlement.registry import register

_LABELS = {
    KongKind.EXPOSED: ("点豆", "exposed kong"),
    KongKind.CONCEALED: ("闷豆", "concealed kong"),
    KongKind.ADDED: ("转弯豆", "added kong"),
}


@register("kong")
def kongs(ctx: SettleContext) -> None:
    """Each scoring kong of a seat that won or is ready (双杀, A一7) is paid; none on a draw (A六1)."""
    if not ctx.pays_out_extras():
        return
    k = ctx.rules.kongs
    for seat in ctx.seats:
        if ctx.burned(seat):
            continue
        if k.paid_to == "ready_or_won" and not ctx.ready(seat):
            if k.not_ready == "pay_back":
                pay_back(ctx, seat)
            continue
        for meld in ctx.kong_melds(seat):
            assert meld.kong is not None
            tiles = (meld.tile,) * 4
            fan, _payers = kong_payment(ctx.rules, meld.kong, meld.late)
            if meld.late:
                for p in ctx.others(seat):
                    ctx.pay(p, seat, fan, "kong.late", ("憨包豆", "late kong"), tiles)
            elif meld.kong is KongKind.EXPOSED:
                if meld.source is not None:
                    ctx.pay(meld.source, seat, fan, "kong.exposed", _LABELS[meld.kong], tiles)
            else:
                # (Not built from the kind's .value: an enum's value is read through Python code.)
                rule = "kong.concealed" if meld.kong is KongKind.CONCEALED else "kong.added"
                for p in ctx.others(seat):
                    ctx.pay(p, seat, fan, rule, _LABELS[meld.kong], tiles)


def pay_back(ctx: SettleContext, seat: int) -> None:
    """倒赔 (docs/rules.md §14): a seat not ready at the end pays each ready opponent what its kongs would have
    earned from it; an exposed kong's feeder alone, if ready."""
    label = ("倒赔", "kong paid back, not ready")
    ready = [r for r in ctx.others(seat) if ctx.ready(r) and not ctx.burned(r)]
    for meld in ctx.kong_melds(seat):
        assert meld.kong is not None
        tiles = (meld.tile,) * 4
        fan, _payers = kong_payment(ctx.rules, meld.kong, meld.late)
        if meld.kong is KongKind.EXPOSED and not meld.late:
            if meld.source in ready:
                ctx.pay(seat, meld.source, fan, "kong.pay_back", label, tiles)
            continue
        for r in ready:
            ctx.pay(seat, r, fan, "kong.pay_back", label, tiles)
