"""The background music: pentatonic pieces minutes long before they repeat, phrases that are real sounds,
its own volume and mute (applied while it plays, and saved), a cache folder, and no thread without a device."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from ui.settings.store import load_settings, save_settings, to_json
from ui.settings.values import Settings
from ui.sound import Mixer, music
from ui.sound import music_player as mp

RATE = 8000  # low enough to render a phrase in a fraction of a second


def test_the_music_plays_for_minutes_before_it_repeats() -> None:
    assert music.cycle_seconds() >= 5 * 60
    assert len(music.playlist()) == sum(len(p.form) for p in music.PIECES)
    assert len({p.mode for p in music.PIECES}) >= 3  # several modes, not one tune transposed


@pytest.mark.parametrize("piece", music.PIECES, ids=lambda p: p.name)
def test_every_note_of_a_tune_is_in_its_pentatonic_mode(piece: music.Piece) -> None:
    allowed = {round(12 * o + s) for o in range(-2, 4) for s in piece.mode}
    for letter in piece.phrases:
        tune = music.melody(piece, letter)
        assert tune and sum(length for _, length, _ in tune) == pytest.approx(music.BARS * music.BEATS)
        for _, _, step in tune:
            octave, degree = divmod(step, len(piece.mode))
            assert 12 * octave + piece.mode[degree] in allowed
        assert tune[-1][2] == 5  # every phrase comes home to the tonic


def test_a_phrase_is_stereo_audible_within_its_peak_and_joins_without_a_click() -> None:
    piece = music.PIECES[1]
    samples = music.render_phrase(piece, "A", RATE, 2)
    assert len(samples) == 2 * round(piece.phrase_seconds * RATE)
    left, right = samples[0::2], samples[1::2]
    assert left != right  # the string and the reed sit apart
    peak = max(abs(v) for v in samples)
    assert peak <= round(music.MUSIC_PEAK * 32767) + 1
    rms = (sum(v * v for v in samples) / len(samples)) ** 0.5
    assert rms > 500
    assert samples[0] == samples[1] == 0 and samples[-1] == samples[-2] == 0


def test_the_phrases_of_a_piece_differ() -> None:
    piece = music.PIECES[0]
    tunes = [music.melody(piece, letter) for letter in piece.phrases]
    assert len({tuple(t) for t in tunes}) == len(tunes)


def test_rendered_phrases_are_kept_in_the_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = mp.phrase_samples(1, "B", RATE, 1, tmp_path)
    assert [p.suffix for p in tmp_path.iterdir()] == [".pcm"]

    def fail(*_a: object, **_k: object) -> Any:
        raise AssertionError("rendered again")

    monkeypatch.setattr(music, "render_phrase", fail)
    assert mp.phrase_samples(1, "B", RATE, 1, tmp_path) == first


def test_without_a_sound_device_the_music_starts_no_thread(tmp_path: Path) -> None:
    player = mp.MusicPlayer(Settings(), Mixer(), tmp_path)
    assert not player.mixer.available
    assert player.start() is False
    assert player._thread is None
    player.stop()


class HeldSound:
    def __init__(self) -> None:
        self.volume = -1.0

    def set_volume(self, v: float) -> None:
        self.volume = v


def test_the_music_volume_and_mute_apply_while_it_plays(tmp_path: Path) -> None:
    settings = Settings()
    player = mp.MusicPlayer(settings, Mixer(), tmp_path)
    held = HeldSound()
    player._sounds[(0, "A")] = held  # type: ignore[assignment]
    settings.music_volume = 30
    player.apply_volume()
    assert held.volume == pytest.approx(0.3)
    settings.music_muted = True
    player.apply_volume()
    assert held.volume == 0.0
    settings.volume, settings.muted = 0, True  # the effects' settings leave the music alone
    settings.music_muted = False
    player.apply_volume()
    assert held.volume == pytest.approx(0.3)


def test_the_music_settings_are_saved_and_read_back(tmp_path: Path) -> None:
    settings = Settings()
    settings.music_volume, settings.music_muted = 35, True
    assert to_json(settings)["music_volume"] == 35 and to_json(settings)["music_muted"] is True
    path = tmp_path / "settings.json"
    assert save_settings(settings, path) is None
    loaded = load_settings(path).settings
    assert (loaded.music_volume, loaded.music_muted) == (35, True)


def test_the_settings_screen_changes_and_saves_the_music(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    from ui.kit.widgets import Slider, Toggle
    from ui.menu.settings_screen import SettingsScene
    from ui.probe.offscreen import headless_display, offscreen_app
    from ui.words.strings import tr

    headless_display((1280, 720))
    host = offscreen_app(Settings(), (1280, 720))
    scene = SettingsScene(host)
    host.stack.push(scene)
    scene.turn_page("sound")
    labels = {getattr(w, "label", None): w for w in scene.widgets}
    assert isinstance(labels[tr("set_music_volume")], Slider)
    assert isinstance(labels[tr("set_music_mute")], Toggle)
    scene.change("music_volume", 20)
    scene.change("music_muted", True)
    saved = load_settings(tmp_path / "settings" / "settings.json").settings
    assert (saved.music_volume, saved.music_muted) == (20, True)


class QueueChannel:
    """A channel that 'plays' instantly: what is queued starts when the playing phrase is taken as done."""

    def __init__(self, _index: int = 0) -> None:
        self.started: list[object] = []

    def get_queue(self) -> None:
        return None

    def get_busy(self) -> bool:
        return bool(self.started)

    def play(self, snd: object) -> None:
        self.started.append(snd)

    def queue(self, snd: object) -> None:
        self.started.append(snd)

    def stop(self) -> None:
        pass


def test_the_player_queues_the_playlist_in_order_at_the_music_volume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    channel = QueueChannel()
    monkeypatch.setattr(pygame.mixer, "set_reserved", lambda n: n)
    monkeypatch.setattr(pygame.mixer, "Channel", lambda i: channel)
    monkeypatch.setattr(pygame.mixer, "Sound", lambda buffer: HeldSound())
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(music, "playlist", lambda: [(1, "A"), (1, "B"), (1, "A")])
    mixer = Mixer()
    mixer._tried, mixer._ok, mixer._rate = True, True, 2000
    settings = Settings()
    settings.music_volume = 40
    player = mp.MusicPlayer(settings, mixer, tmp_path)
    assert player.start()
    for _ in range(200):
        if len(player.played) >= 4:
            break
        time.sleep(0.02)
    player.stop()
    assert player.played[:4] == [(1, "A"), (1, "B"), (1, "A"), (1, "A")]
    assert all(isinstance(s, HeldSound) and s.volume == pytest.approx(0.4) for s in channel.started)
    assert len(player._sounds) == 2  # a phrase heard twice is rendered and held once
