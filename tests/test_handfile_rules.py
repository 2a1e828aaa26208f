"""Hand files a ruleset cannot score are refused (docs/rules.md §12.18), first chickens are inferred, and `settle`
names the next dealer as the match does (docs/rules.md §10)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from game.cli import settle as settle_cli
from game.core.settlement import settle
from game.core.tiles import parse_tile
from game.engine.round import HandSetup
from game.handfile import HandFileError, parse_hand_file, write_hand_file
from game.match.agents import SimpleAgent
from game.match.match import Match
from game.match.play import play_round
from game.match.simulate import simulate
from game.rules.loader import builtin_ruleset_names, load_ruleset
from tests.settlement_rig import PLAIN, PLAIN_WITH_KONG, Deal, S

SELF_5S = "{by: [1], tile: 5s, from: self}"


@pytest.mark.parametrize("name", ["guiyang-classic", "zhuoji-x10", "guiyang-app"])
def test_settle_names_the_next_dealer_as_the_match_does(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/rules.md §10: `settle --json` gives next_dealer and next_streak, the same as the match that played the
    hand."""
    rules = load_ruleset(name)
    match = Match(rules, f"next:{name}", HandSetup())
    agents = [SimpleAgent()] * 4
    for i in range(40):
        rnd = play_round(match.new_round(), agents)
        settled = match.finish_round(rnd)
        assert rnd.state.result is not None
        path = tmp_path / f"{i}.yaml"
        path.write_text(write_hand_file(rnd.state.result), encoding="utf-8")
        args = argparse.Namespace(file=str(path), ruleset=None, json=True, compare=False)
        assert settle_cli.run(args) == 0
        out = json.loads(capsys.readouterr().out)
        assert (out["next_dealer"], out["next_streak"]) == (settled.next_dealer, settled.next_streak)
        assert (match.dealer, match.streak) == (settled.next_dealer, settled.next_streak)


# --------------------------------------------------------------------------- §12.18 refusals


def _refused(deal: Deal) -> list[str]:
    with pytest.raises(HandFileError) as info:
        deal.result()
    return info.value.errors


def _line(text: str, needle: str, nth: int = 1) -> int:
    found = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    return found[nth - 1]


def test_late_kong_refused_without_hanbaodou() -> None:
    """docs/rules.md §12.18, §6 憨包豆 (G): `late` on a kong under guiyang-classic, which has no 憨包豆, is refused."""
    winner = S(PLAIN_WITH_KONG, melds=("kong 9p concealed late",))
    deal = Deal("guiyang-classic", {1: winner}, win=SELF_5S)
    errors = _refused(deal)
    assert errors == [
        f"test.yaml:{_line(deal.text(), 'late')}: seats[1].melds[0]: a late kong (憨包豆), which guiyang-classic "
        "does not know (docs/rules.md §12.18); write the kong without `late`"
    ]
    # guiyang-modern tracks late kongs: the same hand settles.
    assert Deal("guiyang-modern", {1: winner}, win=SELF_5S).result().seats[1].melds[0].late


def test_robbed_late_refused_without_hanbaodou() -> None:
    """docs/rules.md §12.18: `robbed_late` is a late kong too."""
    robbed = S("123m 456m 789m 6s", melds=("pung 4s from 0",))
    win = "{by: [1], tile: 4s, from: 2, how: rob_kong, robbed_late: true}"
    errors = _refused(Deal("guiyang-classic", {1: S("123m 456m 234p 55s 345s"), 2: robbed}, win=win))
    assert len(errors) == 1 and "win.robbed_late: a late kong (憨包豆)" in errors[0]


@pytest.mark.parametrize("name", ["zhuoji-x10", "yiwushi"])
def test_declared_ready_refused_without_baoting(name: str) -> None:
    """docs/rules.md §12.18, C and D name no 报听: a declared seat cannot be scored (no 报听 or 杀报 exemptions)."""
    deal = Deal(name, {1: S(PLAIN, declared=True)}, win=SELF_5S)
    errors = _refused(deal)
    assert errors == [
        f"test.yaml:{_line(deal.text(), 'declared_ready: true')}: seats[1].declared_ready: {name} has no 报听 "
        "(declaring ready), so no seat can have declared (docs/rules.md §12.18)"
    ]


def test_declared_seat_must_be_ready() -> None:
    """docs/rules.md §12.18, §4 报听 (A三1 "立即叫牌"): a declared seat whose tiles are not ready is refused."""
    deal = Deal(
        "guiyang-classic", {1: S(PLAIN), 2: S("1s 2m 3m 6m 9m 2p 6p 9p 3s 6s 9s 7m 8m", declared=True)}, win=SELF_5S
    )
    errors = _refused(deal)
    assert len(errors) == 1
    assert errors[0].startswith(f"test.yaml:{_line(deal.text(), 'declared_ready: true')}: seats[2].declared_ready:")
    assert "is not ready" in errors[0]


def test_ready_seat_that_did_not_win_a_hot_discard_refused_where_it_must() -> None:
    """docs/rules.md §7, B6 "杠牌后打出的那张牌任何一家有听牌必须和牌": under guiyang-pass a seat ready on the hot
    discard had to win; under guiyang-classic it may let it go."""
    hot_seat = S("123m 456m 789m 2s", melds=("kong 9p concealed",))
    seats = {0: hot_seat, 1: S(PLAIN), 3: S("234m 567m 345p 678p 5s")}  # seat 3 waits on 5s too
    win = "{by: [1], tile: 5s, from: 0, hot: true}"
    errors = _refused(Deal("guiyang-pass", seats, win=win))
    assert len(errors) == 1 and "seat 3 could win on the hot discard 5s and did not" in errors[0]
    assert "B6" in errors[0]
    assert Deal("guiyang-classic", seats, win=win).result().win is not None
    # Both winning is what B asks.
    seats[3] = S("234m 567m 345p 678p 55s")
    both = Deal("guiyang-pass", seats, win="{by: [1, 3], tile: 5s, from: 0, hot: true}")
    assert both.result().win is not None


@pytest.mark.parametrize("name", ["guiyang-modern", "guiyang-app"])
def test_baopai_refused_under_guoshui(name: str) -> None:
    """docs/rules.md §12.12, §12.18: a ruleset that uses 过水 has no 包牌 to owe."""
    deal = Deal(
        name,
        {1: S(PLAIN_WITH_KONG, melds=("kong 9p from 2",))},
        win="{by: [1], tile: 5s, from: 3}",
        extra="baopai: [1]",
    )
    errors = _refused(deal)
    assert errors == [
        f"test.yaml:{_line(deal.text(), 'baopai')}: baopai: {name} uses 过水 after a passed win (no win off a "
        "discard until the seat's own next draw), not 包牌 (docs/rules.md §12.12, §12.18)"
    ]


def test_cli_settle_refuses_with_exit_2(tmp_path: Path) -> None:
    """docs/rules.md §12.18: `settle` exits 2 and names the line, never scoring the file silently."""
    deal = Deal("zhuoji-x10", {1: S(PLAIN, declared=True)}, win=SELF_5S)
    path = tmp_path / "h.yaml"
    path.write_text(deal.text(), encoding="utf-8")
    args = argparse.Namespace(file=str(path), ruleset=None, json=False, compare=False)
    assert settle_cli.run(args) == 2


# --------------------------------------------------------------------------- first chicken claimer


def test_claimer_of_the_first_chicken_is_inferred() -> None:
    """docs/rules.md §8 责任鸡, §12.9 (G "打出的第一只幺雞 ... 若被碰或杠走"): seat 3 holds the only pung of 1s
    from seat 2, the first discarder, so it claimed it; the file need not say so."""
    claimer = S("123m 456m 789m 6s", melds=("pung 1s from 2",))
    deal = Deal("guiyang-modern", {1: S(PLAIN), 3: claimer}, win=SELF_5S, extra="first_chicken: {1s: 2}")
    result = deal.result()
    assert result.first_chicken_claimed_by == {parse_tile("1s"): 3}
    assert settle(result, load_ruleset("guiyang-modern")).by_rule("chicken.liability")


def test_claimer_is_asked_for_when_the_pond_also_shows_a_copy() -> None:
    """docs/rules.md §8: with a 1s in seat 2's pond as well, the file cannot tell which copy came first."""
    claimer = S("123m 456m 789m 6s", melds=("pung 1s from 2",))
    extra = "first_chicken: {1s: 2}"
    deal = Deal("guiyang-modern", {1: S(PLAIN), 3: claimer}, win=SELF_5S, extra=extra, fill_discards={2: "1s"})
    errors = _refused(deal)
    assert len(errors) == 1 and "say which was the first" in errors[0] and "{1s: null}" in errors[0]
    said = Deal(
        "guiyang-modern",
        {1: S(PLAIN), 3: claimer},
        win=SELF_5S,
        fill_discards={2: "1s"},
        extra=extra + "\nfirst_chicken_claimed_by: {1s: null}",
    )
    assert said.result().first_chicken_claimed_by == {}
    said = Deal(
        "guiyang-modern",
        {1: S(PLAIN), 3: claimer},
        win=SELF_5S,
        fill_discards={2: "1s"},
        extra=extra + "\nfirst_chicken_claimed_by: {1s: 3}",
    )
    assert said.result().first_chicken_claimed_by == {parse_tile("1s"): 3}
    assert parse_hand_file(write_hand_file(said.result()), "again.yaml") == said.result()


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_simulated_hands_export_and_settle_to_the_games_ledger(name: str) -> None:
    """docs/rules.md §12.18: every played hand, written as a hand file, passes the new checks and settles the same."""
    report = simulate(load_ruleset(name), f"export-check:{name}", 60, check_export=True)
    assert report.failures == []
    assert report.checks["export_settles_same"] == 60
