"""Why the expert's move beats the one played, in one sentence and the coach's words.

The reasons are the hint code's (game.ai.hints: waits and the tiles left for each, shanten and useful
tiles, what a claim or a kong does for the hand), the danger of a discard is hard's own reading of
the table (game.ai.judgement.defence), and a chicken thrown away under 手上鸡 is said as the settlement's
explanation says it (game.learn.explain_chickens). Everything is read from the seat's observation.
"""

from __future__ import annotations

from typing import NamedTuple

from game.ai.hints import DiscardHint, discard_table, reason_for
from game.ai.judgement.base import view_of
from game.ai.judgement.defence import SafeTracker, danger, threats
from game.ai.judgement.value import keep_values
from game.core.ruleset import Ruleset
from game.core.rulings import declared_bonus
from game.core.settlement.chickens import pond_counts
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation
from game.learn.explain_chickens import tile_reason
from game.learn.explain_words import Said, seat_en, seat_zh, tile_words

# A discard is called dangerous when hard expects it to lose at least this much (fan) by dealing in,
# and this much more than the expert's move.
DANGER_FAN = 0.5
DANGER_MARGIN = 0.3
# A chicken held is called given away when keeping it is worth at least this much (fan, all payers).
CHICKEN_FAN = 1.0


def explain(
    obs: Observation,
    rules: Ruleset,
    played: Action,
    expert: Action,
    tracker: SafeTracker | None = None,
    after_kong: bool = False,
) -> Said:
    """One sentence on the decision: the expert's reason, led by what the move played gave away."""
    zh, en = reason_for(obs, expert, rules)
    if played == expert:
        return Said(f"和专家一样：{zh}。", f"The expert's move too: {en}.")
    lead = _lead(_Case(obs, rules, played, expert, tracker, after_kong))
    if lead is None and played.kind is ActionKind.DISCARD:
        # The hint's words for a discard are facts (shanten, useful tiles); for a claim they argue for it.
        mine_zh, mine_en = reason_for(obs, played, rules)
        lead = Said(f"你选了{mine_zh}", f"you chose {mine_en}")
    elif lead is None:
        words = move_words(played)
        lead = Said(f"你选了{words.zh}", f"you chose {words.en}")
    return Said(f"{lead.zh}；专家：{zh}。", f"{_capital(lead.en)}; the expert: {en}.")


class _Case(NamedTuple):
    """One decision as `explain` was given it."""

    obs: Observation
    rules: Ruleset
    played: Action
    expert: Action
    tracker: SafeTracker | None
    after_kong: bool


def _lead(case: _Case) -> Said | None:
    """What the move played gave away, when there is one thing to say; None for the plain comparison."""
    obs, rules, played, expert = case.obs, case.rules, case.played, case.expert
    if expert.kind is ActionKind.WIN:
        return Said("这里可以胡牌，你放过了", "you could have won here and let it pass")
    if played.kind is not ActionKind.DISCARD or played.tile is None:
        return None
    if expert.kind is ActionKind.DISCARD and expert.declare and not played.declare:
        return _declare_words(rules, obs.seat == obs.dealer)
    found = _danger(case)
    if found is not None:
        return found
    if keep_values(rules)[played.tile] >= CHICKEN_FAN:
        tz, te = tile_words(played.tile)
        scope = "all" if pond_counts(rules) else "hand"
        rule = tile_reason("discard", scope, rules.chickens.not_ready_discards)
        return Said(f"打{tz}把鸡送走了（{rule.zh.rstrip('。')}）", f"discarding {te} gives a chicken away ({rule.en})")
    return _waits_words(obs, rules, played)


def _declare_words(rules: Ruleset, dealer: bool) -> Said:
    """The 报听 bonus passed up (docs/rules.md §7, §12.1): the dealer's own value where the ruleset has one (§14)."""
    mode, value = declared_bonus(rules, dealer)
    if mode == "at_least":
        return Said(f"该报听：报听胡牌至少算{value}番", f"declare ready: a declared win counts at least {value} fan")
    return Said(f"该报听：报听胡牌另加{value}番", f"declare ready: a declared win adds {value} fan")


def _danger(case: _Case) -> Said | None:
    """The discard played risks dealing in (hard's reading of the table) where the expert's risks less."""
    obs, played, expert = case.obs, case.played, case.expert
    assert played.tile is not None
    view = view_of(obs, case.rules)
    risk = danger(view, threats(view, case.tracker, hot=case.after_kong))
    other = risk[expert.tile] if expert.kind is ActionKind.DISCARD and expert.tile is not None else 0.0
    mine = risk[played.tile]
    if mine < DANGER_FAN or mine < other + DANGER_MARGIN:
        return None
    tz, te = tile_words(played.tile)
    seats = [s for s in range(4) if s != obs.seat and obs.declared[s]]
    if seats:
        who_zh = "、".join(seat_zh(s) for s in seats) + "家已报听"
        who_en = " and ".join(seat_en(s) for s in seats) + (" has" if len(seats) == 1 else " have") + " declared ready"
    else:
        who_zh, who_en = "有人可能已叫牌", "someone may be ready"
    return Said(
        f"打{tz}容易点炮（{who_zh}，约{mine:.1f}番的风险）",
        f"{te} may deal in ({who_en}; about {mine:.1f} fan at risk)",
    )


def _waits_words(obs: Observation, rules: Ruleset, played: Action) -> Said | None:
    """The waits the discard played leaves, with the tiles left of each."""
    table = discard_table(view_of(obs, rules))
    row = next((r for r in table if r.tile == played.tile), None)
    if row is None or not row.waits:
        return None
    zh, en = waits_words(row)
    tz, te = tile_words(row.tile)
    return Said(f"打{tz}听{zh}", f"{te} waits on {en}")


def waits_words(row: DiscardHint) -> tuple[str, str]:
    """A ready discard's waits with the unseen copies of each: 三万（2张）、六万（3张）."""
    zh = "、".join(f"{tile_words(w.tile)[0]}（{w.unseen}张）" for w in row.waits)
    en = ", ".join(f"{tile_words(w.tile)[1]} ({w.unseen} left)" for w in row.waits)
    return zh, en


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def move_words(action: Action) -> Said:
    """A move in the game's words: 打五万, 报听打五万, 杠五万, 碰, 杠, 过, 胡."""
    kind = action.kind
    if action.tile is not None:
        tz, te = tile_words(action.tile)
        if kind is ActionKind.DISCARD:
            return Said(f"报听打{tz}", f"ready, discard {te}") if action.declare else Said(f"打{tz}", f"discard {te}")
        return Said(f"杠{tz}", f"kong {te}")
    return _CLAIM_WORDS[kind]


_CLAIM_WORDS = {
    ActionKind.PUNG: Said("碰", "pung"),
    ActionKind.KONG: Said("杠", "kong"),
    ActionKind.PASS: Said("过", "pass"),
    ActionKind.WIN: Said("胡", "win"),
}
