"""The colour-vision model of build/colour_vision.py is wired right: the Machado, Oliveira & Fernandes (2009)
matrices keep white white and greys grey, a red and a green a deuteranope confuses come out the same, and the
pictures' arithmetic (numpy, over whole arrays) agrees with the one-colour arithmetic the figures use."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "build" / "colour_vision.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("colour_vision", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("colour_vision", module)
    spec.loader.exec_module(module)
    return module


cv = _load()
# A brown red and a leaf green, far apart to a normal eye (ΔE about 69), that a deuteranope sees as one colour.
RED, GREEN = (150, 60, 40), (60, 110, 30)


@pytest.mark.parametrize("deficiency", ["protanopia", "deuteranopia", "tritanopia"])
def test_white_stays_white_and_greys_stay_grey(deficiency: str) -> None:
    assert cv.simulate_colour((255, 255, 255), deficiency) == (255, 255, 255)
    assert cv.simulate_colour((0, 0, 0), deficiency) == (0, 0, 0)
    for v in (40, 128, 200):
        r, g, b = cv.simulate_colour((v, v, v), deficiency)
        assert max(r, g, b) - min(r, g, b) <= 1 and abs(r - v) <= 1


def test_a_red_and_a_green_a_deuteranope_confuses_come_out_the_same() -> None:
    assert cv.delta_e(RED, GREEN) > 50
    seen_red, seen_green = cv.simulate_colour(RED, "deuteranopia"), cv.simulate_colour(GREEN, "deuteranopia")
    assert max(abs(a - b) for a, b in zip(seen_red, seen_green, strict=True)) <= 2
    assert cv.delta_e(seen_red, seen_green) < 2.3  # below what an eye can tell
    # A tritanope, whose red and green cones are whole, still tells them apart.
    assert cv.delta_e(cv.simulate_colour(RED, "tritanopia"), cv.simulate_colour(GREEN, "tritanopia")) > 20


def test_the_arrays_are_simulated_as_each_colour_is() -> None:
    np = cv.load_numpy()
    assert np is not None, "numpy is a development dependency (requirements-dev.txt)"
    pixels = np.array([[(255, 255, 255), (128, 128, 128)], [RED, GREEN]], dtype=np.uint8)
    for deficiency in cv.DEFICIENCIES:
        seen = cv.simulate_array(np, pixels, deficiency)
        assert seen.shape == pixels.shape and seen.dtype == np.uint8
        for y in range(2):
            for x in range(2):
                colour = tuple(int(c) for c in pixels[y, x])
                assert tuple(int(c) for c in seen[y, x]) == cv.simulate_colour(colour, deficiency)
    deut = cv.simulate_array(np, pixels, "deuteranopia")
    assert int(np.abs(deut[1, 0].astype(int) - deut[1, 1].astype(int)).max()) <= 2


def test_contrast_is_one_for_a_colour_against_itself_and_21_for_black_on_white() -> None:
    assert cv.contrast(RED, RED) == pytest.approx(1.0)
    assert cv.contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
