"""The host seats as many players as its ruleset has (docs/rules.md §15.2): three at 三丁拐, two at 二丁拐."""

from __future__ import annotations

import argparse

import pytest

import main
from game.net.host.table import NetTable, TableConfig
from game.net.wire import protocol as P
from game.records.savefile import SaveError, dumps, loads
from game.rules.loader import load_ruleset
from tests.net_peers import Clock, Peer, drive_until
from tests.net_rig import config, simple_factory

THREE = load_ruleset("sandingguai")
TWO = load_ruleset("erding-liangfang")


@pytest.mark.parametrize(("rules", "seats"), [(THREE, "human,human,ai,ai"), (TWO, "human,ai,ai"), (THREE, "human,ai")])
def test_a_table_seats_exactly_its_rulesets_players(rules, seats: str) -> None:
    """§15.2: the seats are the ruleset's `players`; any other count is refused with the count the table wants."""
    with pytest.raises(ValueError, match=f"the {rules.name} table has (three|two) seats") as err:
        NetTable(rules, "size", config(1, seats), simple_factory)
    assert f"0-{rules.players - 1}" in str(err.value)


@pytest.mark.parametrize("rules", [THREE, TWO])
def test_the_status_lists_one_seat_for_each_player(rules) -> None:
    """§15.2: everyone is told of the table's seats, no more; the welcome says the table's size."""
    seats = ",".join(["human", *["ai"] * (rules.players - 1)])
    table = NetTable(rules, "size", config(1, seats), simple_factory)
    peer = Peer(table, 0)
    peer.hello("阿强")
    welcome = peer.of(P.Welcome)[0]
    assert welcome.players == rules.players and welcome.seat == 0
    status = peer.of(P.Status)[-1]
    assert len(status.seats) == len(status.scores) == rules.players


def test_a_seat_past_the_tables_last_is_refused_and_the_host_plays_on() -> None:
    """§15.2: seat 3 is on the wire's schema (a table of four has it) but not at a table of three: a refusal, no
    crash, and the seat a person may take is still free."""
    table = NetTable(THREE, "seat-3", config(1, "human,human,ai"), simple_factory)
    stray = Peer(table, 1)
    stray.hello("外人", seat=3)
    refused = stray.of(P.Refused)
    assert [r.code for r in refused] == ["no_seat"] and "3 seats (0-2)" in refused[0].reason
    assert stray.closed is not None
    players = [Peer(table, 10 + k) for k in range(2)]
    for k, p in enumerate(players):
        p.hello(f"p{k}", seat=k)
    assert [p.of(P.Welcome)[0].seat for p in players] == [0, 1]
    drive_until(table, players, lambda: table.over)
    assert table.hands_done == 1


def test_a_table_of_three_resumes_from_its_save_with_its_three_seats() -> None:
    """§15.2: the host's save keeps a table of three; its players come back to their seats by their tokens."""
    table = NetTable(THREE, "resume-3", config(2, "human,ai,human"), simple_factory, Clock())
    peers = [Peer(table, 0), Peer(table, 1)]
    peers[0].hello("甲", seat=0)
    peers[1].hello("乙", seat=2)
    drive_until(table, peers, lambda: table.rnd is not None and len(table.rnd.actions) > 12)
    tokens = [p.of(P.Welcome)[0].token for p in peers]
    data = loads(dumps(table.save_data()))
    again = NetTable.from_save(data, THREE, simple_factory, Clock())
    assert len(again.seats) == 3 and again.events == table.events
    back = Peer(again, 5)
    back.hello(token=tokens[1])
    assert back.of(P.Welcome)[0].seat == 2
    with pytest.raises(SaveError, match="the guiyang-classic table has four seats"):
        NetTable.from_save(data, load_ruleset("guiyang-classic"), simple_factory)


def test_a_saved_config_of_three_reads_back() -> None:
    made = config(1, "human,ai:hard,human")
    assert TableConfig.from_json(made.to_json()).seats == made.seats


def _config_of(argv: list[str]) -> TableConfig | str:
    from game.cli.lan import _config, register

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["host", "--headless", *argv])
    return _config(args, load_ruleset(args.ruleset))


def test_host_seats_default_to_a_person_at_each_of_the_rulesets_seats() -> None:
    """`main.py host --ruleset sandingguai` seats three people, `erding-liangfang` two (§15.2)."""
    for name, want in (("sandingguai", 3), ("erding-liangfang", 2), ("guiyang-classic", 4)):
        made = _config_of(["--ruleset", name])
        assert isinstance(made, TableConfig) and [p.kind for p in made.seats] == ["human"] * want
    made = _config_of(["--ruleset", "sandingguai", "--seats", "human,human,ai"])
    assert isinstance(made, TableConfig) and [p.kind for p in made.seats] == ["human", "human", "ai"]


@pytest.mark.parametrize(
    ("ruleset", "seats", "says"),
    [
        ("sandingguai", "human,human,ai,ai", "the sandingguai table has three seats (0-2), got 4"),
        ("erding-liangfang", "human,ai,ai", "the erding-liangfang table has two seats (0-1), got 3"),
        ("guiyang-classic", "human,human,ai", "the guiyang-classic table has four seats (0-3), got 3"),
    ],
)
def test_host_seats_of_another_count_are_refused_with_a_clear_message(
    ruleset: str, seats: str, says: str, tmp_path, monkeypatch, capsys
) -> None:
    """§15.2: `--seats` gives one entry per seat of the ruleset's table; another count exits 2 saying so."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    argv = ["host", "--headless", "--ruleset", ruleset, "--seats", seats, "--save", str(tmp_path / "s.json")]
    code = main.main([*argv, "--bind", "127.0.0.1", "--port", "0"])
    err = capsys.readouterr().err
    assert code == 2 and says in err and "Traceback" not in err
