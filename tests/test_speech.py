"""Reading aloud: the voice says each discard and call in the table's language, 定缺 and (on V) the player's hand and
waits; with speech_calls it says the calls instead of their tones; off, it says nothing; without a voice the
settings screen says so and the table plays on; and the speaker never keeps its caller waiting."""

from __future__ import annotations

import logging
import os
import shutil
import sys
import threading
import time
import wave
from array import array
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.core.tiles import parse_tiles
from game.engine.events import Claimed, HandWon, KongDeclared, ReadyDeclared, SuitNamed, SuitsShown, TileDiscarded
from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.menu.settings_screen import SettingsScene
from ui.probe.moments import stage_until
from ui.probe.offscreen import offscreen_app
from ui.settings.values import Settings, Speed
from ui.sound import Mixer, TableSounds
from ui.sound import speech as speech_module
from ui.sound.speech import NoVoice, RecordingEngine, Speaker, SystemVoice, pick_voice
from ui.table.model import MeldView
from ui.table.read_aloud import TableVoice
from ui.table.scene import TableScene
from ui.words import speech as W
from ui.words import strings as S

SIZE = (1280, 720)
CLASSIC = load_ruleset("guiyang-classic")
WAIT = 5.0  # seconds a test gives the speaker's thread (it needs milliseconds)


@pytest.fixture(autouse=True)
def _chinese() -> Iterator[None]:
    S.set_language("zh")
    yield
    S.set_language("zh")


class Tones(Mixer):
    """A mixer that writes down the effects it is asked to play."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def play(self, name: str, gain: float, pan: float = 0.0) -> bool:
        self.names.append(name)
        return True


class FailingEngine(RecordingEngine):
    """An engine whose start fails, as pyttsx3's does without espeak-ng."""

    def start(self) -> None:
        raise OSError("libespeak-ng.so.1: cannot open shared object file")


class GatedEngine(RecordingEngine):
    """An engine that holds each line until the test lets it go."""

    def __init__(self) -> None:
        super().__init__()
        self.saying = threading.Event()
        self.gate = threading.Event()

    def say(self, text: str) -> None:
        self.saying.set()
        self.gate.wait(WAIT)
        super().say(text)


class SleepyEngine(RecordingEngine):
    """An engine that takes a second to start and a second for each line."""

    def start(self) -> None:
        time.sleep(1.0)

    def say(self, text: str) -> None:
        time.sleep(1.0)
        super().say(text)


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> Iterator[RecordingEngine]:
    """A recording engine behind the shared speaker, so the table and the settings screen use it."""
    made = RecordingEngine()
    speaker = Speaker(made)
    monkeypatch.setattr(speech_module, "_shared", speaker)
    yield made
    speaker.close()


def _table(settings: Settings, engine: RecordingEngine) -> tuple[TableSounds, Tones, Speaker]:
    """The table's sounds with a voice, as the table scene hooks them up."""
    tones = Tones()
    speaker = Speaker(engine)
    sounds = TableSounds(settings, tones)
    sounds.voice = TableVoice(settings, speaker)
    return sounds, tones, speaker


SCRIPT = (
    TileDiscarded(1, 3, False, False),  # 四万
    Claimed(2, "pung", 3, 1),
    TileDiscarded(2, 18, False, False),  # 幺鸡
    KongDeclared(0, 25, "concealed", False),
    ReadyDeclared(3),
    HandWon((0,), 10, "discard", 3, False),
    HandWon((3,), 26, "self_draw", None, False),
)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("zh", ["四万", "碰", "幺鸡", "杠", "报听", "胡", "自摸"]),
        ("en", ["4 Characters", "Pung", "1 Bamboo", "Kong", "Ready", "Win", "Self-drawn"]),
    ],
)
def test_reading_aloud_says_each_discard_and_call_in_the_tables_language(language: str, said: list[str]) -> None:
    S.set_language(language)
    settings = Settings(language=language, speech=True)
    sounds, tones, speaker = _table(settings, engine := RecordingEngine())
    speaker.start()
    assert speaker.wait_idle(WAIT)
    for event in SCRIPT:
        sounds.play_event(event)
        assert speaker.wait_idle(WAIT)  # one at a time: a later discard would drop a discard still queued
    assert engine.said == said
    assert set(engine.languages) == {language}
    # Without speech_calls the tones still play beside the voice.
    assert tones.names == ["discard", "pung", "discard", "kong", "ready", "hu", "zimo"]
    speaker.close()


def test_dingque_at_a_table_of_three_says_each_seats_missing_suit() -> None:
    settings = Settings(speech=True)
    sounds, _tones, speaker = _table(settings, engine := RecordingEngine())
    sounds.play_event(SuitNamed(0, 1))  # the player's own choice, shown at once
    sounds.play_event(SuitNamed(1, None))  # another's, hidden until all have chosen: nothing to say
    assert speaker.wait_idle(WAIT)
    sounds.play_event(SuitsShown((0, 2, -1, 1)))  # by place: no one across at three
    assert speaker.wait_idle(WAIT)
    assert engine.said == ["你缺筒", "你缺万，下家缺条，上家缺筒"]
    S.set_language("en")
    sounds.play_event(SuitsShown((0, 2, -1, 1)))
    assert speaker.wait_idle(WAIT)
    assert engine.said[-1] == "You: no Characters, Right: no Bamboo, Left: no Dots"
    speaker.close()


def test_with_speech_calls_the_voice_says_the_calls_and_their_tones_do_not_play() -> None:
    settings = Settings(speech_calls=True)  # the calls only: no discards read
    sounds, tones, speaker = _table(settings, engine := RecordingEngine())
    speaker.start()
    assert speaker.wait_idle(WAIT)
    for event in SCRIPT:
        sounds.play_event(event)
    assert speaker.wait_idle(WAIT)
    assert engine.said == ["碰", "杠", "报听", "胡", "自摸"]
    assert tones.names == ["discard", "discard"]
    speaker.close()


def test_with_reading_aloud_off_nothing_is_said_and_no_voice_is_started() -> None:
    settings = Settings()
    assert not settings.speech and not settings.speech_calls  # off by default
    sounds, tones, speaker = _table(settings, engine := RecordingEngine())
    for event in SCRIPT:
        sounds.play_event(event)
    assert isinstance(sounds.voice, TableVoice) and not sounds.voice.read_hand("一二三万")
    assert engine.said == [] and speaker.available is None
    assert tones.names == ["discard", "pung", "discard", "kong", "ready", "hu", "zimo"]


def _known_hand(scene: TableScene, tiles: str, drawn: str | None = None, melds: tuple[MeldView, ...] = ()) -> None:
    """Lay a known hand at the bottom of the table, as the model shows it."""
    model = scene.model
    model.hands[0] = parse_tiles(tiles)
    model.drawn[0] = parse_tiles(drawn)[0] if drawn else None
    model.melds[0] = list(melds)
    model.revealed[0] = None


def _press(scene: TableScene, key: int) -> None:
    scene.host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_v_at_the_table_reads_the_hand_and_its_waits(engine: RecordingEngine) -> None:
    headless_display(SIZE)
    host = offscreen_app(Settings(speech=True, speed=Speed.NORMAL), SIZE)
    scene = TableScene(host, CLASSIC, "voice")
    host.stack.push(scene)
    speaker = speech_module.shared_speaker()
    _known_hand(scene, "123m45556p23789s")
    _press(scene, pygame.K_v)
    assert speaker.wait_idle(WAIT)
    assert engine.said == ["一二三万，四五五五六筒，二三七八九条。听幺鸡、四条。"]
    # Holding a tile to discard: each discard that leaves the hand ready, and its waits.
    _known_hand(scene, "123m45556p23789s", drawn="9m")
    _press(scene, pygame.K_v)
    assert speaker.wait_idle(WAIT)
    assert "打九万听幺鸡、四条" in engine.said[-1]
    # A pung, and a hand that is not ready, in English.
    S.set_language("en")
    _known_hand(scene, "19m1599p2468s", melds=(MeldView(27 - 1, "pung", 1),))
    _press(scene, pygame.K_v)
    assert speaker.wait_idle(WAIT)
    assert engine.said[-1] == "1 9 Characters, 1 5 9 9 Dots, 2 4 6 8 Bamboo. Pung of 9 Bamboo. Not ready."
    # With reading aloud off, V says nothing.
    host.settings.speech = False
    _press(scene, pygame.K_v)
    assert speaker.wait_idle(WAIT) and len(engine.said) == 3


def test_the_hand_words_name_a_ready_hands_waits_and_an_unready_one() -> None:
    nine_gates = W.hand_words(parse_tiles("1112345678999m"), [], [0, 1, 2])
    assert nine_gates == "一一一二三四五六七八九九九万。听一万、二万、三万。"
    assert W.hand_words(parse_tiles("1m"), [("added", 4)], discards={}) == "一万。杠五万。没听牌。"


def test_a_newer_discard_replaces_one_still_queued_but_calls_stay() -> None:
    engine = GatedEngine()
    speaker = Speaker(engine)
    assert speaker.say("三万", "zh", kind="discard")
    assert engine.saying.wait(WAIT)  # the voice is busy with the first
    speaker.say("四万", "zh", kind="discard")
    speaker.say("碰", "zh")
    speaker.say("五万", "zh", kind="discard")
    assert speaker.pending() == ["碰", "五万"]
    engine.gate.set()
    assert speaker.wait_idle(WAIT)
    assert engine.said == ["三万", "碰", "五万"]
    speaker.close()


def test_the_speaker_never_keeps_its_caller_waiting() -> None:
    speaker = Speaker(SleepyEngine())  # a second to start, a second a line
    began = time.perf_counter()
    for tile in ("一万", "二万", "三万"):
        assert speaker.say(tile, "zh", kind="discard")
    speaker.say("碰", "zh")
    assert time.perf_counter() - began < 0.2
    speaker.close()


def test_an_engine_that_fails_to_start_leaves_the_table_playing_and_the_settings_say_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    failing = Speaker(FailingEngine())
    monkeypatch.setattr(speech_module, "_shared", failing)
    # The settings screen, on its sound page with reading aloud on, looks for the voice and says there is none.
    headless_display(SIZE)
    host = HeadlessHost(Settings(speech=True, speech_calls=True), SIZE)
    screen = SettingsScene(host)
    host.stack.push(screen)
    screen.turn_page("sound")
    surface = pygame.Surface(SIZE)
    with caplog.at_level(logging.WARNING, logger="ui.sound.speech"):
        screen.draw(surface)  # starts the voice in its thread: the frame does not wait for it
        assert failing.wait_idle(WAIT) and failing.available is False
    assert not screen.animating()
    assert screen.voice_note() == "本机没有可用的语音"
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "no voice" in warnings[0].getMessage()
    without = surface.copy()
    screen.draw(without)
    # The line shows under the spoken-calls toggle, where a computer with a voice shows nothing.
    monkeypatch.setattr(speech_module, "_shared", Speaker(RecordingEngine()))
    speech_module.shared_speaker().start()
    assert speech_module.shared_speaker().wait_idle(WAIT)
    with_voice = surface.copy()
    screen.draw(with_voice)
    assert screen.voice_note() == ""
    row = next(w for w in screen.widgets if getattr(w, "label", "") == S.tr("set_speech_calls")).rect
    below = pygame.Rect(row.left, row.bottom, row.width, row.height)
    assert any(
        without.get_at((x, y)) != with_voice.get_at((x, y))
        for x in range(below.left, below.right, 2)
        for y in range(below.top, below.bottom, 2)
    )
    host.settings.speech = host.settings.speech_calls = False
    assert screen.voice_note() == ""  # only when reading aloud is asked for
    # The table plays on: its calls keep their tones, V and the discards say nothing, and no frame fails.
    monkeypatch.setattr(speech_module, "_shared", failing)
    app, scene = stage_until(lambda s: s.obs is not None, SIZE, CLASSIC, seed="voice", opponents=SimpleAgent)
    app.settings.speech = app.settings.speech_calls = True
    app.settings.speed = Speed.FAST
    assert isinstance(scene.sounds.voice, TableVoice) and not scene.sounds.voice.read_hand("一万")
    sounds = TableSounds(app.settings, tones := Tones())
    sounds.voice = scene.sounds.voice
    sounds.play_event(Claimed(1, "pung", 3, 0))
    assert tones.names == ["pung"]
    shown = len(scene.presenter.started)
    _press(scene, pygame.K_v)
    scene.pause_autopilot = None  # the bot plays the player's seat on
    for _ in range(600):
        app.stack.update(FRAME)
    assert len(scene.presenter.started) > shown


def test_a_voice_is_chosen_for_each_language() -> None:
    def voice(id_: str, name: str, languages: list[object]) -> SimpleNamespace:
        return SimpleNamespace(id=id_, name=name, languages=languages)

    espeak = [
        voice("gmw/af", "Afrikaans", ["af"]),
        voice("sit/cmn", "Chinese (Mandarin, latin as English)", ["cmn"]),
        voice("sit/cmn-latn-pinyin", "Chinese (Mandarin, latin as Pinyin)", ["cmn-latn-pinyin"]),
        voice("sit/yue", "Chinese (Cantonese)", [b"\x05zh-yue"]),
        voice("gmw/en", "English (Great Britain)", ["en-gb"]),
        voice("gmw/en-us", "English (America)", ["en-us"]),
    ]
    # espeak-ng's Mandarin that reads its own pinyin as Mandarin, not as English ("si four" for 四).
    assert pick_voice(espeak, "zh").id == "sit/cmn-latn-pinyin"  # type: ignore[union-attr]
    plain = [v for v in espeak if v.id != "sit/cmn-latn-pinyin"]
    assert pick_voice(plain, "zh").id == "sit/cmn"  # type: ignore[union-attr]
    assert pick_voice(espeak, "en").id == "gmw/en"  # type: ignore[union-attr]
    assert pick_voice(espeak, "en", current="gmw/en-us").id == "gmw/en-us"  # type: ignore[union-attr]
    sapi = [
        voice(r"HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\TTS_MS_EN-US_ZIRA_11.0", "Zira", []),
        voice(r"HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\TTS_MS_ZH-CN_HUIHUI_11.0", "Huihui", []),
    ]
    assert "HUIHUI" in pick_voice(sapi, "zh").id  # type: ignore[union-attr]
    assert "ZIRA" in pick_voice(sapi, "en").id  # type: ignore[union-attr]
    mac = [voice("com.apple.voice.compact.en-US.Samantha", "Samantha", ["en_US"])]
    assert pick_voice(mac, "zh") is None  # the default voice reads Chinese, with a line in the log


def test_the_system_voice_writes_chinese_and_english_to_a_wav(tmp_path: Path) -> None:
    voice = SystemVoice(to_files=True)
    try:
        voice.start()
    except Exception as exc:  # no pyttsx3, no espeak-ng, no system voice: nothing to check here
        pytest.skip(f"no system voice on this machine ({exc})")
    if voice.driver_name != "espeak":
        pytest.skip("only espeak-ng writes a WAV file this test can read")
    for language, text in (("zh", "四万，碰，听幺鸡"), ("en", "4 Characters, Pung, waiting on 1 Bamboo")):
        assert voice.use_language(language), f"no {language} voice"
        path = tmp_path / f"{language}.wav"
        voice.save(text, path)
        with wave.open(str(path)) as wav:
            seconds = wav.getnframes() / wav.getframerate()
            samples = array("h", wav.readframes(wav.getnframes()))
        assert seconds > 0.5, f"{language}: {seconds:.2f} s"
        assert max(abs(v) for v in samples) > 3000, f"{language}: silent"


def test_espeak_ng_without_aplay_to_play_it_is_no_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    """pyttsx3 plays espeak-ng's speech with aplay: a Linux system without it would read every line in silence."""
    monkeypatch.setattr(shutil, "which", lambda name: None)
    voice = SystemVoice()
    try:
        voice.start()
    except NoVoice as exc:
        assert "aplay" in str(exc)
        return
    except Exception as exc:  # no pyttsx3 or no espeak-ng: nothing to check here
        pytest.skip(f"no system voice on this machine ({exc})")
    if voice.driver_name == "espeak" and sys.platform.startswith("linux"):
        pytest.fail("espeak-ng was taken for a voice with nothing to play it")
