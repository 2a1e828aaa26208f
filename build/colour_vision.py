"""How the game looks to eyes weak in red, green or blue: no state may read by its colour alone.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python build/colour_vision.py OUT_DIR
    .venv/bin/python build/colour_vision.py OUT_DIR --size 1920x1080 --language zh --only table,review

Renders the table in the middle of a hand and at its end (the turned tile, the chickens), the settlement sheet
of a hand with a golden chicken (金鸡), the score calculator with problems entered, the review of a kept match,
and a card of every state mark (ui/look/marks.py). Each picture is written to OUT_DIR as drawn (NAME.png), as
seen with protanopia, deuteranopia and tritanopia (NAME-protanopia.png, ...), and on a 2x2 contact sheet of the
four (NAME-sheet.png). Then, for each screen and each way of seeing, it prints the luminance contrast (1 to 21)
and the colour difference ΔE (CIE 1976 L*a*b*) between the two colours of each pair of states the screen shows
(marks.STATE_PAIRS), and the smallest of each: a pair whose contrast falls near 1 and whose ΔE falls near 0
looks the same, and must then be told apart by its mark's shape.

The simulation is the model of Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", IEEE Transactions on Visualization and Computer Graphics 15(6),
1291-1298, with its matrices for severity 1.0 (dichromacy), applied to linear RGB: sRGB is linearised,
multiplied by the matrix, clipped to 0-1 and encoded as sRGB again.

numpy (requirements-dev.txt) does the pictures' arithmetic; the pairs' figures need none.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

# Machado, Oliveira & Fernandes (2009), severity 1.0: linear RGB in, linear RGB out (each row sums to 1, so
# white and greys are kept).
MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
DEFICIENCIES = tuple(MACHADO)
SIZE = (1280, 720)
LANGUAGE = "en"
HOME = Path("/tmp/colour_vision_home")


# ---------------------------------------------------------------------------------------------- the model


def to_linear(c: float) -> float:
    """An sRGB channel, 0-1, as linear light."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(v: float) -> float:
    """Linear light, 0-1 (clipped), as an sRGB channel."""
    v = min(1.0, max(0.0, v))
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def simulate_colour(colour: RGB, deficiency: str) -> RGB:
    """`colour` as an eye with `deficiency` (a key of MACHADO, or "normal") sees it."""
    if deficiency == "normal":
        return colour
    lin = [to_linear(c / 255) for c in colour]
    out = [sum(m * v for m, v in zip(row, lin, strict=True)) for row in MACHADO[deficiency]]
    r, g, b = (round(to_srgb(v) * 255) for v in out)
    return (r, g, b)


def simulate_array(np: ModuleType, pixels: Any, deficiency: str) -> Any:
    """An (h, w, 3) uint8 sRGB array as an eye with `deficiency` sees it (numpy's arithmetic)."""
    c = pixels.astype(np.float64) / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    seen = np.clip(lin @ np.array(MACHADO[deficiency]).T, 0.0, 1.0)
    srgb = np.where(seen <= 0.0031308, 12.92 * seen, 1.055 * seen ** (1 / 2.4) - 0.055)
    return np.clip(np.round(srgb * 255.0), 0, 255).astype(np.uint8)


def luminance(colour: RGB) -> float:
    """Relative luminance, 0-1."""
    r, g, b = (to_linear(c / 255) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """Luminance contrast, 1 (the same lightness) to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lab(colour: RGB) -> tuple[float, float, float]:
    """CIE L*a*b* (D65 white) of an sRGB colour."""
    r, g, b = (to_linear(c / 255) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: RGB, b: RGB) -> float:
    """The CIE 1976 colour difference of two sRGB colours (about 2.3 is the least an eye notices)."""
    return math.dist(lab(a), lab(b))


def load_numpy() -> ModuleType | None:
    """numpy (a development dependency, requirements-dev.txt); None where it is not installed."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy


# ---------------------------------------------------------------------------------------------- the screens


def _rules(name: str = "guiyang-classic") -> Any:
    from game.rules.loader import load_ruleset

    return load_ruleset(name)


def _table(moment: str) -> Callable[[], pygame.Surface]:
    def shot() -> pygame.Surface:
        from ui.probe.moments import render_moment

        return render_moment(moment, SIZE, _rules(), seed="shot", language=LANGUAGE)

    return shot


def _menu_scene(make: Callable[[Any, Any], Any]) -> pygame.Surface:
    from ui.probe.offscreen import headless_display, offscreen_app
    from ui.settings.values import Settings
    from ui.words import strings as S

    S.set_language(LANGUAGE)
    screen = headless_display(SIZE)
    host = offscreen_app(Settings(language=LANGUAGE, ruleset="guiyang-classic"), SIZE)
    host.stack.push(make(host, _rules()))
    host.stack.update(1 / 60)
    host.stack.draw(screen)
    return screen.copy()


def _settlement() -> pygame.Surface:
    """The calculator's example hand settled with 9s turned: 1s, a fixed chicken, is turned too (金鸡)."""
    from game.calculator.sheet import Calculator
    from ui.calculator.scene import CalculatorScene
    from ui.probe.calculator_moments import EXAMPLE_HAND

    def make(host: Any, rules: Any) -> Any:
        calc = Calculator.from_text(EXAMPLE_HAND.replace("flip: 4m", "flip: 9s"), "golden")
        calc.set_rules(rules)
        return CalculatorScene(host, calc, keep_recent=False, settle_on_enter=True)

    return _menu_scene(make)


def _calculator() -> pygame.Surface:
    from ui.probe.calculator_moments import problem_calculator

    return _menu_scene(problem_calculator)


def _review() -> pygame.Surface:
    """The review of a kept match (build/scene_shots.py's), its costliest decision's options as bars."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import scene_shots

    scene_shots.SIZE = SIZE
    scene_shots.LANGUAGE = LANGUAGE
    return scene_shots._pushed(scene_shots._reviewed)()


def marks_card() -> pygame.Surface:
    """Every state mark on the felt, each pair side by side with its words."""
    from ui.look import marks
    from ui.look import palette as pal
    from ui.look import text as T
    from ui.look.layout import compute_layout
    from ui.look.tile_art import Look, get_tile_art
    from ui.probe.offscreen import headless_display

    headless_display(SIZE)
    s = compute_layout(SIZE).scale
    out = pygame.Surface(SIZE)
    out.fill(pal.TABLE_GREEN)
    size = max(14, round(36 * s))
    font = max(13, round(24 * s))
    art = get_tile_art(max(24, round(44 * s)))
    star = marks.star(marks.tile_mark_size(art.width))
    body = pygame.Rect((art.pad, art.pad), art.body_size)
    golden = art.face(18, Look.CHICKEN).copy()
    marks.pin(golden, star, body)
    flipped = art.face(3, Look.WINNING).copy()
    marks.pin(flipped, marks.flip_arrow(marks.tile_mark_size(art.width)), body)
    rows: list[tuple[str, list[pygame.Surface]]] = [
        ("connected / dropped / computer", [marks.link_dot(size, st) for st in ("connected", "dropped", "ai")]),
        ("good / problem / problem on a frame", [marks.tick(size), marks.cross(size), marks.cross_badge(size)]),
        ("expert / played / mistake", [marks.star(size, marks.EXPERT), marks.ring(size), marks.cross(size)]),
        ("whose turn", [marks.pointer(size, d) for d in ("left", "up", "right", "down")]),
        ("plain / chicken / golden / turned", [art.face(18), art.face(18, Look.CHICKEN), golden, flipped]),
    ]
    y = round(90 * s)  # below the contact sheet's name
    for words, pics in rows:
        label = T.shadowed(words, font, pal.TEXT)
        out.blit(label, (round(40 * s), y + (pics[0].get_height() - label.get_height()) // 2))
        x = SIZE[0] // 2
        for pic in pics:
            out.blit(pic, (x, y))
            x += pic.get_width() + round(24 * s)
        y += max(p.get_height() for p in pics) + round(24 * s)
    bar = pygame.Rect(round(40 * s), y, SIZE[0] // 3, round(18 * s))
    pygame.draw.rect(out, marks.MISTAKE, bar, border_radius=3)
    marks.hatch(out, bar, marks.INK, max(4, bar.height // 3), max(1, bar.height // 8))
    plain = bar.move(bar.width + round(40 * s), 0)
    pygame.draw.rect(out, marks.OTHER, plain, border_radius=3)
    return out


# The screens by name, each with the group of marks.STATE_PAIRS it shows.
SCREENS: dict[str, tuple[Callable[[], pygame.Surface], str | None]] = {
    "table": (_table("mid-hand"), "table"),
    "table-end": (_table("chickens"), "table"),
    "settlement": (_settlement, "settlement"),
    "calculator": (_calculator, "calculator"),
    "review": (_review, "review"),
    "marks": (marks_card, None),
}


# ---------------------------------------------------------------------------------------------- the output


def contact_sheet(pictures: Sequence[tuple[str, pygame.Surface]]) -> pygame.Surface:
    """Four pictures at half size on a 2x2 grid, each named at its top left."""
    from ui.look import text as T

    w, h = pictures[0][1].get_size()
    half = (w // 2, h // 2)
    gap = 6
    out = pygame.Surface((2 * half[0] + gap, 2 * half[1] + gap))
    out.fill((40, 40, 40))
    for i, (name, pic) in enumerate(pictures[:4]):
        x, y = (i % 2) * (half[0] + gap), (i // 2) * (half[1] + gap)
        out.blit(pygame.transform.smoothscale(pic, half), (x, y))
        label = T.shadowed(name, max(14, h // 36), (255, 255, 255), bold=True)
        box = label.get_rect(topleft=(x + 8, y + 8)).inflate(12, 6)
        pygame.draw.rect(out, (0, 0, 0), box, border_radius=4)
        out.blit(label, label.get_rect(center=box.center))
    return out


def simulate_surface(np: ModuleType, surface: pygame.Surface, deficiency: str) -> pygame.Surface:
    """`surface` as an eye with `deficiency` sees it."""
    w, h = surface.get_size()
    pixels = np.frombuffer(pygame.image.tobytes(surface, "RGB"), dtype=np.uint8).reshape(h, w, 3)
    seen = simulate_array(np, pixels, deficiency)
    return pygame.image.frombytes(seen.tobytes(), (w, h), "RGB")


def pair_lines(group: str) -> list[str]:
    """The figures of the state pairs of `group`: for each way of seeing, each pair's contrast and ΔE, and the
    smallest of each."""
    from ui.look.marks import STATE_PAIRS

    pairs = STATE_PAIRS[group]
    width = max(len(name) for name in pairs)
    lines = []
    for way in ("normal", *DEFICIENCIES):
        lines.append(f"  {way}:")
        figures = []
        for name, (a, b) in pairs.items():
            sa, sb = simulate_colour(a, way), simulate_colour(b, way)
            c, e = contrast(sa, sb), delta_e(sa, sb)
            figures.append((c, e))
            lines.append(f"    {name:<{width}}  contrast {c:5.2f}  ΔE {e:5.1f}")
        lines.append(
            f"    {'smallest':<{width}}  contrast {min(c for c, _ in figures):5.2f}"
            f"  ΔE {min(e for _, e in figures):5.1f}"
        )
    return lines


def run(folder: Path, only: tuple[str, ...] = ()) -> int:
    """Render, simulate and measure every screen (those named in `only`, when given) into `folder`."""
    import shutil

    folder.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(HOME, ignore_errors=True)
    HOME.mkdir(parents=True)
    os.environ["GUIYANG_MAHJONG_HOME"] = str(HOME)
    np = load_numpy()
    if np is None:
        print("numpy is not to be found: the pictures are not simulated, only the colour pairs measured")
    for name, (shot, group) in SCREENS.items():
        if only and name not in only:
            continue
        picture = shot()
        pygame.image.save(picture, str(folder / f"{name}.png"))
        if np is not None:
            seen = [("normal", picture)]
            for way in DEFICIENCIES:
                pic = simulate_surface(np, picture, way)
                pygame.image.save(pic, str(folder / f"{name}-{way}.png"))
                seen.append((way, pic))
            pygame.image.save(contact_sheet(seen), str(folder / f"{name}-sheet.png"))
        print(f"{name}: {folder / (name + '-sheet.png')}")
        if group is not None:
            print("\n".join(pair_lines(group)))
    shutil.rmtree(HOME, ignore_errors=True)
    return 0


def main(argv: list[str]) -> int:
    """The command line: an output folder, with --size, --language and --only."""
    global SIZE, LANGUAGE
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from scene_shots import window_size

    parser = argparse.ArgumentParser(prog="colour_vision.py", description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to write the pictures into")
    parser.add_argument("--size", type=window_size, default=SIZE, help="the window, WIDTHxHEIGHT (1280x720)")
    parser.add_argument("--language", choices=("zh", "en"), default=LANGUAGE, help="the words' language (en)")
    parser.add_argument("--only", default="", help=f"comma-separated screens ({', '.join(SCREENS)})")
    args = parser.parse_args(argv)
    SIZE, LANGUAGE = args.size, args.language
    return run(args.out, tuple(p for p in args.only.split(",") if p))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
