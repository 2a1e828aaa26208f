"""`python main.py review REPLAY [--json]` prints the review the window shows; `--bench` its time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from main import main
from tests.review_rig import keep_match


@pytest.fixture
def replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    return keep_match(hands=1)


def test_the_review_prints_as_json(replay: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(replay), "--json", "--rollouts", "4"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 0 and data["rollouts"] == 4
    assert data["summary"]["decisions"] == len(data["hands"][0]["decisions"]) > 0
    first = data["hands"][0]["decisions"][0]
    assert {"played", "expert", "options", "lost", "why"} <= set(first)


def test_the_review_prints_as_text_costliest_first(replay: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(replay), "--rollouts", "4", "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert "seat 2 (West)" in out and "agreement with the expert" in out
    losses = [float(line.rsplit("lost ", 1)[1]) for line in out.splitlines() if line.startswith("hand ")]
    assert losses == sorted(losses, reverse=True)


def test_a_missing_replay_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(tmp_path / "nothing.jsonl")]) == 2
    assert "nothing.jsonl" in capsys.readouterr().err


def test_review_needs_a_replay_or_bench(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review"]) == 2
    assert "--bench" in capsys.readouterr().err


def test_the_benchmark_prints_its_median(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", "--bench", "--runs", "1", "--rollouts", "1"]) == 0
    out = capsys.readouterr().out
    assert "8-hand match" in out and "median:" in out
