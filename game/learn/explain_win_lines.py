"""Payment sentences for the win: its pattern, its bonuses, 包牌, and 查叫 on a draw (docs/rules.md §7, §9, §14)."""

from __future__ import annotations

from game.core.result import HandResult, WinHow
from game.core.ruleset import PATTERN_NAMES, Ruleset
from game.core.settlement import LedgerItem
from game.learn.explain_words import Said, SentenceFn, others_words, seat_words


def _win_pattern(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    pid = next((p for p, (zh, _en) in PATTERN_NAMES.items() if zh == item.label_zh), None)
    value = rules.pattern_values().get(pid, item.fan) if pid else item.fan
    how = result.win.how if result.win else None
    if how in (WinHow.SELF_DRAW, WinHow.AFTER_KONG):
        oz, oe = others_words(rules.players)
        each = oe if rules.players == 2 else f"each of {oe}"
        pay_zh, pay_en = f"自摸{oz}各付" if rules.players > 2 else f"自摸{oz}付", f"self-drawn, {each} pays"
    elif how is WinHow.ROB_KONG:
        pay_zh, pay_en = "抢杠由被抢者付", "robbing a kong, the robbed seat pays"
    else:
        pay_zh, pay_en = "点炮者一家付", "off a discard, the discarder alone pays"
    return Said(
        f"{item.label_zh}值{value}番，{pay_zh}。",
        f"{PATTERN_NAMES[pid][1] if pid else item.label_en} is worth {value} fan; {pay_en}.",
    )


def _penalty_baopai(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    oz, oe = others_words(rules.players)
    return Said(
        f"包牌：叫牌时放过一次胡，又在自己摸牌前胡别人的牌，要按牌值赔给{oz}。",
        f"包牌: a ready seat passed a win, then won off another discard before its next draw, so it pays {oe}.",
    )


def _bonus_declared_win(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    b = rules.bonuses
    if b.declared_win == "at_least":
        return Said(
            f"报听胡牌按至少{b.declared_win_value}番计，这里补足差额。",
            f"A declared-ready win counts as at least {b.declared_win_value} fan; this line makes up the rest.",
        )
    return Said(f"报听胡牌另加{b.declared_win_value}番。", f"A declared-ready win adds {b.declared_win_value} fan.")


def _bonus_self_draw(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    b = rules.bonuses
    return Said(f"自摸另加{b.self_draw}番。", f"A self-drawn win adds {b.self_draw} fan.")


def _bonus_after_kong(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    b = rules.bonuses
    return Said(
        f"杠上开花：杠后补牌自摸，另加{b.after_kong}番。",
        f"Win on a kong's replacement tile adds {b.after_kong} fan.",
    )


def _bonus_heavenly(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    b = rules.bonuses
    return Said(
        f"天胡：庄家起手就胡，另加{b.heavenly}番。",
        f"Heavenly win: the dealer wins on the deal, {b.heavenly} fan more.",
    )


def _bonus_earthly(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    b = rules.bonuses
    return Said(
        f"地胡：闲家第一轮就胡，另加{b.earthly}番。", f"Earthly win on the first go round, {b.earthly} fan more."
    )


def _bonus_yikouer(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    return Said(
        f"一扣二：自摸平胡另加{rules.optional.yikouer}番。",
        f"一扣二: a self-drawn plain hand adds {rules.optional.yikouer} fan.",
    )


def _bonus_hot(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    b = rules.bonuses
    pz, pe = seat_words(item.payer, rules.players)
    if b.hot == "add":
        return Said(
            f"热炮：{pz}刚杠完就点炮，那个豆不算，还多付{b.hot_value}番。",
            f"Hot discard: {pe} dealt in right after a kong; that kong is void and {pe} pays {b.hot_value} more.",
        )
    return Said(
        f"热炮：{pz}刚杠完就点炮，赔那个豆的全部分值。",
        f"Hot discard: {pe} dealt in right after a kong and pays what that kong would have earned.",
    )


def _bonus_kill_declared(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    b = rules.bonuses
    pz, pe = seat_words(item.payer, rules.players)
    return Said(
        f"杀报：胡了报听家{pz}打出的牌，{pz}另付{b.kill_declared}番。",
        f"杀报: the win was off a discard of {pe}, who had declared ready; {pe} pays {b.kill_declared} fan more.",
    )


def _bonus_dealer(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    b = rules.bonuses
    return Said(
        f"庄家：庄家输赢多{b.dealer}番，每连庄一局再加{b.streak}番（已连{result.streak}局）。",
        f"Dealer: a win between the dealer and another seat carries {b.dealer} fan, "
        f"plus {b.streak} per hand kept ({result.streak} kept).",
    )


def _bonus_follow_dealer(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    b = rules.bonuses
    pz, pe = seat_words(item.payer, rules.players)
    oz, oe = others_words(rules.players)
    return Said(
        f"开局跟：庄家{pz}打出的第一张牌，其余{oz}的第一张都跟着打了同一张，庄家赔{oz}各{b.follow_dealer}番。",
        f"Dealer followed (开局跟): {oe} each discarded the same tile as the dealer's first discard, "
        f"so the dealer, {pe}, pays each of them {b.follow_dealer} fan.",
    )


def _draw_chajiao(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    pz, pe = seat_words(item.payer, rules.players)
    return Said(
        f"查叫：黄庄时没叫牌的{pz}赔叫牌者的最大牌型（{item.fan}番）。",
        f"查叫: on a draw, {pe} was not ready and pays the ready seat its best wait ({item.fan} fan).",
    )


# The sentence of each rule id; None from a function: the plain fall-back sentence.
SENTENCES: dict[str, SentenceFn] = {
    "win.pattern": _win_pattern,
    "penalty.baopai": _penalty_baopai,
    "bonus.declared_win": _bonus_declared_win,
    "bonus.self_draw": _bonus_self_draw,
    "bonus.after_kong": _bonus_after_kong,
    "bonus.heavenly": _bonus_heavenly,
    "bonus.earthly": _bonus_earthly,
    "bonus.yikouer": _bonus_yikouer,
    "bonus.hot": _bonus_hot,
    "bonus.kill_declared": _bonus_kill_declared,
    "bonus.dealer": _bonus_dealer,
    "bonus.follow_dealer": _bonus_follow_dealer,
    "draw.chajiao": _draw_chajiao,
}
