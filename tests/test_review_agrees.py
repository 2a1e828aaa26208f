"""The review holds together: the expert's move is the best-priced option (or the options are equal within the
noise, and the screen says so), the points lost are never negative, a chart of zeros draws nothing, and each
decision says in one line why the expert's move is better."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.ai.appraise import outside_z
from game.engine.actions import discard
from game.learn.explain_words import Said
from game.review.report import Decision, MatchReview, Option, decision_json
from game.review.run import read_match, review_match
from main import main
from tests.review_rig import keep_match
from ui.look import palette as pal
from ui.look import text as T
from ui.review import bars
from ui.words import strings as S


@pytest.fixture(scope="module")
def review(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MatchReview]:
    """Two hands of the normal AI's play (it makes mistakes) reviewed at the review's own rollouts."""
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GUIYANG_MAHJONG_HOME", str(home))
        path = keep_match("agree", hands=2, seed="probe")
        yield review_match(read_match(path), 0)


def _every(review: MatchReview) -> list[Decision]:
    return [d for h in review.hands for d in h.decisions]


def test_the_expert_move_is_the_best_priced_option_or_equal_within_the_noise(review: MatchReview) -> None:
    """An option priced above the expert's move is one the expert's move does not clearly trail on the same
    deals; the decision says the options are even exactly then."""
    every = _every(review)
    for d in every:
        best = d.option(d.expert)
        assert best is not None
        # A price and the paired margin say the same thing: higher price, expert's move behind it.
        for o in d.options:
            assert math.isclose(best.points - o.points, o.behind, abs_tol=1e-9), (d.hand, d.number, o)
        for o in d.options:
            if o.points > best.points + 1e-9:
                # At most the margin an option the expert does not search needs (widened for the many compared).
                assert o.behind < 0 and -o.behind <= outside_z(len(d.options)) * o.se, (d.hand, d.number, o)
    for d in every:
        best = d.option(d.expert)
        assert best is not None
        assert d.even == any(o.points > best.points + 1e-9 for o in d.options)


def test_lost_is_what_the_expert_move_is_worth_over_the_move_played(review: MatchReview) -> None:
    for d in _every(review):
        mine = d.option(d.played)
        assert mine is not None
        assert d.lost >= 0
        assert d.lost == (0.0 if d.agrees else max(0.0, mine.behind))


def test_lost_is_never_negative() -> None:
    """The move played did a little better on the deals than the expert's: nothing was lost."""
    played, expert = discard(0, 1), discard(0, 2)
    options = (Option(expert, 1.0, 64, 0.0, 0.0), Option(played, 1.1, 64, -0.1, 0.2))
    d = Decision(1, 1, "discard", 0, 50, played, expert, expert, options, Said("", ""))
    assert d.lost == 0.0 and decision_json(d)["lost"] == 0.0
    assert bars.expert_move_colour(d) == pal.TEXT_MUTED, "a different choice, no better: not lit as a lesson"
    worse = (Option(expert, 1.0, 64, 0.0, 0.0), Option(played, 0.4, 64, 0.6, 0.2))
    lesson = Decision(1, 1, "discard", 0, 50, played, expert, expert, worse, Said("", ""))
    assert bars.expert_move_colour(lesson) == pal.TEXT_GOLD


def test_the_json_says_the_same(review: MatchReview, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`main.py review --json`: the best-priced option is the expert's unless the decision says they are even."""
    for d in _every(review):
        raw = decision_json(d)
        top = max(raw["options"], key=lambda o: o["points"])
        assert raw["lost"] >= 0
        assert top["action"] == raw["expert"] or raw["even"], (d.hand, d.number)
        for o in raw["options"]:
            assert o["se"] is None or o["se"] >= 0


def _drawn(size: tuple[int, int], paint: object) -> pygame.Surface:
    pygame.init()
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    paint(surface)  # type: ignore[operator]
    return surface


def _has(surface: pygame.Surface, colour: tuple[int, int, int]) -> bool:
    w, h = surface.get_size()
    return any(surface.get_at((x, y))[:3] == colour for x in range(w) for y in range(h))


def test_a_chart_of_zeros_draws_no_bar() -> None:
    """Values that read 0.0 draw no column (a 0.02 once filled the chart's whole height)."""
    rect = pygame.Rect(0, 0, 200, 120)
    pic = _drawn((200, 120), lambda s: bars.column_chart(s, rect, [0.0, 0.02, 0.0, -0.01], ["1", "2", "3", "4"], 12))
    assert not _has(pic, bars.EXPERT_BAR) and not _has(pic, bars.OTHER_BAR)


def _even_decision() -> Decision:
    played, expert, other = discard(0, 1), discard(0, 2), discard(0, 3)
    options = (
        Option(expert, -1.0, 64, 0.0, 0.0),
        Option(played, -1.4, 64, 0.4, 0.3),
        Option(other, -0.6, 64, -0.4, 0.3),  # above the expert's, within its noise
    )
    return Decision(1, 1, "discard", 0, 50, played, expert, expert, options, Said("", ""))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_bars_say_when_the_options_are_even_and_show_each_uncertainty(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    S.set_language(lang)
    said: list[str] = []
    fit, shadowed = T.fit, T.shadowed

    def fit_said(text: str, *a: Any, **k: Any) -> pygame.Surface:
        said.append(text)
        return fit(text, *a, **k)

    def shadowed_said(text: str, *a: Any, **k: Any) -> pygame.Surface:
        said.append(text)
        return shadowed(text, *a, **k)

    monkeypatch.setattr(T, "fit", fit_said)
    monkeypatch.setattr(T, "shadowed", shadowed_said)
    d = _even_decision()
    assert d.even
    _drawn((400, 300), lambda s: bars.option_bars(s, pygame.Rect(0, 0, 400, 300), d, 14))
    note = bars.noise_words(d)
    S.set_language("zh")
    assert note and note.replace(" ", "") in "".join(said).replace(" ", "")
    assert sum("±0.3" in t for t in said) >= 2  # both options beside the expert's


def test_each_decision_says_in_one_line_why(review: MatchReview) -> None:
    """Where the move played is not the expert's, the sentence names what makes the expert's better."""
    reasons = ("有效牌", "向听", "听", "鸡", "点炮", "查叫", "报听", "胡", "碰", "杠", "过", "模拟")
    for d in _every(review):
        assert "\n" not in d.why.zh and "\n" not in d.why.en
        if not d.agrees:
            lead = d.why.zh.split("；")[0]
            assert any(r in lead for r in reasons) and not lead.startswith("你选了"), d.why.zh


def test_main_review_json_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    path = keep_match("cli", hands=1, seed="probe")
    assert main(["review", str(path), "--json", "--rollouts", "16"]) == 0
    data = json.loads(capsys.readouterr().out)
    for h in data["hands"]:
        for d in h["decisions"]:
            top = max(d["options"], key=lambda o: o["points"])
            assert d["lost"] >= 0 and (top["action"] == d["expert"] or d["even"])
