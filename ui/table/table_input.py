"""The mouse and keys at the table."""

from __future__ import annotations

import pygame

from ui.kit.buttons import Button
from ui.kit.discard_gesture import DiscardGesture
from ui.stage import screens
from ui.table.hints import Hints
from ui.table.panel_info import PanelInfo
from ui.table.player_move import PlayerMove
from ui.table.rack_view import geometry_for
from ui.table.read_aloud import read_hand
from ui.table.table_state import TableState
from ui.words import keys as K
from ui.words import strings as S

# The lines of the key help that press the answer button carrying the key (its `key`); X is a second key for 过.
ANSWERS = frozenset({"win", "kong", "pung", "ready", "pass", "dingque"})


class TableInput:
    """The mouse and keys at the table; the hand takes the mouse the way every hand does (ui/kit/discard_gesture.py)."""

    def __init__(self, table: TableState, hints: Hints, moves: PlayerMove, panels: PanelInfo) -> None:
        self.t = table
        self.hints = hints
        self.moves = moves
        self.panels = panels
        self.gesture = DiscardGesture(self, table.layout.scale)
        # The button Tab gave the keyboard to, known by what it says and does, for the decision it was given in.
        self._focus: tuple[str, str, object] | None = None
        self._focus_obs: object = None

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
            self.key(event.key, getattr(event, "mod", 0))

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

    def key(self, key: int, mod: int = 0) -> None:
        """A key, by the name the table's key help gives it (ui/words/keys.py TABLE)."""
        settings = self.t.host.settings
        what = K.named(K.TABLE, key)
        if what == "skip":
            self.t.skip()
        elif what == "speed":
            settings.speed = settings.speed.next()
        elif what == "language":
            settings.language = "en" if settings.language == "zh" else "zh"
            S.set_language(settings.language)
            self.relabel()
        elif what == "hint":
            self.hints.show_hint()
        elif what == "read_aloud":
            read_hand(self.t)
        elif what == "guide":
            screens.push(self.t.host, "guide", ruleset=self.t.rules.name)
        elif what == "tuoguan" and self.t.tuoguan_buttons():
            self.t.press_tuoguan(self.t.tuoguan_buttons()[0])
        elif what == "takeback" and settings.practice:
            self.t.take_back()
        elif what == "buttons":
            self.move_focus(-1 if mod & pygame.KMOD_SHIFT else 1)
        elif what == "escape":
            if self.focused() is not None:
                self._focus = None  # the keyboard back to the hand, before anything else Escape does
                return
            if not self.t.declare_mode and self.t.selected is None:
                self.t.offer_leave()
            if self.t.declare_mode:
                self.t.declare_mode = False
                self.moves.build_buttons()
            self.t.selected = None
        elif what == "tile":
            self._focus = None
            self.move_selection(-1 if key == pygame.K_LEFT else 1)
        elif what == "enter":
            focused = self.focused()
            if focused is not None:
                self.press(focused)
            elif self.t.selected is not None:
                action = self.moves.discard_action(self.t.selected)
                if action is not None:
                    self.moves.act(action)
        elif what in ANSWERS:
            wanted = pygame.K_n if key == pygame.K_x else key
            button = next((b for b in self.t.buttons if b.key == wanted), None)
            if button is not None:
                self.moves.press(button)

    # ------------------------------------------------------------------ the buttons, by Tab

    def focusables(self) -> list[Button]:
        """The buttons Tab goes through, left to right: the answers, then 悔牌, then the 托管 corner upwards."""
        takeback = self.t.takeback_button()
        answers = sorted(self.t.buttons, key=lambda b: b.rect.left)
        return [*answers, *([takeback] if takeback is not None else []), *self.t.tuoguan_buttons()]

    def focused(self) -> Button | None:
        """The button that has the keyboard, or None (the keys work on the hand); a new decision drops it."""
        if self._focus is None or self._focus_obs is not self.t.obs:
            return None
        return next((b for b in self.focusables() if _identity(b) == self._focus), None)

    def move_focus(self, step: int) -> None:
        """Tab (1) or Shift+Tab (-1): the next button, round the buttons and back to the hand."""
        buttons = self.focusables()
        current = self.focused()
        ring: list[Button | None] = [None, *buttons]
        at = ring.index(current) if current in buttons else 0
        chosen = ring[(at + step) % len(ring)]
        self._focus = _identity(chosen) if chosen is not None else None
        self._focus_obs = self.t.obs

    def press(self, button: Button) -> None:
        """Press `button` as a click on it would."""
        self._focus = None
        if button.command == "takeback":
            self.t.take_back()
        elif button.command.startswith("tuoguan"):
            self.t.press_tuoguan(button)
        else:
            self.moves.press(button)

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


def _identity(button: Button) -> tuple[str, str, object]:
    """What tells a button from the others of its row whatever the layout: its words, command and action."""
    return (button.label, button.command, button.action)
