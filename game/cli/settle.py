"""`main.py settle FILE`: settle a hand file and print the itemised ledger (docs/hand-file.md)."""

from __future__ import annotations

import argparse
import json
import sys

from game.core.result import HandResult
from game.core.ruleset import Ruleset, wind_name
from game.core.settlement import Ledger, LedgerItem, settle
from game.core.tiles import format_tiles
from game.engine.next_deal import next_deal
from game.files.bounded_io import MAX_HAND_FILE_BYTES, read_text_limited
from game.handfile import HandFileError, parse_hand, parse_hand_file
from game.learn.explain import explain_text
from game.rules.labels import pad
from game.rules.loader import RulesetError, builtin_ruleset_names, load_ruleset


def seat_name(players: int, seat: int) -> str:
    """A seat as the ledger's text names it: its number and its wind, "0东 East" (docs/rules.md §15.2)."""
    return f"{seat}{wind_name(players, seat, 'zh')} {wind_name(players, seat, 'en')}"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `settle` command."""
    parser = subparsers.add_parser("settle", help="settle a hand file and print every payment")
    parser.add_argument("file", help="a hand file (see docs/hand-file.md)")
    parser.add_argument("--ruleset", help="settle under this ruleset (a name or a file) instead of the file's")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument(
        "--compare", action="store_true", help="the same hand under every built-in ruleset of its table's size"
    )
    parser.add_argument(
        "--explain", action="store_true", help="say why: the turned chicken, each chicken counted or not, each rule"
    )
    parser.add_argument("--lang", choices=("zh", "en"), default="en", help="language of --explain (default en)")
    parser.set_defaults(func=run)


def item_line(item: LedgerItem) -> str:
    """One ledger item as a line: payer → payee, fan, amount, label, tiles."""
    behalf = f" (for seat {item.on_behalf})" if item.on_behalf is not None else ""
    tiles = format_tiles(item.tiles, sort=False) if item.tiles else ""
    who = f"{item.payer} → {item.payee}"
    label = f"{item.label_zh} / {item.label_en}{behalf}"
    return f"  {who}  {item.fan:>4} fan {item.amount:>5}  {pad(label, 48)} {tiles}".rstrip()


def format_ledger(ledger: Ledger) -> str:
    """The ledger as text: one line per item, then each seat's net."""
    lines = [item_line(i) for i in ledger] or ["  (no payments)"]
    nets = ledger.nets()
    players = len(nets)
    lines.append("  net: " + "  ".join(f"{seat_name(players, s)} {nets[s]:+d}" for s in range(players)))
    return "\n".join(lines)


def _load(path: str, ruleset: Ruleset | None) -> tuple[HandResult, Ruleset] | None:
    try:
        return parse_hand(_read(path), path, ruleset)
    except HandFileError as exc:
        print("\n".join(exc.errors), file=sys.stderr)
        return None


def _read(path: str) -> str:
    try:
        return read_text_limited(path, MAX_HAND_FILE_BYTES)
    except OSError as exc:
        raise HandFileError([f"{path}:1: cannot read the file: {exc.strerror or exc}"]) from None
    except UnicodeDecodeError as exc:
        raise HandFileError([f"{path}:1: not UTF-8 text ({exc.reason})"]) from None


def run(args: argparse.Namespace) -> int:
    """Settle the file; exit 2 on a bad hand file or ruleset."""
    override: Ruleset | None = None
    if args.ruleset:
        try:
            override = load_ruleset(args.ruleset)
        except RulesetError as exc:
            print("\n".join(exc.errors), file=sys.stderr)
            return 2
    loaded = _load(args.file, override)
    if loaded is None:
        return 2
    result, rules = loaded
    if args.compare:
        return _compare(args, result)
    ledger = settle(result, rules)
    # The same function the match uses, so the two never disagree (docs/rules.md §10).
    dealer, streak = next_deal(result, rules)
    if args.json:
        out = {"ruleset": rules.name, **ledger.to_json(), "next_dealer": dealer, "next_streak": streak}
        if getattr(args, "explain", False):
            out["explain"] = {lang: explain_text(result, rules, ledger, lang) for lang in ("zh", "en")}
        print(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        print(f"{rules.name}: {rules.title_zh} / {rules.title_en}, base {rules.base}")
        print(format_ledger(ledger))
        print(next_deal_line(rules.players, dealer, streak))
        if getattr(args, "explain", False):
            print()
            print("\n".join(explain_text(result, rules, ledger, args.lang)))
    return 0


def next_deal_line(players: int, dealer: int, streak: int) -> str:
    """Who deals the next hand and the dealer's streak, as a line of text."""
    kept = f"连庄 {streak} / kept {streak} in a row" if streak else "新庄 / a new dealer"
    return f"  next dealer: {seat_name(players, dealer)} ({kept})"


def _compare(args: argparse.Namespace, result: HandResult) -> int:
    text = _read(args.file)
    ledgers: dict[str, Ledger] = {}
    notes: dict[str, str] = {}
    for name in builtin_ruleset_names():
        rules = load_ruleset(name)
        if rules.players != len(result.seats):
            continue  # a hand of four is not settled at a table of three or two (docs/rules.md §15.2)
        try:
            parse_hand_file(text, args.file, rules)
        except HandFileError as exc:
            # Settled anyway, so the difference shows; the note says why the table would refuse it.
            notes[name] = exc.errors[0].split(": ", 1)[1]
        ledgers[name] = settle(result, rules)
    if args.json:
        out = {n: {**led.to_json(), "note": notes.get(n)} for n, led in ledgers.items()}
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    names = list(ledgers)
    width = max(len(n) for n in names) + 2
    print(pad("seat", 12) + "".join(n.rjust(width) for n in names))
    players = len(result.seats)
    for s in range(players):
        print(pad(seat_name(players, s), 12) + "".join(f"{ledgers[n].nets()[s]:+d}".rjust(width) for n in names))
    # Side by side: the total of each (payer, payee, rule) per ruleset, where the rulesets disagree.
    totals: dict[tuple[int, int, str], dict[str, int]] = {}
    labels: dict[tuple[int, int, str], str] = {}
    for name, led in ledgers.items():
        for item in led:
            key = (item.payer, item.payee, item.rule)
            totals.setdefault(key, {})
            totals[key][name] = totals[key].get(name, 0) + item.amount
            labels[key] = f"{item.payer} → {item.payee} {item.label_zh} / {item.label_en}"
    differ = [k for k, v in totals.items() if len(v) < len(names) or len(set(v.values())) > 1]
    print("\nitems that differ (amount per ruleset):")
    for key in sorted(differ):
        row = "".join(str(totals[key].get(n, "-")).rjust(width) for n in names)
        print(pad(labels[key], 40) + row)
    if not differ:
        print("  (none)")
    for name, note in notes.items():
        print(f"note: under {name}: {note}")
    return 0
