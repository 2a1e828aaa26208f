"""Every problem a hand can have, as a code with named arguments, and each code's English words.

check_hand (game.handfile.rules, game.handfile.checks) and the score calculator (game.calculator.sheet) report a
problem as a code and its arguments (game.handfile.draft.Problem); `settle FILE` prints the English here,
and the client words each code in its own languages from the same arguments. ENGLISH lists every code the
game can emit, so a client can check it has words for each.

An argument's name says what it holds (ARG_KINDS), so each language can show it its own way: a seat is a
number from 0 to the table's players - 1, a tile a Tile, a hand a tuple of Tiles, a ruleset its name, a suit
its letter.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.ruleset import PATTERN_NAMES
from game.core.tiles import COPIES, SUIT_NAMES_EN, SUIT_NAMES_ZH, SUITS, format_tile, format_tiles

# What each argument name holds; the English below and the client's words both read arguments by it.
ARG_KINDS: dict[str, str] = {
    "seat": "seat",  # a seat number, 0 to the table's players - 1 (docs/rules.md §15.2)
    "other": "seat",
    "tile": "tile",  # a Tile
    "tiles": "tiles",  # a tuple of Tiles, in the order written
    "hand": "hand",  # a tuple of Tiles: a seat's concealed hand
    "over": "over",  # a tuple of (Tile, copies) for each kind with more than four copies
    "ruleset": "ruleset",  # a ruleset's name
    "suit": "suit",  # a suit letter: m, p or s
    "pattern": "pattern",  # a pattern id (PATTERN_NAMES)
    "how": "how",  # a WinHow value: after_kong, rob_kong
    "found": "count",  # a number
    "have": "count",
    "in_hand": "count",
    "melds": "count",
    "size": "count",
    "count": "count",
    "players": "count",  # the seats at the table: 2, 3 or 4
    "last": "count",  # the highest seat number at the table: players - 1
    "position": "count",  # 1-based, as a player counts characters
    "value": "text",  # a value as written in the file, quoted (repr)
    "text": "text",  # text typed or written, as it was
    "meld": "text",
    "char": "text",
}

_MELD_FORMS = "pung T from N, kong T from N, kong T concealed, kong T added (each kong may end in late)"

# How a typed tile row fails to parse (game.core.tiles.TileSyntaxError.fault), before `at position N in 'TEXT'`.
TILE_FAULTS: dict[str, str] = {
    "suit_alone": "suit letter {char!r} with no digits before it",
    "rank_zero": "rank 0 is not a tile (ranks are 1-9)",
    "unexpected": "unexpected character {char!r} (want digits 1-9 then m, p or s)",
    "no_suit": "digits with no suit letter after them",
    "not_one": "expected one tile, found {count}",
}

# Each code's English, as `settle FILE` prints it: a str.format template over the problem's field and its
# arguments (shown by _english_value).
ENGLISH: dict[str, str] = {
    # The table: its seats and the tiles in play (docs/rules.md §15.1, §15.2)
    "seats_count": "seats: expected {players} seats ({ruleset} is played by {players} players), found {found}",
    "seat_not_at_table": "{field}: no seat {seat} at a table of {players} players ({ruleset} seats 0-{last})",
    "tile_not_in_play": "{field}: {ruleset} plays without {suit}, so {tile} is not in play (docs/rules.md §15.1)",
    # 定缺 (docs/rules.md §15.3)
    "dingque_off": "{field}: {ruleset} plays no 定缺, so no seat names a suit",
    "dingque_not_in_play": "{field}: {ruleset} plays without {suit}, so it cannot be the suit named",
    "won_holding_dingque": "{field}: seat {seat} won holding {suit}, the suit it named (定缺): it cannot win before "
    "they are gone",
    # The seats and their tiles (docs/rules.md §1, §5)
    "winner_count": "{field}: holds {have} tiles ({in_hand} in hand, {melds} melds at 3 each); a winner holds 14",
    "seat_count": (
        "{field}: holds {have} tiles ({in_hand} in hand, {melds} melds at 3 each); a seat that did not win holds 13"
    ),
    "too_many_copies": (
        "seats: {over} across hands, melds, discards and the turned tile; each tile has " + str(COPIES) + " copies"
    ),
    # The win's keys
    "flip_on_draw": "flip: nothing is turned on a draw (the file has no win)",
    "no_winners": "win: missing key 'by'",
    "no_win_tile": "win: missing key 'tile'",
    "no_win_source": "win: missing key 'from'",
    "winners_repeated": "win.by: expected one or more different seats",
    "source_not_seat": "win.from (a seat number or self): expected a number 0-{last}, found {value}",
    "self_drawn_how": "win.how: a self-drawn win is self_draw or after_kong, not {value}",
    "self_drawn_winners": "win.by: only one seat can win on its own draw",
    "discard_how": "win.how: a win off another seat is discard or rob_kong, not {value}",
    "own_tile": "win.from: seat {seat} cannot win on its own tile",
    "one_winner_on_discard": "win.by: {ruleset} lets only one seat win on a discard",
    "hot_not_discard": "win.hot: only a discard is hot (热炮)",
    "no_pung_to_rob": "win.from: seat {seat} has no pung of {tile} to add to (抢杠)",
    # The winning hand (docs/rules.md §5, §6)
    "no_winning_tile": "win.tile: seat {seat}'s hand does not hold the winning tile {tile}",
    "not_winning": "win: seat {seat}'s hand {hand} with {melds} melds is not a winning hand",
    "no_pattern": "win: seat {seat}'s hand {hand} scores no pattern under {ruleset}",
    "no_pass": (
        "win: seat {seat} wins a {pattern} off a discard without a pass (a kong of its own), "
        "which {ruleset} does not allow (docs/rules.md §6)"
    ),
    # Flags the ruleset cannot score (docs/rules.md §12.18)
    "late_kong_unknown": (
        "{field}: a late kong (憨包豆), which {ruleset} does not know (docs/rules.md §12.18); "
        "write the kong without `late`"
    ),
    "robbed_late_unknown": (
        "win.robbed_late: a late kong (憨包豆), which {ruleset} does not know (docs/rules.md §12.18)"
    ),
    "no_declaring": (
        "{field}: {ruleset} has no 报听 (declaring ready), so no seat can have declared (docs/rules.md §12.18)"
    ),
    "declared_not_ready": "{field}: seat {seat} declared ready, but {hand} is not ready",
    "hot_not_won": (
        "win: seat {seat} could win on the hot discard {tile} and did not; "
        "under {ruleset} every seat that can must win on a hot discard (docs/rules.md §7, B6)"
    ),
    # 开局跟 and the first chickens (docs/rules.md §8, §14)
    "dealer_no_discard": "dealer_followed: the dealer (seat {seat}) has no discard to follow",
    "not_followed": (
        "dealer_followed: seat {seat}'s first discard is not {tile}, the dealer's first "
        "(开局跟: every other seat follows it with the same tile)"
    ),
    "one_charge": (
        "first_chicken: {ruleset} follows only the first of {tiles} discarded (one 冲锋鸡 per hand); name that one"
    ),
    "claimed_and_in_pond": (
        "first_chicken: seat {seat} holds a {tile} claimed from seat {other}, and seat {other} also "
        "shows a {tile} in its pond; say which was the first: first_chicken_claimed_by: "
        "{{{tile}: {seat}}} if it was claimed, {{{tile}: null}} if not"
    ),
    "claimed_not_first": "first_chicken_claimed_by: {tile} is not in first_chicken",
    "claims_own_discard": "first_chicken_claimed_by: seat {seat} cannot claim its own discard",
    "no_claiming_meld": "first_chicken_claimed_by: seat {seat} has no pung or kong of {tile} from seat {other}",
    "first_not_discarded": (
        "first_chicken: seat {seat} has no {tile} among its discards "
        "(if it was claimed, name the claimer in first_chicken_claimed_by)"
    ),
    # 包牌 (docs/rules.md §12.12)
    "baopai_guoshui": (
        "baopai: {ruleset} uses 过水 after a passed win (no win off a discard until the seat's own next draw), "
        "not 包牌 (docs/rules.md §12.12, §12.18)"
    ),
    "no_baopai": "baopai: {ruleset} has no 包牌 for passing up a win (docs/rules.md §12.18)",
    "baopai_not_discard_win": "baopai: seat {seat} did not win off a discard, so it owes no 包牌",
    # 热炮's kong
    "hot_kong_not_hot": "win.hot_kong: only a hot win (hot: true) names a hot kong",
    "no_hot_kong": "win.hot_kong: seat {seat} has no kong of {tile}",
    "hot_no_kong": "win.hot: seat {seat} has no kong, so its discard is not hot",
    "hot_many_kongs": "win.hot: seat {seat} has several kongs; name the last with hot_kong: TILE",
    # Wins no real table can have (docs/rules.md §12)
    "after_kong_no_kong": (
        "win.how: after_kong (杠上开花) is a win on a kong's replacement tile; seat {seat} has no kong"
    ),
    "self_drawn_hot_kong": "win.hot_kong: a self-drawn win has no hot kong (热炮 is a discard)",
    "robbed_late_not_robbed": "win.robbed_late: only a robbed kong (how: rob_kong) can be late",
    "first_turn_melds": "win.first_turn: 天胡 / 地胡 come before any meld, and seat {seat} has melds",
    "first_turn_how": "win.first_turn: a first-turn win is not won {how}",
    "tianhu_off_discard": "win.first_turn: the dealer's 天胡 is won on the deal (from: self), not off a discard",
    "tianhu_discards": "win.first_turn: 天胡 comes before any discard, and seat {seat} has discards",
    "dihu_discards": "win.first_turn: 地胡 is won on seat {seat}'s first draw or the first discard; it has discards",
    "dihu_not_dealers": "win.first_turn: 地胡 off a discard is won on the dealer's first discard",
    "dihu_ponds": "win.first_turn: 地胡 on the first discard leaves every pond empty",
    "first_turn_discards": "win.first_turn: seat {seat} discarded more than once before a first-turn win",
    # The score calculator's own: quick entry's stand-in hands, and tiles as they are clicked
    "ready_unsaid": "{field}: say whether seat {seat} was ready at the end",
    "chajiao_hand": "{field}: on a draw a ready seat is paid its best wait (查叫); enter seat {seat}'s hand",
    "no_ready_stand_in": "{field}: no hand of {size} tiles holding these chickens is ready (tiles left)",
    "no_unready_stand_in": "{field}: no hand of {size} tiles holding these chickens is not ready (tiles left)",
    "no_copies_left": "all " + str(COPIES) + " copies of {tile} are already on the table",
    "hand_full": "seats[{seat}] already holds {count} tiles counting its melds",
    # The calculator's own: a winner's hand is entered without its winning tile, which 胡的牌 holds.
    "winner_hand_count": (
        "{field}: {have} tiles besides the winning tile ({in_hand} in hand, {melds} melds at 3 each); a winner holds 13"
    ),
}
# A meld as written in the hand file, by what is wrong with it; parse_meld says these without the field.
MELD_FAULTS: dict[str, str] = {
    "meld_unknown": "{meld!r} is not a meld; write " + _MELD_FORMS,
    "meld_from_seat": "{meld!r}: `from` needs a seat number 0-{last}",
    "meld_own_discard": "{meld!r}: a seat cannot claim its own discard",
    "meld_pung_form": "{meld!r}: a pung is written `pung {text} from N`",
}
# A meld whose tile does not parse: the tile's fault, after the meld.
for _fault, _words in TILE_FAULTS.items():
    MELD_FAULTS[f"meld_tile_{_fault}"] = "{meld!r}: " + _words + " at position {position} in {text!r}"
# A typed tile row that does not parse, and a meld that does not, each at its field.
for _fault, _words in TILE_FAULTS.items():
    ENGLISH[f"tile_{_fault}"] = "{field}: " + _words + " at position {position} in {text!r}"
for _code, _words in MELD_FAULTS.items():
    ENGLISH[_code] = "{field}: " + _words


def _english_value(name: str, value: object) -> object:
    """An argument as the English words show it: tiles in notation, a pattern by both its names."""
    kind = ARG_KINDS.get(name)
    if kind == "tile" and isinstance(value, int):
        return format_tile(value)
    if kind == "hand" and isinstance(value, tuple):
        return format_tiles(list(value), spaced=True)
    if kind == "tiles" and isinstance(value, tuple):
        return ", ".join(format_tile(t) for t in value)
    if kind == "over" and isinstance(value, tuple):
        return ", ".join(f"{n} of {format_tile(t)}" for t, n in value)
    if kind == "suit" and isinstance(value, str) and value in SUITS:
        i = SUITS.index(value)
        return f"{SUIT_NAMES_ZH[i]} ({SUIT_NAMES_EN[i]})"
    if kind == "pattern" and isinstance(value, str):
        zh, en = PATTERN_NAMES.get(value, (value, value))
        return f"{zh} ({en})"
    return value


def english(code: str, field: str, args: Mapping[str, object]) -> str:
    """The problem in English, as `settle FILE` prints it (after `file:line: `)."""
    shown = {name: _english_value(name, value) for name, value in args.items()}
    return ENGLISH[code].format(field=field, **shown)
