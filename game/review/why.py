"""Why the expert's move beats the one played, in one sentence and the coach's words.

The sentence leads with the one thing that makes the expert's move better, the first that holds of: a win
let pass, 报听 passed up, a claim or a kong taken or passed up, the danger of dealing in (safety), a chicken
thrown away, being ready for 查叫 on a draw, tile efficiency (steps from ready, useful tiles, waits), and
last what the search's rollouts say when the hand's shape cannot tell the moves apart.

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
    lost: float = 0.0,
    clear: bool = True,
) -> Said:
    """One sentence on the decision: the expert's reason, led by what makes it better than the move played.

    `lost` is what the search prices the expert's move over the one played, `clear` says it is more than the
    search's noise: they are what is said when nothing in the hand itself tells the two moves apart.
    """
    zh, en = reason_for(obs, expert, rules)
    if played == expert:
        return Said(f"和专家一样：{zh}。", f"The expert's move too: {en}.")
    lead = _lead(_Case(obs, rules, played, expert, tracker, after_kong))
    if lead is None:
        lead = _rollout_words(played, expert, lost, clear)
    return Said(f"{lead.zh}；专家：{zh}。", f"{_capital(lead.en)}; the expert: {en}.")


# Below this many points the search's margin is not worth naming.
NAMED_MARGIN = 0.05


def _rollout_words(played: Action, expert: Action, lost: float, clear: bool) -> Said:
    """What the search's rollouts say, where the hand's shape cannot tell the two moves apart."""
    same = "牌效一样，" if played.kind is expert.kind is ActionKind.DISCARD else ""
    same_en = "as efficient, but " if same else ""
    if lost < NAMED_MARGIN:
        return Said(f"{same}模拟中两者在误差内一样好", f"{same_en}in the rollouts the two are as good within the noise")
    noise = "" if clear else "，在误差内"
    noise_en = "" if clear else ", within the noise"
    return Said(
        f"{same}模拟中专家的打法平均多得{lost:.1f}分{noise}",
        f"{same_en}in the rollouts the expert's move scores {lost:.1f} points more{noise_en}",
    )


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
        return _claim_words(played, expert)
    if expert.kind is not ActionKind.DISCARD:
        return _claim_words(played, expert)
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
    return _shape_words(obs, rules, played, expert)


def _claim_words(played: Action, expert: Action) -> Said | None:
    """A claim or a kong taken where the expert passes it up, or passed up where the expert takes it."""
    mine, theirs = move_words(played), move_words(expert)
    if expert.kind is ActionKind.PASS:
        return Said(f"{mine.zh}没有好处，过更好", f"the {mine.en} does not pay here: passing is better")
    if played.kind is ActionKind.PASS or played.kind is ActionKind.DISCARD:
        return Said(f"该{theirs.zh}，你没有", f"you should {theirs.en} here and did not")
    return None


def _shape_words(obs: Observation, rules: Ruleset, played: Action, expert: Action) -> Said | None:
    """What the discard played leaves against the expert's: 查叫, steps from ready, useful tiles, waits."""
    table = discard_table(view_of(obs, rules))
    mine = next((r for r in table if r.tile == played.tile), None)
    theirs = next((r for r in table if r.tile == expert.tile), None)
    if mine is None or theirs is None:
        return None
    tz, te = tile_words(mine.tile)
    if theirs.shanten == 0 < mine.shanten and rules.draw.chajiao:
        return Said(f"打{tz}就不听牌了，黄庄要被查叫", f"{te} leaves the hand not ready: on a draw it pays 查叫")
    if theirs.shanten < mine.shanten:
        return Said(
            f"打{tz}离听牌多一步（{mine.shanten}向听对{theirs.shanten}向听）",
            f"{te} is a step further from ready ({mine.shanten} against {theirs.shanten})",
        )
    if theirs.shanten == mine.shanten > 0 and theirs.live > mine.live:
        return Said(
            f"打{tz}有效牌少{theirs.live - mine.live}张（{mine.live}张对{theirs.live}张）",
            f"{te} leaves {theirs.live - mine.live} fewer useful tiles ({mine.live} against {theirs.live})",
        )
    left = sum(w.unseen for w in mine.waits)
    if theirs.shanten == mine.shanten == 0 and sum(w.unseen for w in theirs.waits) > left:
        zh, en = waits_words(mine)
        more = sum(w.unseen for w in theirs.waits) - left
        return Said(f"打{tz}听{zh}，少{more}张", f"{te} waits on {en}: {more} fewer tiles")
    return None


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
    n = case.rules.players
    seats = [s for s in case.rules.others(obs.seat) if obs.declared[s]]
    if seats:
        who_zh = "、".join(seat_zh(s, n) for s in seats) + "家已报听"
        who_en = (
            " and ".join(seat_en(s, n) for s in seats) + (" has" if len(seats) == 1 else " have") + " declared ready"
        )
    else:
        who_zh, who_en = "有人可能已叫牌", "someone may be ready"
    return Said(
        f"打{tz}容易点炮（{who_zh}，约{mine:.1f}番的风险）",
        f"{te} may deal in ({who_en}; about {mine:.1f} fan at risk)",
    )


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
