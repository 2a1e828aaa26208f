"""The expert level: a search over deals consistent with its own observation, and nothing else."""

from __future__ import annotations

import copy
import random
import statistics

from game.ai import make_agent
from game.ai.levels.expert import Candidate, ExpertAgent, paired
from game.ai.measure.arena import SearchBudget, run_arena
from game.ai.measure.oracle import HandsOracleAgent, OracleAgent, _wall_shuffled
from game.ai.search.playout import lean_hand
from game.ai.search.sampling import Public, determinize
from game.core.deal import below, shuffle
from game.core.hand import is_ready, waits
from game.core.rollout import DISCARD, PASS, PUNG, LeanHand
from game.core.tiles import parse_tile
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation, observe
from game.engine.round import Round
from game.engine.wall import kind_of
from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from tests.ai_rig import claim_position, turn_position


def _search_point(rules_name: str, seed: str) -> Round:
    """A hand played by the built-in bot until seat 0, on its turn with the wall half gone, has moves to search."""
    rules = load_ruleset(rules_name)
    bot = SimpleAgent()
    for k in range(50):
        rnd = Round(rules, f"{seed}:{k}")
        while not rnd.ended:
            seat = rnd.to_move()[0]
            if seat == 0 and rnd.state.phase.value == "turn" and rnd.wall.remaining < 40 and not rnd.state.declared[0]:
                obs = observe(rnd, 0)
                probe = ExpertAgent(rules=rules)
                if len(probe.candidates(obs, probe.hard.choose(obs))) >= 2:
                    return rnd
            rnd.apply(bot.choose(observe(rnd, seat)))
    raise AssertionError("no search point found")


def _swap_hidden(rnd: Round) -> Round:
    """The same hand with one of seat 2's concealed tiles swapped for a different tile deep in the wall."""
    other = copy.deepcopy(rnd)
    wall = other.wall
    ids = wall._tile_at
    hand = other.state.hands[2]
    give = next(t for t in range(27) if hand[t])
    # Take the last live place (front order): drawn last, after the decision under test.
    j = max(i for i in range(len(ids)) if wall._alive[i] and kind_of(ids[i]) != give)
    take = kind_of(ids[j])
    ids[j] = give * 4 + 3 if ids[j] != give * 4 + 3 else give * 4 + 2
    hand[give] -= 1
    hand[take] += 1
    other.sorted_hands[2].remove(give)
    other.sorted_hands[2].append(take)
    other.sorted_hands[2].sort()
    other.state.waits_cache = [None] * 4
    return other


def test_expert_cannot_tell_hidden_tiles_apart() -> None:
    """Two hands differing only in tiles seat 0 cannot see: same observation, same deals, same move."""
    rnd = _search_point("guiyang-classic", "hidden")
    other = _swap_hidden(rnd)
    assert rnd.state.hands[2] != other.state.hands[2]
    assert lean_hand(rnd).hands != lean_hand(other).hands
    a, b = observe(rnd, 0), observe(other, 0)
    assert a == b
    rules = load_ruleset("guiyang-classic")
    da = determinize(Public(a, rules), random.Random(3))
    db = determinize(Public(b, rules), random.Random(3))
    assert da.hands == db.hands and da.w_kind == db.w_kind
    first = ExpertAgent(seed=9, rollouts=60)
    second = ExpertAgent(seed=9, rollouts=60)
    assert first.choose(a) == second.choose(b)
    assert first.last_choice == second.last_choice and first.stats.searched == 1


def test_oracle_is_for_measurement_only() -> None:
    """The oracle is no level a player can choose; it plays from the true deal, so one rollout per move is exact."""
    from game.ai import LEVELS

    assert "oracle" not in LEVELS and "expert" in LEVELS
    rnd = _search_point("guiyang-classic", "oracle")
    oracle = OracleAgent(seed=2)
    oracle.attach(rnd)
    action = oracle.choose(observe(rnd, 0))
    assert action in rnd.legal_actions(0)
    assert oracle.stats.searched == 1 and all(n == 1 for _, _, n in oracle.last_choice)


def test_the_hands_oracle_sees_the_hands_but_not_the_walls_order() -> None:
    """oracle-hands (measurement only): every sample holds the true hands and the wall's tiles, in a new order."""
    rnd = _search_point("guiyang-classic", "oracle")
    truth = lean_hand(rnd)
    live = sorted(truth.w_kind[i] for i in range(len(truth.w_kind)) if truth.w_alive[i])
    rng = random.Random(4)
    orders = set()
    for _ in range(5):
        h = _wall_shuffled(truth, rng)
        assert h.hands == truth.hands and h.melds == truth.melds
        assert sorted(h.w_kind) == live and h.remaining == len(live)
        orders.add(tuple(h.w_kind))
    assert len(orders) > 1
    agent = HandsOracleAgent(seed=2, rollouts=40)
    agent.attach(rnd)
    assert agent.choose(observe(rnd, 0)) in rnd.legal_actions(0)
    assert agent.stats.searched == 1 and max(n for _, _, n in agent.last_choice) > 1


def test_deals_are_consistent_with_the_observation() -> None:
    """A deal keeps the seat's own and the public tiles, uses each unseen tile once; a 报听 seat is ready (docs/rules.md
    §4)."""
    rules = load_ruleset("guiyang-modern")
    bot = SimpleAgent()
    rng = random.Random(5)
    declared_seen = 0
    for seed in range(30):
        rnd = Round(rules, f"deal:{seed}")
        while not rnd.ended:
            seat = rnd.to_move()[0]
            obs = observe(rnd, seat)
            if rng.random() < 0.1:
                h = determinize(Public(obs, rules), rng)
                assert h.hands[seat] == list(obs.counts)
                assert [len(m) for m in h.melds] == [len(m) for m in obs.melds]
                census = [sum(h.hands[s][t] for s in range(4)) for t in range(27)]
                for t in h.w_kind:
                    census[t] += 1
                for s in range(4):
                    for m in h.melds[s]:
                        census[m.tile] += m.size
                    for t in h.ponds[s]:
                        census[t] += 1
                    assert sum(h.hands[s]) == sum(rnd.state.hands[s])
                    if obs.declared[s] and s != seat:
                        declared_seen += 1
                        assert is_ready(h.hands[s], h.melds[s])
                assert census == [4] * 27
            rnd.apply(bot.choose(obs))
    assert declared_seen > 0


def test_the_deals_shuffle_draws_what_randoms_shuffle_draws() -> None:
    """The deals' compiled shuffle gives random.shuffle's permutation and leaves the generator where it does."""
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        n = seed % 90
        a, b = list(range(n)), list(range(n))
        theirs.shuffle(a)
        shuffle(b, ours)
        assert b == a
        assert below(ours.getrandbits, seed + 1) == theirs.randrange(seed + 1)
        assert ours.random() == theirs.random()


def test_a_declared_seat_is_dealt_a_hand_that_waits_on_nothing_it_let_go() -> None:
    """docs/rules.md §4 报听: a declared seat throws each tile it draws and, in guiyang-classic, may win off any
    discard, so it waits on no kind it has let go since; its dealt hands are ready and wait on none
    of those kinds (as the real hands do), unless the wall cannot make such a hand."""
    rules = load_ruleset("guiyang-classic")
    bot = SimpleAgent()
    rng = random.Random(8)
    dealt = clear = 0
    for seed in range(40):
        rnd = Round(rules, f"declared:{seed}")
        while not rnd.ended:
            seat = rnd.to_move()[0]
            obs = observe(rnd, seat)
            if rnd.state.phase == "turn" and not rnd.state.declared[seat]:
                pub = Public(obs, rules)
                for d in pub.declared_seats:
                    let_go = pub.passed_by[d]
                    assert set(obs.ponds[d][1:]) <= let_go
                    assert not let_go.intersection(waits(rnd.state.hands[d], rnd.state.melds[d]))
                    for _ in range(4):
                        h = determinize(pub, rng)
                        found = waits(h.hands[d], h.melds[d])
                        assert found
                        dealt += 1
                        clear += not let_go.intersection(found)
            rnd.apply(bot.choose(obs))
    assert dealt > 100, dealt
    assert clear >= 0.9 * dealt, f"{clear} of {dealt} dealt hands wait on no kind let go"


def test_rollout_budget_bounds_the_search() -> None:
    """With a fixed rollout count, a search never plays more than that many rollouts."""
    rnd = _search_point("guiyang-modern", "budget")
    agent = make_agent("expert", 1, rollouts=24)
    assert isinstance(agent, ExpertAgent)
    action = agent.choose(observe(rnd, 0))
    assert action in rnd.legal_actions(0)
    assert agent.stats.rollouts <= 24 * agent.stats.searched


def test_expert_plays_legal_moves_and_beats_random() -> None:
    """Seeded smoke check: every expert move is legal (the engine refuses others) and it outscores random players."""
    rep = run_arena(
        "guiyang-classic", ["expert", "random", "random", "random"], 3, "smoke", warm=False, budget=SearchBudget(24)
    )
    by = {a.spec: a for a in rep.agents}
    assert by["expert"].hands == 12 and by["expert"].mean > by["random"].mean
    assert by["expert"].win_rate > 0
    # Its searched decisions are timed apart: a search costs more than the median decision.
    expert, rand = rep.timings.of("expert"), rep.timings.of("random")
    assert by["expert"].searched > 0 and expert.searched_cpu_median_ms >= expert.cpu_median_ms
    assert by["random"].searched == 0 and rand.searched_median_ms == 0.0
    # The rollouts its searches played are counted: at least two candidates once, at most the budget each.
    assert 2 * by["expert"].searched <= by["expert"].rollouts <= 24 * by["expert"].searched
    assert by["random"].rollouts == 0


def test_expert_takes_a_win() -> None:
    """A win on offer is hard's call (it takes it unless 包牌 is pending) and is never searched away."""
    rules = load_ruleset("guiyang-classic")
    bot = SimpleAgent()
    for seed in range(40):
        rnd = Round(rules, f"win:{seed}")
        while not rnd.ended:
            seat = rnd.to_move()[0]
            obs = observe(rnd, seat)
            if obs.legal_actions[0].kind is ActionKind.WIN and rnd.state.phase.value == "turn":
                assert ExpertAgent(seed=1, rollouts=20).choose(obs).kind is ActionKind.WIN
                return
            rnd.apply(bot.choose(obs))
    raise AssertionError("no self-drawn win found")


def test_an_answer_to_a_discard_leaves_hards_at_a_lower_margin() -> None:
    """The search leaves hard's turn move above 2.0 paired standard errors, its answer to a discard above 1.5
    (docs/ai.md: the rollouts rank pung against pass far better than discards near ready)."""
    rules = load_ruleset("guiyang-classic")
    noise = [1.0 if i % 2 else -1.0 for i in range(16)]
    step = 1.75 * statistics.stdev(noise) / 4  # a mean 1.75 standard errors above zero over 16 samples

    def pick(obs: Observation, base: Candidate, other: Candidate) -> Action:
        base.values, other.values = [0.0] * 16, [step + e for e in noise]
        diff, se = paired(other, base)
        assert 1.5 < diff / se < 2.0
        return ExpertAgent(rules=rules, rollouts=0).search(obs, _no_deal, [base, other], rules)

    claim = claim_position("guiyang-classic", "11m234p567s229s55p", "5p")
    pung = next(a for a in claim.legal_actions if a.kind is ActionKind.PUNG)
    passing = next(a for a in claim.legal_actions if a.kind is ActionKind.PASS)
    assert pick(claim, Candidate(passing, None, PASS, []), Candidate(pung, None, PUNG, [])) == pung
    turn = turn_position("guiyang-classic", "11m234p567s229s55p7m")
    seven, nine = parse_tile("7m"), parse_tile("9s")
    keep, other = (next(a for a in turn.legal_actions if a.tile == t) for t in (seven, nine))
    assert pick(turn, Candidate(keep, (DISCARD, seven), 0, []), Candidate(other, (DISCARD, nine), 0, [])) == keep


def _no_deal() -> LeanHand:
    raise AssertionError("a search with no rollouts to play deals nothing")
