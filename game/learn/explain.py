"""Every point explained: a sentence for each payment line, and each chicken counted or not and why.

The counts come from the settlement's own functions (game.core.settlement.chickens), so an explanation can
never disagree with the ledger: a copy is "counted" exactly when `seat_scores` counts it. Values in the
sentences are read from the ruleset being settled (docs/rules.md §7, §8, §9, §14).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger, LedgerItem
from game.learn import explain_chicken_lines, explain_kong_lines, explain_win_lines
from game.learn.explain_chickens import ChickenNote, chicken_notes, flip_note
from game.learn.explain_words import Said, SentenceFn, seat_en, seat_zh

__all__ = [
    "ChickenNote",
    "ItemNote",
    "Said",
    "chicken_notes",
    "explain_items",
    "explain_text",
    "flip_note",
    "rule_sentence",
    "seat_en",
    "seat_zh",
]


@dataclass(frozen=True, slots=True)
class ItemNote:
    """A payment line and the rule behind it, in one sentence with its ruleset value."""

    item: LedgerItem
    said: Said


# Each rule id's sentence, from the family it belongs to (the win and its bonuses, kongs, chickens).
_SENTENCES: dict[str, SentenceFn] = {
    **explain_win_lines.SENTENCES,
    **explain_kong_lines.SENTENCES,
    **explain_chicken_lines.SENTENCES,
}


def rule_sentence(item: LedgerItem, result: HandResult, rules: Ruleset) -> Said:
    """The rule behind one payment line, in one sentence with its ruleset value."""
    sentence = _SENTENCES.get(item.rule)
    said = sentence(item, result, rules) if sentence is not None else None
    if said is not None:
        return said
    return Said(f"{item.label_zh}：{item.fan}番。", f"{item.label_en}: {item.fan} fan.")


def explain_items(result: HandResult, rules: Ruleset, ledger: Ledger) -> list[ItemNote]:
    """Every payment line of `ledger` with its rule sentence."""
    return [ItemNote(i, rule_sentence(i, result, rules)) for i in ledger]


def explain_text(result: HandResult, rules: Ruleset, ledger: Ledger, language: str = "zh") -> list[str]:
    """The whole explanation as lines of text: the flip, each chicken, each payment and its rule."""
    zh = language == "zh"
    lines = [("翻鸡：" if zh else "Turned chicken: ") + flip_note(result, rules).pick(language)]
    notes = chicken_notes(result, rules, ledger)
    lines.append("鸡：" if zh else "Chickens:")
    lines.extend("  " + n.said.pick(language) for n in notes)
    if not notes:
        lines.append("  " + ("没有人有鸡。" if zh else "Nobody holds a chicken."))
    lines.append("每一笔：" if zh else "Every payment:")
    for note in explain_items(result, rules, ledger):
        i = note.item
        n = rules.players
        who = f"{seat_zh(i.payer, n)}→{seat_zh(i.payee, n)}" if zh else f"{seat_en(i.payer, n)} → {seat_en(i.payee, n)}"
        label = i.label_zh if zh else i.label_en
        lines.append(f"  {who} {label} {i.amount}: {note.said.pick(language)}")
    if not len(ledger):
        lines.append("  " + ("没有付分。" if zh else "No payments."))
    return lines
