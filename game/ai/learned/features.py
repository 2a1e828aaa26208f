"""What the learned network sees of a decision: the seat's table, and each move it weighs, as numbered inputs.

Inputs are sparse (index, value) pairs: most are 0 or 1, and the network's first layer adds only the rows
of the inputs present (game.ai.learned.network). A decision is encoded in two parts with indices apart:
the table as the seat sees it (`encode_table`, shared by every move) and one move with the hand it leaves
(`encode_move`). Seats are counted from the deciding seat (1 the next to play), so that one network serves
every seat and every table size. Everything comes from the seat's Observation, the table reading
(game.ai.judgement.reading) and hard's value of the move: nothing hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.judgement.base import unseen_of
from game.ai.judgement.efficiency import accept, discard_options
from game.ai.judgement.reading import SeatReading
from game.core.ruleset import Ruleset
from game.core.rulings import has_pass, needs_pass, turned_chickens
from game.core.settlement.chickens import charge_kinds, fixed_chickens, pond_counts
from game.core.tiles import COPIES, NUM_KINDS
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation

# The version of this encoding: weights record the one they were trained on, and a mismatch is refused.
VERSION = 1
K = NUM_KINDS
# The input layout is fixed, so it is sized for the largest table a ruleset may seat (docs/rules.md §15: two to
# four); at a smaller table the inputs of the seats it lacks stay 0, and `players=N` says which table it is.
TABLE_SIZES = (2, 3, 4)
MAX_OTHERS = max(TABLE_SIZES) - 1

# The table's planes (27 inputs each): unseen copies 0..4 and "not in play"; each other seat's pond, melds
# and chance of waiting on the kind; the seat's own pond; the named missing suits; the chickens' values;
# the tile on offer to claim.
P_UNSEEN = 0  # five planes, one per count
P_NOT_IN_PLAY = 5
P_POND = 6  # three planes, by seat from the next
P_OWN_POND = 9
P_MELDS = 10  # three planes
P_WAIT = 13  # three planes: chance the seat is ready and waits on the kind
P_MISSING_OWN = 16
P_MISSING = 17  # three planes
P_CHICKEN = 20
P_OFFERED = 21
TABLE_PLANES = 22
S = TABLE_PLANES * K  # the table's scalars start here
WALL_BINS = 9
SCALAR_NAMES: tuple[str, ...] = (
    "wall",
    *(f"wall<{10 * (i + 1)}" for i in range(WALL_BINS)),
    *(f"dealer+{i}" for i in range(MAX_OTHERS + 1)),
    *(f"players={n}" for n in TABLE_SIZES),
    *(f"declared+{i + 1}" for i in range(MAX_OTHERS)),
    *(f"ready+{i + 1}" for i in range(MAX_OTHERS)),
    *(f"hand+{i + 1}" for i in range(MAX_OTHERS)),
    *(f"pass+{i}" for i in range(MAX_OTHERS + 1)),
    *("phase=turn", "phase=claim", "phase=rob", "guoshui", "baopai", "declared"),
    *("scope=hand", "charge", "liability", "kong_pay_back", "declare_ready", "pinghu_needs_pass", "dingque", "flip"),
)
TABLE_SIZE = S + len(SCALAR_NAMES)

# A move's inputs, after the table's: the hand it leaves (concealed counts at least 1..4, pungs, kongs), the
# tile it moves, its kind, the shanten and live tiles it leaves, and hard's value of it.
M_HAND = 0  # four planes
M_PUNG = 4
M_KONG = 5
M_TILE = 6
MOVE_PLANES = 7
MOVE_KINDS: tuple[str, ...] = ("discard", "declare", "concealed_kong", "added_kong", "pung", "kong", "pass")
SHANTEN_BINS = 5
MOVE_SCALARS: tuple[str, ...] = (
    *MOVE_KINDS,
    *(f"shanten={i}" for i in range(SHANTEN_BINS)),
    *("live", "waits", "hard_offence", "hard_risk", "hard_total", "hard_scored", "hard_move"),
)
MOVE_SIZE = MOVE_PLANES * K + len(MOVE_SCALARS)
INPUTS = TABLE_SIZE + MOVE_SIZE

Sparse = list[tuple[int, float]]


@dataclass(frozen=True, slots=True)
class HardValue:
    """Hard's value of a discard, in fan: what it keeps for winning and what it risks."""

    offence: float
    risk: float


def _scalar(name: str) -> int:
    return S + SCALAR_NAMES.index(name)


_SCALAR = {name: _scalar(name) for name in SCALAR_NAMES}
_MOVE_SCALAR = {name: TABLE_SIZE + MOVE_PLANES * K + i for i, name in enumerate(MOVE_SCALARS)}


def relative(players: int, seat: int, other: int) -> int:
    """`other` counted from `seat` in turn order: 1 the next to play, up to players - 1."""
    return (other - seat) % players


def encode_table(obs: Observation, rules: Ruleset, reading: Sequence[SeatReading | None]) -> Sparse:
    """The inputs every move of this decision shares: the table as `obs.seat` sees it."""
    out: Sparse = []
    add = out.append
    seat, n = obs.seat, rules.players
    unseen = unseen_of(obs, rules)
    for t in range(K):
        if rules.in_play[t]:
            add((P_UNSEEN * K + unseen[t] * K + t, 1.0))
        else:
            add((P_NOT_IN_PLAY * K + t, 1.0))
    for other in range(n):
        rel = relative(n, seat, other)
        pond = obs.ponds[other]
        counts = [0] * K
        for t in pond:
            counts[t] += 1
        base = P_OWN_POND if rel == 0 else P_POND + rel - 1
        for t in range(K):
            if counts[t]:
                add((base * K + t, counts[t] / COPIES))
        if rel == 0:
            continue
        for m in obs.melds[other]:
            add(((P_MELDS + rel - 1) * K + m.tile, m.size / COPIES))
        r = reading[other] if other < len(reading) else None
        if r is not None:
            for t in range(K):
                w = r.waits[t] * r.ready
                if w > 0.005:
                    add(((P_WAIT + rel - 1) * K + t, w))
            add((_SCALAR[f"ready+{rel}"], r.ready))
        if obs.declared[other]:
            add((_SCALAR[f"declared+{rel}"], 1.0))
        add((_SCALAR[f"hand+{rel}"], obs.hand_sizes[other] / 13))
        if has_pass(obs.melds[other], rules.play):
            add((_SCALAR[f"pass+{rel}"], 1.0))
    if obs.missing:
        for other, suit in enumerate(obs.missing):
            if suit < 0:
                continue
            rel = relative(n, seat, other)
            plane = P_MISSING_OWN if rel == 0 else P_MISSING + rel - 1
            for t in range(9 * suit, 9 * suit + 9):
                add((plane * K + t, 1.0))
    for tile, value in fixed_chickens(rules):
        add((P_CHICKEN * K + tile, value / 2))
    offered = obs.rob_tile if obs.rob_tile is not None else obs.last_discard[1] if obs.last_discard else None
    if offered is not None:
        add((P_OFFERED * K + offered, 1.0))
    _table_scalars(obs, rules, add)
    return out


def _table_scalars(obs: Observation, rules: Ruleset, add: object) -> None:
    assert callable(add)
    n = rules.players
    wall = obs.wall_remaining
    add((_SCALAR["wall"], wall / max(1, rules.wall_size)))
    for i in range(WALL_BINS):
        if wall < 10 * (i + 1):
            add((_SCALAR[f"wall<{10 * (i + 1)}"], 1.0))
    add((_SCALAR[f"dealer+{relative(n, obs.seat, obs.dealer)}"], 1.0))
    add((_SCALAR[f"players={n}"], 1.0))
    if has_pass(obs.melds[obs.seat], rules.play):
        add((_SCALAR["pass+0"], 1.0))
    phase = "rob" if obs.rob_tile is not None else "claim" if obs.last_discard is not None else "turn"
    add((_SCALAR[f"phase={phase}"], 1.0))
    for name, on in (
        ("guoshui", obs.guoshui),
        ("baopai", obs.baopai_pending),
        ("declared", obs.declared[obs.seat]),
        # The rule facts as the rules home states them (docs/rules.md §6, §8), never the switches behind them.
        ("scope=hand", not pond_counts(rules)),
        ("charge", bool(charge_kinds(rules))),
        ("liability", bool(rules.chickens.liability)),
        ("kong_pay_back", rules.kongs.not_ready == "pay_back"),
        ("declare_ready", rules.play.declare_ready),
        ("pinghu_needs_pass", needs_pass("pinghu", rules.play)),
        ("dingque", rules.play.dingque),
        ("flip", bool(turned_chickens(0, rules))),  # a turned tile makes chickens (翻鸡)
    ):
        if on:
            add((_SCALAR[name], 1.0))


def move_tile(obs: Observation, action: Action) -> int:
    """The kind a move plays: the tile discarded or konged, the discard claimed; -1 for a pass."""
    if action.kind in (ActionKind.PUNG, ActionKind.KONG):
        assert obs.last_discard is not None
        return obs.last_discard[1]
    return -1 if action.tile is None else action.tile


def move_kind(action: Action) -> str:
    """The name of a move's kind among MOVE_KINDS."""
    if action.kind is ActionKind.DISCARD:
        return "declare" if action.declare else "discard"
    return action.kind.value


def encode_move(obs: Observation, rules: Ruleset, action: Action, hard: HardValue | None, is_hard: bool) -> Sparse:
    """The inputs of one move: the hand it leaves, what it is, the shanten and live tiles after it, hard's value."""
    counts = list(obs.counts)
    melds = [(m.tile, m.size) for m in obs.melds[obs.seat]]
    tile = move_tile(obs, action)
    kind = move_kind(action)
    if kind in ("discard", "declare"):
        counts[tile] -= 1
    elif kind == "concealed_kong":
        counts[tile] -= COPIES
        melds.append((tile, COPIES))
    elif kind == "added_kong":
        counts[tile] -= 1
        melds = [(t, COPIES if t == tile else size) for t, size in melds]
    elif kind == "pung":
        counts[tile] -= 2
        melds.append((tile, 3))
    elif kind == "kong":
        counts[tile] -= 3
        melds.append((tile, COPIES))
    out: Sparse = []
    add = out.append
    base = TABLE_SIZE
    for t in range(K):
        for level in range(counts[t]):
            add((base + (M_HAND + level) * K + t, 1.0))
    for t, size in melds:
        add((base + (M_KONG if size == COPIES else M_PUNG) * K + t, 1.0))
    if tile >= 0:
        add((base + M_TILE * K + tile, 1.0))
    add((_MOVE_SCALAR[kind], 1.0))
    unseen = unseen_of(obs, rules)
    if kind == "pung":
        # Eleven tiles and a discard to come: the best the discard can leave.
        options = discard_options(counts, len(melds), unseen)
        low = min(o.shanten for o in options)
        live = max(o.live for o in options if o.shanten == low)
        waits = 0
    else:
        low, tiles = accept(counts, len(melds))
        live = sum(unseen[t] for t in tiles)
        waits = len(tiles) if low == 0 else 0
    add((_MOVE_SCALAR[f"shanten={min(max(low, 0), SHANTEN_BINS - 1)}"], 1.0))
    add((_MOVE_SCALAR["live"], live / 20))
    if waits:
        add((_MOVE_SCALAR["waits"], waits / 5))
    if hard is not None:
        add((_MOVE_SCALAR["hard_offence"], hard.offence / 5))
        add((_MOVE_SCALAR["hard_risk"], hard.risk / 5))
        add((_MOVE_SCALAR["hard_total"], (hard.offence - hard.risk) / 5))
        add((_MOVE_SCALAR["hard_scored"], 1.0))
    if is_hard:
        add((_MOVE_SCALAR["hard_move"], 1.0))
    return out


def encode_decision(
    obs: Observation,
    rules: Ruleset,
    reading: Sequence[SeatReading | None],
    actions: Sequence[Action],
    prices: dict[int, HardValue],
) -> tuple[Sparse, list[Sparse]]:
    """The table's inputs and each move's, hard's move first; `prices` is hard's value of each discard by tile."""
    table = encode_table(obs, rules, reading)
    moves = []
    for i, a in enumerate(actions):
        price = prices.get(a.tile) if a.kind is ActionKind.DISCARD and a.tile is not None else None
        moves.append(encode_move(obs, rules, a, price, i == 0))
    return table, moves
