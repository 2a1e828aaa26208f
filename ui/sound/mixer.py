"""Playing the effects: lazy mixer start-up, volume and mute, and silence when there is no sound device.

Nothing here may stop the game: when SDL_AUDIODRIVER is "dummy", or pygame.mixer cannot start
(no device, a broken driver), every call is a quiet no-op. The effects are rendered by
ui.sound.synth the first time each is played and kept.
"""

from __future__ import annotations

import logging
import os
from array import array

import pygame

from ui.sound import synth

log = logging.getLogger(__name__)


def volume_gain(volume: float, muted: bool) -> float:
    """The playback gain 0..1 for a settings volume: 0..100 (the settings file), or a fraction 0..1."""
    if muted:
        return 0.0
    v = float(volume)
    if v > 1.0:
        v /= 100.0
    return max(0.0, min(1.0, v))


def pan_gains(pan: float) -> tuple[float, float]:
    """The (left, right) gains placing a sound at `pan`, -1 left .. 1 right; the centre is full on both."""
    pan = max(-1.0, min(1.0, pan))
    return min(1.0, 1.0 - pan), min(1.0, 1.0 + pan)


def _stereo(samples: array[int], channels: int) -> array[int]:
    """Mono samples repeated for each of `channels` interleaved channels."""
    if channels == 1:
        return samples
    out = array("h", bytes(2 * len(samples) * channels))
    for c in range(channels):
        out[c::channels] = samples
    return out


class Mixer:
    """Plays named effects; `available` is False (and play does nothing) when there is no sound."""

    def __init__(self) -> None:
        self._tried = False
        self._ok = False
        self._rate = synth.SAMPLE_RATE
        self._channels = 1
        self._sounds: dict[str, pygame.mixer.Sound] = {}

    @property
    def available(self) -> bool:
        """True when a sound device is open (starting the mixer on first ask)."""
        if not self._tried:
            self._tried = True
            self._ok = self._start()
        return self._ok

    def _start(self) -> bool:
        if os.environ.get("SDL_AUDIODRIVER", "").lower() in ("dummy", "disk"):
            return False  # headless: tests, screenshots, servers
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(synth.SAMPLE_RATE, -16, 2, 512)
                pygame.mixer.init()
            got = pygame.mixer.get_init()
        except (pygame.error, OSError, NotImplementedError) as exc:
            # One line the player sees on the console (logging's last resort prints warnings): the game goes on.
            log.warning("no sound: the audio device did not open (%s); the game goes on silent", exc)
            return False
        if not got:
            return False
        rate, size, channels = got
        if abs(size) != 16:
            log.info("no sound: the mixer runs %d-bit samples, the effects are 16-bit", abs(size))
            return False
        self._rate, self._channels = rate, channels
        return True

    @property
    def rate(self) -> int:
        """The device's sample rate (the effects' own before it opens)."""
        return self._rate

    @property
    def channels(self) -> int:
        """The device's channel count (1 before it opens)."""
        return self._channels

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """Effect `name` ready to play (made once), or None without a sound device."""
        if not self.available:
            return None
        snd = self._sounds.get(name)
        if snd is None:
            samples = _stereo(synth.render(name, self._rate), self._channels)
            try:
                snd = pygame.mixer.Sound(buffer=samples.tobytes())
            except pygame.error as exc:
                log.info("sound %s cannot be made (%s)", name, exc)
                return None
            self._sounds[name] = snd
        return snd

    def play(self, name: str, gain: float, pan: float = 0.0) -> bool:
        """Play effect `name` at `gain` (0..1), placed at `pan` (-1 left .. 1 right); True if it was started."""
        if gain <= 0.0:
            return False
        snd = self.sound(name)
        if snd is None:
            return False
        try:
            snd.set_volume(gain)
            channel = snd.play()
            if channel is not None and self._channels >= 2:
                channel.set_volume(*pan_gains(pan))  # set every time: the channel keeps the last sound's place
        except pygame.error as exc:
            log.info("sound %s did not play (%s)", name, exc)
            return False
        return True

    def prepare(self) -> None:
        """Render every effect now (behind a loading moment), so none is made in the middle of play."""
        for name in synth.SOUND_NAMES:
            self.sound(name)


_shared: Mixer | None = None


def shared_mixer() -> Mixer:
    """The one mixer of the process."""
    global _shared
    if _shared is None:
        _shared = Mixer()
    return _shared
