"""Reading aloud: the system's own voice (through pyttsx3), behind a speaker that never keeps the game waiting.

A speech engine blocks while it speaks, and starting one can take a while; so the engine lives in a worker thread
of its own and the table only puts lines on the speaker's queue, which never waits. A newer line of the same kind
(a discard after a discard) replaces one still queued, so the voice keeps up with the table. Without a voice (no
pyttsx3, no system voice, an engine that fails) the speaker says so once in the log, reports it to the settings
screen, and drops every line: the game plays on without it.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import sys
import threading
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)

QUEUE_MOST = 16  # lines waiting at most; the oldest goes first when the table runs far ahead of the voice

# The words in a voice's id, name and languages that tell what it speaks (pyttsx3 lists no more than that). A
# Mandarin voice reads Chinese best, then one that only says Chinese, then a Cantonese or Taiwanese one. espeak-ng
# looks each character up as pinyin with a tone digit: its "latin as pinyin" Mandarin voice reads that as Mandarin,
# while its plain one (1.51, Debian 12) reads it as English ("si four" for 四), so the pinyin one comes first.
# espeak-ng's plain Mandarin voice is named "latin as English": a voice with any Chinese word is no English voice.
CHINESE = frozenset({"zh", "cmn", "chinese", "mandarin", "yue", "cantonese"})
MANDARIN = frozenset({"cmn", "mandarin", "hans"})
OTHER_CHINESE = frozenset({"yue", "cantonese", "hk", "tw", "hant"})
ENGLISH = frozenset({"en", "english"})
ENGLISH_PLACES = frozenset({"us", "gb", "uk"})


class NoVoice(RuntimeError):
    """This computer has no voice the game can speak with."""


class Engine(Protocol):
    """A text-to-speech engine; every call comes from the speaker's worker thread."""

    def start(self) -> None:
        """Get the voice ready; raises when there is none."""
        ...

    def use_language(self, language: str) -> bool:
        """Speak `language` ("zh", "en") from now on; False when no voice of it was found (the default speaks)."""
        ...

    def say(self, text: str) -> None:
        """Say `text`, returning once it has been said."""
        ...


class VoiceLike(Protocol):
    """A voice as pyttsx3 lists it."""

    id: Any
    name: Any
    languages: Any


def _words(voice: VoiceLike) -> set[str]:
    """The lower-case words of a voice's id, name and languages (espeak lists its languages as bytes)."""
    langs = voice.languages if isinstance(voice.languages, list | tuple) else [voice.languages]
    parts = [voice.id, voice.name, *langs]
    text = " ".join(p.decode("utf-8", "ignore") if isinstance(p, bytes) else str(p or "") for p in parts)
    return set(re.split(r"[^a-z0-9]+", text.lower()))


def voice_rank(voice: VoiceLike, language: str) -> int | None:
    """How well a voice speaks `language` ("zh", "en"): 0 best, None not at all."""
    words = _words(voice)
    if language == "zh" and words & CHINESE:
        if words & MANDARIN or {"zh", "cn"} <= words:
            return 0 if "pinyin" in words else 1
        return 3 if words & OTHER_CHINESE else 2
    if language == "en" and words & ENGLISH and not words & CHINESE:
        return 0 if words & ENGLISH_PLACES else 1
    return None


def pick_voice(voices: Iterable[VoiceLike], language: str, current: str | None = None) -> VoiceLike | None:
    """The voice to speak `language` with: the best ranked, the system's current voice among equals; None if none."""
    best: tuple[int, int, VoiceLike] | None = None
    for order, voice in enumerate(voices):
        rank = voice_rank(voice, language)
        if rank is None:
            continue
        key = (rank, -1 if current is not None and str(voice.id) == current else order)
        if best is None or key < best[:2]:
            best = (*key, voice)
    return None if best is None else best[2]


def headless() -> bool:
    """True without a sound device by choice (tests, screenshots, servers): then there is no voice either."""
    return os.environ.get("SDL_AUDIODRIVER", "").lower() in ("dummy", "disk")


class SystemVoice:
    """The system's voice through pyttsx3: SAPI on Windows, the system voice on macOS, espeak-ng on Linux."""

    def __init__(self, driver: str | None = None, to_files: bool = False) -> None:
        self.driver = driver  # a pyttsx3 driver name; None: the system's own
        self.to_files = to_files  # only writes sound files (save): needs nothing to play them
        self._engine: Any = None
        self._voices: list[Any] = []
        self._default: str | None = None

    def start(self) -> None:
        """Start pyttsx3 in this thread; NoVoice when it is missing, the system has no voice, or nothing would play
        espeak-ng's speech."""
        try:
            import pyttsx3  # type: ignore[import-untyped]  # no type information shipped
        except ImportError as exc:
            raise NoVoice(f"pyttsx3 is not installed ({exc})") from exc
        if sys.platform == "win32":
            try:  # SAPI is a COM server: the worker thread must join COM before it may talk to it
                import comtypes

                comtypes.CoInitialize()
            except Exception as exc:  # pyttsx3's own start then says what is wrong
                log.debug("COM not set up for the voice thread: %s", exc)
        self._engine = pyttsx3.init(self.driver)
        if self.driver_name == "espeak" and sys.platform.startswith("linux") and not self.to_files:
            if shutil.which("aplay") is None:
                # pyttsx3 plays espeak-ng's speech with ALSA's aplay: without it every line would pass in silence.
                raise NoVoice("espeak-ng speaks through aplay, from alsa-utils, which is not installed")
        self._voices = list(self._engine.getProperty("voices") or [])
        if not self._voices:
            raise NoVoice("the system lists no voices")
        default = self._engine.getProperty("voice")
        self._default = None if default is None else str(default)

    @property
    def driver_name(self) -> str:
        """The pyttsx3 driver speaking (espeak, sapi5, nsss ...), once started."""
        return "" if self._engine is None else str(self._engine)

    def use_language(self, language: str) -> bool:
        """Choose the voice for `language`, the system's default when it has none (False)."""
        voice = pick_voice(self._voices, language, self._default)
        chosen = self._default if voice is None else str(voice.id)
        if chosen is not None:
            self._engine.setProperty("voice", chosen)
        return voice is not None

    def say(self, text: str) -> None:
        """Say `text` aloud, waiting until it is said."""
        self._engine.say(text)
        self._engine.runAndWait()

    def save(self, text: str, path: Path) -> None:
        """Write `text` spoken to the sound file `path` (a WAV with espeak-ng) instead of saying it."""
        self._engine.save_to_file(text, str(path))
        self._engine.runAndWait()


class RecordingEngine:
    """An engine that writes down what it would say (tests, and the speech log): `said` holds the lines, and with a
    `path` each is also added there as `language<TAB>text`."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.language = ""
        self.said: list[str] = []
        self.languages: list[str] = []  # the language each line was said in

    def start(self) -> None:
        """Nothing to start (the log file is opened line by line)."""

    def use_language(self, language: str) -> bool:
        """Note the language the next lines are in."""
        self.language = language
        return True

    def say(self, text: str) -> None:
        """Write the line down."""
        self.said.append(text)
        self.languages.append(self.language)
        if self.path is not None:
            with self.path.open("a", encoding="utf-8") as f:
                f.write(f"{self.language}\t{text}\n")


class Silent:
    """The engine where the game has no sound device: it has no voice."""

    def start(self) -> None:
        """There is nothing to speak with."""
        raise NoVoice("no sound device")

    def use_language(self, language: str) -> bool:
        """Never called: start has failed."""
        return False

    def say(self, text: str) -> None:
        """Never called: start has failed."""


@dataclass(frozen=True, slots=True)
class Line:
    """A line waiting to be said; a newer line of the same `kind` replaces it (None: none does)."""

    text: str
    language: str
    kind: str | None


class Speaker:
    """Says lines through an engine in a worker thread; `say` only queues and never waits for the voice."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._lines: deque[Line] = deque(maxlen=QUEUE_MOST)
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._available: bool | None = None
        self._busy = False
        self._closed = False
        self._told: set[str] = set()  # the languages already logged as having no voice of their own

    @property
    def available(self) -> bool | None:
        """True once the voice has started, False when there is none (or it failed), None while not yet known."""
        return self._available

    def start(self) -> None:
        """Start the voice in its thread, if not yet started; returns at once."""
        with self._cond:
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    def say(self, text: str, language: str, kind: str | None = None) -> bool:
        """Queue `text` to be said in `language`, dropping a queued line of the same `kind`; False without a voice."""
        if self._available is False or not text:
            return False
        self.start()
        with self._cond:
            if kind is not None:
                kept = [line for line in self._lines if line.kind != kind]
                self._lines.clear()
                self._lines.extend(kept)
            self._lines.append(Line(text, language, kind))
            self._cond.notify_all()
        return True

    def pending(self) -> list[str]:
        """The lines still waiting to be said."""
        with self._cond:
            return [line.text for line in self._lines]

    def wait_idle(self, timeout: float) -> bool:
        """Wait up to `timeout` seconds until every queued line is said (tests); True if it was."""
        with self._cond:
            return self._cond.wait_for(
                lambda: self._available is False or (self._available is True and not self._lines and not self._busy),
                timeout,
            )

    def close(self) -> None:
        """Stop the worker after the line it is saying; lines still queued are dropped."""
        with self._cond:
            self._closed = True
            self._lines.clear()
            self._cond.notify_all()

    def _fail(self, what: str, exc: BaseException) -> None:
        # One line the player sees on the console (logging's last resort prints warnings): the game goes on.
        log.warning("no voice: %s (%s); the game goes on without reading aloud", what, exc)
        with self._cond:
            self._available = False
            self._lines.clear()
            self._busy = False
            self._cond.notify_all()

    def _run(self) -> None:
        try:
            self.engine.start()
        except Exception as exc:  # any failure of a system library means: no voice
            self._fail("the speech engine did not start", exc)
            return
        with self._cond:
            self._available = True
            self._cond.notify_all()
        language = ""
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._lines) or self._closed)
                if self._closed:
                    return
                line = self._lines.popleft()
                self._busy = True
            try:
                if line.language != language:
                    language = line.language
                    if not self.engine.use_language(language) and language not in self._told:
                        self._told.add(language)
                        log.info("no %s voice on this computer: the default voice reads it", language)
                self.engine.say(line.text)
            except Exception as exc:  # as at the start: the voice is gone, the game is not
                self._fail("the voice stopped", exc)
                return
            with self._cond:
                self._busy = False
                self._cond.notify_all()


def default_engine() -> Engine:
    """The system's voice, or silence where the game runs without a sound device."""
    return Silent() if headless() else SystemVoice()


_shared: Speaker | None = None


def shared_speaker() -> Speaker:
    """The one speaker of the process (made on first use; its voice starts when it is first needed)."""
    global _shared
    if _shared is None:
        _shared = Speaker(default_engine())
    return _shared


def use_speech_log(path: Path) -> Speaker:
    """Make the shared speaker write each line to `path` instead of saying it (a debugging aid)."""
    global _shared
    _shared = Speaker(RecordingEngine(path))
    return _shared
