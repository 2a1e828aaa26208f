"""Payment sentences for kongs (豆): exposed, concealed, added and late (docs/rules.md §7)."""

from __future__ import annotations

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import LedgerItem
from game.learn.explain_words import Said, SentenceFn, item_tile_words, others_words, seat_words


def _kong_exposed(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    k = rules.kongs
    pz, pe = seat_words(item.payer, rules.players)
    tz, te = item_tile_words(item)
    return Said(
        f"点豆：用手里三张杠{pz}打出的{tz}，{pz}付{k.exposed}番；有叫才算。",
        f"Exposed kong of {te} off {pe}'s discard: {pe} pays {k.exposed} fan, paid only to a ready seat.",
    )


def _kong_concealed(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    k = rules.kongs
    tz, te = item_tile_words(item)
    oz, _oe = others_words(rules.players)
    return Said(
        f"闷豆：自己摸齐四张{tz}暗杠，{oz}各付{k.concealed}番；有叫才算。",
        f"Concealed kong of {te}: each other seat pays {k.concealed} fan, paid only to a ready seat.",
    )


def _kong_added(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    k = rules.kongs
    tz, te = item_tile_words(item)
    oz, _oe = others_words(rules.players)
    return Said(
        f"转弯豆：碰了{tz}后摸到第四张补杠，{oz}各付{k.added}番。",
        f"Added kong of {te} (a drawn tile on a pung): each other seat pays {k.added} fan.",
    )


def _kong_late(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    k = rules.kongs
    return Said(
        f"憨包豆：能杠时没杠，后来才杠，只付{k.late}番，但仍是通行证。",
        f"Late kong: declared later than it could have been, worth {k.late} fan, still a pass.",
    )


# The sentence of each rule id; None from a function: the plain fall-back sentence.
SENTENCES: dict[str, SentenceFn] = {
    "kong.exposed": _kong_exposed,
    "kong.concealed": _kong_concealed,
    "kong.added": _kong_added,
    "kong.late": _kong_late,
}
