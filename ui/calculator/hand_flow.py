"""Where the calculator's hand goes: settled on the settlement screen, kept among the recent hands and for next
time, saved as a hand file, and opened from one."""

from __future__ import annotations

import logging
from pathlib import Path

from game.calculator.files import HandStore, read_hand_text
from game.calculator.sheet import Calculator
from game.engine.events import HandSettled
from game.files.userdirs import UserDirError
from game.handfile import HandFileError, HandProblems
from ui.calculator.calc_state import CalcState, Notice
from ui.calculator.naming import field_widget_key, seat_name
from ui.stage import screens
from ui.table.model import WinView
from ui.words import strings as S

log = logging.getLogger(__name__)


def store_of(s: CalcState) -> HandStore:
    """The store of saved and recent hands, opened on first use."""
    if s.store is None:
        s.store = HandStore.for_player()
    return s.store


def left_last_time(s: CalcState) -> Calculator | None:
    """The hand that was on the calculator when it was last left, if it still reads."""
    try:
        text = store_of(s).current()
        return Calculator.from_text(text, "current.yaml") if text is not None else None
    except (OSError, UserDirError, HandFileError) as exc:
        log.warning("calculator: the hand left last time does not open: %s", exc)
        return None


def keep_current(s: CalcState) -> None:
    """Keep the hand being entered, so nothing typed is lost when the screen is left or the window closed."""
    s.unsaved_for = None
    if not s.keep_recent:
        return
    empty = not any(seat.hand or seat.melds or seat.discards for seat in s.calc.seats)
    try:
        store_of(s).keep_current(None if empty else s.calc.text())
    except (OSError, UserDirError) as exc:
        log.warning("calculator: cannot keep the hand being entered: %s", exc)


def _remember(s: CalcState) -> None:
    try:
        store_of(s).remember(s.calc.text())
    except (OSError, UserDirError) as exc:
        log.warning("calculator: cannot keep the hand: %s", exc)
        s.notice = Notice(S.tr("calc_recent_failed", reason=exc), True)


def settle(s: CalcState) -> None:
    """Settle the hand on the settlement screen, or say how many problems stand in the way (and go to the first)."""
    try:
        result, ledger = s.calc.settle()
    except HandProblems as exc:
        s.notice = Notice(S.tr("calc_impossible", n=len(exc.problems)), True)
        first = field_widget_key(exc.problems[0].field) if exc.problems else ""
        if first in s.keys:
            s.focus = s.keys.index(first)
        return
    if s.keep_recent:
        _remember(s)
    nets = ledger.nets()
    dealer, streak = s.calc.next_dealer(result)
    settled = HandSettled(tuple(nets), tuple(nets), dealer, streak)
    win = result.win
    view = None if win is None else WinView(win.winners, win.tile, win.how.value, win.discarder, win.hot)
    screens.push(
        s.host,
        "hand_settlement",
        settled,
        ledger,
        view,
        0,
        lambda: None,
        result=result,
        rules=s.calc.rules,
        seat_label=lambda seat: seat_name(seat, s.calc.players),
        close_hint="calc_back_to_calc",
        not_entered=s.calc.not_entered(),
    )


def save(s: CalcState) -> None:
    """Write the hand as a hand file in the player's folder and say where."""
    try:
        path = store_of(s).save(s.calc.text())
    except (OSError, UserDirError) as exc:
        s.notice = Notice(S.tr("calc_save_failed", reason=exc), True)
        return
    s.notice = Notice(S.tr("calc_saved", path=path))


def read_file(s: CalcState, path: Path) -> Calculator | None:
    """The hand in the file at `path`; a file that does not read is reported (None)."""
    try:
        return Calculator.from_text(read_hand_text(path), str(path))
    except (OSError, ValueError) as exc:
        message = "; ".join(exc.errors[:2]) if isinstance(exc, HandFileError) else str(exc)
        s.notice = Notice(S.tr("calc_open_bad", reason=message), True)
        return None
