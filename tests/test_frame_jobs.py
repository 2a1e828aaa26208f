"""Work prepared a little per frame (ui/table/jobs.py) and the pictures drawn in parts for it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

import pygame
import pytest

from ui.kit import background
from ui.look import text as T
from ui.look.layout import compute_layout
from ui.look.tile_art import Look, TileArt
from ui.table.jobs import QUIET, UNKNOWN_COST, FrameJobs, Jobs, Labelled, each_step, kind_of


class Clock:
    """A clock the test moves by hand; jobs advance it by what they "take"."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def taking(clock: Clock, seconds: float, done: list[str], name: str) -> Labelled:
    def job() -> None:
        clock.now += seconds
        done.append(name)

    return Labelled(name, job)


def test_a_job_starts_only_if_its_expected_time_fits_in_the_frame() -> None:
    clock = Clock()
    runner = FrameJobs(clock)
    done: list[str] = []
    runner.costs["big"] = 0.004
    jobs = Jobs([taking(clock, 0.001, done, "small"), taking(clock, 0.004, done, "big")])
    runner.start_frame()
    clock.now += 0.002  # the frame's own work so far
    assert runner.run(jobs, until=0.006)  # small runs (0.002 + 0.002 unknown fits); big would end at 0.007
    assert done == ["small"]
    runner.start_frame()
    clock.now += QUIET + 0.0001
    assert not runner.run(jobs, until=0.006)  # now it fits: 0.0016 + 0.004
    assert done == ["small", "big"]


def test_a_quiet_frame_runs_a_job_longer_than_the_frame_allows() -> None:
    """Else a job learnt to be long would never run."""
    clock = Clock()
    runner = FrameJobs(clock)
    done: list[str] = []
    runner.costs["huge"] = 0.020
    jobs = Jobs([taking(clock, 0.020, done, "huge"), taking(clock, 0.001, done, "next")])
    runner.start_frame()
    assert runner.run(jobs, until=0.006)
    assert done == ["huge"]  # alone: the next one waits for the next frame


def test_the_estimate_jumps_to_a_slower_run_and_eases_back() -> None:
    clock = Clock()
    runner = FrameJobs(clock)
    done: list[str] = []
    job = taking(clock, 0.003, done, "k")
    assert runner.expected(job) == UNKNOWN_COST
    runner.start_frame()
    runner.run(Jobs([job]), until=1.0)
    assert runner.expected(job) == pytest.approx(0.003)
    fast = taking(clock, 0.001, done, "k")
    runner.run(Jobs([fast]), until=1.0)
    assert 0.001 < runner.expected(fast) < 0.003


def test_jobs_of_one_function_on_one_object_share_a_kind() -> None:
    a, b = TileArt(40), TileArt(48)
    assert kind_of(partial(a.face, 1)) == kind_of(partial(a.face, 2, Look.DIMMED))
    assert kind_of(partial(a.face, 1)) != kind_of(partial(b.face, 1))
    assert kind_of(partial(a.face, 1)) != kind_of(partial(a.lying, 1))

    def make(n: int) -> Callable[[], int]:
        return lambda: n

    assert kind_of(make(1)) == kind_of(make(2))  # closures of one code


def test_each_step_runs_a_generator_one_step_per_job() -> None:
    seen: list[int] = []

    def steps() -> Iterator[None]:
        for n in range(3):
            seen.append(n)
            yield
        seen.append(99)  # after the last yield: the last job's part

    jobs = Jobs(each_step(steps(), "s"))
    kinds = []
    while (job := jobs.pop()) is not None:
        kinds.append(kind_of(job))
        job()
    assert seen == [0, 1, 2, 99]
    assert kinds == [("s", 0), ("s", 1), ("s", 2), ("s", 3)]


def test_finish_runs_what_is_left() -> None:
    done: list[int] = []
    jobs = Jobs(partial(done.append, n) for n in range(4))
    assert jobs.head() is not None
    jobs.finish()
    assert done == [0, 1, 2, 3]
    assert jobs.head() is None


@pytest.fixture
def display() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_the_cloth_drawn_in_strips_is_the_cloth_drawn_at_once(display: None, monkeypatch: pytest.MonkeyPatch) -> None:
    layout = compute_layout((1280, 720))
    in_strips = background.render_background(layout)
    monkeypatch.setattr(background, "STRIP", 1280)
    assert same(in_strips, background.render_background(layout))


def test_outlined_text_drawn_in_steps_is_the_same_picture(display: None) -> None:
    args = ("碰", 61, (255, 246, 220), (120, 16, 12), 4)
    for _ in T.outlined_steps(*args):
        pass
    stepped = T.outlined(*args)  # found in the cache, made by the steps
    T.clear_cache()
    assert same(stepped, T.outlined(*args))


def test_a_tile_drawn_in_parts_is_the_same_picture(display: None) -> None:
    parted, whole = TileArt(44), TileArt(44)
    for kind, tile, turn, look in (
        ("face", 3, 0, Look.CHICKEN),
        ("lying", 20, 90, Look.NORMAL),
        ("lying_back", -1, 270, Look.NORMAL),
    ):
        for part in parted.parts(kind, tile, turn, look):
            part()
    assert same(parted.face(3, Look.CHICKEN), whole.face(3, Look.CHICKEN))
    assert same(parted.lying(20, 90), whole.lying(20, 90))
    assert same(parted.lying_back(270), whole.lying_back(270))
    # Two glows, drawn ahead each in a part of its own, and a second look of a tile drawn from its kept shadow.
    for part in parted.parts("lying", 5, 270, Look.CHICKEN | Look.WINNING):
        part()
    assert same(parted.lying(5, 270, Look.CHICKEN | Look.WINNING), whole.lying(5, 270, Look.CHICKEN | Look.WINNING))
    assert same(parted.lying(5, 270, Look.DIMMED), whole.lying(5, 270, Look.DIMMED))
    with pytest.raises(ValueError, match="tile picture kind"):
        parted.parts("edge")


@pytest.mark.parametrize("players", [4, 3, 2])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600)])
def test_the_settlement_shade_goes_wherever_the_sheet_is_not_opaque(
    display: None, size: tuple[int, int], players: int
) -> None:
    """The shade is laid only around the sheet (shorter at a table of three or two, docs/rules.md §15.2); what it
    leaves out, the sheet covers with opaque pixels."""
    from ui.look.layout import compute_layout as layout_of
    from ui.settlement.sheet import draw_empty_sheet, shaded_areas, sheet_canvas, sheet_radius, sheet_rect

    window = pygame.Rect((0, 0), size)
    rect = sheet_rect(size, players)
    covered = pygame.Surface(size, pygame.SRCALPHA)
    covered.fill((0, 0, 0, 0))
    for area in shaded_areas(window, rect, sheet_radius(layout_of(size).scale)):
        covered.fill((255, 255, 255, 255), area)
    sheet = sheet_canvas(size, players)
    draw_empty_sheet(sheet, layout_of(size).scale)
    covered.blit(sheet, rect.topleft)
    assert min(pygame.image.tobytes(covered, "RGBA")[3::4]) == 255


def test_the_picture_cache_keeps_a_picture_already_in_the_display_format_and_converts_others(display: None) -> None:
    from ui.look.surface_cache import SurfaceCache, in_display_alpha_format

    cache = SurfaceCache()
    ready = pygame.Surface((8, 8), pygame.SRCALPHA).convert_alpha()
    ready.fill((10, 20, 30, 40))
    assert cache.get("ready", lambda: ready) is ready  # no copy made of it
    opaque = pygame.Surface((8, 8), depth=24)
    got = cache.get("opaque", lambda: opaque)
    assert got is not opaque and in_display_alpha_format(got)
    faded = pygame.Surface((8, 8), pygame.SRCALPHA).convert_alpha()
    faded.set_alpha(100)
    assert not in_display_alpha_format(faded)
    assert "ready" in cache and "other" not in cache


def test_the_shade_laid_in_squares_is_the_shade_laid_at_once(display: None) -> None:
    from ui.settlement.sheet import BACKDROP, shade

    areas = [pygame.Rect(0, 0, 600, 40), pygame.Rect(0, 40, 20, 300), pygame.Rect(590, 40, 10, 300)]
    base = pygame.Surface((600, 400))
    base.fill((30, 120, 60))
    squares, whole = base.copy(), base.copy()
    shade(squares, areas)
    full = pygame.Surface((600, 400), pygame.SRCALPHA)
    full.fill(BACKDROP)
    for area in areas:
        whole.blit(full, area, area)
    assert same(squares, whole)


def test_a_sheet_drawn_over_the_last_ones_picture_is_the_sheet_drawn_afresh() -> None:
    from game.rules.loader import load_ruleset
    from ui.probe.moments import stage_moment
    from ui.settlement import SettlementScene

    host, _table = stage_moment("end", (1280, 720), load_ruleset("guiyang-classic"), seed="canvas")
    first = host.stack.top
    assert isinstance(first, SettlementScene)
    fresh = pygame.image.tobytes(first._render(), "RGBA")
    old = first._render().copy()
    old.fill((200, 10, 10, 77))  # the last hand's sheet: anything at all

    def again(canvas: pygame.Surface | None) -> SettlementScene:
        scene = SettlementScene(
            host, first.settled, first.ledger, first.win, first.viewer, lambda: None,
            result=first.result, rules=first.rules, hand_no=first.hand_no, on_leave=first.on_leave, canvas=canvas,
        )  # fmt: skip
        scene.resize((1280, 720))
        return scene

    reused = again(old)
    assert reused._render() is old
    assert pygame.image.tobytes(old, "RGBA") == fresh
    assert reused.canvas_left() is None  # still shown: its picture is not handed on
    reused.closed = True
    assert reused.canvas_left() is old
    wrong = again(pygame.Surface((10, 10), pygame.SRCALPHA))
    assert pygame.image.tobytes(wrong._render(), "RGBA") == fresh  # a picture of another size is not drawn on
