"""Which effect each table event makes, and the table's player of them (volume and mute from the settings)."""

from __future__ import annotations

from typing import Protocol

from game.engine.events import (
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
    "zimo": 0.9,
    "ready": 0.8,
    "win": 1.0,
    "chicken": 0.9,
}


SELF_DRAWN = ("self_draw", "after_kong")  # the HandWon.how values of a win on the winner's own draw
# Where the calls made at each place round the table sound, -1 left .. 1 right (the table's events are by place,
# ui/table/rotation.py): the bottom and across in the middle, 下家 on the right, 上家 on the left.
SEAT_PAN = (0.0, 0.75, 0.0, -0.75)


def seat_pan(seat: int, viewer: int = 0) -> float:
    """Where in the stereo field a sound made at place `seat` is heard by someone sitting at place `viewer`."""
    return SEAT_PAN[(seat - viewer) % len(SEAT_PAN)]


def caller_of(event: Event) -> int | None:
    """The seat that made the call or the move `event` sounds for (the first winner of a win), if any."""
    if isinstance(event, HandWon):
        return event.winners[0] if event.winners else None
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) else None


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
        # The call; the fanfare ("win") opens the settlement screen.
        return "zimo" if event.how in SELF_DRAWN else "hu"
    if isinstance(event, TileFlipped):
        return "chicken"
    return None


class Voice(Protocol):
    """Reads the table aloud (ui/table/read_aloud.py)."""

    def tell(self, event: Event) -> bool:
        """Say what `event` is, as the settings ask; True when its call is said in place of its tone."""
        ...


class SoundSettings(Protocol):
    """The settings the sounds read each time they play."""

    volume: int
    muted: bool


class TableSounds:
    """Plays the table's effects at the settings' volume; silent without a sound device."""

    def __init__(self, settings: SoundSettings, mixer: Mixer | None = None, viewer: int = 0) -> None:
        self.settings = settings
        self.mixer = mixer if mixer is not None else shared_mixer()
        self.viewer = viewer  # the table's seat at the bottom of the screen (the events' seats are the table's)
        self.played: list[str] = []  # effects started, in order (tests)
        self.pans: list[float] = []  # and where each was placed
        self.voice: Voice | None = None  # reads the table aloud, as the settings ask (the table scene sets it)

    def gain(self, name: str) -> float:
        """The gain effect `name` plays at now."""
        return volume_gain(self.settings.volume, self.settings.muted) * LEVELS.get(name, 1.0)

    def play(self, name: str, pan: float = 0.0) -> bool:
        """Play effect `name` placed at `pan` (-1 left .. 1 right); True if it was started."""
        started = self.mixer.play(name, self.gain(name), pan)
        if started:
            self.played.append(name)
            self.pans.append(pan)
        return started

    def play_event(self, event: Event) -> None:
        """Play the effect an event makes, if any, from where the seat that made it sits; a call the voice says
        (the speech_calls setting) makes no tone."""
        if self.voice is not None and self.voice.tell(event):
            return
        name = cue_for(event)
        if name is not None:
            seat = caller_of(event)
            self.play(name, 0.0 if seat is None else seat_pan(seat, self.viewer))
