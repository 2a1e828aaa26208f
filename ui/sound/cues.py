"""Which effect each table event makes, and the table's player of them (volume and mute from the settings)."""

from __future__ import annotations

from typing import Protocol

from game.events import (
    Claimed,
    DiceRolled,
    Event,
    HandWon,
    KongDeclared,
    ReadyDeclared,
    TileDiscarded,
    TileDrawn,
    TileFlipped,
    TilesDealt,
)
from ui.sound.mixer import Mixer, shared_mixer, volume_gain

# How loud each effect plays relative to the volume setting: the frequent small sounds sit lower.
LEVELS: dict[str, float] = {
    "click": 0.45,
    "discard": 0.8,
    "dice": 0.9,
    "pung": 0.8,
    "kong": 0.8,
    "hu": 0.9,
    "ready": 0.8,
    "win": 1.0,
    "chicken": 0.9,
}


def cue_for(event: Event) -> str | None:
    """The effect an event makes when it is shown, or None for a silent one."""
    if isinstance(event, TileDiscarded):
        return "discard"
    if isinstance(event, TileDrawn | TilesDealt):
        return "click"
    if isinstance(event, DiceRolled):
        return "dice"
    if isinstance(event, Claimed):
        return "kong" if event.claim == "kong" else "pung"
    if isinstance(event, KongDeclared):
        return "kong"
    if isinstance(event, ReadyDeclared):
        return "ready"
    if isinstance(event, HandWon):
        return "hu"  # the call; the fanfare ("win") opens the settlement screen
    if isinstance(event, TileFlipped):
        return "chicken"
    return None


class SoundSettings(Protocol):
    """The settings the sounds read each time they play."""

    volume: int
    muted: bool


class TableSounds:
    """Plays the table's effects at the settings' volume; silent without a sound device."""

    def __init__(self, settings: SoundSettings, mixer: Mixer | None = None) -> None:
        self.settings = settings
        self.mixer = mixer if mixer is not None else shared_mixer()
        self.played: list[str] = []  # effects started, in order (tests)

    def gain(self, name: str) -> float:
        """The gain effect `name` plays at now."""
        return volume_gain(self.settings.volume, self.settings.muted) * LEVELS.get(name, 1.0)

    def play(self, name: str) -> bool:
        """Play effect `name`; True if it was started."""
        started = self.mixer.play(name, self.gain(name))
        if started:
            self.played.append(name)
        return started

    def play_event(self, event: Event) -> None:
        """Play the effect an event makes, if any."""
        name = cue_for(event)
        if name is not None:
            self.play(name)
