"""The guided lessons: each plays to its intended end with the coach's moves; wrong moves are explained and undone."""

from __future__ import annotations

import io
import random

import pytest

from game.engine.actions import ActionKind, make
from game.learn.autoplay import list_lessons
from game.learn.coach import LessonRun
from game.learn.lessons import LESSONS, lesson
from game.records.stats import StatsBook, finish_lesson, lessons_finished
from main import main


def test_at_least_six_lessons() -> None:
    """Six lessons: the deal, towards ready, pung and kong, the pass, chickens, 报听 and the draw."""
    assert [x.key for x in LESSONS][:6] == ["deal", "towards-ready", "pung-kong", "pass", "chickens", "declare-draw"]
    assert len(list_lessons("en").splitlines()) == len(LESSONS)


@pytest.mark.parametrize("number", [x.number for x in LESSONS])
def test_every_lesson_autoplays_to_its_intended_end(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    """`main.py learn N --autoplay` exits 0 only when the lesson ends as it intends."""
    assert main(["learn", str(number), "--autoplay"]) == 0
    text = capsys.readouterr().out
    assert "ended as intended" in text and "[coach]" in text


def test_autoplay_exits_1_when_the_lesson_does_not_end_as_intended(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exit code is the lesson's verdict, not a constant: a lesson whose goal is not met exits 1."""
    from dataclasses import replace

    import game.learn.autoplay as auto

    never = replace(lesson(1), intended=lambda result, ledger: False)
    monkeypatch.setattr(auto, "lesson", lambda n: never)
    out = io.StringIO()
    assert auto.autoplay(1, "en", out) == 1
    assert "did NOT end as intended" in out.getvalue()


def test_cli_runs_a_lesson(capsys: pytest.CaptureFixture[str]) -> None:
    """The command line: learn --list, learn 1 --autoplay, and a bad number (exit 2)."""
    assert main(["learn", "--list"]) == 0
    assert "1." in capsys.readouterr().out
    assert main(["learn", "1", "--autoplay"]) == 0
    with pytest.raises(SystemExit) as exc:
        main(["learn", "99", "--autoplay"])
    assert exc.value.code == 2


def test_lesson_4_explains_the_missing_pass() -> None:
    """docs/rules.md §6: the plain wait 4s thrown by another seat cannot be taken without a kong, and the coach says
    so."""
    run = LessonRun(lesson(4))
    while not run.ended:
        run.play_advised()
    missed = [n for n in run.notes if "no kong (the pass)" in n.said.en]
    assert len(missed) == 2
    assert run.ledger().by_rule("win.pattern")[0].fan == 5  # 大对子 off a discard needs no pass


def test_lesson_3_the_kong_is_the_pass() -> None:
    """docs/rules.md §6, A二(一)2: after 点豆 the plain hand wins off a discard."""
    run = LessonRun(lesson(3))
    kinds = []
    while not run.ended:
        kinds.append(run.advice().action.kind)
        run.play_advised()
    assert ActionKind.PUNG in kinds and ActionKind.KONG in kinds
    assert run.as_intended()
    assert run.ledger().by_rule("kong.exposed")


def test_a_wrong_discard_is_explained_and_undone() -> None:
    """A discard that leaves the hand further from ready is called wrong with the numbers, and can be taken back."""
    run = LessonRun(lesson(1))
    before = run.observation().hand
    wrong = make(ActionKind.DISCARD, 0, run.observation().hand[0])  # 1m breaks 123m
    note = run.play(wrong)
    assert note.kind == "wrong" and "from ready" in note.said.en and "离叫牌还差" in note.said.zh
    assert run.can_undo()
    assert run.undo()
    assert run.waiting and run.observation().hand == before
    assert run.play_advised().kind == "good"


def test_passing_a_claim_the_lesson_teaches_is_wrong() -> None:
    """Lesson 3 wants the pung: passing it is explained, and undo brings the offer back."""
    run = LessonRun(lesson(3))
    run.play_advised()  # the first discard
    assert any(a.kind is ActionKind.PUNG for a in run.legal())
    note = run.play(make(ActionKind.PASS, 0))
    assert note.kind == "wrong" and "pung" in note.said.en
    run.undo()
    assert any(a.kind is ActionKind.PUNG for a in run.legal())


def test_an_illegal_move_is_refused() -> None:
    """The engine checks the player's move: a tile not in hand is refused with a message."""
    run = LessonRun(lesson(1))
    with pytest.raises(ValueError, match="not a legal move"):
        run.play(make(ActionKind.DISCARD, 0, 26))


def test_lesson_6_declares_and_settles_by_chajiao() -> None:
    """docs/rules.md §4 报听, §9 查叫: declared at once, then a draw; South and North pay both ready seats."""
    run = LessonRun(lesson(6))
    assert run.advice().action.declare
    run.play_advised()
    assert run.ended and run.result().win is None
    payees = {i.payee for i in run.ledger().by_rule("draw.chajiao")}
    assert payees == {0, 2}


def test_progress_is_kept_in_stats() -> None:
    """A finished lesson is remembered in the player's statistics."""
    stats = finish_lesson(finish_lesson(StatsBook(), 1), 5)
    assert lessons_finished(stats) == {1, 5}
    assert stats.to_json()["lessons"] == 0b10001


@pytest.mark.parametrize("number", [x.number for x in LESSONS])
def test_take_back_returns_to_each_choice_in_turn_in_every_lesson(number: int) -> None:
    """Played to its end (the coach's moves, then moves at random), a lesson is taken back one choice at a time to
    its first: each take-back comes back to the very position of that choice, the moves before it (forced ones
    among them: a declared hand's discards) played once each."""
    for line in range(4):
        rng = random.Random(line)
        run = LessonRun(lesson(number))
        positions = []
        while not run.ended:
            positions.append((tuple(run.moves), run.observation()))
            run.play(run.advice().action if line == 0 else rng.choice(run.legal()))
        for moves, obs in reversed(positions):
            assert run.undo()
            assert (tuple(run.moves), run.observation()) == (moves, obs)
        assert not run.can_undo() and not run.undo()
