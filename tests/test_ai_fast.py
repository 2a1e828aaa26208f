"""The compiled rollout path (game/fast.py): used only while current, and plays exactly as the Python one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import fast

ROOT = Path(__file__).resolve().parent.parent
COMPILED = fast.FAST_MODULES  # the game's own list, before a test below narrows it


@pytest.fixture(autouse=True)
def _one_fast_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fake builds below compile one module; the game's list names that one alone."""
    monkeypatch.setattr(fast, "FAST_MODULES", ("game.core.rollout",))


def _fake_build(root: Path, source_text: str = "x = 1\n") -> Path:
    """A source root with one module and a stamp naming it, as build/compile_fast.py writes them."""
    src = root / "game" / "core" / "rollout.py"
    src.parent.mkdir(parents=True)
    src.write_text(source_text, encoding="utf-8")
    folder = fast.build_dir(root)
    (folder / "game" / "core").mkdir(parents=True)
    (folder / "game" / "core" / "rollout.so").write_bytes(b"\0")
    (folder / "abc__mypyc.so").write_bytes(b"\0")
    lib, shim = folder / "abc__mypyc.so", folder / "game" / "core" / "rollout.so"
    stamp = {
        "modules": {
            "game.core.rollout": {
                "file": "game/core/rollout.so",
                "sha256": fast.file_hash(src),
                "file_sha256": fast.file_hash(shim),
            }
        },
        "support": {"abc__mypyc": {"file": "abc__mypyc.so", "file_sha256": fast.file_hash(lib)}},
    }
    (folder / fast.STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    return src


def test_a_current_build_is_found(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    files, why = fast.valid_build(tmp_path)
    assert why == ""
    assert set(files) == {"game.core.rollout", "abc__mypyc"}


def test_a_source_edited_after_the_build_turns_the_build_off(tmp_path: Path) -> None:
    src = _fake_build(tmp_path)
    src.write_text("x = 2\n", encoding="utf-8")
    files, why = fast.valid_build(tmp_path)
    assert files == {}
    assert "changed since it was compiled" in why and "rollout.py" in why


def test_a_missing_compiled_file_turns_the_build_off(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    (fast.build_dir(tmp_path) / "abc__mypyc.so").unlink()
    files, why = fast.valid_build(tmp_path)
    assert files == {} and "abc__mypyc.so is missing" in why


@pytest.mark.parametrize(
    "text", ["", "{", "[1, 2]", '{"modules": {}}', '{"modules": {"os": {}}}', '{"modules": {"game.x": 3}}']
)
def test_a_damaged_stamp_is_named_and_ignored(tmp_path: Path, text: str) -> None:
    _fake_build(tmp_path)
    (fast.build_dir(tmp_path) / fast.STAMP).write_text(text, encoding="utf-8")
    files, why = fast.valid_build(tmp_path)
    assert files == {}
    assert fast.STAMP in why


def test_a_build_of_other_modules_is_named_and_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A game that compiles one module more than its build holds would run that one as Python unseen.
    _fake_build(tmp_path)
    monkeypatch.setattr(fast, "FAST_MODULES", ("game.core.rollout", "game.core.settlement.settle"))
    files, why = fast.valid_build(tmp_path)
    assert files == {}
    assert "built for other modules" in why and "game.core.settlement.settle" in why


def test_a_truncated_compiled_file_is_never_opened(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    (fast.build_dir(tmp_path) / "abc__mypyc.so").write_bytes(b"")
    files, why = fast.valid_build(tmp_path)
    assert files == {} and "abc__mypyc.so is damaged" in why


def test_a_foreign_compiled_file_is_named_and_not_loaded(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    files, why = fast.valid_build(tmp_path)
    assert why == ""
    why = fast.unloadable(files)
    assert "cannot be loaded" in why and ".so" in why


def test_no_build_says_where_it_looked(tmp_path: Path) -> None:
    files, why = fast.valid_build(tmp_path)
    assert files == {} and str(fast.build_dir(tmp_path)) in why


# ---------------------------------------------------------------- compiled against Python

# Plays whole hands on the lean path and expert searches with a fixed rollout count, and prints
# everything that could differ: each hand's settled nets, and each arena's per-agent figures.
_PROBE = """
import json, sys
from game import fast
from game.ai.measure.arena import SearchBudget, run_arena
from game.ai.search.playout import rollout_hand
from game.rules.loader import builtin_ruleset_names, load_ruleset
from game.core.settlement import settle
from game.ai.levels.hard import HardAgent
HardAgent.__init__.__defaults__ = ("hard", None, 1e9)  # no wall-clock cut: the moves depend on nothing but the deal
out = {"compiled": fast.active(), "hands": {}, "arena": {}}
for name in builtin_ruleset_names():
    rules = load_ruleset(name)
    out["hands"][name] = [settle(rollout_hand(rules, f"fast:{i}"), rules).nets() for i in range(40)]
for name in ("guiyang-classic", "guiyang-modern"):
    rep = run_arena(name, ("expert", "hard", "hard", "hard"), deals=2, seed="fast", budget=SearchBudget(16, None))
    out["arena"][name] = [
        (a.spec, a.hands, a.mean, a.win_rate, a.deal_in_rate, a.searched, a.switched) for a in rep.agents
    ]
print(json.dumps(out))
"""


def _probe(pure: bool) -> dict[str, object]:
    env = dict(os.environ)
    env.pop(fast.PURE_ENV, None)
    if pure:
        env[fast.PURE_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=True
    )
    got: dict[str, object] = json.loads(done.stdout)
    return got


@pytest.mark.skipif(not fast.valid_build()[0], reason="no current compiled build (build/compile_fast.py)")
def test_compiled_rollouts_and_searches_play_as_the_python_ones() -> None:
    compiled, pure = _probe(False), _probe(True)
    assert compiled["compiled"] is True and pure["compiled"] is False
    assert compiled["hands"] == pure["hands"]
    assert compiled["arena"] == pure["arena"]


def test_the_compiled_set_is_the_core_package() -> None:
    """docs/design.md, the compiled unit: every module of game.core is compiled but the Ruleset model."""
    core = ROOT / "game" / "core"
    modules = {
        "game." + ".".join(p.relative_to(ROOT / "game").with_suffix("").parts)
        for p in core.rglob("*.py")
        if p.name != "__init__.py"
    }
    assert set(COMPILED) == modules - set(fast.INTERPRETED)
    assert len(set(COMPILED)) == len(COMPILED)
