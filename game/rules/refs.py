"""A ruleset named inside a file (a save, a log header, a hand file), found only where it may be.

Such a name is a built-in ruleset, or a ruleset file in the player's rulesets folder (saved
matches name a player's ruleset by its file name without the suffix). A hand file may also
name a ruleset file beside it by a relative path. Anything else (an absolute path, `..`, a
device) is refused with a message, so an edited file cannot make the game read elsewhere.
"""

from __future__ import annotations

from pathlib import Path

from game.core.ruleset import Ruleset
from game.files.safe_paths import is_inside, name_problem
from game.files.userdirs import user_dirs
from game.rules.loader import RulesetError, builtin_ruleset_names, load_ruleset

SUFFIXES = (".yaml", ".yml")


def _user_file(name: str, folder: Path) -> Path | None:
    candidates = [folder / name] if name.endswith(SUFFIXES) else [folder / f"{name}{s}" for s in SUFFIXES]
    for path in candidates:
        if path.exists() and is_inside(folder, path):
            return path
    return None


def resolve_ruleset_ref(ref: object, user_folder: Path | None = None, beside: Path | None = None) -> str:
    """What to hand load_ruleset for a ruleset named in a file; RulesetError naming the problem.

    `user_folder` defaults to the player's rulesets folder; `beside` is the folder of a hand
    file, whose relative paths may name a ruleset file in it or below it.
    """
    if not isinstance(ref, str) or not ref:
        raise RulesetError([f"the ruleset must be named by text, found {ref!r}"])
    shown = ref if len(ref) <= 80 else ref[:77] + "..."
    if ref in builtin_ruleset_names():
        return ref
    folder = user_folder if user_folder is not None else user_dirs().rulesets
    if name_problem(ref) is None:
        found = _user_file(ref, folder)
        if found is not None:
            return str(found)
    if beside is not None and "\0" not in ref and ref.endswith(SUFFIXES) and not Path(ref).is_absolute():
        path = beside / ref
        if is_inside(beside, path):
            return str(path)
    known = ", ".join(builtin_ruleset_names())
    message = f"{shown}: no such ruleset; the built-in ones are {known}; a ruleset of yours must be in {folder}"
    raise RulesetError([message])


def load_ruleset_ref(ref: object, user_folder: Path | None = None, beside: Path | None = None) -> Ruleset:
    """The ruleset named in a file (see resolve_ruleset_ref); RulesetError if it is not allowed or does not load."""
    return load_ruleset(resolve_ruleset_ref(ref, user_folder, beside))
