"""Save and resume: the match in play is written after every action, and picked up again from the menu.

Writes are atomic (a temporary file in the same folder, flushed to disk, then renamed over the
old save), so a crash or a kill at any moment leaves either the old save or the new one, never
half of one. Saves live in the player's saves folder (game.files.userdirs), never beside the program.
A save that cannot be read or replayed is set aside as *.bad-<time> and explained, never a crash.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from game.files.safe_files import set_aside
from game.files.userdirs import user_dirs
from game.records.savefile import SaveError
from game.records.saves import (
    AUTOPLAY_SAVE_NAME,
    PRACTICE_SAVE_NAME,
    SAVE_NAME,
    SaveWriter,
    discard_save,
    has_save,
    kept_saves,
    match_save_name,
    read_save,
    save_path,
)
from ui.kit.dialogs import NoticeScene
from ui.stage.scene import Host, Scene
from ui.words import strings as S

__all__ = [
    "AUTOPLAY_SAVE_NAME",
    "SAVE_NAME",
    "NoticeScene",
    "SaveSummary",
    "SaveWriter",
    "SavedMatch",
    "describe_save",
    "discard_save",
    "has_save",
    "match_save_name",
    "read_save",
    "resume",
    "save_path",
    "saved_matches",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SaveSummary:
    """What a saved match is, in the words a player knows it by: its ruleset, the hand it is at, the scores."""

    ruleset_zh: str
    ruleset_en: str
    hand: int
    scores: tuple[int, ...]


@dataclass(frozen=True)
class SavedMatch:
    """A match save on disk: its kind (solo, local, practice), its file name and when it was last written."""

    kind: str
    name: str
    written: float  # POSIX time

    def label(self) -> str:
        """The kind and the date, as the resume choice shows it: 单人 · 05-03 14:20."""
        return f"{S.tr('save_kind_' + self.kind)} · {self.date()}"

    def date(self) -> str:
        """When it was last written, month, day and time: digits read the same in both languages."""
        return time.strftime("%m-%d %H:%M", time.localtime(self.written))


def saved_matches() -> list[SavedMatch]:
    """Every match save there is (one per kind of match), the newest first."""
    return [SavedMatch(kind, name, written) for kind, name, written in kept_saves()]


def describe_save(name: str = SAVE_NAME) -> SaveSummary | None:
    """The saved match called `name` summed up, or None when there is none or it cannot be read or replayed."""
    from game.match.replay import restore
    from game.rules.loader import RulesetError
    from game.rules.refs import load_ruleset_ref

    try:
        path = user_dirs().saves / name
        if not path.is_file():
            return None
        data = read_save(path)
        rules = load_ruleset_ref(str(data.head["ruleset"]))
        restored = restore(data, rules, path.name)
    except (OSError, SaveError, RulesetError, ValueError, KeyError) as exc:
        log.info("save %s cannot be summed up: %s", name, exc)
        return None
    hand = max(1, len(data.hands))
    return SaveSummary(rules.title_zh, rules.title_en, hand, tuple(restored.match.scores))


def resume(app: Host, name: str = SAVE_NAME) -> Scene | None:
    """The table of the saved match, just as it was left; a notice if the save is bad; None if there is none."""
    from game.rules.loader import RulesetError
    from game.rules.refs import load_ruleset_ref
    from ui.match.config import MatchConfig, MatchConfigError
    from ui.match.opponents import opponent
    from ui.table.scene import TableScene
    from ui.table.session import TableSession

    try:
        path = user_dirs().saves / name
    except OSError:
        return None
    if not path.is_file():
        return None
    if name in (SAVE_NAME, PRACTICE_SAVE_NAME):
        # A person alone: take-backs are on for the practice match and off for the solo one, as they were.
        app.settings.practice = name == PRACTICE_SAVE_NAME
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
