"""The typed, frozen Ruleset: every value the rules of a variant need (RULES.md §11-§13).

Rulesets are YAML files in rulesets/, validated into these dataclasses at load time;
after loading, nothing reads YAML. Field names are the YAML keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# Pattern ids (RULES §5), the keys of `patterns` in a ruleset file.
PATTERN_IDS: tuple[str, ...] = (
    "pinghu",  # 平胡
    "dadui",  # 大对子
    "qidui",  # 七对 / 小七对
    "longqidui",  # 龙七对
    "qingyise",  # 清一色
    "qingdadui",  # 清大对
    "qingqidui",  # 清七对
    "qinglongbei",  # 青龙背
    "dandiao",  # 单钓 (G)
    "qingdandiao",  # 清单钓 (G)
)


@dataclass(frozen=True)
class TableRules:
    """Dice, wall and deal (RULES §2, §3)."""

    # Stacks of two per side, the dealer's side first, then in play order.
    wall_stacks: tuple[int, int, int, int]
    first_dealer: Literal["dice", "random"]
    # Counting seats from a roller (the roller is 1): toward the previous seat (A's
    # example) or toward the next seat in play order (F).
    count_direction: Literal["previous", "next"]
    # A: the sum picks the side, the smaller die the stacks skipped; F: the sum counts stacks.
    break_method: Literal["sum_and_smaller", "sum"]


@dataclass(frozen=True)
class PlayRules:
    """Turns, claims and the pass (RULES §4, §6, §12)."""

    declare_ready: bool  # 报听 allowed
    # Patterns that need a pass (a kong of one's own) to win off a discard.
    pass_patterns: tuple[str, ...]
    pass_exempt_declared: bool  # a declared-ready seat needs no pass (A三1)
    pass_exempt_hot: bool  # winning on a hot discard needs no pass (A五1)
    pass_exempt_rob_kong: bool  # robbing a kong needs no pass (A五2)
    pass_exempt_declared_discard: bool  # 杀报: winning on a declared seat's discard (A三2)
    late_kong_is_pass: bool  # 憨包豆 still counts as a pass (G)
    multiple_winners: bool  # several seats may win on one discard
    rob_kong: bool  # 抢杠
    hot_discard_forced: bool  # B: every seat that can win on a hot discard must
    # What happens after a seat passes up a win on a discard: 包牌 (A), 过水, or nothing.
    passed_win: Literal["baopai", "guoshui", "none"]
    late_kong: bool  # track 憨包豆 (a kong declared later than it could have been)


@dataclass(frozen=True)
class DealerRules:
    """Who deals the next hand (RULES §10)."""

    # Two winners on one discard: the discarder deals, or the first winner counted
    # from the last dealer in play order (I).
    two_winners: Literal["discarder", "first_from_dealer"]
    three_winners: Literal["discarder", "first_from_dealer"]
    # A draw: the dealer keeps the deal, or C's rule (a ready dealer keeps it, else the
    # nearest ready seat after him; three ready and one not, the one not ready).
    draw: Literal["keep", "nearest_ready"]
