"""Matches played out on a table session by simple bots, each finished hand logged as a replay."""

from __future__ import annotations

from game.match.agents import SimpleAgent
from game.records.replaylog import ReplayLog
from game.rules.loader import load_ruleset
from ui.table.session import TableSession

RULES = load_ruleset("guiyang-classic")


def play_hands(n: int, practice_in: int = 0) -> TableSession:
    """A match of `n` hands logged as match "m1"; in hand `practice_in` the player takes a move back."""
    bot = SimpleAgent()
    session = TableSession(RULES, "replays", [None, bot, bot, bot])
    session.on_hand_done = ReplayLog("m1", RULES, "replays", people=lambda: session.humans)
    for hand in range(1, n + 1):
        session.start_hand()
        moves = 0
        while session.to_move():
            session.apply(bot.choose(session.observe(session.to_move()[0])))
            moves += 1
            if hand == practice_in and moves == 40:
                assert session.take_back(0)
        session.settle()
    return session
