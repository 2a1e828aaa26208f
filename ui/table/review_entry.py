"""The way from a hand's settlement into the review of the player's play in the match so far (ui.review).

The review reads the match's replay log, which the session keeps one finished hand at a time, so it is
offered only at a match played at this computer and kept: a network table's log is its host's. It is of a
seat a person plays here, never of the AIs: the seat the sheet is drawn for, and when several people share
the screen, each of them can be chosen on the review screen (every hand reviewed was laid open at its
settlement, so no one's tiles are shown that the table has not shown already).
"""

from __future__ import annotations

from collections.abc import Callable

from ui.stage import screens
from ui.table.session import TableSession
from ui.table.table_state import TableState
from ui.words import strings as S


def settlement_review(t: TableState) -> Callable[[], None] | None:
    """What the settlement's 复盘 opens: the review of the match so far on the hand just played; None when there
    is none to offer (a network table, a match not kept, or AIs alone at the table)."""
    session = t.session
    if not isinstance(session, TableSession):
        return None
    path = session.replay_path
    people = tuple(session.humans)
    if path is None or not people:
        return None
    seat = t.view_seat if t.view_seat in people else people[0]
    hand = t.model.hand_no
    title = t.rules.title(S.language())

    def review() -> None:
        screens.push(t.host, "review", path, seat, t.rules.players, title, hand, seats=people)

    return review
