"""The window and its scenes: the stack's order, resizing, full screen on F11, and the client's strings."""

from __future__ import annotations

import os
import re
import string
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.rules.loader import load_ruleset
from main import build_parser
from ui.entry.cli import parse_size
from ui.settings.values import Settings, Speed
from ui.stage.app import App
from ui.stage.scene import Scene, SceneStack
from ui.table.scene import TableScene
from ui.words import strings as S

ROOT = Path(__file__).resolve().parent.parent


class Probe(Scene):
    """A scene that records what it is given."""

    def __init__(self, host, opaque: bool = True) -> None:
        super().__init__(host)
        self.opaque = opaque
        self.events: list[int] = []
        self.updates = 0
        self.draws = 0
        self.sizes: list[tuple[int, int]] = []

    def handle_event(self, event: pygame.event.Event) -> None:
        self.events.append(event.type)

    def update(self, dt: float) -> None:
        self.updates += 1

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1

    def resize(self, size: tuple[int, int]) -> None:
        self.sizes.append(size)


def test_only_the_top_scene_gets_events_and_overlays_draw_over_the_scene_below() -> None:
    stack = SceneStack()
    stack.resize((800, 600))
    table, overlay = Probe(None), Probe(None, opaque=False)
    stack.push(table)
    stack.push(overlay)
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    stack.update(0.1)
    stack.draw(pygame.Surface((10, 10)))
    assert overlay.events and not table.events
    assert overlay.updates == 1 and table.updates == 0
    assert overlay.draws == table.draws == 1
    assert table.sizes == overlay.sizes == [(800, 600)]
    stack.remove(table)
    assert stack.scenes() == (overlay,)
    assert stack.pop() is overlay and stack.top is None and stack.pop() is None


def test_f11_toggles_full_screen_and_back_and_resizes_the_scenes() -> None:
    app = App(Settings(), size=(1280, 720))
    probe = Probe(app)
    app.stack.push(probe)
    app.open_window()
    f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0)
    app.handle(f11)
    states = [app.fullscreen]
    app.handle(f11)
    states.append(app.fullscreen)
    assert states == [True, False]
    screen = pygame.display.get_surface()
    assert screen is not None and screen.get_size() == (1280, 720)
    assert probe.sizes[-1] == (1280, 720) and len(probe.sizes) >= 3
    app.handle(pygame.event.Event(pygame.QUIT))
    assert app.exit_code == 0
    pygame.display.quit()


def test_table_lays_itself_out_again_when_the_window_changes_size() -> None:
    app = App(Settings(speed=Speed.INSTANT), size=(1280, 720))
    app.open_window()
    table = TableScene(app, load_ruleset("guiyang-classic"), "resize", human=None)
    app.stack.push(table)
    table.update(0.0)
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    assert table.layout.size == (1920, 1080)
    surface = pygame.display.get_surface()
    assert surface is not None
    app.stack.draw(surface)
    pygame.display.quit()


def test_strings_exist_in_both_languages_with_the_same_fields() -> None:
    fmt = string.Formatter()
    for key, (zh, en) in S.STRINGS.items():
        assert zh and en, key
        fields_zh = {f for _, f, _, _ in fmt.parse(zh) if f}
        fields_en = {f for _, f, _, _ in fmt.parse(en) if f}
        assert fields_zh == fields_en, key


def test_every_string_the_client_asks_for_is_defined() -> None:
    used: set[str] = set()
    for path in (ROOT / "ui").rglob("*.py"):
        used.update(re.findall(r"\btr\(\s*\"([a-z0-9_]+)\"\s*[,)]", path.read_text(encoding="utf-8")))
    used.update(f"speed_{s.value}" for s in Speed)
    assert used and used <= set(S.STRINGS), sorted(used - set(S.STRINGS))


def test_language_switch_and_seat_names() -> None:
    try:
        assert [S.place_name(s) for s in range(4)] == ["你", "下家", "对家", "上家"]
        assert S.wind(0, 4) == "东" and S.tile_label(18) == "幺鸡"
        S.set_language("en")
        assert [S.place_name(s) for s in range(4)] == ["You", "Right", "Across", "Left"]
        assert S.tr("hand_no", n=3) == "Hand 3" and S.tile_label(18) == "1s"
        with pytest.raises(ValueError, match="zh, en"):
            S.set_language("fr")
    finally:
        S.set_language("zh")


def test_play_options_are_checked_with_clear_messages(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    args = parser.parse_args(["--autoplay", "--hands", "2", "--speed", "fast", "--size", "1024x600"])
    assert args.autoplay and args.hands == 2 and args.speed is Speed.FAST and args.size == (1024, 600)
    assert parse_size("1920×1080") == (1920, 1080)
    for bad, message in (
        ("--speed=warp", "unknown speed"),
        ("--size=12x", "WIDTHxHEIGHT"),
        ("--hands=-1", "0 or more"),
    ):
        with pytest.raises(SystemExit):
            parser.parse_args([bad])
        assert message in capsys.readouterr().err


def test_bench_frame_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """The frame benchmark runs end to end (its figures are printed, not asserted)."""
    from main import main

    assert main(["bench-frame", "--size", "960x540", "--frames", "5", "--json"]) == 0
    out = capsys.readouterr().out
    for key in ('"median_ms"', '"p99_ms"', '"max_ms"', '"over_16_7ms"', '"slowest"', '"slowest_cpu"'):
        assert key in out


def test_a_paced_bench_frame_waits_for_each_tick_as_the_game_does() -> None:
    """Paced, 12 frames take at least the 11 ticks of 1/60 s between them (unpaced, about 40 ms)."""
    import time

    from ui.probe.bench_frame import bench_frames

    start = time.perf_counter()
    figures = bench_frames((960, 540), max_frames=12, paced=True)
    assert figures["paced"] is True and figures["frames"] == 12
    assert time.perf_counter() - start >= 11 / 60


def test_bench_frame_names_the_slowest_frames_slowest_first() -> None:
    from ui.probe.bench_frame import slowest_frames

    doing = ["TableScene:loading", "TableScene:HandSettled", "SettlementScene:-"]
    assert slowest_frames([1.0, 17.25, 3.0], doing, 2) == "#1 17.2ms TableScene:HandSettled; #2 3.0ms SettlementScene:-"
