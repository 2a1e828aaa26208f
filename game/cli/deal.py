"""`python main.py deal`: roll for the dealer, break the wall and deal one hand (docs/rules.md §3)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.cli.common import add_ruleset_argument, dice_pair, ruleset_or_exit, seat_number, seat_title
from game.cli.numbers import positive_int
from game.core.tiles import format_tiles
from game.engine.events import DealerChosen, DiceRolled, TilesDealt, WallBroken
from game.engine.round import HandSetup, Round
from game.match.controller import MatchController


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `deal` command."""
    p = sub.add_parser("deal", help="deal one hand and show the dice, the dealer, the break and the hands")
    add_ruleset_argument(p)
    p.add_argument("--seed", default="1", help="the match seed (default 1)")
    p.add_argument(
        "--hand", type=positive_int("--hand", 1_000_000), default=1, help="hand number within the match (default 1)"
    )
    p.add_argument("--dealer", type=seat_number, help="skip the first-dealer roll: this seat deals")
    p.add_argument("--first-roller", type=seat_number, help="the seat that rolls for the first dealer")
    p.add_argument("--dice", type=dice_pair, help="fix the first-dealer roll, e.g. 4,6")
    p.add_argument("--break-dice", type=dice_pair, help="fix the dealer's roll that breaks the wall, e.g. 3,4")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def deal_summary(rnd: Round) -> dict[str, Any]:
    """The dice, dealer, break and each seat's dealt tiles of a freshly dealt round."""
    out: dict[str, Any] = {"ruleset": rnd.rules.name, "seed": rnd.seed, "hand": rnd.setup.hand}
    players = rnd.rules.players
    deals: dict[int, list[list[list[int]]]] = {s: [] for s in range(players)}
    for ev in rnd.events:
        if isinstance(ev, DiceRolled):
            out[f"{ev.purpose}_roll"] = {"seat": ev.seat, "dice": list(ev.dice), "sum": sum(ev.dice)}
        elif isinstance(ev, DealerChosen):
            out["dealer"] = ev.dealer
            out["dealer_method"] = ev.method
            if ev.counted:
                out["first_dealer_roll"]["counted"] = list(ev.counted)
        elif isinstance(ev, WallBroken):
            out["break"] = {
                "side": ev.side,
                "skipped": ev.skipped,
                "method": ev.method,
                "counted": list(ev.counted),
                "first_place": list(ev.first),
            }
        elif isinstance(ev, TilesDealt) and ev.tiles is not None:
            deals[ev.seat].append([list(p) for p in ev.places])
    out["seats"] = [
        {"seat": s, "tiles": format_tiles(rnd.hand_tiles(s)), "count": len(rnd.hand_tiles(s)), "grabs": deals[s]}
        for s in range(players)
    ]
    out["wall_remaining"] = rnd.wall.remaining
    return out


def run(args: argparse.Namespace) -> int:
    """Deal and print."""
    rules = ruleset_or_exit(args.ruleset)
    if rules is None:
        return 2
    setup = HandSetup(
        hand=args.hand,
        dealer=args.dealer,
        first_roller=args.first_roller,
        dealer_dice=args.dice,
        break_dice=args.break_dice,
    )
    table = MatchController(rules, args.seed, first_setup=setup, keep_save=False)
    table.start_hand()
    rnd = table.round
    assert rnd is not None
    summary = deal_summary(rnd)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0

    def name(seat: int) -> str:
        return seat_title(rules.players, seat)

    print(f"ruleset {summary['ruleset']}, seed {summary['seed']}, hand {summary['hand']}")
    roll = summary.get("first_dealer_roll")
    if roll:
        print(f"{name(roll['seat'])} rolls {roll['dice'][0]}+{roll['dice'][1]} = {roll['sum']} for the first dealer")
    print(f"dealer 庄: {name(summary['dealer'])} ({summary['dealer_method']})")
    br, b = summary["break_roll"], summary["break"]
    print(
        f"dealer rolls {br['dice'][0]}+{br['dice'][1]} = {br['sum']}: {name(b['side'])}'s side is broken "
        f"after skipping {b['skipped']} stacks ({b['method']})"
    )
    for s in summary["seats"]:
        mark = " 庄" if s["seat"] == summary["dealer"] else ""
        print(f"  {name(s['seat'])}{mark}: {s['tiles']} ({s['count']})")
    print(f"wall: {summary['wall_remaining']} tiles left")
    return 0
