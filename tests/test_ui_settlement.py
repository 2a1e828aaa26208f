"""The settlement screen and the match summary: ledger lines, standings, "what if" under another ruleset,
and the scenes driven by posted events (docs/rules.md §6, §7, §8)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.melds import KongKind, Meld
from game.core.result import HandResult, SeatResult, Win, WinHow
from game.core.settlement import Ledger, LedgerItem, settle
from game.core.tiles import parse_tiles
from game.rules.loader import load_ruleset
from tests.ui_host import HeadlessHost, headless_display
from ui.probe.moments import stage_moment
from ui.settlement import SettlementScene, payment_lines, seat_lines, standings, what_if, win_notes
from ui.settlement.summary import MatchSummaryScene, push_match_summary, running_totals, seat_records
from ui.stage.scene import Host
from ui.words import strings as S

CLASSIC = load_ruleset("guiyang-classic")


def item(payer: int, payee: int, amount: int, rule: str, zh: str, en: str) -> LedgerItem:
    return LedgerItem(payer, payee, amount, amount, rule, zh, en)


def test_golden_chicken_lines_fold_by_rule_and_payee() -> None:
    """docs/rules.md §8 金鸡: two golden-chicken items from 东 to 南 read "金鸡 ×2 东→南 4"; 平胡 from three payers
    folds."""
    ledger = Ledger(
        (
            item(0, 1, 1, "win.pattern", "平胡", "plain hand"),
            item(2, 1, 1, "win.pattern", "平胡", "plain hand"),
            item(3, 1, 1, "win.pattern", "平胡", "plain hand"),
            item(0, 1, 2, "chicken.count", "金鸡", "golden chicken"),
            item(0, 1, 2, "chicken.count", "金鸡", "golden chicken"),
        ),
        4,
    )
    lines = payment_lines(ledger)
    assert [(ln.label_zh, ln.payers, ln.payee, ln.count, ln.amount) for ln in lines] == [
        ("平胡", (0, 2, 3), 1, 1, 1),
        ("金鸡", (0,), 1, 2, 4),
    ]
    east = seat_lines(ledger, 0)
    assert [(ln.label_zh, ln.signed(0)) for ln in east] == [("平胡", -1), ("金鸡", -4)]
    south = seat_lines(ledger, 1)
    assert sum(ln.signed(1) for ln in south) == ledger.nets()[1] == 7


def test_standings_share_places_on_equal_scores() -> None:
    assert standings((5, -3, 5, -7)) == [1, 3, 1, 4]


def _plain_win_off_discard(melds: tuple[Meld, ...] = (), concealed: str = "123m456p789s234s55m") -> HandResult:
    loser = SeatResult(tuple(parse_tiles("1234567m123p1234s")[:13]))
    winner = SeatResult(tuple(parse_tiles(concealed)), melds)
    seats = (winner, loser, loser, loser)
    return HandResult("guiyang-classic", 0, 0, seats, Win((0,), parse_tiles("5m")[0], WinHow.DISCARD, discarder=2))


def test_what_if_notes_a_plain_win_without_a_pass() -> None:
    """docs/rules.md §6: a 平胡 off a discard needs a kong (the pass); without one the win is noted as not legal."""
    result = _plain_win_off_discard()
    notes = win_notes(result, CLASSIC)
    assert [key for key, _f in notes] == ["whatif_needs_pass"]
    shown = what_if(result, load_ruleset("guiyang-modern"))
    assert shown.ledger is not None and shown.ledger.nets()[0] > 0  # the ledger is still shown
    assert [key for key, _f in shown.notes] == ["whatif_needs_pass"]


def test_what_if_has_no_note_with_a_kong_or_a_big_hand() -> None:
    """docs/rules.md §6: a kong is the pass; 大对子 needs none."""
    kong = (Meld(parse_tiles("9p")[0], KongKind.CONCEALED),)
    assert win_notes(_plain_win_off_discard(kong, "123m456p234s55m"), CLASSIC) == []
    pungs = _plain_win_off_discard(concealed="111m444p777s222s55m")
    assert win_notes(pungs, CLASSIC) == []
    assert settle(pungs, CLASSIC).nets()[0] >= 5


@pytest.fixture(scope="module")
def ended() -> tuple[Host, SettlementScene]:
    host, _scene = stage_moment("end", (1280, 720), CLASSIC, seed="settle")
    panel = host.stack.top
    assert isinstance(panel, SettlementScene)
    return host, panel


def _post(*events: pygame.event.Event) -> list[pygame.event.Event]:
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    return pygame.event.get()


def test_settlement_screen_switches_rulesets_and_closes(ended: tuple[HeadlessHost, SettlementScene]) -> None:
    """docs/rules.md §7: the real ledger first; Right shows the same hand under another ruleset; Enter goes on."""
    _host, panel = ended
    screen = headless_display((1280, 720))
    assert panel.result is not None and len(panel.choices) >= 2
    panel.draw(screen)
    before = pygame.image.tobytes(screen, "RGB")
    assert panel.shown() is None and panel.shown_ledger() is panel.ledger
    for event in _post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")):
        panel.handle_event(event)
    alt = panel.shown()
    assert alt is not None and alt.rules.name != CLASSIC.name
    panel.draw(screen)
    assert pygame.image.tobytes(screen, "RGB") != before
    assert panel.arrows is not None
    left = panel.arrows[0].center
    for event in _post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=left)):
        panel.handle_event(event)
    assert panel.choice == 0 and not panel.closed
    for lang in ("en", "zh"):
        S.set_language(lang)
        panel.resize((1920, 1080))
        panel.draw(headless_display((1920, 1080)))
    panel.resize((1280, 720))
    for event in _post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")):
        panel.handle_event(event)
    assert panel.closed


def test_every_hand_is_laid_open_with_its_winning_tile(ended: tuple[HeadlessHost, SettlementScene]) -> None:
    """docs/rules.md §5: the winner's row ends its concealed tiles with the winning tile, marked apart."""
    from ui.settlement.hands import hand_slots

    _host, panel = ended
    assert panel.result is not None and panel.result.win is not None
    win = panel.result.win
    for seat in range(4):
        slots = hand_slots(panel.result.seats[seat], win.tile if seat in win.winners else None)
        marked = [t for _g, t, w in slots if w]
        assert marked == ([win.tile] if seat in win.winners else [])
        assert len(slots) >= 13


def _ledgers() -> list[Ledger]:
    return [
        Ledger(tuple(item(p, 1, 1, "win.pattern", "平胡", "plain hand") for p in (0, 2, 3)), 4),
        Ledger(
            (item(3, 2, 5, "win.pattern", "大对子", "all pungs"), item(0, 2, 1, "chicken.count", "鸡", "chicken")), 4
        ),
    ]


def test_match_summary_counts_wins_self_draws_and_deal_ins() -> None:
    """docs/rules.md §7: a self-drawn win is paid by all three, a discard win by the discarder alone."""
    records = seat_records(_ledgers(), 4)
    assert (records[1].wins, records[1].self_draws) == (1, 1)
    assert (records[2].wins, records[2].self_draws, records[3].dealt_in) == (1, 0, 1)
    assert records[2].chickens == 1 and records[0].chickens == -1
    assert running_totals(_ledgers(), 4)[-1] == (-2, 3, 5, -6)


def test_match_summary_scene_draws_and_closes_on_a_click() -> None:
    from tests.ui_host import HeadlessHost
    from ui.settings.values import Settings

    host = HeadlessHost(Settings(), (1280, 720))
    closed: list[bool] = []
    scene = push_match_summary(host, (-2, 3, 5, -6), _ledgers(), 0, lambda: closed.append(True))
    assert isinstance(scene, MatchSummaryScene) and host.stack.top is scene
    for size in ((1280, 720), (1024, 600)):
        host.stack.resize(size)
        screen = headless_display(size)
        host.stack.draw(screen)
        colours = {screen.get_at((x, y))[:3] for x in range(0, size[0], 5) for y in range(0, size[1], 5)}
        assert len(colours) > 30  # text, the chart's four lines, the panel: not a blank fill
    for event in _post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(50, 50))):
        host.stack.handle_event(event)
    assert closed == [True] and host.stack.top is None


def test_a_drawn_hand_under_another_ruleset_says_what_the_draw_pays() -> None:
    """docs/rules.md §9 黄庄: the "what if" note on a draw gives each net under that ruleset, never "the win stands"."""
    from ui.settlement.sheet import draw_note

    assert draw_note(Ledger((), 4), 0) == S.tr("settle_draw_free")
    paid = Ledger(
        (item(1, 0, 2, "draw.ready", "查叫", "not ready"), item(3, 0, 2, "draw.ready", "查叫", "not ready")), 4
    )
    note = draw_note(paid, 0)
    assert "东 +4" in note and "南 -2" in note and "西 0" in note and "北 -2" in note
    assert S.tr("settle_same_win") not in note
