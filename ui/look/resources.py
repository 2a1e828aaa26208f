"""Where the shipped files are, for the client: the one helper lives in game/files/resources.py (pure Python),
so the engine's rulesets and the client's assets resolve the same way whether frozen or not."""

from __future__ import annotations

from game.files.resources import is_frozen, resource_path, resource_root

__all__ = ["is_frozen", "resource_path", "resource_root"]
