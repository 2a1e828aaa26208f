"""The table reading (game.ai.judgement.reading) and its measurement command."""

from __future__ import annotations

import pytest

from game.ai.judgement.base import unseen_of
from game.ai.judgement.reading import read_table
from game.core.tiles import parse_tile, parse_tiles
from game.rules.loader import load_ruleset
from tests.ai_rig import turn_position

RULES = load_ruleset("guiyang-classic")
# Seat 1 threw only pins and sous: it keeps characters.
DROPS_PS = ["", "19p28s5p37s9p4s", "", ""]


def _mass(waits: tuple[float, ...], tiles: str) -> float:
    return sum(waits[t] for t in parse_tiles(tiles))


def _uniform(obs_unseen: list[int], tiles: str) -> float:
    live = [t for t in range(27) if obs_unseen[t]]
    return len(parse_tiles(tiles)) / len(live)


def test_a_declared_seat_that_drops_two_suits_is_read_as_waiting_in_the_third() -> None:
    obs = turn_position("guiyang-classic", "123456789m12345p", ponds=DROPS_PS, declared=(False, True, False, False))
    r = read_table(obs, RULES, {1: (0, 3, 0, 0)})[1]
    assert r is not None
    # Its hand holds 45m waiting on 3m and 6m (measured against what the seat cannot see).
    assert _mass(r.waits, "36m") > 1.5 * _uniform(unseen_of(obs, RULES), "36m")
    assert r.keep[0] > 1 > max(r.keep[1], r.keep[2])
    assert sum(r.waits) == pytest.approx(1.0)


def test_kinds_a_declared_seat_let_go_are_all_but_ruled_out() -> None:
    obs = turn_position("guiyang-classic", "123456789m12345p", ponds=DROPS_PS, declared=(False, True, False, False))
    r = read_table(obs, RULES, {1: (0, 3, 0, 0)})[1]
    assert r is not None
    top = max(r.waits)
    for t in parse_tiles("8s5p3s7s9p4s"):  # thrown after it declared
        assert r.waits[t] < 0.05 * top
    # Thrown before it declared: less likely than a kind it never threw in the same suit, but possible.
    assert 0 < r.waits[parse_tile("1p")] < r.waits[parse_tile("2p")]


def test_the_ready_chance_rises_with_turns_melds_and_the_declaration() -> None:
    early = turn_position("guiyang-classic", "123456789m12345p", ponds=["", "19p", "", ""])
    late = turn_position("guiyang-classic", "123456789m12345p", ponds=["", "19p28s5p37s9p4s1s2s", "", ""])
    declared = turn_position(
        "guiyang-classic", "123456789m12345p", ponds=["", "19p", "", ""], declared=(False, True, False, False)
    )
    p_early = read_table(early, RULES)[1]
    p_late = read_table(late, RULES)[1]
    p_declared = read_table(declared, RULES)[1]
    assert p_early is not None and p_late is not None and p_declared is not None
    assert p_early.ready < 0.1 < 0.5 < p_late.ready < p_declared.ready == 1.0
    assert read_table(early, RULES)[0] is None  # the observer is not read


def test_a_seat_not_declared_rarely_waits_on_what_it_threw() -> None:
    obs = turn_position("guiyang-classic", "123456789m12345p", ponds=["", "5s5p", "", ""])
    r = read_table(obs, RULES)[1]
    assert r is not None
    assert r.waits[parse_tile("5s")] < 0.2 * r.waits[parse_tile("5m")]
    assert r.held[parse_tile("5s")] < r.held[parse_tile("6s")]


def test_the_reading_command_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    assert main(["reading", "--deals", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "reading guiyang-classic: 2 deals, seed 4" in out
    assert "ready, not declared" in out and "declared (报听)" in out
    assert "Brier" in out and "base rate" in out


def test_the_expert_deals_a_seat_a_ready_hand_as_often_as_the_reading_says_it_is_ready() -> None:
    import random

    from game.ai.search.sampling import Public, determinize
    from game.core.hand import waits
    from game.engine.observation import observe
    from game.engine.round import Round
    from game.match.agents import SimpleAgent

    bot, rng = SimpleAgent(), random.Random(5)
    dealt: dict[bool, list[bool]] = {True: [], False: []}  # likely ready (odds > 0.7) or not (< 0.1)
    for seed in range(12):
        rnd = Round(RULES, f"reading-deal:{seed}")
        while not rnd.ended:
            seat = rnd.to_move()[0]
            obs = observe(rnd, seat)
            if rnd.state.phase == "turn" and obs.drawn is not None:
                pub = Public(obs, RULES)
                for s in range(4):
                    odds = pub.ready_odds[s]
                    if s != seat and not obs.declared[s] and (odds > 0.7 or odds < 0.1):
                        h = determinize(pub, rng)
                        dealt[odds > 0.7].append(bool(waits(h.hands[s], h.melds[s])))
            rnd.apply(bot.choose(obs))
    likely, unlikely = dealt[True], dealt[False]
    assert len(likely) > 20 and len(unlikely) > 20
    assert sum(likely) / len(likely) > 0.6 > 0.25 > sum(unlikely) / len(unlikely)
