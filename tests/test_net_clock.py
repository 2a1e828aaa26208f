"""The turn clock at a network table: on by default, 托管 after two run-outs in a row, and dropped players."""

from __future__ import annotations

import argparse

from game.match.length import MatchLength
from game.net.host.table import NetTable, SeatPlan, TableConfig
from game.net.host.table_core import MOVE_SHOWN, OPENING_SHOWN, SHOW_GRACE
from game.net.wire import protocol as P
from game.rules.loader import load_ruleset
from tests.net_peers import Clock, Peer, claim_offered, drive_until
from tests.net_rig import CODE, config, simple_factory

RULES = load_ruleset("guiyang-classic")


def clocked(timer: float = 5.0, drop_wait: float = 60.0) -> tuple[NetTable, Clock, list[Peer]]:
    clock = Clock()
    table = NetTable(
        RULES, "clock", config(4, "human,human,ai,ai", turn_timer=timer, drop_wait=drop_wait), simple_factory, clock
    )
    peers = [Peer(table, k) for k in (0, 1)]
    for k, p in enumerate(peers):
        p.hello(f"p{k}")
    return table, clock, peers


def waits_for_seat_0(
    table: NetTable, clock: Clock, peer: Peer, decisions: int, window: Peer | None = None
) -> list[float]:
    """Let seat 1 play; each time seat 0 is asked, note how long the table holds it up before it moves on.

    `window`, seat 0's connection, says at once that it shows the decision (a player whose window is open), and so
    does seat 1's."""
    held: list[float] = []
    for _ in range(decisions):
        drive_until(table, [peer], lambda: table.rnd is not None and 0 in table.rnd.to_move())
        start, asked = clock.now, table.seats[0].asked_seq
        if window is not None:
            window.say(P.Shown(asked))
            peer.say(P.Shown(table.core.sent[1]))  # the other window shows it too (an answer's clock waits for both)
        for _ in range(100):
            table.step()
            # The decision is made once seat 0 is not asked, or is asked anew (a claim's discard after it).
            if table.rnd is None or 0 not in table.rnd.to_move() or table.seats[0].asked_seq != asked:
                break
            clock.now += 0.5
        held.append(clock.now - start)
    return held


def seat_0_discards_without_the_clock(table: NetTable, clock: Clock, peer: Peer, n: int) -> None:
    """Seat 1 plays on, the clock standing still: seat 0 must still discard `n` times (the AI plays it at once)."""
    from game.engine.events import TileDiscarded

    def discards() -> int:
        return sum(1 for e in table.events if isinstance(e, TileDiscarded) and e.seat == 0)

    start, now = discards(), clock.now
    drive_until(table, [peer], lambda: discards() >= start + n or table.over)
    assert discards() >= start + n and clock.now == now


def test_a_network_table_has_a_turn_clock_by_default() -> None:
    from game.cli.lan import register

    assert TableConfig(CODE, [SeatPlan("human")] * 4, MatchLength("hands", 1)).turn_timer == 30.0
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    assert parser.parse_args(["host", "--headless"]).turn_timer == 30.0
    assert parser.parse_args(["host", "--headless", "--turn-timer", "0"]).turn_timer == 0.0


def test_a_silent_player_costs_two_clocks_then_the_ai_plays_the_seat_until_they_act() -> None:
    table, clock, peers = clocked(timer=5.0)
    held = waits_for_seat_0(table, clock, peers[1], 2, window=peers[0])
    assert held == [5.0, 5.0], "the first two decisions wait out the clock"
    seat_0_discards_without_the_clock(table, clock, peers[1], 3)  # then the AI plays the seat at once (托管)
    status = table.status()
    assert status.seats[0].tuoguan and status.seats[0].ai_playing and not status.seats[1].tuoguan
    assert peers[1].of(P.Status)[-1].seats[0].tuoguan, "the others are told"
    peers[0].say(P.Back())
    assert not table.status().seats[0].tuoguan, "the player is back"
    drive_until(table, [peers[1]], lambda: table.rnd is not None and 0 in table.rnd.to_move())
    table.step()
    assert table.rnd is not None and 0 in table.rnd.to_move(), "the seat is the player's own again"


def test_a_player_who_drops_on_their_turn_is_played_after_the_clock_not_the_drop_wait() -> None:
    table, clock, peers = clocked(timer=5.0, drop_wait=40.0)
    drive_until(table, peers, lambda: table.rnd is not None and table.rnd.to_move() == [0])
    table.disconnect(0)
    peers[0].closed = (1006, "gone")
    held = waits_for_seat_0(table, clock, peers[1], 2)
    # Nobody says the decision is shown: each clock starts at the bound (after the opening, then after a move).
    bound = OPENING_SHOWN + SHOW_GRACE + 5.0
    assert held[0] <= bound and held[1] == MOVE_SHOWN + SHOW_GRACE + 5.0, "each shorter than the drop wait"
    assert sum(held) < 40.0
    seat_0_discards_without_the_clock(table, clock, peers[1], 3)  # after two run-outs: the AI, at once


def dealt(timer: float = 5.0) -> tuple[NetTable, Clock, Peer, Peer, int]:
    """A clocked table just dealt: the dealer (a person) asked for its first discard, its peer, the other person's
    peer, and the dealer's seat."""
    table, clock, peers = clocked(timer=timer)
    assert table.rnd is not None
    me = table.rnd.to_move()[0]
    assert me in (0, 1) and peers[me].obs() is not None
    return table, clock, peers[me], peers[1 - me], me


def moving(table: NetTable) -> list[int]:
    """The seats the hand in play waits for."""
    assert table.rnd is not None
    return table.rnd.to_move()


def test_the_clock_waits_while_the_window_still_shows_the_deal() -> None:
    table, clock, mine, other, me = dealt()
    asked = table.seats[me].asked_seq
    assert table.status().turn_left is None and other.of(P.Status)[-1].turn_left is None, "no clock shown yet"
    clock.now += 10.0  # the deal still flies on the dealer's screen: longer than the clock, and no time is lost
    table.step()
    assert moving(table) == [me] and table.seats[me].timeouts == 0
    mine.say(P.Shown(asked))
    assert other.of(P.Status)[-1].turn_left == 5.0, "everyone is told the clock now runs, from the full time"
    clock.now += 4.9
    table.step()
    assert moving(table) == [me], "the clock counts from the word that the hand is shown"
    assert table.status().turn_left == 0.1
    clock.now += 0.1
    table.step()
    assert moving(table) != [me] and table.seats[me].timeouts == 1


def test_a_window_that_never_says_it_shows_the_hand_gets_its_clock_after_the_bound() -> None:
    table, clock, mine, _other, me = dealt()
    wake = table.step()
    assert wake == OPENING_SHOWN + SHOW_GRACE, "the table wakes when the clock must start, said or not"
    clock.now += OPENING_SHOWN + SHOW_GRACE
    table.step()
    assert mine.of(P.Status)[-1].turn_left == 5.0, "the clock started without the word, and is shown"
    clock.now += 5.0
    table.step()
    assert moving(table) != [me] and table.seats[me].timeouts == 1


def test_only_the_decision_in_hand_starts_the_clock() -> None:
    table, clock, mine, other, me = dealt()
    asked = table.seats[me].asked_seq
    mine.say(P.Shown(asked - 1))  # an earlier event: the window has not caught up
    other.say(P.Shown(len(table.views[1 - me])))  # the other seat is not asked
    assert table.status().turn_left is None and table.seats[me].shown_at is None
    clock.now += 2.0
    mine.say(P.Shown(asked))
    clock.now += 1.0
    assert table.status().turn_left == 4.0
    mine.say(P.Shown(asked))  # said twice: the clock does not start again
    assert table.status().turn_left == 4.0
    assert not mine.of(P.Error), "the word is an answer to the host's question, never refused"


def test_a_player_chooses_tuoguan_and_gives_it_up_by_message() -> None:
    table, clock, peers = clocked(timer=5.0)
    drive_until(table, peers, lambda: table.rnd is not None and moving(table) == [0])
    peers[0].say(P.AutoPlay(True))
    assert table.status().seats[0].tuoguan and peers[1].of(P.Status)[-1].seats[0].tuoguan, "everyone sees it"
    assert moving(table) != [0], "the AI played the seat at once, no clock waited"
    seat_0_discards_without_the_clock(table, clock, peers[1], 2)
    peers[0].say(P.AutoPlay(False))
    assert not table.status().seats[0].tuoguan and not peers[1].of(P.Status)[-1].seats[0].tuoguan
    drive_until(table, [peers[1]], lambda: table.rnd is not None and 0 in moving(table))
    table.step()
    assert table.rnd is not None and 0 in moving(table), "the seat is the player's own again"
    watcher = Peer(table, 9)
    watcher.hello(watch=True)
    watcher.say(P.AutoPlay(True))
    assert watcher.of(P.Error)[-1].code == "not_seated"


def answer_seq(table: NetTable, seat: int) -> int:
    """The number of the discard in `seat`'s own count of events: the last it was sent."""
    return table.core.sent[seat]


def claim_open(table: NetTable, seat: int) -> bool:
    """True while `seat` is still asked about the discard."""
    rnd = table.rnd
    return rnd is not None and not rnd.ended and rnd.state.phase.value != "turn" and seat in rnd.to_move()


def test_the_answering_clock_waits_until_every_persons_window_has_shown_the_discard() -> None:
    table, clock, mine, other, watcher, me, _at = claim_offered()
    status = table.status()
    assert status.claims and status.turn_left is None, "no clock while the windows still show what came before"
    clock.now += 3.0
    table.step()
    assert claim_open(table, me) and table.status().turn_left is None
    mine.say(P.Shown(answer_seq(table, me)))
    assert table.status().turn_left is None, "the other window has not shown the discard yet"
    clock.now += 1.0
    other.say(P.Shown(answer_seq(table, 1 - me)))  # it has no claim: it says so all the same
    for peer in (mine, other, watcher):
        assert peer.of(P.Status)[-1].turn_left == 10.0, "everyone is told the clock now runs, from the full time"
    clock.now += 9.9
    table.step()
    assert claim_open(table, me), "the claimer's clock is the common one, started when both had shown it"
    assert table.status().turn_left == 0.1
    clock.now += 0.1
    table.step()
    assert not claim_open(table, me) and table.seats[me].timeouts == 1


def test_the_answering_clock_starts_at_the_bound_when_a_window_never_says_it_shows_the_discard() -> None:
    table, clock, mine, _other, watcher, me, at = claim_offered()
    mine.say(P.Shown(answer_seq(table, me)))
    bound = max(at + MOVE_SHOWN, table.core.dealt_at + OPENING_SHOWN) + SHOW_GRACE
    clock.now = at + 0.5  # the beat is over: the table waits for the clock now
    wake = table.step()
    assert wake is not None and abs(clock.now + wake - bound) < 1e-9, "the table wakes when the clock must start"
    clock.now = bound - 0.1
    table.step()
    assert table.status().turn_left is None and claim_open(table, me)
    clock.now = bound
    table.step()
    assert watcher.of(P.Status)[-1].turn_left == 10.0, "the clock started without the word, and is shown"
    clock.now = bound + 10.0
    table.step()
    assert not claim_open(table, me) and table.seats[me].timeouts == 1


def test_the_claimers_clock_ends_when_the_one_everyone_sees_ends() -> None:
    table, clock, mine, other, watcher, me, _at = claim_offered()
    clock.now += 2.0
    other.say(P.Shown(answer_seq(table, 1 - me)))
    clock.now += 1.5
    mine.say(P.Shown(answer_seq(table, me)))  # the claimer's window is the last to show it
    status = mine.of(P.Status)[-1]
    assert status.turn_left == 10.0 and watcher.of(P.Status)[-1] == status, "one clock, the same for everyone"
    for _ in range(99):
        clock.now = round(clock.now + 0.1, 6)
        table.step()
        left = table.status().turn_left
        assert claim_open(table, me) and left is not None and left > 0
    clock.now = round(clock.now + 0.1, 6)
    table.step()
    assert not claim_open(table, me), "the claimer's time is up exactly when the shown clock says 0"


def test_a_seat_without_a_claim_saying_shown_changes_nothing_else_anyone_sees() -> None:
    table, clock, mine, other, watcher, me, _at = claim_offered()
    mine.say(P.Shown(answer_seq(table, me)))
    clock.now += 1.0
    table.step()
    before = {id(p): len(p.got) for p in (mine, other, watcher)}
    last = watcher.of(P.Status)[-1]
    other.say(P.Shown(answer_seq(table, 1 - me)))
    for p in (mine, other, watcher):
        new = p.got[before[id(p)] :]
        assert [type(m) for m in new] == [P.Status], "the common clock's start, and nothing more"
        assert new[0] == P.Status(**{**{f: getattr(last, f) for f in last.__struct_fields__}, "turn_left": 10.0})
    assert not other.of(P.Error), "the word is taken from a seat with no decision too"
    assert claim_open(table, me) and table.seats[1 - me].asked_seq != answer_seq(table, 1 - me)


def test_the_hosts_save_marks_the_moves_its_ai_made_for_a_person_and_no_others() -> None:
    """Seat 0 hands its seat to the host's AI at its first move and never acts again: every move of seat 0 from then
    on is kept as the AI's (a review of that player leaves them out); the AI seats' own moves and the other
    person's are not."""
    table, _clock, peers = clocked(timer=5.0)
    drive_until(table, peers, lambda: table.rnd is not None and moving(table) == [0])
    rnd = table.rnd
    assert rnd is not None
    handed_over = len(rnd.actions)
    peers[0].say(P.AutoPlay(True))
    drive_until(table, [peers[1]], lambda: rnd.ended and table.save_data().hands[0].settled)
    marked = table.save_data().hands[0].stand_ins
    assert marked == {i for i, a in enumerate(rnd.actions) if a.seat == 0 and i >= handed_over}
    assert marked, "the AI played seat 0 at least once"
