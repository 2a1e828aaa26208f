"""The hard level: value (chickens, 冲锋鸡, 报听), defence and the bounded lookahead (docs/rules.md §4-§8)."""

from __future__ import annotations

import math

from game.ai import make_agent
from game.ai.judgement.base import view_of
from game.ai.judgement.lookahead import Evaluator
from game.ai.judgement.value import end_stake, kong_expected, kong_stake
from game.ai.levels.hard import HardAgent
from game.core.melds import KongKind, Meld
from game.core.tiles import parse_tile
from game.engine.actions import ActionKind, make
from game.engine.observation import Observation
from game.rules.loader import load_ruleset
from tests.ai_rig import claim_position, rob_position, turn_position

# Four sets and two singles: either discard leaves a single wait on the other tile.
FOUR_SETS = "234m567m234p678p"


def test_keeps_a_safe_tile_against_a_declared_seat() -> None:
    """A declared seat (docs/rules.md §4 报听) discarded 1p itself, so 1p is no wait of its locked hand, while 5p,
    with its neighbours all unseen, may well be. Keeping 1p gives the better single wait (two 5p are
    gone), so normal throws 5p; hard throws the safe 1p."""
    obs = turn_position(
        "guiyang-classic",
        "234m567m345s678s1p5p",
        ponds=["", "5p5p", "1p3m", ""],
        declared=(False, False, True, False),
    )
    assert make_agent("normal", 1).choose(obs).tile == parse_tile("5p")
    assert make_agent("hard", 1).choose(obs).tile == parse_tile("1p")


def test_keeps_the_chicken_where_only_the_hand_counts() -> None:
    """docs/rules.md §8 手上鸡 (classic): a 1s in hand pays when ready; hard keeps 1s and discards 9s, normal does
    not."""
    obs = turn_position("guiyang-classic", FOUR_SETS + "1s9s")
    assert make_agent("hard", 1).choose(obs).tile == parse_tile("9s")
    assert make_agent("normal", 1).choose(obs).tile == parse_tile("1s")


def test_throws_the_first_wuguji_for_the_charge() -> None:
    """docs/rules.md §8 冲锋鸡 (modern): the first 8p discarded is worth 6 to a ready discarder; hard throws it."""
    obs = turn_position("guiyang-modern", FOUR_SETS.replace("678p", "567s") + "8p9s")
    assert make_agent("hard", 1).choose(obs).tile == parse_tile("8p")


def test_pungs_its_chickens_now_that_melds_count() -> None:
    """Under 手上鸡 a punged 1s is still a chicken, three of them (docs/rules.md §8, A一7 "未打出的牌"): hard takes the
    pung as normal does."""
    obs = claim_position("guiyang-classic", "234m678m23p11s99s7p", "1s")
    assert make_agent("normal", 1).choose(obs).kind is ActionKind.PUNG
    assert make_agent("hard", 1).choose(obs).kind is ActionKind.PUNG


def test_pungs_the_first_discarded_chicken_for_liability() -> None:
    """docs/rules.md §8 责任鸡 (modern): punging the first 8p makes its discarder pay; hard pungs though it gains no
    step."""
    obs = claim_position("guiyang-modern", "234m567m234p88p99s", "8p", source=3, first_chicken=((parse_tile("8p"), 3),))
    assert make_agent("hard", 1).choose(obs).kind is ActionKind.PUNG
    assert make_agent("normal", 1).choose(obs).kind is ActionKind.PASS


def test_robs_a_kong() -> None:
    """抢杠 (docs/rules.md §4): offered the win on an added kong's tile, hard takes it."""
    obs = rob_position("guiyang-classic", "234m567m234p678p5s", "5s")
    assert obs.rob_tile == parse_tile("5s") and obs.last_discard is None
    assert make_agent("hard", 1).choose(obs).kind is ActionKind.WIN


def test_passes_a_baopai_trap() -> None:
    """包牌 (docs/rules.md §4): winning off a discard after passing one while ready pays all three; hard passes."""
    obs = claim_position("guiyang-classic", "111m222p333s444s5m", "5m", options=(ActionKind.WIN,), baopai_pending=True)
    assert make_agent("hard", 1).choose(obs).kind is ActionKind.PASS


def test_declares_when_it_pays() -> None:
    """Classic 报听 lifts a plain hand to 10 fan (docs/rules.md §12.1): hard declares with a plain single wait."""
    obs = turn_position("guiyang-classic", "123m456p789s234s5s9p", declare=True)
    action = make_agent("hard", 1).choose(obs)
    assert action.declare and action.tile == parse_tile("9p")


def test_does_not_declare_a_flush() -> None:
    """A ready 清一色 is already 10 fan; at 'at least 10' 报听 adds nothing but a locked hand and 杀报 risk,
    so hard stays undeclared (normal declares)."""
    obs = turn_position("guiyang-classic", "1112345678999m2p", declare=True)
    hard = make_agent("hard", 1).choose(obs)
    assert hard.tile == parse_tile("2p") and not hard.declare
    assert make_agent("normal", 1).choose(obs).declare


def test_lookahead_respects_the_deadline() -> None:
    """With no time at all, the lookahead stops at once (counted in `timeouts`) and the choice is still legal."""
    obs = turn_position("guiyang-classic", "2256m557p4455667s")
    agent = HardAgent(budget_ms=0.0)
    action = agent.choose(obs)
    assert action in obs.legal_actions
    assert agent.timeouts == 1
    relaxed = HardAgent(budget_ms=1000.0)
    assert relaxed.choose(obs) in obs.legal_actions and relaxed.timeouts == 0


def _with_kong(obs: Observation, tile: str) -> Observation:
    """The same turn with a concealed kong of `tile` on offer as well."""
    return obs._replace(legal_actions=(*obs.legal_actions, make(ActionKind.CONCEALED_KONG, 0, parse_tile(tile))))


def test_no_kong_that_would_be_paid_back() -> None:
    """docs/rules.md §14 倒赔 (daopei): a kong of a hand that ends not ready is paid back to each ready seat, so
    hard, four steps from ready with ten draws left, does not kong 5p; normal does. Where a kong of a hand not
    ready is only void (classic, docs/rules.md §7), it costs nothing and hard makes it."""
    hand = "5555p147m258s19p36m"
    daopei = _with_kong(turn_position("guiyang-daopei", hand), "5p")
    assert make_agent("normal", 1).choose(daopei).kind is ActionKind.CONCEALED_KONG
    assert make_agent("hard", 1).choose(daopei).kind is ActionKind.DISCARD
    classic = _with_kong(turn_position("guiyang-classic", hand), "5p")
    assert make_agent("hard", 1).choose(classic).kind is ActionKind.CONCEALED_KONG


def test_kong_paid_back_below_even_ready_chance() -> None:
    """docs/rules.md §14 倒赔: a concealed kong earns 3 from each of three when ready and pays 3 to each ready
    seat (about two) when not, so it pays once the hand is ready more often than 2 times in 5."""
    rules = load_ruleset("guiyang-daopei")
    assert kong_expected(rules, KongKind.CONCEALED, 1.0) == 9
    assert kong_expected(rules, KongKind.CONCEALED, 0.0) == -6
    assert kong_expected(rules, KongKind.CONCEALED, 0.45) > 0 > kong_expected(rules, KongKind.CONCEALED, 0.35)
    assert kong_expected(load_ruleset("guiyang-classic"), KongKind.CONCEALED, 0.0) == 0


def test_keeps_the_first_wuguji_far_from_ready_under_daopei() -> None:
    """docs/rules.md §14 冲锋鸡 (daopei): the first 8p discarded earns 2 from each of three if its discarder ends
    ready but costs 2 to each ready seat if not; three steps from ready, hard keeps 8p and throws 2p."""
    far = turn_position("guiyang-daopei", "2357m2468p3579s8p9s")
    assert make_agent("hard", 1).choose(far).tile == parse_tile("2p")
    near = turn_position("guiyang-daopei", FOUR_SETS.replace("678p", "567s") + "8p9s")
    assert make_agent("hard", 1).choose(near).tile == parse_tile("8p")


def test_a_ready_finish_is_worth_its_kongs_under_daopei() -> None:
    """docs/rules.md §14 倒赔: a concealed kong on the table swings 3 x 3 earned against 3 x 2 paid back between
    ending ready and not; where it is only void (classic 闷豆 2, docs/rules.md §7) it swings 2 x 3."""
    kong = [[Meld(parse_tile("7s"), KongKind.CONCEALED)], [], [], []]
    for name, stake in (("guiyang-daopei", 15), ("guiyang-classic", 6)):
        obs = turn_position(name, "234m567m23p55s7p", melds=kong)
        rules = load_ruleset(name)
        assert sum(kong_stake(rules, m) for m in obs.melds[0]) == stake
        plain = turn_position(name, "234m567m23p55s7p")
        view, bare = view_of(obs, rules), view_of(plain, rules)
        gap = end_stake(obs, rules, view.melds, view.unseen) - end_stake(plain, rules, bare.melds, bare.unseen)
        # (Beside the kong, only the unseen tiles differ: the chickens others may hold move a little.)
        assert abs(gap - stake) < 0.5


def test_pungs_a_pair_when_the_hand_after_it_is_wider() -> None:
    """docs/rules.md §4 碰: 445667889m4678s is one from ready either way, but punging 4m leaves 38 useful tiles unseen
    against 12 now, so hard pungs; normal pungs only for a step and passes."""
    obs = claim_position("guiyang-pass", "445667889m4678s", "4m")
    assert make_agent("hard", 1).choose(obs).kind is ActionKind.PUNG
    assert make_agent("normal", 1).choose(obs).kind is ActionKind.PASS


def test_no_pung_that_narrows_the_hand() -> None:
    """docs/rules.md §4 碰: 123m456p789s35m99p is ready on 4m, four copies unseen; punging 9p keeps it ready on a
    single 3m or 5m, three copies, narrower, and 9p is no chicken: hard passes."""
    obs = claim_position("guiyang-pass", "123m456p789s35m99p", "9p")
    assert make_agent("hard", 1).choose(obs).kind is ActionKind.PASS


def test_pungs_a_chicken_that_keeps_the_shanten() -> None:
    """docs/rules.md §8: the claimed 1s becomes a chicken in the claimer's meld (under 死鸡 it leaves the discarder's
    pond, where it counted for him; under 手上鸡 it counted for nobody). 123m456p789s35m11s stays ready after the
    pung, on a narrower single wait, and hard takes it for the chicken; normal passes."""
    for name in ("guiyang-pass", "guiyang-classic"):
        obs = claim_position(name, "123m456p789s35m11s", "1s")
        assert make_agent("hard", 1).choose(obs).kind is ActionKind.PUNG
        assert make_agent("normal", 1).choose(obs).kind is ActionKind.PASS


def test_counts_a_pairs_third_copy_as_a_claimable_tile() -> None:
    """docs/rules.md §4 碰: throwing 2m or 7m from 24457m34p3445668s leaves two from ready with 27 useful tiles
    unseen, but after 2m two of them, 4m and 6s, are third copies of pairs, which a pung may take off any seat's
    discard; hard throws 2m, normal, counting draws alone, throws 7m."""
    obs = turn_position("guiyang-pass", "24457m34p3445668s")
    assert make_agent("hard", 1).choose(obs).tile == parse_tile("2m")
    assert make_agent("normal", 1).choose(obs).tile == parse_tile("7m")


def test_a_ready_hand_does_not_fold_for_a_safe_tile() -> None:
    """docs/rules.md §4 报听, §8 杀鸡: 234m567m345s678s4p7p is ready on 4p or 7p, both dangerous against two declared
    seats; the 2m both let pass is safe but would leave the hand a step off ready, where it collects no chickens if
    the hand ends. Hard stays ready."""
    obs = turn_position(
        "guiyang-pass",
        "234m567m345s678s4p7p",
        ponds=["2m", "2m", "2m3m", ""],
        declared=(False, True, True, False),
    )
    assert make_agent("hard", 1).choose(obs).tile in (parse_tile("4p"), parse_tile("7p"))


def test_a_shown_chicken_costs_only_under_baoji() -> None:
    """docs/rules.md §8 包鸡 (modern): each 8p a seat shows pays the ready seats if it ends not ready, so a pung of 8p
    counts three such copies against the chicken it takes; without 包鸡 (pass) showing costs nothing."""
    for name, costs in (("guiyang-modern", True), ("guiyang-pass", False)):
        view = view_of(claim_position(name, "123m456p789s35m88p", "8p"), load_ruleset(name))
        ev = Evaluator(view, math.inf)
        assert (ev.shown_loss(parse_tile("8p"), 0.5) > 0) is costs
        assert ev.shown_loss(parse_tile("8p"), 1.0) == 0
