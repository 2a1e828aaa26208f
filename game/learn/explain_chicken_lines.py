"""Payment sentences for chickens: fixed, turned, golden, 冲锋鸡, 责任鸡, 包鸡 and the rest (docs/rules.md §8, §14)."""

from __future__ import annotations

from game.core import rulings
from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import LedgerItem
from game.core.table_words import table_words
from game.core.tiles import Tile
from game.learn.explain_words import Said, SentenceFn, item_tile, seat_words, tile_words


def _chicken_fixed(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said | None:
    ch = rules.chickens
    tile = item_tile(item)
    tz, te = tile_words(tile) if tile is not None else ("", "")
    if tile is not None and ch.payers == "not_ready":
        return Said(
            f"常鸡：{tz}永远是鸡，每张{ch.fixed.get(tile, item.fan)}番，只有没叫牌的人付给叫牌的人。",
            f"Fixed chicken: {te} is always a chicken, {ch.fixed.get(tile, item.fan)} fan a copy, paid only by the "
            "seats not ready to a ready seat.",
        )
    if tile is not None:
        pays = table_words(rules.players).from_each
        return Said(
            f"常鸡：{tz}永远是鸡，每张{ch.fixed.get(tile, item.fan)}番，{pays.zh}。",
            f"Fixed chicken: {te} is always a chicken, {ch.fixed.get(tile, item.fan)} fan a copy {pays.en}.",
        )
    return None


def _chicken_golden(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said | None:
    tile = item_tile(item)
    tz, te = tile_words(tile) if tile is not None else ("", "")
    if tile is not None:
        return Said(
            f"金鸡：翻出的鸡正好是{tz}，每张按{rulings.turned_chicken_fan(tile, rules)}番算。",
            f"Golden chicken: the turned chicken is {te} itself, {rulings.turned_chicken_fan(tile, rules)} fan a copy.",
        )
    return None


def _chicken_turned(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    ch = rules.chickens
    tile = item_tile(item)
    tz, te = tile_words(tile) if tile is not None else ("", "")
    fz, fe = tile_words(result.flip) if result.flip is not None else ("", "")
    return Said(
        f"翻鸡：胡牌后翻出{fz}，比它大一点的{tz}是鸡，每张{ch.flip_value}番。",
        f"Turned chicken: {fe} was turned after the win, so {te}, one rank above, is a chicken at "
        f"{ch.flip_value} fan a copy.",
    )


def _chicken_charge(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said | None:
    tile = item_tile(item)
    if tile is not None:
        return _charge_sentence(item, tile, result, rules)
    return None


def _chicken_liability(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said | None:
    ch = rules.chickens
    pz, pe = seat_words(item.payer, rules.players)
    tile = item_tile(item)
    tz, te = tile_words(tile) if tile is not None else ("", "")
    if tile is not None and ch.liability_every and ch.liability_not_ready_only:
        return Said(
            f"责任鸡：{pz}没有叫牌，打出的{tz}被碰杠，{pz}赔{ch.liability.get(tile, item.fan)}番。",
            f"Chicken claimed: {pe} is not ready and its discarded {te} was claimed, so {pe} pays "
            f"{ch.liability.get(tile, item.fan)} fan.",
        )
    if tile is not None:
        return Said(
            f"责任鸡：{pz}打出的第一张{tz}被碰杠，{pz}赔{ch.liability.get(tile, item.fan)}番。",
            f"First chicken claimed: {pe} discarded the first {te} and it was claimed, so {pe} pays "
            f"{ch.liability.get(tile, item.fan)} fan.",
        )
    return None


def _chicken_charge_not_ready(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said | None:
    ch = rules.chickens
    pz, pe = seat_words(item.payer, rules.players)
    tile = item_tile(item)
    tz, te = tile_words(tile) if tile is not None else ("", "")
    if tile is not None:
        golden = "（金鸡）" if item.fan != ch.charge_not_ready else ""
        return Said(
            f"冲锋鸡：{pz}打出本局第一张鸡{tz}{golden}，到最后没有叫牌，赔每个叫牌的人{item.fan}番。",
            f"First chicken discarded: {pe} discarded the hand's first chicken, {te}{' (golden)' if golden else ''}, "
            f"and is not ready, so it pays {item.fan} fan to each ready seat.",
        )
    return None


def _chicken_not_ready_discards(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said | None:
    tile = item_tile(item)
    tz, te = tile_words(tile) if tile is not None else ("", "")
    if tile is not None:
        return Said(
            f"没叫牌的人打出的{tz}：每张{item.fan // max(len(item.tiles), 1)}番，每个没叫牌的人赔给每个叫牌的人。",
            f"{te} discarded by a seat not ready: {item.fan // max(len(item.tiles), 1)} fan a copy, paid by every "
            "seat not ready to each ready seat.",
        )
    return None


def _chicken_shown(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    pz, pe = seat_words(item.payer, rules.players)
    return Said(
        f"包鸡：{pz}没叫牌，打出或碰杠的常鸡每张赔给叫牌的人。",
        f"Shown chickens: {pe} is not ready and pays each ready seat for each fixed chicken it showed.",
    )


def _chicken_concealed_kong(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    ch = rules.chickens
    return Said(
        f"鸡闷豆：四张鸡暗杠，按{ch.concealed_kong}番算。",
        f"A concealed kong of chickens earns {ch.concealed_kong} fan in place of four chickens.",
    )


def _chicken_benji(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    return Said(
        f"本鸡：翻出的那张牌本身也是鸡，每张{rules.optional.benji}番。",
        f"本鸡: the turned tile itself is a chicken, {rules.optional.benji} fan a copy.",
    )


def _chicken_xingqi(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    return Said(
        f"星期鸡：今天的点数是鸡，每张{rules.optional.xingqi}番。",
        f"星期鸡: today's rank is a chicken, {rules.optional.xingqi} fan a copy.",
    )


def _charge_sentence(item: LedgerItem, tile: Tile, result: HandResult, rules: Ruleset) -> Said:
    """冲锋鸡 (docs/rules.md §8, §14): what the first chicken discarded is worth, and who pays it."""
    ch = rules.chickens
    tz, te = tile_words(tile)
    value = ch.charge_values.get(tile, item.fan) if ch.charge == "value" else item.fan
    claimed = result.first_chicken_claimed_by.get(tile) == item.payee
    if ch.charge_payers == "others":
        # GY1: every other seat pays, ready or not, the winner too; the copy is a chicken besides.
        whose_zh = "被最后叫牌的人碰杠，归他" if claimed else "，打出的人最后叫牌，归他"
        whose_en = "was claimed by a seat that ends ready and passed to it" if claimed else "its discarder ends ready"
        extra_zh = "，这张鸡本身另外照算" if ch.charge_stacks else ""
        extra_en = "; the tile still counts as a chicken besides" if ch.charge_stacks else ""
        pays = table_words(rules.players).from_each
        return Said(
            f"冲锋鸡：本局第一张打出的{tz}{whose_zh}，值{value}番，{pays.zh}（胡牌的人也付）{extra_zh}。",
            f"First chicken discarded: the hand's first {te} {whose_en}, worth {value} fan {pays.en}, the winner "
            f"too{extra_en}.",
        )
    if ch.charge_claimed == "passes" and ch.payers == "not_ready" and claimed:
        return Said(
            f"冲锋鸡：本局第一张打出的{tz}被叫牌的人碰杠，归他，值{value}番，没叫牌的人各付。",
            f"First chicken discarded: the hand's first {te} was claimed by a ready seat and passed to it, "
            f"{value} fan from each seat not ready.",
        )
    return Said(
        f"冲锋鸡：本局第一张打出的{tz}，值{value}番（打出者有叫才算）。",
        f"First chicken discarded: the hand's first {te} discarded is worth {value} fan to its ready discarder.",
    )


# The sentence of each rule id; None from a function: the plain fall-back sentence.
SENTENCES: dict[str, SentenceFn] = {
    "chicken.fixed": _chicken_fixed,
    "chicken.golden": _chicken_golden,
    "chicken.turned": _chicken_turned,
    "chicken.charge": _chicken_charge,
    "chicken.liability": _chicken_liability,
    "chicken.charge_not_ready": _chicken_charge_not_ready,
    "chicken.not_ready_discards": _chicken_not_ready_discards,
    "chicken.shown": _chicken_shown,
    "chicken.concealed_kong": _chicken_concealed_kong,
    "chicken.benji": _chicken_benji,
    "chicken.xingqi": _chicken_xingqi,
}
