"""The hand file: a finished hand written by hand in YAML, read into a HandResult (docs/hand-file.md).

`main.py settle FILE` settles it; tests keep their hands in this form. Reading checks the
file against the rules (tile counts, melds, the win and its pass) and reports each problem
as `file:line: message`. write_hand_file writes a HandResult back in the same form.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import yaml

from game.hand import best_pattern, matching_patterns, seat_ready
from game.melds import KongKind, Meld
from game.result import HandResult, SeatResult, Win, WinHow
from game.ruleset import PATTERN_NAMES, Ruleset
from game.ruleset_loader import RulesetError, load_ruleset
from game.tiles import (
    COPIES,
    NUM_KINDS,
    Tile,
    TileSyntaxError,
    format_tile,
    format_tiles,
    parse_tile,
    parse_tiles,
    to_counts,
)

T = TypeVar("T")

_TOP_KEYS = (
    "ruleset",
    "dealer",
    "streak",
    "seats",
    "win",
    "flip",
    "first_chicken",
    "first_chicken_claimed_by",
    "baopai",
    "weekday",
    "dealer_followed",
)
_SEAT_KEYS = ("hand", "melds", "discards", "declared_ready")
_WIN_KEYS = ("by", "tile", "from", "how", "hot", "hot_kong", "first_turn", "robbed_late")
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


class HandFileError(ValueError):
    """A hand file that does not read; `errors` holds one `file:line: message` per problem."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        super().__init__("\n".join(errors))


class _Bad(Exception):
    """One problem at one node; collected into HandFileError."""

    def __init__(self, node: yaml.Node | None, message: str) -> None:
        self.node = node
        self.message = message


def _value(node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return _CONSTRUCTOR.construct_object(node)
    return None


def _mapping(node: yaml.Node, what: str, allowed: tuple[str, ...]) -> dict[str, tuple[yaml.Node, yaml.Node]]:
    """The keys of a mapping node; unknown and repeated keys are errors."""
    if not isinstance(node, yaml.MappingNode):
        raise _Bad(node, f"{what}: expected a mapping of {', '.join(allowed)}")
    out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
    for k, v in node.value:
        key = _value(k)
        if not isinstance(key, str) or key not in allowed:
            raise _Bad(k, f"{what}: unknown key {key!r}; expected one of {', '.join(allowed)}")
        if key in out:
            raise _Bad(k, f"{what}: {key} given twice")
        out[key] = (k, v)
    return out


def _int(node: yaml.Node, what: str, lo: int, hi: int | None = None) -> int:
    v = _value(node)
    if type(v) is not int or v < lo or (hi is not None and v > hi):
        want = f"{lo}-{hi}" if hi is not None else f"{lo} or more"
        raise _Bad(node, f"{what}: expected a number {want}, found {_show(node)}")
    return v


def _seat(node: yaml.Node, what: str) -> int:
    return _int(node, what, 0, 3)


def _bool(node: yaml.Node, what: str) -> bool:
    v = _value(node)
    if not isinstance(v, bool):
        raise _Bad(node, f"{what}: expected true or false, found {_show(node)}")
    return v


def _tiles(node: yaml.Node, what: str) -> list[Tile]:
    v = _value(node)
    if v is None and isinstance(node, yaml.ScalarNode):
        return []
    if not isinstance(v, str):
        raise _Bad(node, f"{what}: expected tiles such as '123m 11s', found {_show(node)}")
    try:
        return parse_tiles(v)
    except TileSyntaxError as exc:
        raise _Bad(node, f"{what}: {exc}") from None


def _tile(node: yaml.Node, what: str) -> Tile:
    v = _value(node)
    if not isinstance(v, str):
        raise _Bad(node, f"{what}: expected a tile such as 8s, found {_show(node)}")
    try:
        return parse_tile(v)
    except TileSyntaxError as exc:
        raise _Bad(node, f"{what}: {exc}") from None


def _list(node: yaml.Node, what: str) -> list[yaml.Node]:
    if not isinstance(node, yaml.SequenceNode):
        raise _Bad(node, f"{what}: expected a list, found {_show(node)}")
    return list(node.value)


def _show(node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        return repr(node.value) if node.value else "nothing"
    return "a mapping" if isinstance(node, yaml.MappingNode) else "a list"


def parse_meld(text: str, seat: int) -> Meld:
    """A meld in hand-file form (`pung 5m from 2`, `kong 7p concealed`, `kong 9s added late`); ValueError if bad."""
    words = text.split()
    forms = "pung T from N, kong T from N, kong T concealed, kong T added (each kong may end in late)"
    if len(words) < 2 or words[0] not in ("pung", "kong"):
        raise ValueError(f"{text!r} is not a meld; write {forms}")
    try:
        tile = parse_tile(words[1])
    except TileSyntaxError as exc:
        raise ValueError(f"{text!r}: {exc}") from None
    rest = words[2:]
    source: int | None = None
    if "from" in rest:
        i = rest.index("from")
        if i + 1 >= len(rest) or rest[i + 1] not in ("0", "1", "2", "3"):
            raise ValueError(f"{text!r}: `from` needs a seat number 0-3")
        source = int(rest[i + 1])
        if source == seat:
            raise ValueError(f"{text!r}: a seat cannot claim its own discard")
        del rest[i : i + 2]
    late = "late" in rest
    if late:
        rest.remove("late")
    if words[0] == "pung":
        if rest or source is None or late:
            raise ValueError(f"{text!r}: a pung is written `pung {words[1]} from N`")
        return Meld(tile, None, source)
    if rest == ["concealed"] and source is None:
        return Meld(tile, KongKind.CONCEALED, None, late)
    if rest == ["added"]:
        return Meld(tile, KongKind.ADDED, source, late)
    if not rest and source is not None and not late:
        return Meld(tile, KongKind.EXPOSED, source)
    raise ValueError(f"{text!r} is not a meld; write {forms}")


def format_meld(meld: Meld) -> str:
    """A meld in hand-file form; an added kong keeps its pung's source when known."""
    text = meld.describe()
    if meld.kong is KongKind.ADDED and meld.source is not None:
        text += f" from {meld.source}"
    return text


def _passes(rules: Ruleset, seats: list[Any], w: int, pid: str, how: WinHow, discarder: int | None, hot: bool) -> bool:
    """Whether seat `w`'s pattern `pid` may be won this way: self-drawn, or off another seat with a pass
    (a kong of its own) or an exemption (RULES §6)."""
    if how not in (WinHow.DISCARD, WinHow.ROB_KONG) or pid not in rules.play.pass_patterns:
        return True
    play = rules.play
    melds, declared = seats[w][1], seats[w][3]
    if any(m.is_kong and (not m.late or play.late_kong_is_pass) for m in melds):
        return True
    return bool(
        (declared and play.pass_exempt_declared)
        or (hot and play.pass_exempt_hot)
        or (how is WinHow.ROB_KONG and play.pass_exempt_rob_kong)
        or (discarder is not None and seats[discarder][3] and play.pass_exempt_declared_discard)
    )


class _Reader:
    """Reads one hand file's node tree, collecting problems."""

    def __init__(self, filename: str, ruleset: Ruleset | str | None) -> None:
        self.filename = filename
        self.ruleset_arg = ruleset
        self.errors: list[str] = []
        self.seat_nodes: list[yaml.Node] = []

    def note(self, bad: _Bad) -> None:
        line = bad.node.start_mark.line + 1 if bad.node is not None else 1
        self.errors.append(f"{self.filename}:{line}: {bad.message}")

    def attempt(self, func: Callable[[], T], default: T) -> T:
        """Run one check; record its problem and carry on with `default`."""
        try:
            return func()
        except _Bad as bad:
            self.note(bad)
            return default

    def read(self, text: str) -> HandResult:
        try:
            root = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else 1
            raise HandFileError([f"{self.filename}:{line}: not valid YAML: {exc.problem or exc.context}"]) from None
        except yaml.YAMLError as exc:
            raise HandFileError([f"{self.filename}:1: not valid YAML: {exc}"]) from None
        if root is None:
            raise HandFileError([f"{self.filename}:1: the file is empty"])
        try:
            result = self.top(root)
        except _Bad as bad:
            self.note(bad)
            result = None
        if self.errors or result is None:
            raise HandFileError(self.errors)
        return result

    def top(self, root: yaml.Node) -> HandResult | None:
        keys = _mapping(root, "the hand file", _TOP_KEYS)
        for required in ("ruleset", "dealer", "seats"):
            if required not in keys:
                raise _Bad(root, f"missing key {required!r}")
        rules = self.attempt(lambda: self.rules(keys["ruleset"][1]), None)
        dealer = self.attempt(lambda: _seat(keys["dealer"][1], "dealer"), 0)
        streak = self.attempt(lambda: _int(keys["streak"][1], "streak", 0), 0) if "streak" in keys else 0
        seats_node = keys["seats"][1]
        seat_nodes = _list(seats_node, "seats")
        if len(seat_nodes) != 4:
            raise _Bad(seats_node, f"seats: expected four seats, found {len(seat_nodes)}")
        self.seat_nodes = seat_nodes
        raw: list[tuple[list[Tile], list[Meld], list[Tile], bool] | None] = []
        for i, n in enumerate(seat_nodes):
            try:
                raw.append(self.seat(n, i))
            except _Bad as bad:
                self.note(bad)
                raw.append(None)
        win_node = keys["win"][1] if "win" in keys else None
        flip = self.attempt(lambda: _tile(keys["flip"][1], "flip"), None) if "flip" in keys else None
        if rules is None or any(r is None for r in raw):
            return None
        seats = [r for r in raw if r is not None]
        win = self.win(win_node, seats, rules) if win_node is not None else None
        if win is None and flip is not None:
            raise _Bad(keys["flip"][0], "flip: nothing is turned on a draw (the file has no win)")
        for i in range(4):
            if win is None or i not in win.winners:
                self.check_count(seats, i, 13)
        self.census(keys["seats"][0], seats, flip, win)
        first = self.chicken_map(keys, "first_chicken")
        claimed, unclaimed = self.claimed_map(keys)
        self.infer_claimers(keys, seats, first, claimed, unclaimed, win)
        self.check_first_chickens(keys, seats, first, claimed, win)
        baopai = self.baopai(keys, win, rules)
        weekday = _int(keys["weekday"][1], "weekday", 1, 7) if "weekday" in keys else None
        hot_kong, robbed = self.win_melds(win_node, win, seats)
        winners = set(win.winners) if win else set()
        results = []
        for i, (concealed, melds, discards, declared) in enumerate(seats):
            counts = to_counts(concealed)
            ready = i in winners or (len(concealed) + 3 * len(melds) == 13 and seat_ready(counts, melds, rules))
            results.append(SeatResult(tuple(concealed), tuple(melds), tuple(discards), declared, ready))
        self.check_flags(keys, win_node, seats, results, rules)
        followed = self.attempt(lambda: self.dealer_followed(keys, seats, dealer, win), False)
        self.attempt(lambda: self.check_single_charge(keys, first, rules), None)
        if win is not None:
            self.attempt(lambda: self.check_hot_forced(win_node, seats, win, rules), None)
        if self.errors:
            return None
        return HandResult(
            ruleset=rules.name,
            dealer=dealer,
            streak=streak,
            seats=(results[0], results[1], results[2], results[3]),
            win=win,
            flip=flip,
            first_chicken=first,
            first_chicken_claimed_by=claimed,
            baopai=baopai,
            hot_kong=hot_kong,
            robbed_kong=robbed,
            weekday=weekday,
            dealer_followed=followed,
        )

    def rules(self, node: yaml.Node) -> Ruleset:
        if isinstance(self.ruleset_arg, Ruleset):
            return self.ruleset_arg
        name = self.ruleset_arg if self.ruleset_arg is not None else _value(node)
        if not isinstance(name, str):
            raise _Bad(node, f"ruleset: expected a ruleset name, found {_show(node)}")
        try:
            return load_ruleset(name)
        except RulesetError as exc:
            raise _Bad(node, f"ruleset: {exc.errors[0]}") from None

    def seat(self, node: yaml.Node, i: int) -> tuple[list[Tile], list[Meld], list[Tile], bool]:
        what = f"seats[{i}]"
        keys = _mapping(node, what, _SEAT_KEYS)
        if "hand" not in keys:
            raise _Bad(node, f"{what}: missing key 'hand'")
        concealed = sorted(_tiles(keys["hand"][1], f"{what}.hand"))
        melds: list[Meld] = []
        if "melds" in keys:
            for j, m in enumerate(_list(keys["melds"][1], f"{what}.melds")):
                text = _value(m)
                if not isinstance(text, str):
                    raise _Bad(m, f"{what}.melds[{j}]: expected a meld such as 'pung 5m from 2', found {_show(m)}")
                try:
                    melds.append(parse_meld(text, i))
                except ValueError as exc:
                    raise _Bad(m, f"{what}.melds[{j}]: {exc}") from None
        discards = _tiles(keys["discards"][1], f"{what}.discards") if "discards" in keys else []
        declared = _bool(keys["declared_ready"][1], f"{what}.declared_ready") if "declared_ready" in keys else False
        return concealed, melds, discards, declared

    def win(self, node: yaml.Node, seats: list[Any], rules: Ruleset) -> Win:
        keys = _mapping(node, "win", _WIN_KEYS)
        for required in ("by", "tile", "from"):
            if required not in keys:
                raise _Bad(node, f"win: missing key {required!r}")
        by_nodes = _list(keys["by"][1], "win.by")
        winners = tuple(_seat(n, "win.by") for n in by_nodes)
        if not winners or len(set(winners)) != len(winners):
            raise _Bad(keys["by"][1], "win.by: expected one or more different seats")
        tile = _tile(keys["tile"][1], "win.tile")
        src_node = keys["from"][1]
        discarder = None if _value(src_node) == "self" else _seat(src_node, "win.from (a seat number or self)")
        how_text = _value(keys["how"][1]) if "how" in keys else None
        if discarder is None:
            if how_text not in (None, "self_draw", "after_kong"):
                raise _Bad(keys["how"][1], f"win.how: a self-drawn win is self_draw or after_kong, not {how_text!r}")
            how = WinHow.AFTER_KONG if how_text == "after_kong" else WinHow.SELF_DRAW
            if len(winners) > 1:
                raise _Bad(keys["by"][1], "win.by: only one seat can win on its own draw")
        else:
            if how_text not in (None, "discard", "rob_kong"):
                raise _Bad(keys["how"][1], f"win.how: a win off another seat is discard or rob_kong, not {how_text!r}")
            how = WinHow.ROB_KONG if how_text == "rob_kong" else WinHow.DISCARD
            if discarder in winners:
                raise _Bad(src_node, f"win.from: seat {discarder} cannot win on its own tile")
            if len(winners) > 1 and not rules.play.multiple_winners:
                raise _Bad(keys["by"][1], f"win.by: {rules.name} lets only one seat win on a discard")
        hot = _bool(keys["hot"][1], "win.hot") if "hot" in keys else False
        if hot and how is not WinHow.DISCARD:
            raise _Bad(keys["hot"][1], "win.hot: only a discard is hot (热炮)")
        first_turn = _bool(keys["first_turn"][1], "win.first_turn") if "first_turn" in keys else False
        if how is WinHow.ROB_KONG and discarder is not None:
            robbed = seats[discarder][1]
            if not any(m.tile == tile and m.kong is None for m in robbed):
                raise _Bad(src_node, f"win.from: seat {discarder} has no pung of {format_tile(tile)} to add to (抢杠)")
        for w in winners:
            self.check_winner(node, seats, rules, w, tile, how, discarder, hot)
        return Win(winners, tile, how, discarder, hot, first_turn)

    def check_winner(
        self,
        node: yaml.Node,
        seats: list[Any],
        rules: Ruleset,
        w: int,
        tile: Tile,
        how: WinHow,
        discarder: int | None,
        hot: bool,
    ) -> None:
        concealed, melds, _discards, _declared = seats[w]
        self.check_count(seats, w, 14)
        if tile not in concealed:
            raise _Bad(node, f"win.tile: seat {w}'s hand does not hold the winning tile {format_tile(tile)}")
        patterns = matching_patterns(to_counts(concealed), melds, tile)
        hand = format_tiles(concealed, spaced=True)
        if not patterns:
            raise _Bad(node, f"win: seat {w}'s hand {hand} with {len(melds)} melds is not a winning hand")
        pid = best_pattern(patterns, rules.pattern_values())
        if pid is None:
            raise _Bad(node, f"win: seat {w}'s hand {hand} scores no pattern under {rules.name}")
        if not _passes(rules, seats, w, pid, how, discarder, hot):
            zh, en = PATTERN_NAMES[pid]
            raise _Bad(
                node,
                f"win: seat {w} wins a {zh} ({en}) off a discard without a pass (a kong of its own), "
                f"which {rules.name} does not allow (RULES §6)",
            )

    def check_count(self, seats: list[Any], i: int, want: int) -> None:
        """A seat holds 13 tiles, a winner 14, each meld counting 3 (RULES §5)."""
        concealed, melds = seats[i][0], seats[i][1]
        have = len(concealed) + 3 * len(melds)
        if have != want:
            role = "a winner holds 14" if want == 14 else "a seat that did not win holds 13"
            raise _Bad(
                self.seat_nodes[i],
                f"seats[{i}]: holds {have} tiles ({len(concealed)} in hand, {len(melds)} melds at 3 each); {role}",
            )

    def census(self, seats_node: yaml.Node, seats: list[Any], flip: Tile | None, win: Win | None) -> None:
        counts = [0] * NUM_KINDS
        if win is not None and len(win.winners) > 1:
            # Several winners on one tile each hold it, but it is one tile.
            counts[win.tile] -= len(win.winners) - 1
        for concealed, melds, discards, _ in seats:
            for t in concealed + discards:
                counts[t] += 1
            for m in melds:
                counts[m.tile] += m.size
        if flip is not None:
            counts[flip] += 1
        over = [f"{counts[t]} of {format_tile(t)}" for t in range(NUM_KINDS) if counts[t] > COPIES]
        if over:
            raise _Bad(
                seats_node,
                f"seats: {', '.join(over)} across hands, melds, discards and the turned tile; each tile has 4 copies",
            )

    def check_flags(
        self,
        keys: dict[str, tuple[yaml.Node, yaml.Node]],
        win_node: yaml.Node | None,
        seats: list[Any],
        results: list[SeatResult],
        rules: Ruleset,
    ) -> None:
        """Flags the ruleset cannot score are refused, never scored silently (RULES §12.18)."""
        play = rules.play
        for i, (_concealed, melds, _discards, declared) in enumerate(seats):
            seat_keys = _mapping(self.seat_nodes[i], f"seats[{i}]", _SEAT_KEYS)
            if not play.late_kong:
                meld_nodes = _list(seat_keys["melds"][1], f"seats[{i}].melds") if "melds" in seat_keys else []
                for j, m in enumerate(melds):
                    if m.late:
                        self.note(
                            _Bad(
                                meld_nodes[j],
                                f"seats[{i}].melds[{j}]: a late kong (憨包豆), which {rules.name} does not know "
                                "(RULES §12.18); write the kong without `late`",
                            )
                        )
            if declared:
                node = seat_keys["declared_ready"][1]
                if not play.declare_ready:
                    self.note(
                        _Bad(
                            node,
                            f"seats[{i}].declared_ready: {rules.name} has no 报听 (declaring ready), "
                            "so no seat can have declared (RULES §12.18)",
                        )
                    )
                elif not results[i].ready:
                    hand = format_tiles(results[i].concealed, spaced=True)
                    self.note(
                        _Bad(node, f"seats[{i}].declared_ready: seat {i} declared ready, but {hand} is not ready")
                    )
        if win_node is not None and not play.late_kong:
            win_keys = _mapping(win_node, "win", _WIN_KEYS)
            if "robbed_late" in win_keys and _value(win_keys["robbed_late"][1]) is True:
                self.note(
                    _Bad(
                        win_keys["robbed_late"][0],
                        f"win.robbed_late: a late kong (憨包豆), which {rules.name} does not know (RULES §12.18)",
                    )
                )

    def check_hot_forced(self, node: yaml.Node | None, seats: list[Any], win: Win, rules: Ruleset) -> None:
        """B6: where a hot discard must be won, a seat that could win on it and did not is refused."""
        if not rules.play.hot_discard_forced or not win.hot or win.how is not WinHow.DISCARD:
            return
        values = rules.pattern_values()
        for s in range(4):
            if s in win.winners or s == win.discarder:
                continue
            concealed, melds = seats[s][0], seats[s][1]
            counts = to_counts(concealed)
            counts[win.tile] += 1
            pid = best_pattern(matching_patterns(counts, melds, win.tile), values)
            if pid is not None and _passes(rules, seats, s, pid, WinHow.DISCARD, win.discarder, True):
                raise _Bad(
                    node,
                    f"win: seat {s} could win on the hot discard {format_tile(win.tile)} and did not; "
                    f"under {rules.name} every seat that can must win on a hot discard (RULES §7, B6)",
                )

    def dealer_followed(
        self, keys: dict[str, tuple[yaml.Node, yaml.Node]], seats: list[Any], dealer: int, win: Win | None
    ) -> bool:
        """开局跟 (RULES §14): `dealer_followed: true` needs each seat's first discard to be the dealer's first."""
        if "dealer_followed" not in keys:
            return False
        node = keys["dealer_followed"][1]
        if not _bool(node, "dealer_followed"):
            return False
        ponds = [seat[2] for seat in seats]
        if not ponds[dealer]:
            raise _Bad(node, f"dealer_followed: the dealer (seat {dealer}) has no discard to follow")
        tile = ponds[dealer][0]
        for s in range(4):
            # The last follower's tile may have been won on, leaving its pond empty.
            won_on = win is not None and win.discarder == s and win.tile == tile and win.how is WinHow.DISCARD
            if not (ponds[s] and ponds[s][0] == tile) and not (won_on and not ponds[s]):
                raise _Bad(
                    node,
                    f"dealer_followed: seat {s}'s first discard is not {format_tile(tile)}, the dealer's first "
                    "(开局跟: every other seat follows it with the same tile)",
                )
        return True

    def check_single_charge(
        self, keys: dict[str, tuple[yaml.Node, yaml.Node]], first: dict[Tile, int], rules: Ruleset
    ) -> None:
        """One 冲锋鸡 per hand (RULES §14): first_chicken names only the first followed chicken discarded."""
        if rules.chickens.charge_single and len(first) > 1:
            raise _Bad(
                keys["first_chicken"][1],
                f"first_chicken: {rules.name} follows only the first of "
                f"{', '.join(format_tile(t) for t in first)} discarded (one 冲锋鸡 per hand); name that one",
            )

    def claimed_map(self, keys: dict[str, tuple[yaml.Node, yaml.Node]]) -> tuple[dict[Tile, int], set[Tile]]:
        """first_chicken_claimed_by: the claimer of each tile, and the tiles written `null` (not claimed)."""
        key = "first_chicken_claimed_by"
        if key not in keys:
            return {}, set()
        node = keys[key][1]
        if not isinstance(node, yaml.MappingNode):
            raise _Bad(node, f"{key}: expected a mapping such as {{1s: 2}} (null: not claimed)")
        out: dict[Tile, int] = {}
        unclaimed: set[Tile] = set()
        for k, v in node.value:
            t = _tile(k, key)
            if t in out or t in unclaimed:
                raise _Bad(k, f"{key}: {format_tile(t)} given twice")
            if isinstance(v, yaml.ScalarNode) and v.tag == "tag:yaml.org,2002:null":
                unclaimed.add(t)
            else:
                out[t] = _seat(v, f"{key}.{format_tile(t)}")
        return out, unclaimed

    def infer_claimers(
        self,
        keys: dict[str, tuple[yaml.Node, yaml.Node]],
        seats: list[Any],
        first: dict[Tile, int],
        claimed: dict[Tile, int],
        unclaimed: set[Tile],
        win: Win | None,
    ) -> None:
        """Fill in who claimed each first chicken when the file shows it: one seat holds a pung or kong of it
        from the first discarder, and the discarder's pond holds no copy it could be instead."""
        for t, d in first.items():
            if t in claimed or t in unclaimed:
                continue
            holders = [s for s in range(4) if any(m.tile == t and m.source == d for m in seats[s][1])]
            if not holders:
                continue
            won_on = win is not None and win.tile == t and win.discarder == d and win.how is WinHow.DISCARD
            if t in seats[d][2] or won_on:
                name = format_tile(t)
                raise _Bad(
                    keys["first_chicken"][1],
                    f"first_chicken: seat {holders[0]} holds a {name} claimed from seat {d}, and seat {d} also "
                    f"shows a {name} in its pond; say which was the first: first_chicken_claimed_by: "
                    f"{{{name}: {holders[0]}}} if it was claimed, {{{name}: null}} if not",
                )
            claimed[t] = holders[0]

    def chicken_map(self, keys: dict[str, tuple[yaml.Node, yaml.Node]], key: str) -> dict[Tile, int]:
        if key not in keys:
            return {}
        node = keys[key][1]
        if not isinstance(node, yaml.MappingNode):
            raise _Bad(node, f"{key}: expected a mapping such as {{1s: 2, 8p: 3}}")
        out: dict[Tile, int] = {}
        for k, v in node.value:
            t = _tile(k, key)
            if t in out:
                raise _Bad(k, f"{key}: {format_tile(t)} given twice")
            out[t] = _seat(v, f"{key}.{format_tile(t)}")
        return out

    def check_first_chickens(
        self,
        keys: dict[str, tuple[yaml.Node, yaml.Node]],
        seats: list[Any],
        first: dict[Tile, int],
        claimed: dict[Tile, int],
        win: Win | None,
    ) -> None:
        for t, claimer in claimed.items():
            # A claimer the reader inferred has no node of its own: point at first_chicken.
            node = keys["first_chicken_claimed_by" if "first_chicken_claimed_by" in keys else "first_chicken"][1]
            if t not in first:
                raise _Bad(node, f"first_chicken_claimed_by: {format_tile(t)} is not in first_chicken")
            if claimer == first[t]:
                raise _Bad(node, f"first_chicken_claimed_by: seat {claimer} cannot claim its own discard")
            if not any(m.tile == t and m.source == first[t] for m in seats[claimer][1]):
                raise _Bad(
                    node,
                    f"first_chicken_claimed_by: seat {claimer} has no pung or kong of "
                    f"{format_tile(t)} from seat {first[t]}",
                )
        for t, seat in first.items():
            won_on = win is not None and win.tile == t and win.discarder == seat and win.how is WinHow.DISCARD
            if t not in claimed and t not in seats[seat][2] and not won_on:
                raise _Bad(
                    keys["first_chicken"][1],
                    f"first_chicken: seat {seat} has no {format_tile(t)} among its discards "
                    "(if it was claimed, name the claimer in first_chicken_claimed_by)",
                )

    def baopai(self, keys: dict[str, tuple[yaml.Node, yaml.Node]], win: Win | None, rules: Ruleset) -> tuple[int, ...]:
        if "baopai" not in keys:
            return ()
        node = keys["baopai"][1]
        if rules.play.passed_win == "guoshui":
            why = "uses 过水 after a passed win (no win off a discard until the seat's own next draw), not 包牌"
            raise _Bad(keys["baopai"][0], f"baopai: {rules.name} {why} (RULES §12.12, §12.18)")
        if rules.play.passed_win != "baopai":
            raise _Bad(keys["baopai"][0], f"baopai: {rules.name} has no 包牌 for passing up a win (RULES §12.18)")
        seats = tuple(_seat(n, "baopai") for n in _list(node, "baopai"))
        for s in seats:
            if win is None or s not in win.winners or win.how is not WinHow.DISCARD:
                raise _Bad(node, f"baopai: seat {s} did not win off a discard, so it owes no 包牌")
        return seats

    def win_melds(self, node: yaml.Node | None, win: Win | None, seats: list[Any]) -> tuple[Meld | None, Meld | None]:
        """The kong behind a hot discard and the robbed kong, from the win's keys and the seats' melds."""
        if node is None or win is None or win.discarder is None:
            return None, None
        keys = _mapping(node, "win", _WIN_KEYS)
        melds: list[Meld] = seats[win.discarder][1]
        if win.how is WinHow.ROB_KONG:
            pung = next(m for m in melds if m.tile == win.tile and m.kong is None)
            late = _bool(keys["robbed_late"][1], "win.robbed_late") if "robbed_late" in keys else False
            return None, Meld(win.tile, KongKind.ADDED, pung.source, late)
        if not win.hot:
            if "hot_kong" in keys:
                raise _Bad(keys["hot_kong"][0], "win.hot_kong: only a hot win (hot: true) names a hot kong")
            return None, None
        kongs = [m for m in melds if m.is_kong]
        if "hot_kong" in keys:
            t = _tile(keys["hot_kong"][1], "win.hot_kong")
            found = [m for m in kongs if m.tile == t]
            if not found:
                raise _Bad(keys["hot_kong"][1], f"win.hot_kong: seat {win.discarder} has no kong of {format_tile(t)}")
            return found[0], None
        if len(kongs) == 1:
            return kongs[0], None
        if not kongs:
            raise _Bad(keys["hot"][1], f"win.hot: seat {win.discarder} has no kong, so its discard is not hot")
        raise _Bad(
            keys["hot"][1], f"win.hot: seat {win.discarder} has several kongs; name the last with hot_kong: TILE"
        )


def parse_hand_file(text: str, filename: str = "<hand>", ruleset: Ruleset | str | None = None) -> HandResult:
    """Read hand-file text into a HandResult, checked under `ruleset` (default: the file's); raises HandFileError."""
    return _Reader(filename, ruleset).read(text)


def read_hand_file(path: str | Path, ruleset: Ruleset | str | None = None) -> HandResult:
    """Read the hand file at `path` (see docs/hand-file.md); raises HandFileError with `file:line: message` lines."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise HandFileError([f"{path}:1: cannot read the file: {exc.strerror or exc}"]) from None
    except UnicodeDecodeError as exc:
        raise HandFileError([f"{path}:1: not UTF-8 text ({exc.reason})"]) from None
    return parse_hand_file(text, str(path), ruleset)


def _tiles_text(tiles: tuple[Tile, ...]) -> str:
    return format_tiles(tiles, sort=False, spaced=True) if tiles else '""'


def _tile_map(m: dict[Tile, int]) -> str:
    return "{" + ", ".join(f"{format_tile(t)}: {s}" for t, s in m.items()) + "}"


def _claimed_text(result: HandResult) -> str:
    """The claimers of the first chickens; `null` where a reader could not tell that one was not claimed."""
    parts = []
    for t, d in result.first_chicken.items():
        claimer = result.first_chicken_claimed_by.get(t)
        if claimer is not None:
            parts.append(f"{format_tile(t)}: {claimer}")
        elif any(m.tile == t and m.source == d for s in result.seats for m in s.melds):
            parts.append(f"{format_tile(t)}: null")
    return ", ".join(parts)


def write_hand_file(result: HandResult) -> str:
    """The hand-file text of a HandResult; read_hand_file gives the same result back."""
    lines = [f"ruleset: {result.ruleset}", f"dealer: {result.dealer}", f"streak: {result.streak}", "seats:"]
    for s in result.seats:
        lines.append(f"  - hand: {_tiles_text(s.concealed)}")
        lines.append(f"    melds: [{', '.join(format_meld(m) for m in s.melds)}]")
        lines.append(f"    discards: {_tiles_text(s.discards)}")
        lines.append(f"    declared_ready: {str(s.declared_ready).lower()}")
    win = result.win
    if win is not None:
        parts = [f"by: [{', '.join(str(w) for w in win.winners)}]", f"tile: {format_tile(win.tile)}"]
        parts.append(f"from: {'self' if win.discarder is None else win.discarder}")
        if win.how in (WinHow.AFTER_KONG, WinHow.ROB_KONG):
            parts.append(f"how: {win.how.value}")
        if win.hot:
            parts.append("hot: true")
            if result.hot_kong is not None:
                parts.append(f"hot_kong: {format_tile(result.hot_kong.tile)}")
        if win.first_turn:
            parts.append("first_turn: true")
        if result.robbed_kong is not None and result.robbed_kong.late:
            parts.append("robbed_late: true")
        lines.append("win: {" + ", ".join(parts) + "}")
    if result.flip is not None:
        lines.append(f"flip: {format_tile(result.flip)}")
    if result.first_chicken:
        lines.append(f"first_chicken: {_tile_map(result.first_chicken)}")
    claimed = _claimed_text(result)
    if claimed:
        lines.append(f"first_chicken_claimed_by: {{{claimed}}}")
    if result.baopai:
        lines.append(f"baopai: [{', '.join(str(s) for s in result.baopai)}]")
    if result.weekday is not None:
        lines.append(f"weekday: {result.weekday}")
    if result.dealer_followed:
        lines.append("dealer_followed: true")
    return "\n".join(lines) + "\n"
