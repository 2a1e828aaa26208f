"""What a hand is worth under the ruleset: the pass, patterns of the waits, chickens, win chances (docs/rules.md
§5-§9)."""

from __future__ import annotations

from collections.abc import Sequence

from game.core import rulings
from game.core.melds import KongKind, Meld
from game.core.ruleset import Ruleset
from game.core.settlement.chickens import charge_fan, charge_kinds, expected_copy_values, fixed_value, pond_counts
from game.core.settlement.context import kong_payment
from game.core.tiles import NUM_KINDS, Tile
from game.engine.observation import Observation

_VALUES: dict[int, tuple[Ruleset, dict[str, int]]] = {}


def pattern_values(rules: Ruleset) -> dict[str, int]:
    """rules.pattern_values(), remembered per ruleset object (it is asked for on every wait)."""
    got = _VALUES.get(id(rules))
    if got is None or got[0] is not rules:
        got = _VALUES[id(rules)] = (rules, rules.pattern_values())
    return got[1]


_WAITS: dict[tuple[tuple[int, ...], tuple[Tile, ...], Tile, int], tuple[str | None, int]] = {}
_WAITS_LIMIT = 200_000


def wait_pattern(counts: list[int], melds: Sequence[Meld], tile: Tile, rules: Ruleset) -> tuple[str | None, int]:
    """(best pattern, its fan) of the hand completed by `tile`; (None, 0) when no scored pattern matches."""
    # A ready hand is asked about its waits turn after turn while it waits: remember the answers.
    key = (tuple(counts), tuple(m.tile for m in melds), tile, id(rules))
    got = _WAITS.get(key)
    if got is not None:
        return got
    values = pattern_values(rules)
    pid = rulings.pattern_with(counts, melds, tile, values)
    got = (None, 0) if pid is None else (pid, values[pid])
    if len(_WAITS) > _WAITS_LIMIT:
        _WAITS.clear()
    _WAITS[key] = got
    return got


def chicken_values(rules: Ruleset) -> list[float]:
    """Fan a copy of each kind is expected to earn from each payer as a chicken: 常鸡, and 1/27 of the turned one."""
    return expected_copy_values(rules)


def payers(rules: Ruleset) -> int:
    """Seats that pay a self-drawn win, a kong of one's own and a chicken: every other seat (docs/rules.md §15.4)."""
    return rules.players - 1


# About one in three of the other seats is not ready when a hand ends (ready rates near 70% in the arena).
NOT_READY_SHARE = 1 / 3


def not_ready_payers(rules: Ruleset) -> float:
    """Seats expected to pay a chicken where only seats not ready pay (docs/rules.md §14)."""
    return payers(rules) * NOT_READY_SHARE


def ready_others(rules: Ruleset) -> float:
    """Other seats expected ready when a hand ends: they collect from a seat not ready (docs/rules.md §14)."""
    return payers(rules) - not_ready_payers(rules)


# The chance that one more seat makes its first discard the dealer's tile (开局跟, docs/rules.md §14).
FOLLOW_RATE = 0.1


def chicken_payers(rules: Ruleset) -> float:
    """How many seats are expected to pay each chicken: every other seat, or those not ready (docs/rules.md §14)."""
    return not_ready_payers(rules) if rules.chickens.payers == "not_ready" else payers(rules)


def keep_values(rules: Ruleset) -> list[float]:
    """What holding a tile to the end is worth as a chicken, in fan from all payers together.

    Only 手上鸡 (scope "hand") loses a chicken that is discarded; with 内外鸡 a discarded chicken still
    counts, so keeping it is worth nothing extra.
    """
    if pond_counts(rules) and rules.chickens.collectors == "ready_or_won":
        return [0.0] * NUM_KINDS
    payers = chicken_payers(rules)
    return [v * payers for v in chicken_values(rules)]


def claimed_chicken(rules: Ruleset, tile: Tile) -> float:
    """Fan the claimed copy of `tile` earns its claimer from all payers as a chicken once it ends ready or wins: a
    pung takes it out of the discarder's pond (where discards count) or off the table, into the claimer's meld
    (docs/rules.md §8)."""
    return chicken_values(rules)[tile] * chicken_payers(rules)


def dadui_shanten(counts: Sequence[int], melds: int) -> int:
    """Shanten toward 大对子 (four pungs and a pair) of a 13 - 3k or 14 - 3k tile hand with `melds` pungs out."""
    need = 4 - melds
    groups = sorted((min(c, 3) for c in counts if c), reverse=True)
    best = 99
    # Choose which held kind is the pair (or none held); the largest others make the pungs.
    for p in range(len(groups) + 1):
        pair_cost = 2 - min(groups[p], 2) if p < len(groups) else 2
        rest = groups[:p] + groups[p + 1 :]
        taken = rest[:need]
        cost = pair_cost + sum(3 - c for c in taken) + 3 * (need - len(taken))
        best = min(best, cost)
        if p >= need + 1:
            break
    return best - 1


# Live tiles a hand typically has when it still needs k more useful draws (index k - 1): a ready
# hand waits on a few copies, a hand further off has many ways forward.
TYPICAL_LIVE = (6, 16, 28, 38, 46, 52, 56, 60)
_CHANCE: dict[tuple[int, int, int, int], float] = {}


def win_chance(shanten: int, live: float, unseen_total: int, draws: int) -> float:
    """Rough chance of completing the hand within `draws` own draws.

    The first useful draw comes at the rate of the hand's own live tiles, later ones at the
    rate a hand that close typically has (TYPICAL_LIVE).
    """
    if shanten < 0:
        return 1.0
    steps = shanten + 1
    if draws < steps or unseen_total <= 0 or live <= 0:
        return 0.0
    key = (steps, round(live), unseen_total, draws)
    got = _CHANCE.get(key)
    if got is not None:
        return got
    rates = [
        min(0.9, (live if k == 0 else TYPICAL_LIVE[min(steps - k, len(TYPICAL_LIVE)) - 1]) / unseen_total)
        for k in range(steps)
    ]
    # dist[k]: the chance of having made k of the steps so far.
    dist = [1.0] + [0.0] * steps
    for _ in range(draws):
        for k in range(steps - 1, -1, -1):
            moved = dist[k] * rates[k]
            dist[k] -= moved
            dist[k + 1] += moved
    _CHANCE[key] = dist[steps]
    return dist[steps]


def _kong_terms(rules: Ruleset, kind: KongKind, late: bool = False) -> tuple[float, float, float]:
    """A kong's fan, the seats that pay it when its owner ends ready, and those it is paid back to when its
    owner does not (倒赔: only the ready ones among them; none where a kong not ready is merely void)."""
    paid, seats = kong_payment(rules, kind, late)
    fan = float(paid)
    # An exposed kong is paid back to its feeder alone, and only if the feeder is ready.
    back = seats * (1 - NOT_READY_SHARE) if rules.kongs.not_ready == "pay_back" else 0.0
    return fan, float(seats), back


def kong_stake(rules: Ruleset, meld: Meld) -> float:
    """Fan one kong swings between ending ready (it is paid) and not (void, or paid back: 倒赔, docs/rules.md §14)."""
    if rules.kongs.paid_to != "ready_or_won" or meld.kong is None:
        return 0.0
    fan, payers, back = _kong_terms(rules, meld.kong, meld.late)
    return fan * (payers + back)


def kong_expected(rules: Ruleset, kind: KongKind, ready: float) -> float:
    """Expected fan of a kong of `kind` made by a seat that ends ready with chance `ready` (docs/rules.md §14)."""
    fan, payers, back = _kong_terms(rules, kind)
    if rules.kongs.paid_to != "ready_or_won":
        return fan * payers
    return fan * (ready * payers - (1 - ready) * back)


def _chicken_fan(tiles: Sequence[Tile], values: Sequence[float]) -> float:
    return sum(values[t] for t in tiles)


def _shown(obs: Observation, seat: int, pond: bool) -> list[Tile]:
    """A seat's tiles in sight that count among its chickens: its melds, and its pond where discards count."""
    out = [m.tile for m in obs.melds[seat] for _ in range(m.size)]
    return out + list(obs.ponds[seat]) if pond else out


def chicken_stake(obs: Observation, rules: Ruleset, unseen: Sequence[int]) -> float:
    """Fan of chickens a seat swings between ending ready and not (docs/rules.md §8, §14): its own collected
    (the melds, and the pond where discards count; 手上鸡's hand copies are the keep values), and, where only
    seats not ready pay, what it would pay the ready ones: their chickens, the ponds of seats not ready, and
    its own 冲锋鸡."""
    ch = rules.chickens
    if ch.collectors != "ready_or_won":
        return 0.0
    values = chicken_values(rules)
    pond = pond_counts(rules)
    seat = obs.seat
    own = _shown(obs, seat, pond) + (list(obs.hand) if pond else [])
    out = _chicken_fan(own, values) * chicken_payers(rules)
    if ch.payers != "not_ready":
        return out
    rate = 1 - NOT_READY_SHARE
    hidden_total = max(1, sum(unseen))
    density = sum(values[t] * unseen[t] for t in range(NUM_KINDS)) / hidden_total
    for s in range(rules.players):
        if s != seat:
            out += rate * (_chicken_fan(_shown(obs, s, pond), values) + obs.hand_sizes[s] * density)
    if ch.not_ready_discards:
        fixed = [float(fixed_value(rules, t)) for t in range(NUM_KINDS)]
        out += _chicken_fan(obs.ponds[seat], fixed) * ready_others(rules)
        others = sum(_chicken_fan(obs.ponds[s], fixed) for s in range(rules.players) if s != seat)
        out += others * (1 - rate) * (ready_others(rules) + not_ready_payers(rules))
    return out + _charge_stake(obs, rules)


def charge_gain(rules: Ruleset, tile: Tile) -> float:
    """Fan a ready owner of the 冲锋鸡 of `tile` collects from all its payers (docs/rules.md §8, §14)."""
    ch = rules.chickens
    fixed = fixed_value(rules, tile)
    charge = charge_fan(rules, tile, fixed)
    paying = payers(rules) if ch.charge_payers == "others" else chicken_payers(rules)
    return (charge if ch.charge_stacks else charge - fixed) * paying


def _charge_stake(obs: Observation, rules: Ruleset) -> float:
    ch = rules.chickens
    if not charge_kinds(rules):
        return 0.0
    claimed = dict(obs.first_chicken_claimed_by)
    out = 0.0
    for t, d in obs.first_chicken:
        mine = claimed.get(t) == obs.seat if t in claimed else d == obs.seat and t in obs.ponds[d]
        if mine:
            out += charge_gain(rules, t) + ch.charge_not_ready * ready_others(rules)
    return out


def end_stake(obs: Observation, rules: Ruleset, melds: Sequence[Meld], unseen: Sequence[int]) -> float:
    """Fan a seat gains by being ready (or winning) when the hand ends rather than not: its kongs and the
    chickens (docs/rules.md §7, §8, §14)."""
    return sum(kong_stake(rules, m) for m in melds) + chicken_stake(obs, rules, unseen)


def follow_stake(obs: Observation, rules: Ruleset, tile: Tile) -> float:
    """Expected fan of discarding `tile` now as one more follower of the dealer's first discard (开局跟,
    docs/rules.md §14); 0 when it would not follow."""
    fan = rules.bonuses.follow_dealer
    seat, dealer, players = obs.seat, obs.dealer, rules.players
    n = (seat - dealer) % players
    if not fan or n == 0 or obs.ponds[seat] or any(obs.melds):
        return 0.0
    if sum(len(p) for p in obs.ponds) != n or obs.ponds[dealer] != (tile,):
        return 0.0
    if any(obs.ponds[(dealer + i) % players] != (tile,) for i in range(1, n)):
        return 0.0
    return fan * FOLLOW_RATE ** (players - 1 - n)
