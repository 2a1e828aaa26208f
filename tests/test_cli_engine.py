"""The engine's commands: deal, simulate, replay (docs/rules.md §3; determinism and replay)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.result import HandResult
from game.core.settlement import settle
from game.handfile import read_hand_file, write_hand_file
from game.match.simulate import simulate
from game.rules.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


def test_deal_json_seed_a_example() -> None:
    """docs/rules.md §3, A4/A5: South rolls 10 and East deals; the deal is 14/13/13/13."""
    out = run("deal", "--ruleset", "guiyang-classic", "--seed", "5", "--first-roller", "1", "--dice", "4,6", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["dealer"] == 0
    assert data["first_dealer_roll"] == {
        "seat": 1,
        "dice": [4, 6],
        "sum": 10,
        "counted": [1, 0, 3, 2, 1, 0, 3, 2, 1, 0],
    }
    assert [s["count"] for s in data["seats"]] == [14, 13, 13, 13]
    assert set(data["break"]) >= {"side", "skipped", "method"}


def test_deal_break_dice() -> None:
    """docs/rules.md §3, A5: South deals and rolls 3 and 4: North's side, 3 stacks skipped."""
    out = run("deal", "--seed", "5", "--dealer", "1", "--break-dice", "3,4", "--json")
    data = json.loads(out.stdout)
    assert (data["break"]["side"], data["break"]["skipped"]) == (3, 3)


def test_deal_rejects_bad_dice() -> None:
    out = run("deal", "--dice", "7,1")
    assert out.returncode == 2 and "each die shows 1 to 6" in out.stderr


def test_simulate_same_seed_same_output() -> None:
    """Determinism: the same seed prints the same figures (timing goes to stderr)."""
    a = run("simulate", "--hands", "40", "--seed", "9", "--json")
    b = run("simulate", "--hands", "40", "--seed", "9", "--json")
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    data = json.loads(a.stdout)
    assert (
        sum(data["endings"][k] for k in ("self_draw", "after_kong", "discard", "several_winners", "rob_kong", "draw"))
        == 40
    )
    assert data["checks"]["tiles_accounted"] == 40 and data["failures"] == []
    assert "hands/s" in a.stderr
    c = run("simulate", "--hands", "40", "--seed", "10", "--json")
    assert c.stdout != a.stdout


def test_simulate_log_replays_and_exports(tmp_path: Path) -> None:
    """A match log replays event for event; exported hands settle to the ledger the engine gave."""
    log = tmp_path / "match.jsonl"
    out = run("simulate", "--hands", "30", "--seed", "4", "--log", str(log), "--export", str(tmp_path / "hands"))
    assert out.returncode == 0, out.stdout + out.stderr
    rep = run("replay", str(log))
    assert rep.returncode == 0 and "30 hands replayed" in rep.stdout
    assert len(list((tmp_path / "hands").glob("hand-*.yaml"))) == 30


def test_replay_detects_a_tampered_log(tmp_path: Path) -> None:
    log = tmp_path / "match.jsonl"
    run("simulate", "--hands", "3", "--seed", "4", "--log", str(log))
    lines = log.read_text(encoding="utf-8").splitlines()
    i = next(i for i, line in enumerate(lines) if '"type":"tile_discarded"' in line)
    lines[i] = lines[i].replace('"hot":false', '"hot":true')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rep = run("replay", str(log))
    assert rep.returncode == 1 and "replay differs" in rep.stdout


@pytest.mark.parametrize("content", ["", "not json\n", '{"type": "something else"}\n'])
def test_replay_rejects_bad_logs(tmp_path: Path, content: str) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(content, encoding="utf-8")
    rep = run("replay", str(log))
    assert rep.returncode == 2 and str(log) in rep.stderr


def test_exported_hands_settle_to_the_engines_ledger(tmp_path: Path) -> None:
    """docs/rules.md §7: a played hand, written as a hand file and read back, settles the same."""
    for name in ("guiyang-classic", "guiyang-modern", "zhuoji-x10"):
        rules = load_ruleset(name)
        results: list[HandResult] = []
        simulate(rules, f"export:{name}", 60, on_hand=results.append)
        for i, result in enumerate(results):
            path = tmp_path / f"{name}-{i}.yaml"
            path.write_text(write_hand_file(result), encoding="utf-8")
            again = read_hand_file(path)
            assert settle(again, rules) == settle(result, rules), path.read_text(encoding="utf-8")
