"""Playing the background music: a thread renders the phrases of ui.sound.music and queues them on a channel
of their own, at the music's volume from the settings (read again every fraction of a second).

Start-up never waits: the first phrase is rendered in the thread (about two seconds), then each next one
while the one before plays. Rendered phrases are kept in the user's cache folder, so later runs only read
them; only the playing piece's phrases are held in memory. Without a sound device nothing starts.
"""

from __future__ import annotations

import itertools
import logging
import os
import threading
from pathlib import Path
from typing import Protocol

import platformdirs
import pygame

from game.files.userdirs import APP_NAME, HOME_ENV
from ui.sound import music
from ui.sound.mixer import Mixer, shared_mixer, volume_gain

log = logging.getLogger(__name__)

POLL = 0.25  # s between looks at the queue and the settings
CACHE_VERSION = 1  # raised whenever ui/sound/music.py composes differently


class MusicSettings(Protocol):
    """The settings the music reads while it plays."""

    music_volume: int
    music_muted: bool


def cache_folder() -> Path:
    """Where rendered phrases are kept: the platform's cache folder (under $GUIYANG_MAHJONG_HOME when set)."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser().absolute() / "cache" / "music"
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / "music"


def phrase_samples(piece: int, letter: str, rate: int, channels: int, folder: Path | None) -> bytes:
    """The samples of one phrase: read from the cache folder, else rendered (and written there when possible)."""
    path = None
    if folder is not None:
        path = folder / f"v{CACHE_VERSION}-{piece}{letter}-{rate}-{channels}.pcm"
        try:
            return path.read_bytes()
        except OSError:
            pass
    data = music.render_phrase(music.PIECES[piece], letter, rate, channels).tobytes()
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_suffix(".part")
            part.write_bytes(data)
            os.replace(part, path)  # a half-written file is never read as a phrase
        except OSError as exc:
            log.info("music not cached in %s (%s)", path.parent, exc)
    return data


class MusicPlayer:
    """The music, playing in a thread of its own while the game runs."""

    def __init__(self, settings: MusicSettings, mixer: Mixer | None = None, folder: Path | None = None) -> None:
        self.settings = settings
        self.mixer = mixer if mixer is not None else shared_mixer()
        self.folder = folder if folder is not None else cache_folder()
        self.played: list[tuple[int, str]] = []  # phrases queued, in order
        self._sounds: dict[tuple[int, str], pygame.mixer.Sound] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def gain(self) -> float:
        """The music's playback gain now (0..1)."""
        return volume_gain(self.settings.music_volume, self.settings.music_muted)

    def start(self) -> bool:
        """Start the music in the background; False (and nothing runs) without a sound device."""
        if self._thread is not None or not self.mixer.available:
            return False
        self._thread = threading.Thread(target=self._run, name="music", daemon=True)
        self._thread.start()
        return True

    def stop(self) -> None:
        """Stop the music and its thread."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _sound(self, key: tuple[int, str]) -> pygame.mixer.Sound:
        snd = self._sounds.get(key)
        if snd is None:
            # A new piece: the last one's phrases are let go (they come back from the cache folder).
            for old in [k for k in self._sounds if k[0] != key[0]]:
                del self._sounds[old]
            data = phrase_samples(key[0], key[1], self.mixer.rate, self.mixer.channels, self.folder)
            snd = self._sounds[key] = pygame.mixer.Sound(buffer=data)
        return snd

    def apply_volume(self) -> None:
        """Set every held phrase to the settings' music volume (the playing one changes at once)."""
        gain = self.gain()
        for snd in self._sounds.values():
            snd.set_volume(gain)

    def _run(self) -> None:
        try:
            pygame.mixer.set_reserved(1)  # channel 0 is the music's: effects never take it
            channel = pygame.mixer.Channel(0)
            for key in itertools.cycle(music.playlist()):
                snd = self._sound(key)
                self.apply_volume()
                while channel.get_queue() is not None:
                    if self._stop.wait(POLL):
                        return
                    self.apply_volume()
                if self._stop.is_set():
                    return
                if channel.get_busy():
                    channel.queue(snd)
                else:
                    channel.play(snd)
                self.played.append(key)
        except pygame.error as exc:
            log.warning("the music stopped: %s", exc)
        finally:
            if self._stop.is_set() and pygame.mixer.get_init():
                pygame.mixer.Channel(0).stop()


_player: MusicPlayer | None = None


def start_music(settings: MusicSettings) -> MusicPlayer:
    """Start the game's music (once per process); silent without a sound device."""
    global _player
    if _player is None:
        _player = MusicPlayer(settings)
        _player.start()
    return _player
