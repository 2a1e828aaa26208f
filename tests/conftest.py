"""Shared test set-up: the settlement files' hand-computed cases also run with their hands entered in the
score calculator, in full and quickly, so the calculator is held to every worked example (docs/rules.md §5-§14);
and a home of its own for a test that asks for `keyboard_home`."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

import tests.settlement_rig as builder
from tests.calculator_rig import builds_a_hand, quickly_as_full, through_the_calculator
from ui.words import strings as S

ENTRIES = ("file", "calculator", "quick")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run each settlement case that builds a hand once as written and once through the calculator."""
    module = metafunc.module.__name__.rsplit(".", 1)[-1]
    if not module.startswith("test_settlement_") or not builds_a_hand(inspect.getsource(metafunc.function)):
        return
    metafunc.fixturenames.append("hand_entry")
    metafunc.parametrize("hand_entry", ENTRIES)


@pytest.fixture(autouse=True)
def _hand_entry(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """How a settlement case's hand is entered: as its hand file says, or field by field in the calculator."""
    callspec = getattr(request.node, "callspec", None)
    entry = callspec.params.get("hand_entry") if callspec is not None else None
    if entry not in ("calculator", "quick"):
        yield
        return
    # "quick": the calculator's quick entry (the winner's hand, the others' readiness, melds and chickens)
    # settles to the full entry's ledger (docs/rules.md §8, §9, §14).
    enter = through_the_calculator if entry == "calculator" else quickly_as_full
    calls: list[int] = []

    def entered(deal: builder.Deal) -> object:
        calls.append(1)
        return enter(deal)

    monkeypatch.setattr(builder.Deal, "result", entered)
    yield
    assert calls, "the case built no hand"


@pytest.fixture
def keyboard_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A throw-away home for the player's folders, the language Chinese before and after."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    S.set_language("zh")
    yield tmp_path
    S.set_language("zh")


@pytest.fixture
def player_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A throw-away home for the player's folders; the language as it was, after the test."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    before = S.language()
    yield tmp_path
    S.set_language(before)
