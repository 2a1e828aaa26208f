"""Entering a hand-file hand into the score calculator the way a person does, one field at a time.

`enter` reads the hand file's values as plain YAML and calls the calculator's methods: tiles
clicked one by one from the palette (or typed in the notation when a click is refused), melds
added by kind, the win, the turned tile and the first chickens picked. It never hands the
calculator the file itself, so a test that settles the result checks the model's own path.
"""

from __future__ import annotations

from typing import Any

import yaml

from game.calculator.sheet import Calculator, chicken_kinds, chickens_asked, pond_chickens_asked
from game.core.melds import KongKind
from game.core.result import HandResult, WinHow
from game.core.ruleset import Ruleset
from game.core.settlement import settle
from game.core.tiles import format_tile, parse_tile, parse_tiles
from game.handfile import HandFileError
from game.rules.loader import load_ruleset
from tests.settlement_rig import Deal

_KINDS = {"concealed": KongKind.CONCEALED, "added": KongKind.ADDED}


def _click_meld(calc: Calculator, seat: int, text: str) -> None:
    """A meld picked as kind, tile and source (the meld dialog), or typed when it is not one of those."""
    words = text.split()
    rest = words[2:]
    has_source = "from" in rest and rest.index("from") + 1 < len(rest) and rest[rest.index("from") + 1].isdigit()
    source = int(rest[rest.index("from") + 1]) if has_source else None
    kind = next((k for w, k in _KINDS.items() if w in rest), KongKind.EXPOSED if words[:1] == ["kong"] else None)
    try:
        tile = parse_tile(words[1])
    except (IndexError, ValueError):
        tile = None
    if tile is None or words[0] not in ("pung", "kong") or (kind in (None, KongKind.EXPOSED) and source is None):
        calc.add_meld(seat, text)
    else:
        calc.add_meld_of(seat, tile, kind, source, "late" in rest)


def _tiles(calc: Calculator, seat: int, part: str, text: str, click: bool) -> None:
    tiles = parse_tiles(text or "")
    if click and all(calc.add_tile(seat, part, t) is None for t in tiles):
        return
    calc.type_tiles(seat, part, text or "")


def enter(text: str, rules: Ruleset, click: bool = True) -> Calculator:
    """A calculator with the hand of hand-file `text` entered field by field, under `rules`."""
    data: dict[str, Any] = yaml.safe_load(text)
    calc = Calculator(rules)
    calc.set_dealer(int(data["dealer"]))
    calc.set_streak(int(data.get("streak", 0)))
    win = data.get("win")
    for i, seat in enumerate(data["seats"]):
        # Even seats clicked tile by tile from the palette, odd seats typed (quick entry).
        _tiles(calc, i, "hand", _as_entered(str(seat.get("hand") or ""), i, win), click and i % 2 == 0)
        for m in seat.get("melds") or []:
            _click_meld(calc, i, str(m))
        _tiles(calc, i, "discards", str(seat.get("discards") or ""), click and i % 2 == 0)
        calc.set_declared(i, bool(seat.get("declared_ready", False)))
    if win is None:
        calc.set_drawn(True)
    else:
        for w in win.get("by", []):
            calc.toggle_winner(int(w))
        if "tile" in win:
            calc.set_win_tile(parse_tile(str(win["tile"])))
        src = win.get("from")
        calc.set_source(None if src == "self" else int(src))
        if win.get("how") is not None:
            calc.set_how(WinHow(win["how"]))
        hot_kong = win.get("hot_kong")
        calc.set_hot(bool(win.get("hot", False)), parse_tile(str(hot_kong)) if hot_kong else None)
        calc.set_first_turn(bool(win.get("first_turn", False)))
        calc.set_robbed_late(bool(win.get("robbed_late", False)))
    if data.get("flip") is not None:
        calc.set_flip(parse_tile(str(data["flip"])))
    for t, s in (data.get("first_chicken") or {}).items():
        calc.set_first_chicken(parse_tile(str(t)), int(s))
    for t, s in (data.get("first_chicken_claimed_by") or {}).items():
        # null: said not to be claimed (no claimer is inferred from the melds)
        calc.set_first_claimed(parse_tile(str(t)), None if s is None else int(s), unclaimed=s is None)
    if "baopai" in data:
        calc.set_baopai([int(s) for s in data["baopai"] or []])  # written even when empty: the ruleset must know 包牌
    if data.get("weekday") is not None:
        calc.set_weekday(int(data["weekday"]))
    if data.get("dealer_followed"):
        calc.set_dealer_followed(True)
    return calc


def _as_entered(hand: str, seat: int, win: dict[str, Any] | None) -> str:
    """A seat's hand as the calculator takes it: a winner's without the winning tile, entered as 胡的牌."""
    if not win or seat not in (win.get("by") or []) or "tile" not in win:
        return hand
    try:
        tiles, tile = parse_tiles(hand), parse_tile(str(win["tile"]))
    except ValueError:
        return hand
    if tile in tiles:
        tiles.remove(tile)
    return " ".join(format_tile(t) for t in tiles)


def _winner_count(message: str) -> bool:
    """Whether a file's problem counts a winner's 14 tiles, or misses its winning tile: where the calculator
    says instead that the 13 entered besides 胡的牌 are not 13."""
    return message.endswith("a winner holds 14") or "hand does not hold the winning tile" in message


def builds_a_hand(source: str) -> bool:
    """Whether a settlement test's source builds its hand with a Deal (the cases the calculator can enter)."""
    return "Deal(" in source


_FILE_RESULT = Deal.result


def through_the_calculator(deal: Deal) -> HandResult:
    """Deal.result, but the hand is entered in the calculator: it must give the file reader's result, or
    refuse it with the same messages."""
    text = deal.text()
    given = deal.ruleset if isinstance(deal.ruleset, Ruleset) else None
    rules = given or load_ruleset(str(deal.ruleset))
    calc = enter(text, rules)
    try:
        via_file = _FILE_RESULT(deal)
    except HandFileError as exc:
        found = calc.problems()
        got = [p.message for p in found if p.code != "winner_hand_count"]
        want = [e.split(": ", 1)[1] for e in exc.errors]
        if len(got) != len(found):
            want = [m for m in want if not _winner_count(m)]
        assert got == want
        raise
    assert calc.problems() == []
    result, ledger = calc.settle()
    assert result == via_file
    assert ledger == settle(via_file, rules)
    return result


def quick_of(calc: Calculator) -> Calculator:
    """The same hand in quick entry, as a real table gives it: every seat that did not win keeps its melds and
    says only whether it was ready and (where they count) the chickens it holds and discarded; its hand and
    the rest of its pond are left empty (but the ponds where 开局跟 or 天胡 / 地胡 reads them, and the hand of
    a ready seat on a draw under 查叫)."""
    result = calc.result()
    quick = Calculator.from_text(calc.text())
    quick.set_rules(calc.rules, calc.ruleset_ref)
    quick.set_quick(True)
    kinds = chicken_kinds(calc.rules, calc.flip, calc.weekday)
    keep_ponds = calc.dealer_followed or calc.win.first_turn
    for i in (i for i in range(calc.players) if calc.drawn or i not in calc.win.winners):
        seat, ready = quick.seats[i], result.seats[i].ready
        if calc.drawn and ready and calc.rules.draw.chajiao:
            continue
        quick.set_ready(i, ready)
        if chickens_asked(calc.rules, ready):
            quick.type_tiles(i, "chickens", " ".join(format_tile(t) for t in seat.hand if t in kinds))
        quick.type_tiles(i, "hand", "")
        if not keep_ponds:
            pond = seat.discards if pond_chickens_asked(calc.rules) else []
            quick.type_tiles(i, "discards", " ".join(format_tile(t) for t in pond if t in kinds))
    return quick


def quickly_as_full(deal: Deal) -> HandResult:
    """Deal.result, and the same hand entered quickly (quick_of) settles to the full entry's ledger."""
    result = _FILE_RESULT(deal)
    rules = deal.ruleset if isinstance(deal.ruleset, Ruleset) else load_ruleset(str(deal.ruleset))
    quick = quick_of(enter(deal.text(), rules))
    assert quick.problems() == []
    assert quick.settle()[1] == settle(result, rules)
    return result
