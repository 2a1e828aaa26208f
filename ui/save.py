"""Save and resume: the match in play is written after every action, and picked up again from the menu.

Writes are atomic (a temporary file in the same folder, flushed to disk, then renamed over the
old save), so a crash or a kill at any moment leaves either the old save or the new one, never
half of one. Saves live in the player's saves folder (game.userdirs), never beside the program.
A save that cannot be read or replayed is set aside as *.bad-<time> and explained, never a crash.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.bounded_io import MAX_SAVE_BYTES, read_text_limited
from game.safe_files import set_aside, write_text_atomic
from game.savefile import SaveData, SaveError, dumps, loads
from game.userdirs import UserDirError, user_dirs
from ui import palette as pal
from ui import strings as S
from ui import text as T
from ui.dialogs import wrap
from ui.layout import compute_layout
from ui.scene import Host, Scene
from ui.table.buttons import Button, draw_buttons, lay_out_buttons

SAVE_NAME = "match.save.json"  # the match a person plays; the menu offers to resume it
AUTOPLAY_SAVE_NAME = "autoplay.save.json"  # four AIs watched: kept apart so it never replaces a person's match

log = logging.getLogger(__name__)


def save_path(name: str = SAVE_NAME) -> Path:
    """Where the save called `name` lives (the saves folder is created if missing)."""
    return user_dirs().ensure("saves") / name


class SaveWriter:
    """Writes the match after every action; a failing disk is logged, told once (on_error) and play goes on.

    The write is atomic, so the save on disk stays the last one that was written whole; `error`
    says why the latest write failed (None once a write succeeds again).
    """

    def __init__(self, name: str = SAVE_NAME) -> None:
        self.name = name
        self.error: str | None = None
        self.writes = 0
        self.on_error: Callable[[str], None] | None = None  # told the first time writing fails
        self._told = False

    def __call__(self, data: SaveData) -> None:
        """Write `data` to the save."""
        try:
            write_text_atomic(save_path(self.name), dumps(data))
            self.writes += 1
            self.error = None
        except (OSError, UserDirError) as exc:
            reason = (exc.strerror or str(exc)) if isinstance(exc, OSError) else str(exc)
            if self.error is None:
                log.warning("cannot save the match: %s", exc)
            self.error = reason
            if not self._told and self.on_error is not None:
                self._told = True
                self.on_error(reason)


def has_save(name: str = SAVE_NAME) -> bool:
    """True when there is a saved match to resume."""
    try:
        return (user_dirs().saves / name).is_file()
    except OSError:
        return False


def discard_save(name: str = SAVE_NAME) -> None:
    """Remove the save (a match played to its end, or a new match started over it)."""
    (user_dirs().saves / name).unlink(missing_ok=True)


@dataclass(frozen=True)
class SaveSummary:
    """What a saved match is, in the words a player knows it by: its ruleset, the hand it is at, the scores."""

    ruleset_zh: str
    ruleset_en: str
    hand: int
    scores: tuple[int, ...]


def describe_save(name: str = SAVE_NAME) -> SaveSummary | None:
    """The saved match called `name` summed up, or None when there is none or it cannot be read or replayed."""
    from game.ruleset_loader import RulesetError, load_ruleset
    from game.savefile import restore

    try:
        path = user_dirs().saves / name
        if not path.is_file():
            return None
        data = read_save(path)
        rules = load_ruleset(str(data.head["ruleset"]))
        restored = restore(data, rules, path.name)
    except (OSError, SaveError, RulesetError, ValueError, KeyError) as exc:
        log.info("save %s cannot be summed up: %s", name, exc)
        return None
    hand = max(1, len(data.hands))
    return SaveSummary(rules.title_zh, rules.title_en, hand, tuple(restored.match.scores))


def read_save(path: Path) -> SaveData:
    """The save at `path`; SaveError naming the file and the problem."""
    try:
        text = read_text_limited(path, MAX_SAVE_BYTES)
    except OSError as exc:
        raise SaveError(f"{path.name}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path.name}: not UTF-8 text ({exc.reason})") from None
    return loads(text, path.name)


def resume(app: Host, name: str = SAVE_NAME) -> Scene | None:
    """The table of the saved match, just as it was left; a notice if the save is bad; None if there is none."""
    from game.ruleset_loader import RulesetError
    from game.ruleset_refs import load_ruleset_ref
    from ui.match_config import MatchConfig, MatchConfigError
    from ui.opponents import opponent
    from ui.table.scene import TableScene
    from ui.table.session import TableSession

    try:
        path = user_dirs().saves / name
    except OSError:
        return None
    if not path.is_file():
        return None
    try:
        data = read_save(path)
        config = MatchConfig.from_json(data.config) if data.config else MatchConfig()
        rules = load_ruleset_ref(data.head["ruleset"])
        seed = str(data.head["seed"])
        agents = [
            None if s.kind == "human" else opponent(s.level, f"{seed}:{i}", rules) for i, s in enumerate(config.seats)
        ]
        session = TableSession.from_save(rules, data, agents, path.name)
    except Exception as exc:
        # Whatever is wrong with the file (the checks above name every known fault; anything else
        # is still the file's), it is kept aside with the reason and the menu goes on.
        if not isinstance(exc, (SaveError, MatchConfigError, RulesetError, ValueError)):
            log.exception("save %s failed in an unexpected way", path)
            exc = SaveError(f"{path.name}: cannot be resumed ({type(exc).__name__})")
        bad = set_aside(path)
        kept = bad.name if bad is not None else path.name
        log.warning("save %s cannot be resumed: %s", path, exc)
        return NoticeScene(app, S.tr("save_bad_title"), S.tr("save_bad", reason=str(exc), kept=kept))
    return TableScene(app, rules, seed, config=config, session=session, save_name=name)


class NoticeScene(Scene):
    """A message over whatever is below, closed with its button, Enter or Escape."""

    opaque = False

    def __init__(self, host: Host, title: str, message: str) -> None:
        super().__init__(host)
        self.title = title
        self.message = message
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.lines: list[str] = []
        self.buttons: list[Button] = []
        self.hover: int | None = None
        self.font = 18
        self.title_size = 22
        self.button_font = 24

    def resize(self, size: tuple[int, int]) -> None:
        layout = compute_layout(size)
        s = layout.scale
        self.font, self.title_size, self.button_font = layout.font["body"], layout.font["title"], layout.font["button"]
        w = round(min(size[0] * 0.8, 620 * s))
        self.lines = wrap(self.message, self.font, w - round(48 * s))
        bh = round(48 * s)
        h = round(self.title_size * 2.2) + round(self.font * 1.5) * len(self.lines) + bh + round(44 * s)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        area = pygame.Rect(self.rect.left + 24, self.rect.bottom - bh - round(18 * s), self.rect.width - 48, bh)
        self.buttons = lay_out_buttons([(S.tr("btn_ok"), "win", None, "ok", pygame.K_RETURN)], area, self.button_font)

    def close(self) -> None:
        """Take the notice away."""
        self.host.stack.remove(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, b in enumerate(self.buttons) if b.hit(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if any(b.hit(event.pos) for b in self.buttons):
                self.close()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(T.panel(surface.get_size(), 0, (0, 0, 0, 130), None), (0, 0))
        surface.blit(T.panel(self.rect.size, 16, (12, 34, 26, 245), pal.PANEL_BORDER, 2), self.rect.topleft)
        x, y = self.rect.left + 24, self.rect.top + 16
        surface.blit(T.shadowed(self.title, self.title_size, pal.TEXT_GOLD, bold=True), (x, y))
        y += round(self.title_size * 2.0)
        for line in self.lines:
            surface.blit(T.shadowed(line, self.font, pal.TEXT), (x, y))
            y += round(self.font * 1.5)
        draw_buttons(surface, self.buttons, self.button_font, self.hover, None)
