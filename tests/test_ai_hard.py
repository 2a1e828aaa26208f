"""The hard level: value (chickens, 冲锋鸡, 报听), defence and the bounded lookahead (docs/rules.md §4-§8)."""

from __future__ import annotations

from game.actions import ActionKind
from game.ai import make_agent
from game.ai.hard import HardAgent
from game.tiles import parse_tile
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
