"""The learned level's parts: what the network sees (features), its forward pass, its weights files, master's guard."""

from __future__ import annotations

import json
import random
import struct
from pathlib import Path

import pytest

from game.ai.judgement.reading import read_table
from game.ai.learned import features as F
from game.ai.learned.network import BadWeights, Network, digest, load_network
from game.ai.levels.master import MasterAgent
from game.core.tiles import parse_tile
from game.engine.actions import ActionKind, make
from game.rules.loader import load_ruleset
from tests.ai_rig import claim_position, turn_position

CLASSIC = load_ruleset("guiyang-classic")


def _hand_tiles(move: F.Sparse) -> dict[int, int]:
    """Concealed counts of each kind from a move's hand planes."""
    out: dict[int, int] = {}
    for i, _v in move:
        j = i - F.TABLE_SIZE
        if 0 <= j < 4 * F.K:
            out[j % F.K] = out.get(j % F.K, 0) + 1
    return out


def test_a_discard_leaves_the_hand_less_that_tile_and_a_pung_adds_a_meld() -> None:
    """docs/rules.md §4 (pung): the move's inputs are the hand it leaves: "123456789m1122p5s" less 5s; 11p punged."""
    obs = turn_position("guiyang-classic", "123456789m1122p5s")
    move = F.encode_move(obs, CLASSIC, make(ActionKind.DISCARD, 0, parse_tile("5s")), None, True)
    hand = _hand_tiles(move)
    assert parse_tile("5s") not in hand and hand[parse_tile("1p")] == 2 and sum(hand.values()) == 13
    assert (F.TABLE_SIZE + F.M_TILE * F.K + parse_tile("5s"), 1.0) in move
    claim = claim_position("guiyang-classic", "123456789m1122p", "1p")
    pung = F.encode_move(claim, CLASSIC, make(ActionKind.PUNG, 0), None, False)
    assert (F.TABLE_SIZE + F.M_PUNG * F.K + parse_tile("1p"), 1.0) in pung
    assert parse_tile("1p") not in _hand_tiles(pung)


def test_the_table_and_the_moves_use_their_own_indices() -> None:
    """Every input index lies in its part: the table's below TABLE_SIZE, a move's above it, all below INPUTS."""
    obs = turn_position(
        "guiyang-classic", "123456789m1122p5s", ponds=["9s", "1m2m", "5p", ""], declared=(False, True, False, False)
    )
    reading = read_table(obs, CLASSIC)
    actions = [a for a in obs.legal_actions]
    table, moves = F.encode_decision(obs, CLASSIC, reading, actions, {parse_tile("5s"): F.HardValue(1.0, 0.2)})
    assert all(0 <= i < F.TABLE_SIZE for i, _ in table)
    assert all(F.TABLE_SIZE <= i < F.INPUTS for m in moves for i, _ in m)
    assert len({i for i, _ in table}) == len(table)  # no input given twice
    hard_move = (F.TABLE_SIZE + F.MOVE_PLANES * F.K + F.MOVE_SCALARS.index("hard_move"), 1.0)
    assert hard_move in moves[0] and all(hard_move not in m for m in moves[1:])


def _random_network(h1: int = 5, h2: int = 3, seed: int = 7) -> tuple[Network, list[float]]:
    rng = random.Random(seed)
    count = F.INPUTS * h1 + h1 + h2 * h1 + h2 + 2 * (h2 + 1)
    numbers = [rng.uniform(-0.5, 0.5) for _ in range(count)]
    return Network({"hidden": [h1, h2]}, numbers), numbers


def _dense(numbers: list[float], h1: int, h2: int, x: list[float]) -> tuple[float, float]:
    """The same network written the plain way: every input, every weight."""
    pos = 0

    def take(n: int) -> list[float]:
        nonlocal pos
        pos += n
        return numbers[pos - n : pos]

    w1 = [take(h1) for _ in range(F.INPUTS)]
    b1 = take(h1)
    first = [max(0.0, b1[j] + sum(x[i] * w1[i][j] for i in range(F.INPUTS))) for j in range(h1)]
    w2 = [take(h1) for _ in range(h2)]
    b2 = take(h2)
    second = [max(0.0, b2[k] + sum(w2[k][j] * first[j] for j in range(h1))) for k in range(h2)]
    wp, bp, wv, bv = take(h2), take(1)[0], take(h2), take(1)[0]
    return bp + sum(a * b for a, b in zip(wp, second, strict=True)), bv + sum(
        a * b for a, b in zip(wv, second, strict=True)
    )


def test_the_sparse_forward_pass_equals_the_dense_one() -> None:
    """Adding only the rows of the inputs present, the table's once, gives what every input and weight give."""
    net, numbers = _random_network()
    table = [(3, 1.0), (40, 0.25), (F.TABLE_SIZE - 1, 0.5)]
    moves = [[(F.TABLE_SIZE + 2, 1.0)], [(F.TABLE_SIZE + 9, 0.4), (F.INPUTS - 1, 1.0)]]
    got = net.evaluate(table, moves)
    for move, out in zip(moves, got, strict=True):
        x = [0.0] * F.INPUTS
        for i, v in [*table, *move]:
            x[i] = v
        price, value = _dense(numbers, 5, 3, x)
        assert out.price == pytest.approx(price, abs=1e-9) and out.value == pytest.approx(value, abs=1e-9)


def _write(tmp_path: Path, numbers: list[float], **meta: object) -> Path:
    data = struct.pack(f"<{len(numbers)}e", *numbers)
    body = {"name": "t", "features": F.VERSION, "inputs": F.INPUTS, "hidden": [5, 3], "sha256": digest(data)}
    body.update(meta)
    (tmp_path / "t.bin").write_bytes(data)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(body), encoding="utf-8")
    return path


def test_weights_that_are_damaged_or_made_for_other_inputs_are_refused_by_name(tmp_path: Path) -> None:
    """A changed byte, a missing file or another feature version: BadWeights names the file and the fault."""
    _, numbers = _random_network()
    path = _write(tmp_path, numbers)
    assert load_network(path).h1 == 5
    data = bytearray((tmp_path / "t.bin").read_bytes())
    data[10] ^= 1
    (tmp_path / "t.bin").write_bytes(bytes(data))
    with pytest.raises(BadWeights, match=r"t\.bin.*damaged"):
        load_network(path)
    with pytest.raises(BadWeights, match="other inputs"):
        load_network(_write(tmp_path, numbers, features=F.VERSION + 1))
    path = _write(tmp_path, numbers)
    (tmp_path / "t.bin").unlink()
    with pytest.raises(BadWeights, match=r"t\.bin"):
        load_network(path)
    with pytest.raises(BadWeights, match="cannot be read"):
        load_network(tmp_path / "none.json")


def _pricing(move_scalar: str) -> Network:
    """A network whose price is 5 points for a move of one kind and 0 for every other."""
    h1, h2 = 5, 3
    numbers = [0.0] * (F.INPUTS * h1 + h1 + h2 * h1 + h2 + 2 * (h2 + 1))
    row = F.TABLE_SIZE + F.MOVE_PLANES * F.K + F.MOVE_SCALARS.index(move_scalar)
    numbers[row * h1] = 5.0  # first layer: unit 0 is 5 for that move
    w2 = F.INPUTS * h1 + h1
    numbers[w2] = 1.0  # second layer: unit 0 copies it
    numbers[w2 + h2 * h1 + h2] = 1.0  # the price head reads unit 0
    return Network({"hidden": [h1, h2]}, numbers)


def test_master_keeps_hards_move_unless_the_network_prices_another_higher_by_its_margin() -> None:
    """docs/rules.md §4 (pung): a network pricing every move alike leaves hard's answer; one pricing the other higher
    plays it; one pricing hard's higher keeps it."""
    obs = claim_position("guiyang-classic", "1199m234p567s789s", "9m", options=(ActionKind.PUNG,))
    _, numbers = _random_network()
    flat = Network({"hidden": [5, 3]}, [0.0] * len(numbers))
    hard_kind = MasterAgent(rules=CLASSIC, network=flat, deadline=False).hard.choose(obs).kind
    other = ActionKind.PASS if hard_kind is ActionKind.PUNG else ActionKind.PUNG
    assert MasterAgent(rules=CLASSIC, network=flat, deadline=False).choose(obs).kind is hard_kind
    master = MasterAgent(rules=CLASSIC, network=_pricing(other.value), deadline=False)
    assert master.choose(obs).kind is other
    assert [round(p, 6) for _, p in master.last_prices] == [0.0, 5.0]
    assert MasterAgent(rules=CLASSIC, network=_pricing(hard_kind.value), deadline=False).choose(obs).kind is hard_kind


def test_master_never_passes_a_win() -> None:
    """Hard's guard: a self-drawn win on offer is taken whatever the network says."""
    obs = turn_position("guiyang-classic", "11m123456789p456s", win=True)
    net, _ = _random_network(seed=3)
    assert MasterAgent(rules=CLASSIC, network=net, deadline=False).choose(obs).kind is ActionKind.WIN


def test_the_teacher_prices_every_candidate_on_the_same_deals_and_goes_on_where_it_stopped(tmp_path: Path) -> None:
    """Each searched decision's moves are all played on the same number of deals (none dropped); the hand's result
    is each record's seat's net; a second run finds its shard done and plays nothing."""
    from game.ai.measure.teacher import read_records, run_teacher

    first = run_teacher(tmp_path, "guiyang-classic", 1, "t", 12, 1)
    assert (first.played, first.skipped) == (1, 0) and first.decisions > 0
    records = read_records(tmp_path)
    assert len(records) == first.decisions
    for r in records:
        assert len(set(r["deals"])) == 1 and r["deals"][0] == 12 // len(r["moves"])
        assert 0 <= r["played"] < len(r["moves"]) == len(r["price"]) == len(r["kinds"])
        assert all(F.TABLE_SIZE <= i < F.INPUTS for m in r["moves"] for i, _ in m)
        assert r["deal"] == 0 and isinstance(r["result"], int)
    again = run_teacher(tmp_path, "guiyang-classic", 1, "t", 12, 1)
    assert (again.played, again.skipped, again.decisions) == (0, 1, 0)


SHIPPED = Path(__file__).resolve().parents[1] / "assets" / "ai" / "master.json"


def test_the_shipped_weights_load_and_give_the_outputs_recorded_at_training() -> None:
    """assets/ai/master.*: the hash holds, and the held-out decisions recorded by build/train_master.py get the
    prices and values PyTorch gave them (the float16 weights both read)."""
    meta = json.loads(SHIPPED.read_text(encoding="utf-8"))
    net = load_network(SHIPPED)
    assert net.parameters == meta["parameters"] and 100_000 <= net.parameters <= 1_000_000
    assert len(meta["checks"]) >= 3
    for check in meta["checks"]:
        table = [(int(i), float(v)) for i, v in check["table"]]
        moves = [[(int(i), float(v)) for i, v in m] for m in check["moves"]]
        got = net.evaluate(table, moves)
        assert [o.price for o in got] == pytest.approx(check["price"], abs=1e-3)
        assert [o.value for o in got] == pytest.approx(check["value"], abs=1e-3)


@pytest.mark.parametrize("ruleset", ["guiyang-classic", "sandingguai", "erding-liangfang"])
def test_master_with_the_shipped_weights_plays_only_legal_moves(ruleset: str) -> None:
    """Whole hands of masters at every table size: each move is one of the observation's legal actions, and the
    network (here trusted at every size) priced some of them."""
    from game.ai.measure.arena import deal_setup
    from game.engine.observation import observe
    from game.engine.round import Round

    rules = load_ruleset(ruleset)
    net = load_network(SHIPPED)
    net.players = frozenset()
    agents = [MasterAgent(rules=rules, network=net, deadline=False) for _ in range(rules.players)]
    for hand in range(3):
        rnd = Round(rules, f"learned:{hand}", deal_setup(f"learned:{ruleset}", hand, rules))
        while not rnd.ended:
            seat = rnd.to_move()[0]
            obs = observe(rnd, seat)
            action = agents[seat].choose(obs)
            assert action in obs.legal_actions, f"master chose {action} in {obs}"
            rnd.apply(action)
    assert sum(a.stats.searched for a in agents) > 0


def test_the_guided_expert_starts_its_search_from_the_networks_choice() -> None:
    """docs/rules.md §4 (pung): with no rollouts to weigh, the expert given a network plays the move the network
    prices above hard's, as master does; without one, or with one pricing hard's move higher, it keeps hard's."""
    from game.ai.levels.expert import ExpertAgent

    obs = claim_position("guiyang-classic", "1199m234p567s789s", "9m", options=(ActionKind.PUNG,))
    hard_kind = ExpertAgent(rules=CLASSIC, rollouts=0).hard.choose(obs).kind
    other = ActionKind.PASS if hard_kind is ActionKind.PUNG else ActionKind.PUNG
    assert ExpertAgent(rules=CLASSIC, rollouts=0).choose(obs).kind is hard_kind
    assert ExpertAgent(rules=CLASSIC, rollouts=0, guide=_pricing(other.value)).choose(obs).kind is other
    assert ExpertAgent(rules=CLASSIC, rollouts=0, guide=_pricing(hard_kind.value)).choose(obs).kind is hard_kind


def test_the_expert_level_is_guided_by_the_shipped_network() -> None:
    """make_agent("expert") searches from the shipped network's choice; the teacher, whose searches are the data, is
    never guided."""
    from game.ai import make_agent
    from game.ai.levels.expert import ExpertAgent
    from game.ai.measure.teacher import PricingExpert

    expert = make_agent("expert", 0, rules=CLASSIC, rollouts=8)
    assert isinstance(expert, ExpertAgent) and expert.guide is not None
    assert PricingExpert(CLASSIC, "t", 8).guide is None


def test_the_shipped_network_guides_only_at_the_table_sizes_it_was_taught_at() -> None:
    """docs/rules.md §15 (the smaller tables): taught at four seats, the network prices nothing at three or two
    (master plays hard's moves there, the expert searches from hard's), and prices at four."""
    from game.ai.levels.guide import guide_for

    net = load_network(SHIPPED)
    assert net.players == {4}
    assert guide_for(net, load_ruleset("erding-liangfang")) is None
    assert guide_for(net, load_ruleset("sandingguai")) is None
    assert guide_for(net, CLASSIC) is net
    from game.ai.measure.arena import deal_setup
    from game.engine.observation import observe
    from game.engine.round import Round

    two = load_ruleset("erding-liangfang")
    agents = [MasterAgent(rules=two, network=net, deadline=False) for _ in range(two.players)]
    rnd = Round(two, "guard", deal_setup("guard", 0, two))
    while not rnd.ended:
        seat = rnd.to_move()[0]
        rnd.apply(agents[seat].choose(observe(rnd, seat)))
    assert all(a.stats.searched == 0 and a.last_prices == [] for a in agents)
