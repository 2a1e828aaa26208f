"""Sound: the synthesised effects are real sounds of the right length, the mixer is silent without a
device, and the table's events make the right effects."""

from __future__ import annotations

import math
import os
from typing import Any, ClassVar

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.events import (
    Claimed,
    DiceRolled,
    HandWon,
    KongDeclared,
    ReadyDeclared,
    TileDiscarded,
    TileDrawn,
    TileFlipped,
    WallExhausted,
)
from ui.settings.values import Settings
from ui.sound import Mixer, TableSounds, cue_for, synth, volume_gain


@pytest.mark.parametrize("name", synth.SOUND_NAMES)
def test_effects_are_audible_the_right_length_and_click_free(name: str) -> None:
    rate = 22050
    samples = synth.render(name, rate)
    assert len(samples) == round(synth.duration(name) * rate)
    rms = math.sqrt(sum(v * v for v in samples) / len(samples))
    assert rms > 300, f"{name} is nearly silent"
    assert max(abs(v) for v in samples) <= round(synth.PEAK * 32767) + 1
    # It starts and ends at silence: no step that would click.
    assert samples[0] == 0 and samples[-1] == 0
    assert max(abs(v) for v in samples[-8:]) < 1500


def test_wav_bytes_hold_the_samples() -> None:
    samples = synth.render("click", 8000)
    data = synth.to_wav_bytes(samples, 8000)
    assert data[:4] == b"RIFF" and len(data) == 44 + 2 * len(samples)


def test_unknown_effect_is_named() -> None:
    with pytest.raises(KeyError, match="no sound effect 'gong'"):
        synth.duration("gong")


def test_mixer_is_silent_under_the_dummy_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    mixer = Mixer()
    assert not mixer.available
    assert mixer.play("win", 1.0) is False
    assert mixer.sound("win") is None


def test_mixer_is_silent_when_init_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)

    def broken(*_args: object, **_kw: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "pre_init", lambda *a, **k: None)
    sounds = TableSounds(Settings(), Mixer())
    assert sounds.play("discard") is False
    sounds.play_event(TileDiscarded(0, 3, False, False))
    assert sounds.played == []


class FakeSound:
    made: ClassVar[list[int]] = []

    def __init__(self, buffer: bytes) -> None:
        FakeSound.made.append(len(buffer))
        self.volume = -1.0
        self.plays = 0

    def set_volume(self, v: float) -> None:
        self.volume = v

    def play(self) -> None:
        self.plays += 1


def test_volume_and_mute_reach_the_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "pulse")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (22050, -16, 2))
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    settings = Settings()
    settings.volume = 50
    sounds = TableSounds(settings, Mixer())
    assert sounds.play("win")
    snd: Any = sounds.mixer.sound("win")  # the FakeSound the mixer made
    assert isinstance(snd, FakeSound) and snd.plays == 1
    assert snd.volume == pytest.approx(0.5)
    assert FakeSound.made[-1] == 2 * 2 * round(synth.duration("win") * 22050)  # stereo, 16-bit
    settings.muted = True
    assert not sounds.play("win") and snd.plays == 1
    assert volume_gain(80, False) == pytest.approx(0.8) and volume_gain(0.3, False) == pytest.approx(0.3)


def test_every_sounding_event_maps_to_an_effect() -> None:
    place = (0, 0, 0)
    expected = {
        TileDiscarded(0, 5, False, True): "discard",
        TileDrawn(1, place, None, False, 50): "click",
        DiceRolled(0, (3, 4), "break"): "dice",
        Claimed(2, "pung", 5, 0): "pung",
        Claimed(2, "kong", 5, 0): "kong",
        KongDeclared(1, 7, "concealed", False): "kong",
        ReadyDeclared(3): "ready",
        HandWon((1,), 4, "discard", 0, False): "hu",
        TileFlipped(place, 8, 0): "chicken",
    }
    for event, name in expected.items():
        assert cue_for(event) == name
        assert name in synth.SOUND_NAMES
    assert cue_for(WallExhausted()) is None
