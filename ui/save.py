"""Save and resume: the match in play is written after every action, and picked up again from the menu.

Writes are atomic (a temporary file in the same folder, flushed to disk, then renamed over the
old save), so a crash or a kill at any moment leaves either the old save or the new one, never
half of one. Saves live in the player's saves folder (game.userdirs), never beside the program.
A save that cannot be read or replayed is set aside as *.bad-<time> and explained, never a crash.
"""

from __future__ import annotations

import logging

from game.safe_files import set_aside
from game.savefile import SaveError
from game.saves import (
    AUTOPLAY_SAVE_NAME,
    SAVE_NAME,
    SaveWriter,
    discard_save,
    has_save,
    read_save,
    save_path,
)
from game.userdirs import user_dirs
from ui import strings as S
from ui.dialogs import NoticeScene
from ui.scene import Host, Scene

__all__ = [
    "AUTOPLAY_SAVE_NAME",
    "SAVE_NAME",
    "NoticeScene",
    "SaveWriter",
    "discard_save",
    "has_save",
    "read_save",
    "resume",
    "save_path",
]

log = logging.getLogger(__name__)


def resume(app: Host, name: str = SAVE_NAME) -> Scene | None:
    """The table of the saved match, just as it was left; a notice if the save is bad; None if there is none."""
    from game.ruleset_loader import RulesetError, load_ruleset
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
        rules = load_ruleset(str(data.head["ruleset"]))
        seed = str(data.head["seed"])
        agents = [
            None if s.kind == "human" else opponent(s.level, f"{seed}:{i}", rules) for i, s in enumerate(config.seats)
        ]
        session = TableSession.from_save(rules, data, agents, path.name)
    except (SaveError, MatchConfigError, RulesetError, ValueError) as exc:
        bad = set_aside(path)
        kept = bad.name if bad is not None else path.name
        log.warning("save %s cannot be resumed: %s", path, exc)
        return NoticeScene(app, S.tr("save_bad_title"), S.tr("save_bad", reason=str(exc), kept=kept))
    return TableScene(app, rules, seed, config=config, session=session, save_name=name)
