"""Faster constructors for frozen dataclasses with slots, built the way dataclasses builds its own.

A frozen dataclass's own __init__ goes through object.__setattr__ for every field, a full
attribute lookup each time. The engine builds about a hundred events a hand and the search
builds a HandResult at the end of every rollout, so their classes get an __init__ with the same
parameters and defaults that calls each slot's setter directly; the instances stay frozen.
"""

from __future__ import annotations

import dataclasses
from typing import Any

# Stands for "not given" where a field's default comes from a factory.
_FACTORY = object()


def store_into_slots(cls: type) -> None:
    """Give a frozen, slotted dataclass an __init__ that stores each field straight into its slot."""
    fields = dataclasses.fields(cls)
    scope: dict[str, Any] = {"_FACTORY": _FACTORY}
    params: list[str] = []
    body: list[str] = []
    for f in fields:
        name = f.name
        scope[f"_set_{name}"] = getattr(cls, name).__set__
        if f.default is not dataclasses.MISSING:
            scope[f"_default_{name}"] = f.default
            params.append(f"{name}=_default_{name}")
        elif f.default_factory is not dataclasses.MISSING:
            scope[f"_factory_{name}"] = f.default_factory
            params.append(f"{name}=_FACTORY")
            body.append(f"    if {name} is _FACTORY:\n        {name} = _factory_{name}()")
        else:
            params.append(name)
        body.append(f"    _set_{name}(self, {name})")
    source = f"def __init__(self{''.join(', ' + p for p in params)}):\n" + ("\n".join(body) or "    pass")
    exec(source, scope)  # (generated from the class's own field names, as dataclasses does)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]
