"""The calls' sounds: each of 碰, 杠, 胡, 自摸 and 报听 has its own, placed in stereo by where the caller sits,
and no sound device (or one that will not open) leaves the game silent with a one-line message."""

from __future__ import annotations

import logging
import math
import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.events import Claimed, HandWon, KongDeclared, ReadyDeclared, TileDiscarded
from ui.settings.values import Settings
from ui.sound import Mixer, TableSounds, cue_for, pan_gains, seat_pan, synth

CALLS = ("pung", "kong", "hu", "zimo", "ready")


def similarity(a: list[int], b: list[int]) -> float:
    """The normalised correlation of two sounds over their common length (1: the same shape)."""
    n = min(len(a), len(b))
    dot = sum(a[i] * b[i] for i in range(n))
    na = math.sqrt(sum(v * v for v in a[:n]))
    nb = math.sqrt(sum(v * v for v in b[:n]))
    return dot / (na * nb)


def test_each_call_has_a_sound_of_its_own() -> None:
    rendered = {name: list(synth.render(name, 11025)) for name in CALLS}
    for i, a in enumerate(CALLS):
        for b in CALLS[i + 1 :]:
            assert similarity(rendered[a], rendered[b]) < 0.5, f"{a} sounds like {b}"


def test_a_self_drawn_win_calls_zimo_and_a_win_off_a_discard_calls_hu() -> None:
    assert cue_for(HandWon((1,), 4, "self_draw", None, False)) == "zimo"
    assert cue_for(HandWon((1,), 4, "after_kong", None, False)) == "zimo"
    assert cue_for(HandWon((1,), 4, "discard", 0, False)) == "hu"
    assert cue_for(HandWon((1,), 4, "rob_kong", 0, False)) == "hu"


def test_the_pan_follows_the_seat_left_right_or_centre() -> None:
    # The viewer sits at the bottom (seat 0): the next seat on the right, the one across in the middle,
    # the one before on the left.
    assert seat_pan(0) == 0.0 and seat_pan(2) == 0.0
    assert seat_pan(1) > 0.5 and seat_pan(3) < -0.5
    assert seat_pan(2, viewer=1) > 0.5 and seat_pan(0, viewer=1) < -0.5
    left, right = pan_gains(seat_pan(3))
    assert left == 1.0 and right < 0.5
    assert pan_gains(0.0) == (1.0, 1.0)


class Recording(Mixer):
    """A mixer that records what it is asked to play."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[str, float, float]] = []

    def play(self, name: str, gain: float, pan: float = 0.0) -> bool:
        self.calls.append((name, gain, pan))
        return True


def test_the_table_places_each_call_at_the_callers_seat() -> None:
    mixer = Recording()
    sounds = TableSounds(Settings(), mixer)
    sounds.play_event(Claimed(1, "pung", 5, 0))
    sounds.play_event(KongDeclared(3, 7, "concealed", False))
    sounds.play_event(ReadyDeclared(2))
    sounds.play_event(HandWon((3,), 4, "self_draw", None, False))
    sounds.play_event(TileDiscarded(0, 5, False, True))
    assert [(n, p) for n, _, p in mixer.calls] == [
        ("pung", seat_pan(1)),
        ("kong", seat_pan(3)),
        ("ready", seat_pan(2)),
        ("zimo", seat_pan(3)),
        ("discard", 0.0),
    ]


class FakeChannel:
    def __init__(self) -> None:
        self.lr: tuple[float, float] | None = None

    def set_volume(self, left: float, right: float) -> None:
        self.lr = (left, right)


class FakeSound:
    channel = FakeChannel()

    def __init__(self, buffer: bytes) -> None:
        self.volume = 0.0

    def set_volume(self, v: float) -> None:
        self.volume = v

    def play(self) -> FakeChannel:
        return FakeSound.channel


def test_the_mixer_sets_the_channels_left_and_right(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "pulse")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2))
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    mixer = Mixer()
    assert mixer.play("pung", 0.8, seat_pan(3))
    assert FakeSound.channel.lr == pan_gains(seat_pan(3))
    assert mixer.play("hu", 0.8, 0.0)
    assert FakeSound.channel.lr == (1.0, 1.0)


def test_a_mixer_that_cannot_open_says_so_in_one_line_and_the_game_goes_on_silent(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "pre_init", lambda *a, **k: None)

    def broken(*_args: object, **_kw: object) -> None:
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    with caplog.at_level(logging.WARNING):
        sounds = TableSounds(Settings(), Mixer())
        assert sounds.play("hu") is False
        assert sounds.play("pung") is False  # asked again: no second try, no second message
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and "\n" not in warnings[0]
    assert "no sound" in warnings[0] and "silent" in warnings[0]
