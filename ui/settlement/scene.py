"""The settlement screen: every hand laid open, the turned tile and the chickens, each seat's payments
grouped by rule with who pays whom, the net and running totals, the standings, and a "what if" switch
that settles the same hand under another built-in ruleset.

The screen is drawn from the Ledger and the HandResult alone (docs/design.md: the settlement screen
explains every line from the ledger). A click or Enter starts the next hand; Left/Right (or the
arrows at the bottom) switch the ruleset the hand is shown under.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

import pygame

from game.calculator.sheet import NotEntered
from game.core import rulings
from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.core.settlement.chickens import chicken_tiles, fixed_chickens
from game.core.tiles import Tile
from game.engine.events import HandSettled
from ui.kit.buttons import draw_buttons
from ui.kit.dialogs import ConfirmScene
from ui.look import marks
from ui.look import palette as pal
from ui.look import text as T
from ui.look.art.shapes import mix
from ui.look.layout import bands, compute_layout
from ui.look.surface_cache import in_display_alpha_format
from ui.look.tile_art import Look, get_tile_art
from ui.settlement.explain_panel import draw_explain_panel, draw_tooltip, explain_lines, flip_value_text, line_sentence
from ui.settlement.hands import draw_hand, draw_not_entered, entered_slots, not_entered_note, row_width
from ui.settlement.lines import PaymentLine, seat_lines, standings
from ui.settlement.payment_rows import amount_colour, draw_payment_lines
from ui.settlement.review_button import review_button, review_room
from ui.settlement.sheet import (
    SHEET_RGB,
    draw_empty_sheet,
    draw_note,
    note_fields,
    row_height,
    row_widths,
    shade,
    shaded_areas,
    sheet_backdrop,
    sheet_canvas,
    sheet_parts,
    sheet_radius,
    sheet_rect,
    sheet_rows,
    sheet_tile_width,
    signed,
    triangle,
)
from ui.settlement.whatif import WhatIf, ruleset_choices, what_if
from ui.sound import TableSounds
from ui.stage.scene import Host
from ui.table.model import WinView
from ui.table.settlement_port import SettlementPanel
from ui.words import keys as K
from ui.words import strings as S

WIN_ROW: pal.RGBA = (120, 84, 20, 90)
VIEWER_ROW: pal.RGBA = (255, 255, 255, 18)
RULE_LINE: pal.RGB = mix(SHEET_RGB, pal.PANEL_BORDER, 0.27)  # a faint gold rule, drawn opaque


def headline(win: WinView | None, viewer: int, players: int, label: Callable[[int], str] | None = None) -> str:
    """The screen's title: who won and how, or a draw; `label` names a seat (default: as the viewer calls it at a
    table of `players`)."""
    if win is None:
        return S.tr("end_title_draw")
    name = label or (lambda seat: S.seat_label(seat, viewer, players))
    seats = S.names(name(w) for w in win.winners)
    how = ""
    if win.how == "self_draw":
        how = S.tr("how_self_draw")
    elif win.how == "after_kong":
        how = S.tr("how_after_kong")
    elif win.how == "rob_kong" and win.discarder is not None:
        how = S.tr("how_rob_kong", seat=name(win.discarder))
    elif win.discarder is not None:
        how = S.tr("how_discard", seat=name(win.discarder))
    # One space between who won and how, and none after a win without a "how".
    return " ".join(part for part in (S.tr("end_title_win", seats=seats), how) if part)


class SettlementScene(SettlementPanel):
    """Shown over the table when a hand is settled; a click (or `auto_close` seconds) starts the next hand."""

    opaque = False
    key_lines = K.SETTLEMENT

    def __init__(
        self,
        host: Host,
        settled: HandSettled,
        ledger: Ledger,
        win: WinView | None,
        viewer: int,
        on_close: Callable[[], None],
        auto_close: float | None = None,
        *,
        result: HandResult | None = None,
        rules: Ruleset | None = None,
        hand_no: int = 0,
        on_leave: Callable[[], None] | None = None,
        seat_label: Callable[[int], str] | None = None,
        close_hint: str | None = None,
        canvas: pygame.Surface | None = None,
        leave_question: str | None = None,
        on_review: Callable[[], None] | None = None,
        not_entered: Mapping[int, NotEntered] | None = None,
    ) -> None:
        super().__init__(host)
        # The calculator's seats whose hands were not entered: their made-up tiles are never shown as theirs,
        # only what was entered (chickens named, melds) and what the settlement took them to be.
        self.not_entered = dict(not_entered or {})
        self.on_review = on_review  # opens the review of the player's play so far: a 复盘 button (R) when set
        self.review_lit = False
        self.on_leave = on_leave  # Escape offers to leave the match (back to the menu) when set
        self.leave_question = leave_question  # what leaving asks (a network seat has no save of its own)
        self.settled = settled
        self.ledger = ledger
        self.win = win
        self.viewer = viewer
        self.on_close = on_close
        self.auto_close = auto_close
        self.result = result
        self.rules = rules
        self.hand_no = hand_no
        # How seats are named (default: as the viewer calls them), and the strings key of the closing hint.
        self.players = ledger.players  # at the table (docs/rules.md §15.2): a row each
        self.seat_label = seat_label or (lambda seat: S.seat_label(seat, viewer, self.players))
        # A sheet with no match to leave (four AIs watched) says that Escape, like a click, deals the next hand.
        self.close_hint = close_hint or ("end_next" if on_leave is not None else "end_next_esc")
        # A picture of the sheet's size no longer shown (the last hand's sheet) to draw this one on, rather than
        # make another of the window's size.
        self.canvas = canvas
        self.age = 0.0
        self.closed = False
        self.choices: list[Ruleset] = ruleset_choices(rules) if rules is not None and result is not None else []
        self.choice = 0
        self._what_ifs: dict[int, WhatIf] = {}
        self.size = (1280, 720)
        self.scale = 1.0
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.arrows: tuple[pygame.Rect, pygame.Rect] | None = None
        self._picture: pygame.Surface | None = None
        self._picture_key: tuple[object, ...] | None = None
        self.sounds = TableSounds(host.settings)
        self._fanfare = False
        # Why each point: the payment lines drawn (picture coordinates), the one pointed at, the chicken panel.
        self.line_hits: list[tuple[pygame.Rect, PaymentLine]] = []
        self.pointed: int | None = None
        self.explaining = False

    # ------------------------------------------------------------------ what the screen shows

    @property
    def shown_rules(self) -> Ruleset | None:
        """The ruleset the hand is shown under now (the one played, unless "what if" is on)."""
        return self.choices[self.choice] if self.choices else self.rules

    def shown(self) -> WhatIf | None:
        """The "what if" settlement shown now, or None while the real one is shown."""
        if self.choice == 0 or self.result is None or not self.choices:
            return None
        found = self._what_ifs.get(self.choice)
        if found is None:
            found = what_if(self.result, self.choices[self.choice])
            self._what_ifs[self.choice] = found
        return found

    def shown_ledger(self) -> Ledger | None:
        """The ledger shown now: the real one, or the "what if" one (None if it could not be settled)."""
        alt = self.shown()
        return self.ledger if alt is None else alt.ledger

    def switch(self, step: int) -> None:
        """Show the hand under the next (+1) or previous (-1) ruleset."""
        if len(self.choices) > 1:
            self.choice = (self.choice + step) % len(self.choices)

    def chickens(self) -> frozenset[Tile]:
        """The chicken tiles of this hand under the ruleset shown (none on a draw with no turned tile)."""
        rules = self.shown_rules
        if rules is None or self.result is None:
            return frozenset()
        if self.result.win is None:
            return frozenset()
        return chicken_tiles(rules, self.result.flip, self.result.weekday)

    def golden(self) -> frozenset[Tile]:
        """The golden chickens (金鸡) of this hand under the ruleset shown: fixed chickens that were turned too."""
        rules = self.shown_rules
        if rules is None or self.result is None or self.result.win is None:
            return frozenset()
        return rulings.golden_chickens(self.result.flip, rules)

    # ------------------------------------------------------------------ the scene

    def enter(self) -> None:
        self.age = 0.0  # back from the review too: the sheet waits its full time again before it closes itself
        if not self._fanfare and self.win is not None:
            self._fanfare = True
            self.sounds.play("win")

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scale = compute_layout(size).scale
        self.rect = sheet_rect(size, self.players)

    def close(self) -> None:
        """Take the screen away and start the next hand."""
        if self.closed:
            return
        self.closed = True
        self.host.stack.remove(self)
        self.on_close()

    def handle_event(self, event: pygame.event.Event) -> None:
        button = review_button(self.size, self.rect, self.players) if self.on_review is not None else None
        if event.type == pygame.MOUSEMOTION:
            self.review_lit = button is not None and button.hit(event.pos)
            local = (event.pos[0] - self.rect.left, event.pos[1] - self.rect.top)
            self.pointed = next((i for i, (r, _l) in enumerate(self.line_hits) if r.collidepoint(local)), None)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_e, pygame.K_UP, pygame.K_DOWN):
            self.age = 0.0
            if event.key == pygame.K_e:
                self.explaining = not self.explaining
            elif self.line_hits:
                step = 1 if event.key == pygame.K_DOWN else -1
                start = -1 if self.pointed is None and step > 0 else (self.pointed or 0)
                self.pointed = (start + step) % len(self.line_hits)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.age = 0.0
            if button is not None and button.hit(event.pos):
                self.open_review()
                return
            if self.arrows is not None:
                left, right = self.arrows
                if left.collidepoint(event.pos):
                    self.switch(-1)
                    return
                if right.collidepoint(event.pos):
                    self.switch(1)
                    return
            self.close()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.age = 0.0
                self.switch(-1 if event.key == pygame.K_LEFT else 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.close()
            elif event.key == pygame.K_ESCAPE:
                self.offer_leave()
            elif event.key == pygame.K_r:
                self.open_review()
            elif event.key == pygame.K_t and self.stop_tuoguan is not None:
                self.age = 0.0
                self.stop_tuoguan()  # the seat is the player's again from the next hand's first decision
                self.stop_tuoguan = None

    def open_review(self) -> None:
        """R or the 复盘 button: the review over the sheet; closing it comes back here, the next hand still waiting."""
        if self.on_review is not None and not self.closed:
            self.age = 0.0
            self.on_review()

    def offer_leave(self) -> None:
        """Escape: ask whether to leave the match; the next hand waits until the player answers.

        A sheet shown outside a match (the calculator, a replay) has nothing to leave: Escape closes it.
        """
        if self.closed:
            return
        if self.on_leave is None:
            self.close()
            return
        self.age = 0.0
        ask = self.leave_question or S.tr("leave_confirm")
        self.host.stack.push(ConfirmScene(self.host, ask, S.tr("leave_yes"), self._leave))

    def _leave(self) -> None:
        if self.closed or self.on_leave is None:
            return
        self.closed = True  # the next hand is not started: "continue" picks the match up there
        self.host.stack.remove(self)
        self.on_leave()

    def update(self, dt: float) -> None:
        self.age += dt
        if self.auto_close is not None and self.age >= self.auto_close:
            self.close()

    def animating(self) -> bool:
        """Only a sheet that closes itself needs the clock; otherwise it changes on input alone."""
        return self.auto_close is not None

    def _key(self) -> tuple[object, ...]:
        return (self.rect.size, S.language(), self.choice, self.stop_tuoguan is not None)

    def still(self) -> tuple[object, ...]:
        """The sheet changes only with the ruleset shown, the line pointed at, the panel of why and the window."""
        return (*self._key(), tuple(self.rect), self.pointed, self.explaining, self.review_lit)

    def draw(self, surface: pygame.Surface) -> None:
        if self._picture is None or self._picture_key != self._key():
            self._render()
        assert self._picture is not None
        # The shade only where the sheet leaves the table showing: under the sheet's opaque middle it would be
        # covered at once, and shading the whole window costs as much again as laying the sheet.
        shade(surface, shaded_areas(surface.get_rect(), self.rect, sheet_radius(self.scale)))
        surface.blit(self._picture, self.rect.topleft)
        if self.on_review is not None:
            button = review_button(self.size, self.rect, self.players)
            draw_buttons(
                surface, [button], compute_layout(self.size).font["button"], 0 if self.review_lit else None, None
            )
        self._draw_why(surface)

    def _draw_why(self, surface: pygame.Surface) -> None:
        """The chicken panel (E), or the rule of the payment line pointed at, over the picture."""
        result, rules, ledger = self.result, self.shown_rules, self.shown_ledger()
        if result is None or rules is None or ledger is None:
            return
        size = compute_layout(self.size).font["small"]
        if self.explaining:
            body = self.rect.inflate(-round(60 * self.scale), -round(140 * self.scale))
            draw_explain_panel(surface, body, explain_lines(result, rules, ledger), size, S.tr("settle_explain_title"))
        elif self.pointed is not None and self.pointed < len(self.line_hits):
            hit, line = self.line_hits[self.pointed]
            said = line_sentence(line, ledger, result, rules)
            if said is not None:
                draw_tooltip(surface, said.pick(S.language()), hit.move(self.rect.topleft), size, self.rect)

    # ------------------------------------------------------------------ drawing

    def canvas_left(self) -> pygame.Surface | None:
        """The sheet's picture, handed on once the screen is closed (to draw the next sheet on); None while open."""
        if not self.closed:
            return None
        picture, self._picture, self._picture_key = self._picture, None, None
        return picture

    def _render(self) -> pygame.Surface:
        """The whole screen, drawn once per ruleset shown and language (it does not change otherwise)."""
        for _ in self.render_steps():
            pass
        assert self._picture is not None
        return self._picture

    def render_steps(self) -> Iterator[None]:
        """Draw the sheet a part at a time (the header, each seat's row, the footer): the table makes it over
        several frames while the hand's end plays out, so showing it never stalls a frame."""
        self.line_hits = []
        sheet_backdrop()
        size = sheet_rect(self.size, self.players).size
        # The last sheet's picture, drawn over, or a new one (it is nearly the size of the window).
        out = self.canvas
        self.canvas = None
        if out is None or out.get_size() != size or not in_display_alpha_format(out):
            out = sheet_canvas(self.size, self.players)
            yield
        for band in bands(size):
            out.set_clip(band)
            out.fill((0, 0, 0, 0))
            draw_empty_sheet(out, self.scale)
            out.set_clip(None)
            yield
        fonts = compute_layout(self.size).font
        head, body, foot = sheet_parts(self.size, self.players)
        self._draw_header(out, head, fonts)
        yield
        yield from self._row_steps(out, body, fonts)
        self._draw_footer(out, foot, fonts)
        yield
        self._picture = out
        self._picture_key = self._key()

    def _draw_header(self, surface: pygame.Surface, rect: pygame.Rect, fonts: dict[str, int]) -> None:
        s = self.scale
        heading = headline(self.win, self.viewer, self.players, self.seat_label)
        title = T.fit(heading, fonts["title"], round(rect.width * 0.55), pal.TEXT_GOLD, True)
        surface.blit(title, (rect.left, rect.top))
        parts = []
        if self.hand_no:
            parts.append(S.tr("hand_no", n=self.hand_no))
        rules = self.shown_rules
        if rules is not None:
            parts.append(rules.title(S.language()))
        parts.append(S.tr("end_next_dealer", seat=self.seat_label(self.settled.next_dealer)))
        sub = T.fit("  ·  ".join(parts), fonts["small"], round(rect.width * 0.55), pal.TEXT_MUTED)
        surface.blit(sub, (rect.left, rect.top + title.get_height() + round(2 * s)))
        # The turned tile and the chickens, at the right.
        flip = self.result.flip if self.result is not None else None
        art = get_tile_art(max(16, round(26 * s)))
        tile_h = art.face_height + art.depth
        x = rect.right
        y = rect.top + max(0, (rect.height - tile_h) // 2 - round(4 * s))
        chickens = self.chickens()
        fixed = [t for t, _fan in fixed_chickens(rules)] if rules is not None else []
        # The turned chickens, a fixed one among them too (金鸡), and the tiles besides the fixed ones.
        made = rulings.turned_chickens(flip, rules) if rules is not None else []
        turned = sorted({*(chickens - set(fixed)), *made})
        items: list[pygame.Surface | int] = []
        if flip is not None:
            items += [T.shadowed(S.tr("chickens_flip"), fonts["small"], pal.TEXT_MUTED), flip]
            items += [T.shadowed("→", fonts["body"], pal.TEXT_GOLD, True), *turned]
            if rules is not None and turned and self.result is not None:
                items.append(T.shadowed(flip_value_text(rules, self.result), fonts["small"], pal.TEXT_GOLD))
        elif self.win is not None:
            items.append(T.shadowed(S.tr("settle_no_flip"), fonts["small"], pal.TEXT_MUTED))
        if fixed and self.win is not None:
            items += [T.shadowed("  " + S.tr("chickens_fixed"), fonts["small"], pal.TEXT_MUTED), *fixed]
        gap = round(6 * s)
        widths = [it.get_width() if isinstance(it, pygame.Surface) else art.width for it in items]
        x -= sum(widths) + gap * max(0, len(items) - 1)
        for it, w in zip(items, widths, strict=True):
            if isinstance(it, pygame.Surface):
                surface.blit(it, (x, y + (tile_h - it.get_height()) // 2))
            else:
                look = Look.CHICKEN if it in chickens else Look.NORMAL
                surface.blit(art.face(it, look), art.blit_pos(x, y))
                if it in self.golden():
                    marks.pin(surface, marks.star(marks.tile_mark_size(art.width)), pygame.Rect((x, y), art.body_size))
            x += w + gap

    def _row_steps(self, surface: pygame.Surface, body: pygame.Rect, fonts: dict[str, int]) -> Iterator[None]:
        """Draw a row a seat, one per step."""
        s = self.scale
        ledger = self.shown_ledger()
        alt = self.shown()
        n = self.players
        row_h = row_height(body, n)
        info_w, gap, hand_w = row_widths(body, s)
        lines_x = body.left + info_w + hand_w + 2 * gap
        lines_w = body.right - lines_x
        win = self.result.win if self.result is not None else None
        rows = sheet_rows(self.result)
        art = get_tile_art(sheet_tile_width(rows, self.size, n))
        chickens = self.chickens()
        nets = ledger.nets() if ledger is not None else (0,) * n
        totals = self.settled.scores
        places = standings(totals)
        order = [(self.viewer + k) % n for k in range(n)]
        for i, seat in enumerate(order):
            row = pygame.Rect(body.left, body.top + i * row_h, body.width, row_h)
            won = win is not None and seat in win.winners
            if won:
                surface.blit(
                    T.panel(row.inflate(round(8 * s), -round(4 * s)).size, round(8 * s), WIN_ROW, None),
                    (row.left - round(4 * s), row.top + round(2 * s)),
                )
            elif seat == self.viewer:
                surface.blit(
                    T.panel(row.inflate(round(8 * s), -round(4 * s)).size, round(8 * s), VIEWER_ROW, None),
                    (row.left - round(4 * s), row.top + round(2 * s)),
                )
            if i:
                pygame.draw.line(surface, RULE_LINE, (row.left, row.top), (row.right, row.top))
            self._draw_info(
                surface,
                pygame.Rect(row.left, row.top, info_w, row_h),
                seat,
                nets[seat],
                totals[seat],
                places[seat],
                alt is not None,
                fonts,
            )
            slots = self.shown_slots(seat, rows)
            assumed = self.not_entered.get(seat)
            y = row.top + (row_h - (art.face_height + art.depth)) // 2
            x = row.left + info_w + gap
            if slots:
                draw_hand(surface, (x, y), slots, art, chickens, self.golden())
            if assumed is not None:
                where = (x, y + art.face_height // 2, hand_w)
                note = not_entered_note(assumed)
                draw_not_entered(surface, where, row_width(slots, art.width), note, fonts["small"], s)
            lines = seat_lines(ledger, seat) if ledger is not None else []
            box = pygame.Rect(lines_x, row.top, lines_w, row_h)
            self.line_hits += draw_payment_lines(surface, box, seat, n, lines, fonts["small"], self.scale)
            yield

    def shown_slots(
        self, seat: int, rows: list[list[tuple[int, Tile | None, bool]]]
    ) -> list[tuple[int, Tile | None, bool]]:
        """The tiles the sheet lays out for `seat`: all of them, or of a hand not entered only those that were."""
        assumed = self.not_entered.get(seat)
        if assumed is None or self.result is None:
            return rows[seat]
        return entered_slots(self.result.seats[seat], assumed.chickens)

    def _draw_info(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        seat: int,
        net: int,
        total: int,
        place: int,
        what_if: bool,
        fonts: dict[str, int],
    ) -> None:
        s = self.scale
        x, y = rect.left, rect.top + round(8 * s)
        name = T.fit(self.seat_label(seat), fonts["body"], rect.width, pal.TEXT, bold=seat == self.viewer)
        surface.blit(name, (x, y))
        bx = x + name.get_width() + round(6 * s)
        badges = []
        win = self.result.win if self.result is not None else None
        if win is not None and seat in win.winners:
            badges.append((S.tr("call_win"), pal.WINNING_GLOW))
        elif self.result is not None and self.result.seats[seat].ready:
            badges.append((S.tr("declared_badge"), pal.CLAIMABLE_GLOW))
        if self.result is not None and seat == self.result.dealer:
            badges.append((S.tr("dealer_badge"), pal.INK_RED))
        for text, colour in badges:
            pic = T.label(text, fonts["small"], pal.TEXT, True)
            d = max(pic.get_width(), pic.get_height()) + round(4 * s)
            if bx + d > rect.right:
                break
            cy = y + name.get_height() // 2
            pygame.draw.circle(surface, colour, (bx + d // 2, cy), d // 2)
            surface.blit(pic, pic.get_rect(center=(bx + d // 2, cy)))
            bx += d + round(4 * s)
        y += name.get_height() + round(2 * s)
        big = T.shadowed(signed(net), fonts["score"], amount_colour(net), True)
        surface.blit(big, (x, y))
        if what_if:
            tag = T.shadowed(S.tr("settle_if"), fonts["small"], pal.TEXT_MUTED)
            surface.blit(tag, (x + big.get_width() + round(6 * s), y + big.get_height() - tag.get_height()))
        y += big.get_height() + round(2 * s)
        standing = S.tr("settle_total", total=signed(total), place=place)
        surface.blit(T.fit(standing, fonts["small"], rect.width, pal.TEXT_MUTED), (x, y))

    def _draw_footer(self, surface: pygame.Surface, rect: pygame.Rect, fonts: dict[str, int]) -> None:
        s = self.scale
        y = rect.top + round(6 * s)
        hint = T.shadowed(f"{S.tr('settle_explain_key')}  ·  {S.tr(self.close_hint)}", fonts["small"], pal.TEXT_MUTED)
        room = review_room(self.size, self.players) if self.on_review is not None else 0  # for 复盘
        hint_right = rect.right - room
        surface.blit(hint, (hint_right - hint.get_width(), rect.bottom - hint.get_height()))
        if self.stop_tuoguan is not None:  # the seat is in 托管: the next hand would be played for the player
            on = T.shadowed(S.tr("settle_tuoguan_off"), fonts["small"], pal.TEXT_GOLD, True)
            surface.blit(on, (hint_right - on.get_width(), rect.bottom - hint.get_height() - on.get_height()))
        if len(self.choices) < 2:
            self.arrows = None
            return
        rules = self.choices[self.choice]
        name = rules.title(S.language())
        key = "settle_played" if self.choice == 0 else "settle_what_if"
        text = T.shadowed(S.tr(key, rules=name), fonts["body"], pal.TEXT_GOLD if self.choice else pal.TEXT, True)
        d = text.get_height() + round(4 * s)
        left = pygame.Rect(rect.left, y, d, d)
        right = pygame.Rect(left.right + round(10 * s) + text.get_width() + round(10 * s), y, d, d)
        for r, glyph in ((left, "◀"), (right, "▶")):
            pygame.draw.rect(surface, (40, 70, 55), r, border_radius=round(6 * s))
            pygame.draw.rect(surface, pal.PANEL_BORDER, r, width=1, border_radius=round(6 * s))
            triangle(surface, r, glyph == "◀")
        surface.blit(text, (left.right + round(10 * s), y + (d - text.get_height()) // 2))
        # The arrows are hit-tested in screen coordinates.
        self.arrows = (left.move(self.rect.topleft), right.move(self.rect.topleft))
        alt = self.shown()
        note = S.tr("settle_switch_help")
        colour = pal.TEXT_MUTED
        if alt is not None:
            texts = [S.tr(k, **note_fields(f, self.seat_label)) for k, f in alt.notes]
            if texts:
                note, colour = "  ".join(texts), pal.TEXT_RED
            elif self.win is None:
                note = draw_note(alt.ledger, self.viewer)
            else:
                note = S.tr("settle_same_win")
        width = hint_right - rect.left - hint.get_width() - round(20 * s)
        surface.blit(T.fit(note, fonts["small"], width, colour), (rect.left, y + d + round(4 * s)))
