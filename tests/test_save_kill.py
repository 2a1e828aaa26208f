"""Save and resume after a crash: the game is killed with SIGKILL mid-hand and resumed from its save."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine.observation import observe
from game.engine.visibility import visible_events
from game.match.agents import SimpleAgent
from game.match.match import Match
from game.records.savefile import first_setup, loads
from game.rules.loader import load_ruleset
from ui.table.session import TableSession

ROOT = Path(__file__).resolve().parent.parent


def _actions_in_play(path: Path) -> int:
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0  # not there yet
    hands = obj["hands"]
    return len(hands[-1]["actions"]) if hands and not hands[-1]["settled"] else 0


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_match_killed_mid_hand_resumes_as_a_replay_of_its_actions(tmp_path: Path) -> None:
    env = dict(os.environ, GUIYANG_MAHJONG_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    save = tmp_path / "saves" / "autoplay.save.json"
    cmd = [sys.executable, "main.py", "play", "--autoplay", "--speed", "fast", "--seed", "killed"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 40
        while _actions_in_play(save) < 6 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert proc.returncode == -signal.SIGKILL
    data = loads(save.read_text(encoding="utf-8"), save.name)  # whole: the write is atomic
    assert not data.hands[-1].settled and len(data.hands[-1].actions) >= 6
    rules = load_ruleset(str(data.head["ruleset"]))
    resumed = TableSession.from_save(rules, data, [SimpleAgent()] * 4)

    # The same actions replayed by hand on a fresh match.
    match = Match(rules, str(data.head["seed"]), first_setup(data.head))
    rnd = None
    for hand in data.hands:
        rnd = match.new_round()
        for action in hand.actions:
            rnd.apply(action)
        if hand.settled:
            match.finish_round(rnd)
    assert rnd is not None and not rnd.ended
    assert resumed.scores == tuple(match.scores)
    for seat in range(4):
        assert resumed.observe(seat) == observe(rnd, seat)
    for seat in range(4):
        assert resumed.look(seat, 0) == visible_events(rnd.events, seat)
    assert [p.name for p in save.parent.iterdir() if p.name.endswith(".tmp")] == []
