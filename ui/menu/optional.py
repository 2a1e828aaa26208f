"""What the menus use when it is there: the save (ui/menu/save.py) and the replays (ui/replays/browser.py)."""

from __future__ import annotations

import importlib
from typing import Any


def optional_module(name: str) -> Any:
    """The module `name`, or None when it is not part of this build; an error inside it still raises."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise
