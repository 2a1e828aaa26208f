"""Parts are owned, not inherited: no class in game/ has more than two of the project's own classes among its
ancestors (the network table is an object that owns its parts, docs/design.md)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import game

MAX_PROJECT_ANCESTORS = 2


def _game_classes() -> list[type]:
    """Every class defined in a module under game/, each module imported."""
    found: list[type] = []
    for info in pkgutil.walk_packages(game.__path__, "game."):
        module = importlib.import_module(info.name)
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__:
                found.append(cls)
    return found


def _project_ancestors(cls: type) -> list[str]:
    """The project's own classes among `cls`'s ancestors (the standard library's and other packages' left out)."""
    return [f"{c.__module__}.{c.__qualname__}" for c in cls.__mro__[1:] if c.__module__.split(".")[0] == "game"]


def test_every_module_under_game_is_seen() -> None:
    names = {cls.__module__ for cls in _game_classes()}
    assert "game.net.host.table" in names and "game.match.controller" in names


def test_no_class_in_game_inherits_more_than_two_project_classes() -> None:
    deep = {
        f"{cls.__module__}.{cls.__qualname__}": ancestors
        for cls in _game_classes()
        if len(ancestors := _project_ancestors(cls)) > MAX_PROJECT_ANCESTORS
    }
    assert deep == {}, f"own the parts instead of inheriting them: {deep}"
