"""Hints for the player: the hard level's suggestion, why, and what every discard would leave.

Plain frozen dataclasses, so the client can render them: for each discard the waits it leaves,
how many of each are unseen, and whether each wait may be taken off a discard (a big hand under
the ruleset's patterns, a kong of one's own, or 报听: docs/rules.md §6) or only drawn by oneself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.ai.judgement.base import View, view_of
from game.ai.judgement.efficiency import discard_options
from game.ai.judgement.lookahead import Evaluator
from game.ai.judgement.value import wait_pattern
from game.ai.levels.hard import HardAgent
from game.core.hand import scores_dilongqi, waits
from game.core.ruleset import PATTERN_NAMES, Ruleset
from game.core.rulings import win_allowed
from game.core.table_words import table_words
from game.core.tiles import Tile, format_tile, tile_name_zh
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation


@dataclass(frozen=True, slots=True)
class WaitHint:
    """One wait of a ready hand."""

    tile: Tile
    unseen: int  # copies this seat cannot see
    pattern: str | None  # the best scored pattern the win would be (game.core.ruleset.PATTERN_IDS)
    fan: int
    off_discard: bool  # may be won off another seat's discard; False: only by self-draw
    off_discard_declared: bool  # the same if the seat declares ready (报听) with this discard


@dataclass(frozen=True, slots=True)
class DiscardHint:
    """What one discard leaves: shanten, the tiles that would improve it, and the waits once ready."""

    tile: Tile
    shanten: int  # 0: ready
    live: int  # unseen copies of the tiles that would lower the shanten
    waits: tuple[WaitHint, ...]  # empty unless the discard leaves the hand ready
    may_declare: bool  # 报听 is open with this discard


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action with a one-line reason, and the table of discards (empty off one's turn)."""

    action: Action
    reason_zh: str
    reason_en: str
    discards: tuple[DiscardHint, ...]


def _wait_hints(view: View, counts: list[int], tile: Tile) -> tuple[WaitHint, ...]:
    counts[tile] -= 1
    out: list[WaitHint] = []
    declared = view.obs.declared[view.seat]
    for w in waits(counts, view.melds, dilongqi=scores_dilongqi(view.rules.patterns)):
        pid, fan = wait_pattern(counts, view.melds, w, view.rules)
        out.append(
            WaitHint(
                w,
                view.unseen[w],
                pid,
                fan,
                win_allowed(pid, view.melds, view.rules.play, declared=declared),
                win_allowed(pid, view.melds, view.rules.play, declared=True),
            )
        )
    counts[tile] += 1
    return tuple(out)


def discard_table(view: View) -> tuple[DiscardHint, ...]:
    """Every distinct discard of the seat's hand, best first (lowest shanten, then most live tiles)."""
    if view.obs.last_discard is not None or view.obs.rob_tile is not None or not view.has(ActionKind.DISCARD):
        return ()
    declarable = {a.tile for a in view.discards(declare=True)}
    options = discard_options(view.counts, view.meld_count, view.unseen, every=True)
    counts = list(view.counts)
    # 地龙七 (docs/rules.md §13) is ready off the standard shanten: with one pung out, ask every discard.
    dilong = view.meld_count == 1 and scores_dilongqi(view.rules.patterns)
    out = []
    for o in options:
        wait_rows = _wait_hints(view, counts, o.tile) if o.shanten == 0 or dilong else ()
        out.append(DiscardHint(o.tile, 0 if wait_rows else o.shanten, o.live, wait_rows, o.tile in declarable))
    out.sort(key=lambda d: (d.shanten, -d.live, d.tile))
    return tuple(out)


def _pattern_names(pid: str | None) -> tuple[str, str]:
    return PATTERN_NAMES[pid] if pid is not None else ("无牌型", "no scored pattern")


# Why hard pungs (HardAgent.pung_reason), in words.
PUNG_REASONS = {
    "closer": ("离胡更近", "it brings the hand closer"),
    "dadui": ("离大对子只差一步", "大对子 (all pungs) is a step away"),
    "liable": ("放这张鸡的人要付责任鸡", "its discarder pays 责任鸡"),
    "chicken": ("这张鸡归你", "the chicken becomes yours"),
    "wider": ("向听不变，有效牌更多", "as near ready, with more useful tiles"),
}


def _reason(view: View, action: Action, table: tuple[DiscardHint, ...]) -> tuple[str, str]:
    kind = action.kind
    if kind is ActionKind.WIN:
        if view.obs.rob_tile is not None and view.rules.bonuses.rob_kong_pays_all and view.rules.players > 2:
            others = table_words(view.rules.players).others_short
            return f"抢杠胡：被抢杠者包{others.zh}", f"Rob the kong: the robbed seat pays for {others.en}"
        if view.obs.rob_tile is not None:
            return "抢杠胡：被抢杠者付", "Rob the kong: the robbed seat pays"
        return "胡牌", "Win"
    if kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.KONG):
        t = action.tile
        if t is None:
            assert view.obs.last_discard is not None
            t = view.obs.last_discard[1]
        return (
            f"杠{tile_name_zh(t)}：豆有分，也是通行证，且不增加向听",
            f"Kong {format_tile(t)}: it scores, is a pass, and costs no progress",
        )
    if kind is ActionKind.PUNG:
        assert view.obs.last_discard is not None
        t = view.obs.last_discard[1]
        why = HardAgent.pung_reason(view, Evaluator(view, math.inf), t) or "closer"
        zh, en = PUNG_REASONS[why]
        return f"碰{tile_name_zh(t)}：{zh}", f"Pung {format_tile(t)}: {en}"
    if kind is ActionKind.PASS:
        if view.has(ActionKind.WIN):
            return "不胡：此时胡牌要包牌", "Pass: winning now would cost 包牌 (you passed a win while ready)"
        return "过：碰杠对手牌没有好处", "Pass: claiming would not help the hand"
    assert action.tile is not None
    t = action.tile
    row = next((d for d in table if d.tile == t), None)
    declare_zh = "报听，" if action.declare else ""
    declare_en = "declare ready, " if action.declare else ""
    if row is not None and row.shanten == 0 and row.waits:
        names = "、".join(tile_name_zh(w.tile) for w in row.waits)
        left = sum(w.unseen for w in row.waits)
        ron = any(w.off_discard_declared if action.declare else w.off_discard for w in row.waits)
        how_zh = "可点胡" if ron else "只能自摸"
        how_en = "can win off a discard" if ron else "self-draw only"
        best = max(row.waits, key=lambda w: w.fan)
        zh_name, en_name = _pattern_names(best.pattern)
        return (
            f"{declare_zh}打{tile_name_zh(t)}：听{names}，还剩{left}张，{how_zh}（最大{zh_name}）",
            f"{declare_en}discard {format_tile(t)}: waits on "
            f"{' '.join(format_tile(w.tile) for w in row.waits)}, {left} unseen, {how_en} (best {en_name})",
        )
    if row is not None:
        return (
            f"打{tile_name_zh(t)}：{row.shanten}向听，{row.live}张有效牌",
            f"discard {format_tile(t)}: {row.shanten} from ready, {row.live} useful tiles unseen",
        )
    return f"打{tile_name_zh(t)}", f"discard {format_tile(t)}"


def hint(obs: Observation, rules: Ruleset | None = None) -> Hint:
    """The hard level's suggestion for this observation, a reason in Chinese and English, and the discard table."""
    view = view_of(obs, rules)
    agent = HardAgent(rules=view.rules)
    action = agent.choose(obs)
    table = discard_table(view)
    zh, en = _reason(view, action, table)
    return Hint(action, zh, en, table)


def reason_for(obs: Observation, action: Action, rules: Ruleset | None = None) -> tuple[str, str]:
    """The one-line reason for `action` in this observation, in Chinese and English (the words `hint` uses)."""
    view = view_of(obs, rules)
    return _reason(view, action, discard_table(view))
