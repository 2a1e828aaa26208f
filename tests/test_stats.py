"""Player statistics across matches (game/records/stats.py): one settled hand at a time, kept in a JSON file.

The counts follow the rule book's words: a win (胡), a self-drawn win (自摸, docs/rules.md §5), dealing in
(点炮: the discard or robbed kong another seat wins on), a draw (黄庄) and chicken payments (§8 鸡).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.core.settlement import Ledger, LedgerItem
from game.core.tiles import parse_tiles
from game.match.agents import SimpleAgent
from game.match.match import Match
from game.match.play import play_round
from game.records.stats import (
    PlayerStats,
    StatsBook,
    book_from_json,
    finish_match,
    from_json,
    load_stats,
    save_stats,
    update,
    update_outcome,
)
from game.rules.loader import load_ruleset


@dataclass(frozen=True)
class FakeWin:
    winners: tuple[int, ...]
    how: str
    discarder: int | None


YAOJI = parse_tiles("1s")[0]


def _ledger(*items: tuple[int, int, int, str]) -> Ledger:
    return Ledger(
        tuple(
            LedgerItem(p, q, n, n, rule, rule, rule, (YAOJI,) if "chicken" in rule else ()) for p, q, n, rule in items
        ),
        4,
    )


def test_a_discard_win_counts_a_win_for_the_winner_and_a_deal_in_for_the_discarder() -> None:
    """点炮: seat 2 discards, seat 0 wins; only the discarder dealt in."""
    ledger = _ledger((2, 0, 5, "win.pattern"), (1, 0, 1, "chicken.fixed"), (3, 0, 1, "chicken.fixed"))
    win = FakeWin((0,), "discard", 2)
    winner = update_outcome(PlayerStats(), win, ledger, 0)
    assert (winner.hands, winner.wins, winner.self_draws, winner.deal_ins) == (1, 1, 0, 0)
    assert winner.win_points == 7 and winner.best_win == 7 and winner.average_win == 7.0
    assert winner.chickens == 2 and winner.chicken_points == 2
    loser = update_outcome(PlayerStats(), win, ledger, 2)
    assert (loser.wins, loser.deal_ins, loser.net_points) == (0, 1, -5)
    bystander = update_outcome(PlayerStats(), win, ledger, 1)
    assert (bystander.deal_ins, bystander.chicken_points) == (0, -1)


def test_a_self_drawn_win_is_a_self_draw_and_nobody_deals_in() -> None:
    """自摸 (docs/rules.md §5): all three pay; no deal-in is charged."""
    ledger = _ledger((1, 3, 2, "win.pattern"), (2, 3, 2, "win.pattern"), (0, 3, 2, "win.pattern"))
    win = FakeWin((3,), "self_draw", None)
    assert update_outcome(PlayerStats(), win, ledger, 3).self_draws == 1
    assert update_outcome(PlayerStats(), win, ledger, 0).deal_ins == 0


def test_a_draw_counts_a_hand_and_a_draw_only() -> None:
    """黄庄: nobody wins."""
    stats = update_outcome(PlayerStats(), None, Ledger((), 4), 0)
    assert (stats.hands, stats.draws, stats.wins, stats.win_rate) == (1, 1, 0, 0.0)


def test_average_and_best_win_over_several_hands() -> None:
    stats = PlayerStats()
    for amount in (4, 10):
        stats = update_outcome(stats, FakeWin((0,), "discard", 1), _ledger((1, 0, amount, "win.pattern")), 0)
    assert stats.wins == 2 and stats.average_win == 7.0 and stats.best_win == 10
    assert finish_match(stats).matches == 1


def test_update_reads_a_real_settled_hand() -> None:
    """A hand played by bots and settled by the Match: the winner's stats add up to its ledger."""
    rules = load_ruleset("guiyang-classic")
    match = Match(rules, "stats")
    for _ in range(6):
        rnd = play_round(match.new_round(), [SimpleAgent()] * 4)
        match.finish_round(rnd)
        result, ledger = rnd.state.result, match.ledgers[-1]
        assert result is not None
        totals = [update(PlayerStats(), result, ledger, seat) for seat in range(4)]
        assert sum(t.net_points for t in totals) == 0
        if result.win is not None:
            for w in result.win.winners:
                assert totals[w].wins == 1
            if result.win.discarder is not None:
                assert totals[result.win.discarder].deal_ins == 1
            return
    pytest.fail("no win in six hands of seed 'stats'")


def test_bad_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        update_outcome(PlayerStats(), None, Ledger((), 4), 4)


def test_stats_round_trip_through_the_file(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    book = StatsBook({4: PlayerStats(hands=3, wins=1, win_points=9, net_points=-2)}, lessons=5)
    assert save_stats(book, path) is None
    assert load_stats(path) == (book, [])
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"]  # no temporary file left behind


def test_results_are_kept_apart_by_the_tables_size(tmp_path: Path) -> None:
    """docs/rules.md §15.2: a hand at a table of three counts in the three-player totals, never in the four's; the
    four's stay at the top of the file, where a file written before the smaller tables has them."""
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"hands": 7, "wins": 2, "lessons": 3}), encoding="utf-8")
    book, notices = load_stats(path)
    assert notices == [] and book.of(4) == PlayerStats(hands=7, wins=2) and book.lessons == 3
    ledger = Ledger((LedgerItem(1, 0, 2, 2, "win.pattern", "平胡", "plain hand"),), 3)
    three = update_outcome(book.of(3), FakeWin((0,), "discard", 1), ledger, 0)
    book = book.with_totals(3, three)
    assert book.of(3).hands == 1 and book.of(3).wins == 1 and book.of(4).hands == 7 and book.of(2) == PlayerStats()
    assert save_stats(book, path) is None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["hands"] == 7 and data["tables"]["3"]["hands"] == 1
    assert load_stats(path) == (book, [])
    _book, notices = book_from_json({"tables": {"5": {"hands": 1}, "3": []}})
    assert any("'5'" in n for n in notices) and any("tables.3" in n for n in notices)


def test_a_corrupt_stats_file_is_kept_aside_and_stats_start_afresh(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_text("{not json", encoding="utf-8")
    stats, notices = load_stats(path)
    assert stats == StatsBook()
    assert len(notices) == 1 and "not valid JSON" in notices[0] and "line 1" in notices[0]
    kept = [p.name for p in tmp_path.iterdir()]
    assert not path.exists() and len(kept) == 1 and kept[0].startswith("stats.json.bad-")


def test_unknown_keys_and_bad_values_are_named_and_skipped() -> None:
    stats, notices = from_json({"hands": 5, "wins": "many", "colour": 1, "net_points": -4, "deal_ins": -1})
    assert stats == PlayerStats(hands=5, net_points=-4)
    joined = " ".join(notices)
    assert "'colour'" in joined and "wins" in joined and "deal_ins" in joined


def test_stats_file_lives_under_the_player_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    assert save_stats(StatsBook({4: PlayerStats(hands=1)})) is None
    assert json.loads((tmp_path / "stats.json").read_text(encoding="utf-8"))["hands"] == 1


def test_a_practice_hand_is_counted_apart_from_the_totals() -> None:
    ledger = _ledger((1, 0, 6, "win.self_draw"))
    played = update_outcome(PlayerStats(), FakeWin((0,), "self_draw", None), ledger, 0, practice=True)
    assert played == PlayerStats(practice=1)
    assert from_json(played.to_json()) == (played, [])
