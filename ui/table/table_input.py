"""The mouse and keys at the table."""

from __future__ import annotations

import pygame

from ui.kit.discard_gesture import DiscardGesture
from ui.stage import screens
from ui.table.hints import Hints
from ui.table.panel_info import PanelInfo
from ui.table.player_move import PlayerMove
from ui.table.rack_view import geometry_for
from ui.table.read_aloud import read_hand
from ui.table.table_state import TableState
from ui.words import strings as S

HOTKEYS = {
    pygame.K_w: "win",
    pygame.K_k: "kong",
    pygame.K_p: "pung",
    pygame.K_n: "pass",
    pygame.K_x: "pass",
    pygame.K_r: "ready",
}


class TableInput:
    """The mouse and keys at the table; the hand takes the mouse the way every hand does (ui/kit/discard_gesture.py)."""

    def __init__(self, table: TableState, hints: Hints, moves: PlayerMove, panels: PanelInfo) -> None:
        self.t = table
        self.hints = hints
        self.moves = moves
        self.panels = panels
        self.gesture = DiscardGesture(self, table.layout.scale)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
            self.gesture.handle(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            takeback = self.t.takeback_button()
            if event.button == 1 and takeback is not None and takeback.hit(event.pos):
                self.gesture.cancel()
                self.t.take_back()  # at once, whatever is animating
                return
            tuoguan = next((b for b in self.t.tuoguan_buttons() if b.hit(event.pos)), None)
            if event.button == 1 and tuoguan is not None:
                self.gesture.cancel()
                self.t.press_tuoguan(tuoguan)  # at once: the seat is handed over (or back) at its next decision
                return
            if self.t.presenter.animating or (self.t.think_left is not None and self.t.think_left > 0):
                if event.button == 1:
                    self.t.skip()
                return
            if event.button == 1:
                self.click(event.pos)
            elif event.button == 3:
                self.gesture.cancel()
                self.t.selected = None
        elif event.type == pygame.MOUSEBUTTONUP:
            self.gesture.scale = self.t.layout.scale
            self.gesture.handle(event)
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)

    # ------------------------------------------------------------------ the hand, as the gesture sees it

    @property
    def raised(self) -> int | None:
        """The raised tile: the table's selection."""
        return self.t.selected

    def raise_tile(self, index: int | None) -> None:
        """Raise tile `index` (None: lower it), with a click's sound."""
        if index is not None and index != self.t.selected:
            self.t.sounds.play("click")
        self.t.selected = index

    def may_discard(self, index: int) -> bool:
        """True when the player may discard tile `index` now."""
        return self.t.obs is not None and self.moves.discard_action(index) is not None

    def discard_at(self, index: int) -> None:
        """Discard tile `index` (after any warning it needs)."""
        action = self.moves.discard_action(index)
        if action is not None:
            self.moves.act(action)

    def drops_discard(self, pos: tuple[int, int]) -> bool:
        """True over the pond and the middle of the table: anywhere well above the hand, off the buttons."""
        if any(b.hit(pos) for b in self.t.buttons):
            return False
        geo = geometry_for(self.t.layout, self.t.model, 0)
        if not geo.hand:
            return False
        top = min(slot.rect.top for slot in geo.hand)
        return pos[1] < top - geo.hand[0].art.body_size[1] * 3 // 4

    def clicks_to_discard(self) -> int:
        """One or two clicks to discard, as the settings say."""
        return self.t.host.settings.discard_clicks

    def hover(self, pos: tuple[int, int]) -> None:
        self.t.hover_button = next((i for i, b in enumerate(self.t.buttons) if b.hit(pos)), None)
        takeback = self.t.takeback_button()
        self.t.hover_takeback = takeback is not None and takeback.hit(pos)
        self.t.hover = self.tile_at(pos)

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        if self.t.model.revealed[0] is not None:
            return None
        geo = geometry_for(self.t.layout, self.t.model, 0)
        slots = list(geo.hand) + ([geo.drawn] if geo.drawn is not None else [])
        for i, slot in enumerate(slots):
            rect = slot.rect
            rect.top -= slot.art.lift  # the raised tile still counts
            rect.height += slot.art.lift
            if rect.collidepoint(pos):
                return i
        return None

    def click(self, pos: tuple[int, int]) -> None:
        for b in self.t.buttons:
            if b.hit(pos):
                self.moves.press(b)
                return
        self.gesture.scale = self.t.layout.scale
        self.gesture.down(pos)

    def key(self, key: int) -> None:
        settings = self.t.host.settings
        if key == pygame.K_SPACE:
            self.t.skip()
        elif key == pygame.K_s:
            settings.speed = settings.speed.next()
        elif key == pygame.K_l:
            settings.language = "en" if settings.language == "zh" else "zh"
            S.set_language(settings.language)
            self.relabel()
        elif key == pygame.K_h:
            self.hints.show_hint()
        elif key == pygame.K_v:
            read_hand(self.t)
        elif key == pygame.K_F1:
            screens.push(self.t.host, "guide", ruleset=self.t.rules.name)
        elif key == pygame.K_t and self.t.tuoguan_buttons():
            self.t.press_tuoguan(self.t.tuoguan_buttons()[0])
        elif key in (pygame.K_BACKSPACE, pygame.K_z) and settings.practice:
            self.t.take_back()
        elif key == pygame.K_ESCAPE:
            if not self.t.declare_mode and self.t.selected is None:
                self.t.offer_leave()
            if self.t.declare_mode:
                self.t.declare_mode = False
                self.moves.build_buttons()
            self.t.selected = None
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_selection(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.t.selected is not None:
                action = self.moves.discard_action(self.t.selected)
                if action is not None:
                    self.moves.act(action)
        elif key in HOTKEYS:
            wanted = HOTKEYS[key]
            for b in self.t.buttons:
                if b.style == wanted:
                    self.moves.press(b)
                    return

    def move_selection(self, step: int) -> None:
        choices = self.moves.selectable()
        if not choices:
            return
        if self.t.selected not in choices:
            # Right starts at the left end; Left starts at the right end, where the drawn tile sits.
            self.t.selected = choices[0] if step > 0 else choices[-1]
            return
        assert self.t.selected is not None
        self.t.selected = choices[(choices.index(self.t.selected) + step) % len(choices)]

    def relabel(self) -> None:
        """Rebuild text that was made in the old language."""
        if self.t.obs is not None:
            obs = self.t.obs
            self.t.obs = None
            self.moves.player_to_move(obs)
        self.panels.waits_cache.clear()
        self.t.board.invalidate()
