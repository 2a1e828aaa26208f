"""A lesson at the table: the player's hand and the others' discards, the coach's panel, undo and the settlement.

Everything the player does goes through game.learn.coach.LessonRun (the real engine checks it, the hint
code judges it); this scene only draws the run and turns clicks into moves.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game.core.tiles import Tile
from game.engine.actions import Action, ActionKind, make
from game.engine.events import DiceRolled
from game.learn.coach import LessonRun
from game.learn.lessons import LESSONS, PLAYER, lesson
from game.records.stats import finish_lesson, load_stats, save_stats
from ui.kit.discard_gesture import DiscardGesture, cue_picture, cue_text, draw_cue, draw_dragged
from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import Metrics, focus_ring, plate
from ui.kit.paragraphs import draw_paragraphs, draw_tiles, fitting_size, paragraphs_height, tile_height
from ui.kit.widgets import Button, Widget
from ui.look import palette as pal
from ui.look import text as T
from ui.look.tile_art import Look, get_tile_art
from ui.stage.scene import Host
from ui.table.dice import die_picture
from ui.words import keys as K
from ui.words import strings as S

log = logging.getLogger(__name__)

NOTE_COLOURS = {
    "good": (150, 230, 150),
    "ok": pal.TEXT_GOLD,
    "wrong": pal.TEXT_RED,
    "end": pal.TEXT_GOLD,
    "story": pal.TEXT,
    "before": pal.TEXT,
}


class TileButton(Widget):
    """One tile of the player's hand: the mouse raises, discards and drags it as at the table (the scene's
    DiscardGesture); with the keyboard, Enter or Space discards the focused tile."""

    def __init__(self, tile: Tile, index: int, rect: pygame.Rect, scene: LessonScene, tile_w: int) -> None:
        super().__init__(rect)
        self.tile_w = tile_w
        self.tile = tile
        self.index = index
        self.scene = scene

    def key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_SPACE):
            self.scene.discard(self.tile)
            return True
        return False

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hover: bool) -> None:
        if self.scene.gesture.dragging == self.index:
            return  # under the pointer instead
        art = get_tile_art(self.tile_w)
        advised = self.scene.advised_tile() == self.tile and self.scene.show_advice
        raised = self.scene.raised == self.index
        look = Look.CLAIMABLE if advised else Look.NORMAL
        if raised:
            look |= Look.SELECTED
        lift = art.lift if raised else (art.lift // 2 if hover or focused else 0)
        surface.blit(art.face(self.tile, look), art.blit_pos(self.rect.left, self.rect.top - lift))
        if focused:
            focus_ring(surface, self.rect.move(0, -lift), m)


class LessonScene(MenuScene):
    """One lesson, from the deal to its explained settlement."""

    key_lines = K.LESSON

    def __init__(self, host: Host, number: int, keep_progress: bool = True) -> None:
        super().__init__(host)
        self._content: tuple[object, pygame.Surface] | None = None
        self.number = number
        self.run = LessonRun(lesson(number))
        self.keep_progress = keep_progress
        self.declare_mode = False
        self.show_advice = True
        self.recorded = False
        self.raised: int | None = None  # the raised tile of the hand (two-click discarding), as at the table
        self.gesture = DiscardGesture(self, self.m.scale)

    # ---------------------------------------------------------------- the hand, as the gesture sees it

    def tiles(self) -> list[TileButton]:
        """The hand's tiles, left to right (the drawn one last)."""
        return [w for w in self.widgets if isinstance(w, TileButton)]

    def raise_tile(self, index: int | None) -> None:
        """Raise tile `index` of the hand (None: lower it)."""
        self.raised = index

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        """The tile under `pos`; a raised tile counts where it now stands."""
        for button in self.tiles():
            rect = button.rect.copy()
            lift = get_tile_art(button.tile_w).lift
            rect.top -= lift
            rect.height += lift
            if rect.collidepoint(pos):
                return button.index
        return None

    def may_discard(self, index: int) -> bool:
        """True when tile `index` may go now (in 报听 mode, only a tile that keeps the hand ready)."""
        tiles = self.tiles()
        if not self.run.waiting or not 0 <= index < len(tiles):
            return False
        return make(ActionKind.DISCARD, PLAYER, tiles[index].tile, declare=self.declare_mode) in self.run.legal()

    def discard_at(self, index: int) -> None:
        """Discard tile `index` of the hand."""
        tiles = self.tiles()
        if 0 <= index < len(tiles):
            self.discard(tiles[index].tile)

    def drops_discard(self, pos: tuple[int, int]) -> bool:
        """True over the play area well above the hand, off its buttons."""
        table, _coach = self._areas()
        tiles = self.tiles()
        if not tiles or not table.collidepoint(pos):
            return False
        if any(isinstance(w, Button) and w.rect.collidepoint(pos) for w in self.widgets):
            return False
        return pos[1] < tiles[0].rect.top - tiles[0].rect.height * 3 // 4

    def clicks_to_discard(self) -> int:
        """One or two clicks to discard, as the settings say."""
        return self.host.settings.discard_clicks

    def handle_event(self, event: pygame.event.Event) -> None:
        """The hand takes the mouse first, as the table's does; the rest goes to the controls."""
        self.gesture.scale = self.m.scale
        if self.gesture.handle(event):
            if event.type == pygame.MOUSEMOTION:
                super().handle_event(event)  # the hover follows the pointer all the same
            return
        super().handle_event(event)

    # ---------------------------------------------------------------- moves

    def advised_tile(self) -> Tile | None:
        """The tile the coach would discard now, if any."""
        if not self.run.waiting:
            return None
        action = self.run.advice().action
        return action.tile if action.kind is ActionKind.DISCARD else None

    def act(self, action: Action) -> None:
        """Make a move through the coach, then lay out again."""
        try:
            self.run.play(action)
        except ValueError as exc:  # the engine refused: say so, change nothing
            log.info("lesson move refused: %s", exc)
            return
        self.declare_mode = False
        self.raised = None
        self._after_move()

    def discard(self, tile: Tile) -> None:
        """Discard `tile` (declaring ready if that mode is on and allowed)."""
        if not self.run.waiting:
            return
        wanted = make(ActionKind.DISCARD, PLAYER, tile, declare=self.declare_mode)
        if wanted in self.run.legal():
            self.act(wanted)
        elif not self.declare_mode and make(ActionKind.DISCARD, PLAYER, tile) in self.run.legal():
            self.act(make(ActionKind.DISCARD, PLAYER, tile))

    def follow(self) -> None:
        """Make the coach's move."""
        if self.run.waiting:
            self.act(self.run.advice().action)

    def undo(self) -> None:
        """Take back the last chosen move."""
        if self.run.undo():
            self.recorded = False
            self.raised = None
            self.rebuild()

    def restart(self) -> None:
        """Start the lesson again."""
        self.run = LessonRun(lesson(self.number))
        self.recorded = False
        self.raised = None
        self.rebuild()

    def next_lesson(self) -> None:
        """Go on to the next lesson (or back to the list after the last)."""
        if self.number < len(LESSONS):
            self.number += 1
            self.restart()
        else:
            self.back()

    def _presser(self, action: Action) -> Callable[[], None]:
        return lambda: self.act(action)

    def toggle_declare(self) -> None:
        """Switch 报听 on for the next discard."""
        self.declare_mode = not self.declare_mode
        if self.raised is not None and not self.may_discard(self.raised):
            self.raised = None

    def _after_move(self) -> None:
        if self.run.ended and self.run.as_intended() and self.keep_progress and not self.recorded:
            self.recorded = True
            book, _notices = load_stats()
            save_stats(finish_lesson(book, self.number))
        self.rebuild()

    def other_key(self, key: int) -> None:
        what = K.named(K.LESSON, key)
        if what == "undo":
            self.undo()
        elif what == "follow":
            self.follow()
        elif what == "tile":
            self.move_in_hand(1 if key == pygame.K_RIGHT else -1)

    def move_in_hand(self, step: int) -> None:
        """← →: the keyboard to the next tile of the hand (from a button: to the hand's first or last tile)."""
        order = [i for i, w in enumerate(self.widgets) if isinstance(w, TileButton)]
        if not order:
            return
        if self.focus not in order:
            self.focus = order[0] if step > 0 else order[-1]
        else:
            self.focus = order[(order.index(self.focus) + step) % len(order)]

    # ---------------------------------------------------------------- layout

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The table area (left) and the coach's panel (right)."""
        m = self.m
        w, h = self.size
        top = m.px(70)
        coach_w = round(w * 0.36)
        table = pygame.Rect(m.px(16), top, w - coach_w - m.px(40), h - top - m.px(14))
        coach = pygame.Rect(table.right + m.px(12), top, coach_w, h - top - m.px(14))
        return table, coach

    def hand_tile_width(self) -> int:
        """The width of the player's tiles: fourteen and a gap fit the table area."""
        table, _ = self._areas()
        tw = self.m.px(54)
        while tw > 16 and 14 * get_tile_art(tw).size[0] + self.m.px(52) > table.width:
            tw -= 1
        return tw

    def build(self) -> None:
        m = self.m
        table, coach = self._areas()
        run = self.run
        bh = m.px(38)
        # The coach's buttons, at the foot of the panel.
        foot: list[tuple[str, Callable[[], None], str, bool]] = []
        if run.ended:
            if run.as_intended():
                foot.append((S.tr("lesson_next"), self.next_lesson, "win", True))
            foot.append((S.tr("lesson_undo"), self.undo, "plain", run.can_undo()))
            foot.append((S.tr("lesson_restart"), self.restart, "plain", True))
        else:
            foot.append((S.tr("lesson_do_it"), self.follow, "win", run.waiting))
            foot.append((S.tr("lesson_undo"), self.undo, "plain", run.can_undo()))
            foot.append((S.tr("lesson_restart"), self.restart, "plain", True))
        foot.append((S.tr("lesson_list"), self.back, "pass", True))
        cols = 2
        bw = (coach.width - m.px(24) - m.gap) // cols
        rows = (len(foot) + cols - 1) // cols
        y0 = coach.bottom - m.px(12) - rows * (bh + m.gap) + m.gap
        for i, (label, action, style, enabled) in enumerate(foot):
            rect = pygame.Rect(
                coach.left + m.px(12) + (i % cols) * (bw + m.gap), y0 + (i // cols) * (bh + m.gap), bw, bh
            )
            button = Button(label, action, style, rect)
            button.enabled = enabled
            self.widgets.append(button)
        if run.ended:
            return
        # The player's hand, each tile a button.
        tw = self.hand_tile_width()
        art = get_tile_art(tw)
        obs = run.observation()
        tiles = list(obs.hand)
        drawn = obs.drawn if obs.phase == "turn" else None
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
            tiles.append(drawn)
        width = len(tiles) * art.size[0] + (m.px(12) if drawn is not None else 0)
        x = table.left + (table.width - width) // 2
        y = table.bottom - art.size[1] - m.px(14)
        for i, t in enumerate(tiles):
            if drawn is not None and i == len(tiles) - 1:
                x += m.px(12)
            self.widgets.append(TileButton(t, i, pygame.Rect(x, y, art.size[0], art.size[1]), self, tw))
            x += art.size[0]
        # The move buttons other than a discard: win, kong, pung, pass, 报听.
        specs: list[tuple[str, Action | None, str]] = []
        for a in run.legal():
            if a.kind is ActionKind.WIN:
                specs.append((S.tr("btn_win"), a, "win"))
            elif a.kind in (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
                # Which tile, when a hand could kong more than one.
                label = S.tr("btn_kong") if a.tile is None else f"{S.tr('btn_kong')} {S.tile_label(a.tile)}"
                specs.append((label, a, "kong"))
            elif a.kind is ActionKind.PUNG:
                specs.append((S.tr("btn_pung"), a, "pung"))
            elif a.kind is ActionKind.PASS:
                specs.append((S.tr("btn_pass"), a, "pass"))
        if any(a.declare for a in run.legal()):
            label = S.tr("btn_ready_cancel") if self.declare_mode else S.tr("btn_ready")
            specs.append((label, None, "ready"))
        bx = table.right - m.px(12)
        by = y - bh - m.px(22)
        for label, move, style in specs:
            bw2 = max(m.px(90), T.label(label, m.body).get_width() + m.px(30))
            rect = pygame.Rect(bx - bw2, by, bw2, bh)
            press = self.toggle_declare if move is None else self._presser(move)
            self.widgets.append(Button(label, press, style if style != "ready" else "kong", rect))
            bx -= bw2 + m.gap
        if self.focus is None or self.focus >= len(self.widgets):
            self.focus = 0

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_raised(surface)

    def _draw_raised(self, surface: pygame.Surface) -> None:
        """The tag over the raised tile, or the dragged tile under the pointer, as at the table."""
        tiles = self.tiles()
        dragged, at = self.gesture.dragging, self.gesture.drag_at
        if dragged is not None and at is not None and dragged < len(tiles):
            draw_dragged(surface, get_tile_art(tiles[dragged].tile_w), tiles[dragged].tile, at)
            return
        index = self.raised
        if index is None or index >= len(tiles) or not self.may_discard(index):
            return
        button = tiles[index]
        top = (button.rect.centerx, button.rect.top - get_tile_art(button.tile_w).lift)
        draw_cue(surface, top, cue_text(self.clicks_to_discard()), self.m.small)

    def draw_content(self, surface: pygame.Surface) -> None:
        # The content changes only with a move, a page or the window, not per frame: draw it once.
        clicks = self.clicks_to_discard()
        key = (len(self.run.round.events), len(self.run.moves), len(self.run.notes), self.size, S.language(), clicks)
        if self._content is None or self._content[0] != key:
            picture = pygame.Surface(self.size, pygame.SRCALPHA)
            self.draw_content_now(picture)
            if pygame.display.get_surface() is not None:
                picture = picture.convert_alpha()  # the display's format blits several times faster
            self._content = (key, picture)
        surface.blit(self._content[1], (0, 0))

    def draw_content_now(self, surface: pygame.Surface) -> None:
        """Draw the page (or the lesson) and its panels: everything but the controls."""
        m = self.m
        w, _h = self.size
        lang = S.language()
        les = self.run.lesson
        title = S.tr("lesson_title", n=les.number, title=les.title.pick(lang))
        pic = T.outlined(title, m.heading + m.px(4), pal.TEXT_GOLD, (60, 30, 10), max(1, m.px(2)))
        surface.blit(pic, (m.px(18), m.px(10)))
        goal = T.fit(
            S.tr("lesson_goal", goal=les.goal.pick(lang)), m.small, w - pic.get_width() - m.px(60), pal.TEXT_MUTED
        )
        surface.blit(
            goal, goal.get_rect(topright=(w - m.px(18), m.px(10) + (pic.get_height() - goal.get_height()) // 2))
        )
        table, coach = self._areas()
        plate(surface, table, m, (8, 40, 28, 150))
        plate(surface, coach, m)
        if self.run.ended:
            self._draw_settlement(surface, table, lang)
        else:
            self._draw_table(surface, table)
        self._draw_coach(surface, coach, lang)

    def _pond_label(self, surface: pygame.Surface, text: str, left: int, y: int, tile_w: int) -> None:
        """Whose pond a row is, left of its tiles: on one line, a little smaller if it must, else on two (S Right
        discarded, at 960 wide)."""
        m = self.m
        one = T.shadowed(text, min(m.small, T.MIN_TEXT)).get_width() <= m.px(130)
        lines = [text] if one else T.wrap(text, m.small, m.px(130) - 2)[:2]
        pics = [T.fit(line, m.small, m.px(130), pal.TEXT_MUTED) for line in lines]
        line_h = round(m.small * 1.25)
        top = y + (tile_height(tile_w) - line_h * (len(pics) - 1) - pics[0].get_height()) // 2
        for n, pic in enumerate(pics):
            surface.blit(pic, (left + m.px(12), top + n * line_h))

    def _draw_table(self, surface: pygame.Surface, table: pygame.Rect) -> None:
        m = self.m
        obs = self.run.observation()
        small = int(min(m.px(30), (table.width - m.px(150)) / 19))
        y = table.top + m.px(12)
        row_h = tile_height(small) + m.px(8)
        players = self.run.rules.players
        for seat in self.run.rules.others(PLAYER):
            who = S.seat_label(seat, PLAYER, players)
            self._pond_label(surface, S.tr("lesson_discards", seat=who), table.left, y, small)
            pond = obs.ponds[seat][-18:]
            x = draw_tiles(surface, pond, table.left + m.px(150), y, small)
            melds = obs.melds[seat]
            for meld in melds:
                x = draw_tiles(surface, [meld.tile] * meld.size, x + m.px(8), y, small)
            y += row_h
        who = S.seat_label(PLAYER, PLAYER, players)
        self._pond_label(surface, S.tr("lesson_discards", seat=who), table.left, y, small)
        draw_tiles(surface, obs.ponds[PLAYER][-18:], table.left + m.px(150), y, small)
        y += row_h
        wall = T.shadowed(S.tr("lesson_wall", n=obs.wall_remaining), m.small, pal.TEXT_MUTED)
        surface.blit(wall, (table.left + m.px(12), y))
        if self.run.lesson.explain_deal:
            self._draw_dice(
                surface, pygame.Rect(table.left + m.px(12), y + m.px(34), table.width - m.px(24), m.px(150))
            )
        if obs.last_discard is not None and obs.phase == "claims":
            seat, tile, _hot = obs.last_discard
            draw_tiles(
                surface,
                [tile],
                table.centerx - get_tile_art(m.px(40)).size[0] // 2,
                y,
                m.px(40),
                (0,),
                (),
                Look.CLAIMABLE,
            )
        # The player's melds, above the hand.
        tw = self.hand_tile_width()
        # Above the hand, room for a raised tile and the tag over it; the captions and melds stand above that.
        art = get_tile_art(tw)
        hand_top = (
            table.bottom
            - art.size[1]
            - m.px(14)
            - art.lift
            - cue_picture(S.tr("cue_click_again"), m.small).get_height()
        )
        melds = obs.melds[PLAYER]
        if melds:
            mw = int(tw * 0.8)
            mx = table.left + m.px(16)
            my = hand_top - tile_height(mw) - m.px(26)
            cap = T.shadowed(S.tr("lesson_melds"), m.small, pal.TEXT_MUTED)
            surface.blit(cap, (mx, my - cap.get_height() - m.px(2)))
            for meld in melds:
                mx = draw_tiles(surface, [meld.tile] * meld.size, mx, my, mw) + m.px(10)
        caption = "lesson_your_hand_two" if self.clicks_to_discard() >= 2 else "lesson_your_hand"
        cap = T.shadowed(S.tr(caption), m.small, pal.TEXT_MUTED)
        surface.blit(cap, (table.left + m.px(16), hand_top - cap.get_height() - m.px(4)))

    def _draw_dice(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The two rolls of this hand, as the lesson on the deal explains them: who deals, where the wall breaks."""
        m = self.m
        size = m.px(34)
        y = rect.top
        for event in self.run.round.events:
            if not isinstance(event, DiceRolled):
                continue
            a, b = event.dice
            x = rect.left
            for value in (a, b):
                pic = die_picture(value, size)
                surface.blit(pic, (x, y))
                x += pic.get_width() + m.px(4)
            key = "lesson_dice_dealer" if event.purpose == "first_dealer" else "lesson_dice_break"
            text = S.tr(key, a=a, b=b, n=a + b, low=min(a, b))
            cap = T.fit(text, m.body, rect.right - x - m.px(10), pal.TEXT)
            surface.blit(cap, (x + m.px(10), y + (pic.get_height() - cap.get_height()) // 2))
            y += pic.get_height() + m.px(10)

    def _draw_settlement(self, surface: pygame.Surface, table: pygame.Rect, lang: str) -> None:
        m = self.m
        inner = table.inflate(-m.px(28), -m.px(20))
        head = T.shadowed(S.tr("lesson_settlement"), m.body, pal.TEXT_GOLD)
        surface.blit(head, inner.topleft)
        nets = self.run.ledger().nets()
        n = self.run.rules.players
        line = "  ".join(
            f"{S.seat_label(s, PLAYER, n)} {nets[s]:+d}" if nets[s] else f"{S.seat_label(s, PLAYER, n)} 0"
            for s in range(n)
        )
        net_pic = T.fit(S.tr("lesson_nets", nets=line), m.small, inner.width, pal.TEXT)
        surface.blit(net_pic, (inner.left, inner.top + head.get_height() + m.px(4)))
        body = pygame.Rect(
            inner.left, net_pic.get_rect().bottom + inner.top + head.get_height() + m.px(12), inner.width, 0
        )
        body.height = inner.bottom - body.top
        texts = [s.pick(lang) for s in self.run.settlement_lines()]
        sizes = [m.body, round(m.body * 0.9), m.small, round(m.small * 0.85), 11]
        size = fitting_size(texts, sizes, body.width - round(m.small * 1.1), body.height, m.px(3))
        draw_paragraphs(surface, texts, body, size, m.px(3), bullet=True)

    def _draw_coach(self, surface: pygame.Surface, coach: pygame.Rect, lang: str) -> None:
        m = self.m
        run = self.run
        inner = coach.inflate(-m.px(24), -m.px(20))
        head = T.shadowed(S.tr("lesson_coach"), m.body, pal.TEXT_GOLD, bold=True)
        surface.blit(head, inner.topleft)
        y = inner.top + head.get_height() + m.px(6)
        bottom = min(w.rect.top for w in self.widgets if isinstance(w, Button)) - m.px(10)
        blocks: list[tuple[str, tuple[int, int, int]]] = []
        if run.ended:
            ok = run.as_intended()
            blocks.append(
                (S.tr("lesson_passed") if ok else S.tr("lesson_not_passed"), pal.TEXT_GOLD if ok else pal.TEXT_RED)
            )
        elif run.waiting and self.show_advice:
            blocks.append((S.tr("lesson_advice", text=run.advice().said.pick(lang)), pal.TEXT_GOLD))
        notes = [n for n in run.notes if n.kind != "end"] if not run.ended else list(run.notes)
        texts = [t for t, _ in blocks]
        colours = [c for _, c in blocks]
        size = max(12, round(m.small * 1.0))
        width = inner.width - round(size * 1.1)
        room = bottom - y - sum(paragraphs_height([t], size, width, 0) + m.px(6) for t in texts)
        shown: list[tuple[str, tuple[int, int, int]]] = []
        for note in reversed(notes):  # the newest notes that fit whole, shown oldest first
            text = note.said.pick(lang)
            need = paragraphs_height([text], size, width, 0) + m.px(6)
            if need > room:
                break
            room -= need
            shown.insert(0, (text, NOTE_COLOURS.get(note.kind, pal.TEXT)))
        area = pygame.Rect(inner.left, y, inner.width, bottom - y)
        for text, colour in [*shown, *zip(texts, colours, strict=True)]:
            end = draw_paragraphs(surface, [text], area, size, 0, colour, bullet=True)
            area = pygame.Rect(area.left, end + m.px(6), area.width, max(0, bottom - end - m.px(6)))
