"""Kong (豆) payments: 点豆, 闷豆, 转弯豆, 憨包豆 (RULES §7 table, §12.10)."""

from __future__ import annotations

from game.melds import KongKind
from game.settlement.context import SettleContext
from game.settlement.registry import register

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
    for seat in range(4):
        if (k.paid_to == "ready_or_won" and not ctx.ready(seat)) or ctx.burned(seat):
            continue
        for meld in ctx.kong_melds(seat):
            assert meld.kong is not None
            tiles = (meld.tile,) * 4
            if meld.late:
                for p in ctx.others(seat):
                    ctx.pay(p, seat, k.late, "kong.late", ("憨包豆", "late kong"), tiles)
            elif meld.kong is KongKind.EXPOSED:
                if meld.source is not None:
                    ctx.pay(meld.source, seat, k.exposed, "kong.exposed", _LABELS[meld.kong], tiles)
            else:
                fan = k.concealed if meld.kong is KongKind.CONCEALED else k.added
                for p in ctx.others(seat):
                    ctx.pay(p, seat, fan, f"kong.{meld.kong.value}", _LABELS[meld.kong], tiles)
