"""Screens found by name: a screen that opens another asks for it by name, so neither folder imports the other.

Each named screen (or set of parts another screen draws from) registers itself when its module loads; the
module is loaded on the first request by the name, from `HOMES`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TypeVar

from ui.stage.scene import Host, Scene

T = TypeVar("T")

# Where each name is registered: loaded when the name is first asked for.
HOMES: dict[str, str] = {
    "settlement": "ui.settlement.for_table",
    "hand_settlement": "ui.settlement.for_table",
    "guide": "ui.learn.guide_scene",
    "calculator": "ui.calculator.scene",
    "review": "ui.review.scene",
    "review_moment": "ui.review.moment",
    "career": "ui.review.career_scene",
}

_REGISTERED: dict[str, object] = {}


class UnknownScreen(LookupError):
    """No screen or part is registered under the name."""


def register(name: str, thing: object) -> None:
    """Make `thing` (a scene's maker, or an object of parts) findable as `name`."""
    _REGISTERED[name] = thing


def _find(name: str) -> object:
    if name not in _REGISTERED and name in HOMES:
        import_module(HOMES[name])
    try:
        return _REGISTERED[name]
    except KeyError:
        raise UnknownScreen(name) from None


def part(name: str, kind: type[T]) -> T:
    """The object registered as `name`, which must be a `kind`."""
    found = _find(name)
    if not isinstance(found, kind):
        raise UnknownScreen(f"{name} is a {type(found).__name__}, not a {kind.__name__}")
    return found


def make(name: str, host: Host, *args: object, **kwargs: object) -> Scene:
    """A new scene of the screen named `name`, made with these arguments."""
    maker = _find(name)
    if not callable(maker):
        raise UnknownScreen(f"{name} is no screen")
    scene = maker(host, *args, **kwargs)
    if not isinstance(scene, Scene):
        raise UnknownScreen(f"{name} made no scene")
    return scene


def push(host: Host, name: str, *args: object, **kwargs: object) -> Scene:
    """Open the screen named `name` on top of `host`'s stack (as Tuxemon's push_state("Name")); returns it."""
    scene = make(name, host, *args, **kwargs)
    host.stack.push(scene)
    return scene


def registered() -> tuple[str, ...]:
    """The names registered so far (those of `HOMES` once loaded)."""
    return tuple(sorted(_REGISTERED))
