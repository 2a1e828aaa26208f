"""A network match lasts a number of hands or of rounds (圈), counted as the local game counts them.

A round is four passes of the deal (docs/rules.md §10: the winner deals next, so a dealer who wins keeps
it and the round goes on); the match ends after the hand that completes its length. The host's
count and the local game's MatchProgress are the same model, so the same seeded hands end both.
"""

from __future__ import annotations

from game.engine.events import HandSettled
from game.match.agents import SimpleAgent
from game.match.length import MatchLength, MatchProgress, match_over
from game.match.match import Match
from game.match.play import play_round
from game.net.host.table import NetTable, TableConfig
from game.net.wire import protocol as P
from game.net.wire.view import result_from_wire
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, config, simple_factory

RULES = load_ruleset("guiyang-classic")


def local_hands(seed: str, length: MatchLength) -> tuple[int, MatchProgress]:
    """How many hands the same match lasts at one computer, counted by the local game's model."""
    match = Match(RULES, seed)
    agents = [SimpleAgent() for _ in range(4)]
    progress = MatchProgress()
    while not match_over(length, progress):
        rnd = play_round(match.new_round(), agents)
        settled = match.finish_round(rnd)
        assert isinstance(settled, HandSettled) and rnd.state.result is not None
        progress.record(rnd.state.result.dealer, settled.next_dealer, settled.scores)
    return progress.hands, progress


def watched_table(seed: str, length: MatchLength) -> tuple[NetTable, list[P.HostMessage]]:
    table = NetTable(RULES, seed, config(1, "ai,ai,ai,ai", length=length), simple_factory)
    got: list[P.HostMessage] = []
    table.connect(1, lambda data: got.append(P.decode_host(data)), lambda code, reason: None, "127.0.0.1")
    table.receive(1, P.encode(P.Hello(P.GAME, P.PROTOCOL_VERSION, CODE, watch=True)))
    table.start()
    table.step()
    return table, got


def test_a_match_of_two_rounds_ends_after_eight_passes_of_the_deal() -> None:
    """docs/rules.md §10: the deal passes as the ruleset says; two rounds are eight passes, whatever the hand count."""
    length = MatchLength("rounds", 2)
    table, got = watched_table("two-rounds", length)
    hands, progress = local_hands("two-rounds", length)
    assert table.over and table.hands_done == hands
    assert table.progress == progress and progress.passes == 8 and progress.rounds == 2
    welcome = next(m for m in got if isinstance(m, P.Welcome))
    assert welcome.length == P.WireLength("rounds", 2)
    status = [m for m in got if isinstance(m, P.Status)][-1]
    assert (status.hands_done, status.rounds_done, status.length) == (hands, 2, P.WireLength("rounds", 2))
    over = next(m for m in got if isinstance(m, P.MatchOver))
    assert over.hands == hands


def test_a_match_of_hands_ends_after_that_many_hands() -> None:
    table, got = watched_table("three-hands", MatchLength("hands", 3))
    assert table.over and table.hands_done == 3
    assert sum(isinstance(m, P.Settled) for m in got) == 3


def test_a_resumed_round_match_keeps_its_count() -> None:
    """The host's save holds the length; a restarted host counts the passes of the hands already played."""
    length = MatchLength("rounds", 1)
    table, _got = watched_table("resume-rounds", length)
    data = table.save_data()
    again = NetTable.from_save(data, RULES, simple_factory)
    assert again.config.length == length
    assert again.progress == table.progress and again.over


def test_a_table_lasts_hands_or_rounds_only() -> None:
    for kind in ("score", "endless"):
        try:
            TableConfig(code=CODE, seats=config(1).seats, length=MatchLength(kind, 10))
        except ValueError as exc:
            assert "hands or rounds" in str(exc)
        else:
            raise AssertionError(f"a table of {kind} was made")


def test_the_terminal_says_the_length_in_words() -> None:
    from game.net.host.table import length_text

    assert length_text(MatchLength("rounds", 1)) == "1 round"
    assert length_text(MatchLength("rounds", 2)) == "2 rounds"
    assert length_text(MatchLength("hands", 8)) == "8 hands"


def test_a_hosts_save_from_before_rounds_still_resumes() -> None:
    """A save whose table config kept `hands` alone reads as that many hands."""
    made = config(5)
    old = made.to_json()
    del old["length"]
    old["hands"] = 5
    assert TableConfig.from_json(old).length == MatchLength("hands", 5)


def test_a_network_table_of_three_counts_a_round_as_three_passes() -> None:
    """docs/rules.md §15.2: at a table of three (三丁拐) every seat deals once a round, so a round is three passes;
    the watcher's events and every settlement read back from the wire."""
    rules = load_ruleset("sandingguai")
    table = NetTable(rules, "three", config(1, "ai,ai,ai", length=MatchLength("rounds", 1)), simple_factory)
    got: list[P.HostMessage] = []
    table.connect(1, lambda data: got.append(P.decode_host(data)), lambda code, reason: None, "127.0.0.1")
    table.receive(1, P.encode(P.Hello(P.GAME, P.PROTOCOL_VERSION, CODE, watch=True)))
    table.start()
    for _ in range(5000):
        table.step()
        if table.over:
            break
    assert table.over and table.progress.passes == 3 and table.progress.rounds == 1
    settled = [m for m in got if isinstance(m, P.Settled)]
    assert len(settled) == table.hands_done
    assert all(len(result_from_wire(m.result).seats) == 3 for m in settled)
