"""The lessons as text: `main.py learn --list` and `learn N --autoplay`, headless."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from game.learn.coach import LessonRun
from game.learn.lessons import LESSONS, lesson


def lesson_number(text: str) -> int:
    """A lesson number for argparse."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"want a lesson number 1 to {len(LESSONS)}, got {text!r}") from None
    if not 1 <= n <= len(LESSONS):
        raise argparse.ArgumentTypeError(f"no lesson {n}; lessons are 1 to {len(LESSONS)}")
    return n


def list_lessons(language: str) -> str:
    """The lessons, one a line: number, title, and what it should end with."""
    lines = []
    for item in LESSONS:
        lines.append(f"{item.number}. {item.title.pick(language)} ({item.goal.pick(language)})")
    return "\n".join(lines)


def autoplay(number: int, language: str, out: TextIO | None = None) -> int:
    """Play lesson `number` with the coach's moves, printing what the coach says; 0 when it ends as intended."""
    stream = out if out is not None else sys.stdout
    run = LessonRun(lesson(number))
    said = 0
    while True:
        for note in run.notes[said:]:
            print(f"[{note.kind}] {note.said.pick(language)}", file=stream)
        said = len(run.notes)
        if run.ended:
            break
        advice = run.advice()
        print(f"[coach] {advice.said.pick(language)}", file=stream)
        run.play(advice.action)
    for line in run.settlement_lines():
        print(f"  {line.pick(language)}", file=stream)
    ok = run.as_intended()
    goal = run.lesson.goal.pick(language)
    verdict = "ended as intended" if ok else "did NOT end as intended"
    print(f"lesson {number}: {verdict}: {goal}", file=stream)
    return 0 if ok else 1
