"""Facts of a hand file's win that no real hand can have (RULES.md §12, §6), each tied to its node.

The hand-file reader (game.handfile) has checked the tiles and the winning hand; these checks
refuse wins that settle to money but cannot happen at a table: 杠上开花 without a kong, 天胡 with
melds or after discards, the dealer's 天胡 off a discard, a hot kong on a self-draw, a robbed late
kong under a ruleset without 憨包豆, and keys written as lists or mappings where one word belongs.
"""

from __future__ import annotations

import yaml

from game.melds import Meld
from game.result import Win, WinHow
from game.ruleset import Ruleset

MAX_STREAK = 99  # hands the dealer kept in a row: no real table gets near it

Problem = tuple[yaml.Node, str]


def win_problems(
    keys: dict[str, tuple[yaml.Node, yaml.Node]],
    win: Win,
    seats: list[tuple[list[int], list[Meld], list[int], bool]],
    rules: Ruleset,
    dealer: int,
) -> list[Problem]:
    """Each (node, message) where the win's keys describe a hand that cannot happen; [] when it can."""
    out: list[Problem] = []
    for key in ("how", "from", "tile"):
        if key in keys and not isinstance(keys[key][1], yaml.ScalarNode):
            out.append((keys[key][1], f"win.{key}: expected one word, found a {_kind(keys[key][1])}"))
    if win.how is WinHow.AFTER_KONG:
        for w in win.winners:
            if not any(m.is_kong for m in seats[w][1]):
                message = f"win.how: after_kong (杠上开花) is a win on a kong's replacement tile; seat {w} has no kong"
                out.append((keys["how"][1], message))
    if "hot_kong" in keys and win.discarder is None:
        out.append((keys["hot_kong"][0], "win.hot_kong: a self-drawn win has no hot kong (热炮 is a discard)"))
    if "robbed_late" in keys:
        node = keys["robbed_late"][1]
        if win.how is not WinHow.ROB_KONG:
            out.append((node, "win.robbed_late: only a robbed kong (how: rob_kong) can be late"))
        elif _truthy(node) and not rules.play.late_kong:
            out.append((node, f"win.robbed_late: {rules.name} has no 憨包豆 (late kongs): remove the key"))
    if win.first_turn:
        out.extend(_first_turn_problems(keys, win, seats, dealer))
    return out


def _first_turn_problems(
    keys: dict[str, tuple[yaml.Node, yaml.Node]],
    win: Win,
    seats: list[tuple[list[int], list[Meld], list[int], bool]],
    dealer: int,
) -> list[Problem]:
    node = keys["first_turn"][1]
    out: list[Problem] = []
    melded = [i for i in range(4) if seats[i][1]]
    if melded:
        out.append((node, f"win.first_turn: 天胡 / 地胡 come before any meld, and seat {melded[0]} has melds"))
    if win.how in (WinHow.AFTER_KONG, WinHow.ROB_KONG):
        out.append((node, f"win.first_turn: a first-turn win is not won {win.how.value}"))
    if dealer in win.winners:
        if win.discarder is not None:
            out.append((node, "win.first_turn: the dealer's 天胡 is won on the deal (from: self), not off a discard"))
        discarded = [i for i in range(4) if seats[i][2]]
        if discarded:
            out.append((node, f"win.first_turn: 天胡 comes before any discard, and seat {discarded[0]} has discards"))
        return out
    for w in win.winners:
        if seats[w][2]:
            out.append(
                (node, f"win.first_turn: 地胡 is won on seat {w}'s first draw or the first discard; it has discards")
            )
    if win.discarder is not None:
        if win.discarder != dealer:
            out.append((node, "win.first_turn: 地胡 off a discard is won on the dealer's first discard"))
        elif any(seats[i][2] for i in range(4)):
            out.append((node, "win.first_turn: 地胡 on the first discard leaves every pond empty"))
    else:
        many = [i for i in range(4) if len(seats[i][2]) > 1]
        if many:
            out.append((node, f"win.first_turn: seat {many[0]} discarded more than once before a first-turn win"))
    return out


def _truthy(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.value.lower() in ("true", "yes", "on")


def _kind(node: yaml.Node) -> str:
    return "mapping" if isinstance(node, yaml.MappingNode) else "list"
