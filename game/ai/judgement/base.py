"""What every AI level works from: one seat's observation unpacked into counts, unseen tiles and options.

Agents see an Observation and nothing else (docs/design.md). The Ruleset is public knowledge, so an
agent may be given it, or looks it up by the observation's ruleset name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.melds import Meld
from game.core.ruleset import Ruleset
from game.core.rulings import has_pass
from game.core.tiles import COPIES, NUM_KINDS, Tile
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation
from game.rules.loader import load_ruleset

_RULES_BY_NAME: dict[str, Ruleset] = {}


def rules_for(obs: Observation, rules: Ruleset | None) -> Ruleset:
    """The agent's own ruleset if it was given one and it matches, else the built-in one the observation names."""
    if rules is not None and rules.name == obs.ruleset:
        return rules
    found = _RULES_BY_NAME.get(obs.ruleset)
    if found is None:
        found = _RULES_BY_NAME[obs.ruleset] = load_ruleset(obs.ruleset)
    return found


def unseen_of(obs: Observation, rules: Ruleset) -> list[int]:
    """Unseen copies of every kind from the seat's view (as obs.unseen_count, for all 27 at once); none of a kind
    not in play (docs/rules.md §15.1)."""
    seen = [0] * NUM_KINDS
    for t in obs.hand:
        seen[t] += 1
    for pond in obs.ponds:
        for t in pond:
            seen[t] += 1
    for ms in obs.melds:
        for m in ms:
            seen[m.tile] += m.size
    if obs.rob_tile is not None:
        seen[obs.rob_tile] += 1
    return [COPIES - n if n < COPIES and play else 0 for n, play in zip(seen, rules.in_play, strict=True)]


@dataclass(slots=True)
class View:
    """One decision's working state: the seat's counts, melds, unseen tiles and legal actions by kind."""

    obs: Observation
    rules: Ruleset
    counts: list[int]
    melds: tuple[Meld, ...]
    unseen: list[int]
    by_kind: dict[ActionKind, list[Action]] = field(default_factory=dict)

    @property
    def seat(self) -> int:
        """The seat deciding."""
        return self.obs.seat

    @property
    def meld_count(self) -> int:
        """Sets on the table for this seat."""
        return len(self.melds)

    def has(self, kind: ActionKind) -> bool:
        """True when some action of `kind` is legal."""
        return kind in self.by_kind

    def first(self, kind: ActionKind) -> Action:
        """The (first) legal action of `kind`."""
        return self.by_kind[kind][0]

    def discards(self, declare: bool = False) -> list[Action]:
        """Legal discards, with or without 报听."""
        return [a for a in self.by_kind.get(ActionKind.DISCARD, ()) if a.declare == declare]

    def should_win(self) -> bool:
        """A win is on offer and is no trap: off a discard while 包牌 is pending it would pay all (docs/rules.md §4)."""
        if ActionKind.WIN not in self.by_kind:
            return False
        on_turn = self.obs.last_discard is None and self.obs.rob_tile is None
        return on_turn or not self.obs.baopai_pending or ActionKind.PASS not in self.by_kind

    def has_pass(self) -> bool:
        """True when the seat holds a kong that counts as a pass (通行证, docs/rules.md §6)."""
        return has_pass(self.melds, self.rules.play)


def view_of(obs: Observation, rules: Ruleset | None) -> View:
    """Unpack an observation for a decision."""
    by_kind: dict[ActionKind, list[Action]] = {}
    for a in obs.legal_actions:
        by_kind.setdefault(a.kind, []).append(a)
    counts = [0] * NUM_KINDS
    for t in obs.hand:
        counts[t] += 1
    table = rules_for(obs, rules)
    return View(obs, table, counts, obs.melds[obs.seat], unseen_of(obs, table), by_kind)


def isolation(counts: list[int], t: Tile) -> int:
    """How much a tile works with its neighbours in the same suit (higher: keep it)."""
    r = t % 9
    score = counts[t] * 3
    for d, w in ((1, 2), (2, 1)):
        if r - d >= 0:
            score += w * counts[t - d]
        if r + d <= 8:
            score += w * counts[t + d]
    return score


def edge_penalty(t: Tile) -> int:
    """Terminals and near-terminals make fewer runs: 2 for ranks 1 and 9, 1 for 2 and 8, else 0."""
    r = t % 9
    return 2 if r in (0, 8) else 1 if r in (1, 7) else 0
