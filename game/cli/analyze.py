"""`main.py analyze HAND`: shanten, waits and patterns of a hand (docs/rules.md §5).

HAND is the concealed tiles in tile notation: 14 - 3k tiles (a complete or discarding
hand) or 13 - 3k (a waiting hand), k being the melds on the table. Melds can be given
with --melds; when they are not, k is read from the tile count and the melds are taken
to be pungs outside the hand's suits (so no flush is claimed for them).
With HAND `-`, hands are read one per line from stdin. Pattern values come from a
ruleset (--ruleset, default guiyang-classic).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from game.core.hand import (
    best_pattern,
    completing_tiles,
    discard_waits,
    is_complete,
    matching_patterns,
    scores_dilongqi,
    waits,
)
from game.core.melds import KongKind, Meld
from game.core.ruleset import PATTERN_IDS, PATTERN_NAMES
from game.core.shanten import shanten, shanten_seven_pairs, shanten_standard
from game.core.tiles import COPIES, NUM_KINDS, Tile, TileSyntaxError, format_tile, format_tiles, parse_tiles, to_counts
from game.rules.loader import DEFAULT_RULESET, RulesetError, load_ruleset

EXIT_BAD_INPUT = 2


class HandInputError(ValueError):
    """A hand that cannot be analysed; the message names what is wrong and where."""


def _parse_melds(text: str) -> list[Meld]:
    melds: list[Meld] = []
    for group in text.replace(",", " ").split():
        try:
            tiles = parse_tiles(group)
        except TileSyntaxError as e:
            raise HandInputError(f"--melds: {e}") from e
        if len(tiles) not in (3, 4) or len(set(tiles)) != 1:
            raise HandInputError(f"--melds: {group!r} is not a pung or kong (three or four of one tile, like 555p)")
        melds.append(Meld(tiles[0], KongKind.CONCEALED if len(tiles) == 4 else None))
    if len(melds) > 4:
        raise HandInputError(f"--melds: {len(melds)} melds given, a hand has at most 4")
    return melds


def _hidden_melds(counts: Sequence[int], k: int) -> list[Meld]:
    # Stand-ins for melds that were not given: pungs of a suit the hand lacks, so they
    # never make a flush; with all three suits in hand no flush is possible anyway.
    suits = {t // 9 for t in range(NUM_KINDS) if counts[t]}
    absent = [s for s in range(3) if s not in suits] or [0]
    return [Meld(absent[0] * 9 + i) for i in range(k)]


def _melds_json(melds: Sequence[Meld]) -> list[str]:
    return [format_tiles([m.tile] * m.size) for m in melds]


def _best_wait(
    counts: Sequence[int], melds: Sequence[Meld], wait_tiles: Sequence[Tile], values: Mapping[str, int | None]
) -> tuple[str, int] | None:
    # best_wait_value over given waits: stand-in melds must not remove a wait by the four-copies rule.
    best: tuple[str, int] | None = None
    hand = list(counts)
    for t in wait_tiles:
        hand[t] += 1
        pid = best_pattern(matching_patterns(hand, melds, t), values)
        hand[t] -= 1
        v = values.get(pid) if pid is not None else None
        if pid is not None and v is not None and (best is None or v > best[1]):
            best = (pid, v)
    return best


def analyse(text: str, melds_text: str | None, values: Mapping[str, int | None]) -> dict[str, Any]:
    """The analysis of one hand as a JSON-ready dict; raise HandInputError on bad input."""
    try:
        tiles = parse_tiles(text)
    except TileSyntaxError as e:
        raise HandInputError(f"bad tile notation: {e.reason} at position {e.position + 1} in {text!r}") from e
    counts = to_counts(tiles)
    n = len(tiles)
    melds = _parse_melds(melds_text) if melds_text else None
    if melds is not None:
        k = len(melds)
        if n not in (13 - 3 * k, 14 - 3 * k):
            raise HandInputError(
                f"{n} tiles in hand with {k} meld(s): want {13 - 3 * k} (waiting) or {14 - 3 * k} (complete/discarding)"
            )
        held = list(counts)
        for m in melds:
            held[m.tile] += m.size
    else:
        if n == 0 or n > 14 or n % 3 == 0:
            raise HandInputError(
                f"{n} tiles in {text!r}: a hand holds 13 or 14 tiles, or 13-3k / 14-3k with k melds"
                " (1-14 tiles, not a multiple of 3)"
            )
        k = (14 - n) // 3
        held = counts
    for t in range(NUM_KINDS):
        if held[t] > COPIES:
            raise HandInputError(f"{held[t]} copies of {format_tile(t)}: there are only {COPIES} of each tile")
    shown = melds is not None
    if melds is None:
        melds = _hidden_melds(counts, k)
    waiting = n == 13 - 3 * k
    out: dict[str, Any] = {
        "hand": format_tiles(tiles),
        "tiles": n,
        "melds": _melds_json(melds) if shown else k,
        "shanten": shanten(counts, k),
        "shanten_standard": shanten_standard(counts, k),
        "shanten_seven_pairs": shanten_seven_pairs(counts) if k == 0 else None,
    }
    if waiting:
        w = waits(counts, melds, dilongqi=scores_dilongqi(values)) if shown else completing_tiles(counts, k)
        best = _best_wait(counts, melds, w, values)
        out |= {
            "complete": False,
            "pattern": None,
            "value": None,
            "patterns": [],
            "waits": [format_tile(t) for t in w],
            "wait_pattern": best[0] if best else None,
            "wait_value": best[1] if best else None,
        }
    else:
        # Which tile won changes only 地龙七 (the pung's fourth tile); use the last one written.
        found = matching_patterns(counts, melds, tiles[-1])
        complete = is_complete(counts, k) or ("dilongqi" in found and scores_dilongqi(values))
        if not complete:
            found = frozenset()
        pid = best_pattern(found, values)
        dw = discard_waits(counts, melds, dilongqi=scores_dilongqi(values))
        out |= {
            "complete": complete,
            "pattern": pid,
            "value": values.get(pid) if pid is not None else None,
            "patterns": [p for p in PATTERN_IDS if p in found],
            "waits": [],
            "discards": {format_tile(t): [format_tile(x) for x in v] for t, v in dw.items()},
        }
    return out


def _name(pid: str | None) -> str:
    if pid is None:
        return "-"
    zh, en = PATTERN_NAMES.get(pid, (pid, pid))
    return f"{zh} {en} ({pid})"


def summary(a: Mapping[str, Any]) -> str:
    """A readable report of one analysis, in Chinese and English."""
    melds = a["melds"]
    meld_text = f"{melds} 未示 not shown" if isinstance(melds, int) and melds else "无 none"
    if isinstance(melds, list) and melds:
        meld_text = " ".join(melds)
    lines = [f"手牌 Hand: {a['hand']}  ({a['tiles']} 张 tiles; 副露 melds: {meld_text})"]
    sp = a["shanten_seven_pairs"]
    sp_text = f", 七对 seven pairs {sp}" if sp is not None else ""
    lines.append(f"向听 Shanten: {a['shanten']}  (标准 standard {a['shanten_standard']}{sp_text})")
    if "discards" in a:
        if a["complete"]:
            lines.append(f"和牌 Complete: 是 yes; 牌型 pattern: {_name(a['pattern'])}, {a['value']} 番 fan")
            lines.append("  全部牌型 all patterns: " + ", ".join(a["patterns"]))
        else:
            lines.append("和牌 Complete: 否 no")
        if a["discards"]:
            lines.append("打出后听牌 Discard to be ready:")
            for t, w in a["discards"].items():
                lines.append(f"  打 discard {t} → 听 waits {' '.join(w)}")
    elif a["waits"]:
        lines.append(f"听牌 Ready: 听 waits {' '.join(a['waits'])}")
        lines.append(f"查叫 Best wait: {_name(a['wait_pattern'])}, {a['wait_value']} 番 fan")
    else:
        lines.append("听牌 Ready: 否 not ready")
    return "\n".join(lines)


def _run_stdin(args: argparse.Namespace, values: Mapping[str, int | None], stdin: TextIO, stdout: TextIO) -> int:
    bad = 0
    for lineno, raw in enumerate(stdin, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            a = analyse(text, args.melds, values)
        except HandInputError as e:
            bad += 1
            if args.json:
                print(json.dumps({"line": lineno, "input": text, "error": str(e)}, ensure_ascii=False), file=stdout)
            else:
                print(f"line {lineno}: {e}", file=sys.stderr)
            continue
        if args.json:
            print(json.dumps(a, ensure_ascii=False), file=stdout)
        else:
            print(summary(a) + "\n", file=stdout)
    return EXIT_BAD_INPUT if bad else 0


def run(args: argparse.Namespace) -> int:
    """Analyse HAND (or each line of stdin for `-`) and print the result."""
    try:
        values = load_ruleset(args.ruleset).pattern_values()
    except RulesetError as e:
        print(f"analyze: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.hand == "-":
        return _run_stdin(args, values, sys.stdin, sys.stdout)
    try:
        a = analyse(args.hand, args.melds, values)
    except HandInputError as e:
        print(f"analyze: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(json.dumps(a, ensure_ascii=False) if args.json else summary(a))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `analyze` command."""
    p = subparsers.add_parser(
        "analyze",
        help="shanten, waits and patterns of a hand",
        description="Analyse a hand: shanten, waits, patterns and their value in a ruleset.",
    )
    p.add_argument(
        "hand", metavar="HAND", help="concealed tiles like 123m456p789s1122s, or - for one hand per line on stdin"
    )
    p.add_argument("--melds", metavar="MELDS", help="melds on the table, such as '555p 7777s'")
    p.add_argument(
        "--ruleset",
        default=DEFAULT_RULESET,
        help=f"ruleset name or YAML file for pattern values (default {DEFAULT_RULESET})",
    )
    p.add_argument("--json", action="store_true", help="print JSON (one object per line with -)")
    p.set_defaults(func=run)
