"""The standalone build (build/guiyang.spec, docs/download.md "Download and play"): the one-file executable
runs headless with the rulesets and assets bundled inside it, plays the same game as the source, keeps
the player's files in the per-user folders and never next to itself, and stays within 25 MB.

The build is made once and reused while its inputs are unchanged (build/build.py --cached), so a
second run of the suite costs seconds. GUIYANG_SMOKE_EXE=PATH tests an executable built elsewhere
(the release workflow tests each platform's download this way).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import signal
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from game import __version__, fast

ROOT = Path(__file__).resolve().parent.parent
SMOKE_EXE_ENV = "GUIYANG_SMOKE_EXE"
CLIENT = ROOT / "ui" / "entry" / "cli.py"
NEEDS_CLIENT = pytest.mark.skipif(
    not CLIENT.is_file(),
    reason="ui/entry/cli.py (the game client) is not in the tree yet: the autoplay and screenshot steps run once it is",
)
MAX_ONEFILE_BYTES = 25 * 1000 * 1000
RUN_TIMEOUT = 120.0


def _pyinstaller_missing() -> str | None:
    if importlib.util.find_spec("PyInstaller") is None:
        return "PyInstaller is not installed (pip install -r requirements-dev.txt): the standalone build is not tested"
    return None


@pytest.fixture(scope="module")
def exe() -> Path:
    """The one-file executable: GUIYANG_SMOKE_EXE, or the cached build of the current sources."""
    given = os.environ.get(SMOKE_EXE_ENV)
    if given:
        path = Path(given).absolute()
        if not path.is_file():
            pytest.fail(f"{SMOKE_EXE_ENV}={given}: no such file")
        return path
    missing = _pyinstaller_missing()
    if missing:
        pytest.skip(missing)
    proc = subprocess.run(
        [sys.executable, str(ROOT / "build" / "build.py"), "--onefile", "--cached"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"build/build.py --onefile --cached failed:\n{proc.stderr[-3000:]}")
    return Path(proc.stdout.strip().splitlines()[-1])


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A throw-away home for the player's folders, so the tests never touch the real one."""
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def _env(home: Path, portable: bool = True) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "GUIYANG_"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local" / "share"))
    env.update(XDG_STATE_HOME=str(home / ".local" / "state"), XDG_CACHE_HOME=str(home / ".cache"))
    if portable:
        env["GUIYANG_MAHJONG_HOME"] = str(home / "guiyang")
    return env


def _run(exe: Path, *args: str, home: Path, portable: bool = True) -> subprocess.CompletedProcess[str]:
    # A one-file build is two processes (the unpacker and the game): on a timeout the whole group must
    # go, or the game and any worker processes it started outlive the test.
    posix = sys.platform != "win32"
    with subprocess.Popen(
        [str(exe), *args],
        cwd=home,
        env=_env(home, portable),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        start_new_session=posix,
    ) as proc:
        try:
            out, err = proc.communicate(timeout=RUN_TIMEOUT)
        except subprocess.TimeoutExpired:
            if posix:
                os.killpg(proc.pid, signal.SIGKILL)
            else:
                proc.kill()
            proc.communicate()
            pytest.fail(f"{exe.name} {' '.join(args)} did not finish within {RUN_TIMEOUT:.0f} s")
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def _source(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        env=_env(home),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=RUN_TIMEOUT,
        check=False,
    )


def _folders(exe: Path, home: Path, portable: bool = True) -> dict[str, Any]:
    proc = _run(exe, "folders", "--json", home=home, portable=portable)
    assert proc.returncode == 0, proc.stderr
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


def _png_bytes_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _png_size(path: Path) -> tuple[int, int]:
    return _png_bytes_size(path.read_bytes()[:24])


def test_version(exe: Path, home: Path) -> None:
    proc = _run(exe, "--version", home=home)
    assert (proc.returncode, proc.stdout.strip()) == (0, f"guiyang-mahjong {__version__}")


def test_onefile_is_at_most_25_mb(exe: Path) -> None:
    assert exe.stat().st_size <= MAX_ONEFILE_BYTES, f"{exe.stat().st_size / 1e6:.1f} MB"


def _spec_excludes() -> set[str]:
    """The modules build/guiyang.spec leaves out of the download, on every system (its EXCLUDES lists)."""
    tree = ast.parse((ROOT / "build" / "guiyang.spec").read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        if isinstance(node, ast.Assign | ast.AugAssign) and isinstance(target, ast.Name) and target.id == "EXCLUDES":
            names |= {c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return names


def test_the_game_imports_nothing_the_download_leaves_out() -> None:
    """The analysis drops an excluded module quietly, so a game or client module importing one would fail only
    in the frozen game, and only where the import runs: none may (mahjong: `bench` does without it)."""
    excluded = _spec_excludes()
    assert {"readline", "pygame._sdl2", "websockets.legacy", "tkinter"} <= excluded, "the spec's lists were not found"
    allowed = {"mahjong"}
    found = []
    for path in [ROOT / "main.py", *sorted((ROOT / "game").rglob("*.py")), *sorted((ROOT / "ui").rglob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            else:
                continue
            for name in names:
                for left_out in excluded - allowed:
                    if name == left_out or name.startswith(left_out + "."):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name} ({left_out} is left out)")
    assert not found, "\n".join(found)


def test_frozen_game_deals_and_plays_like_the_source(exe: Path, home: Path) -> None:
    """docs/rules.md §3 deal and a few whole hands: the bundled engine and rulesets give the source's results."""
    deal = _run(exe, "deal", "--seed", "smoke", "--ruleset", "guiyang-modern", "--json", home=home)
    assert deal.returncode == 0, deal.stderr
    assert json.loads(deal.stdout) == json.loads(
        _source("deal", "--seed", "smoke", "--ruleset", "guiyang-modern", "--json", home=home).stdout
    )
    sim = _run(exe, "simulate", "--hands", "8", "--seed", "smoke", "--json", home=home)
    assert sim.returncode == 0, sim.stderr
    frozen = json.loads(sim.stdout)
    assert frozen["failures"] == []
    assert frozen == json.loads(_source("simulate", "--hands", "8", "--seed", "smoke", "--json", home=home).stdout)


@pytest.mark.skipif(not fast.valid_build()[0], reason="no current compiled build here (build/compile_fast.py)")
def test_frozen_game_searches_with_the_compiled_rollout_path(exe: Path, home: Path) -> None:
    """The download carries the compiled build and uses it: the expert's think buys as many rollouts as from source."""
    proc = _run(exe, "bench", "--only", "rollouts", "--runs", "1", "--json", home=home)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["rollouts"]["rollout_path"] == "compiled"


@pytest.mark.skipif(
    "freeze_support" not in (ROOT / "main.py").read_text(encoding="utf-8"),
    reason="main.py does not call multiprocessing.freeze_support() yet: frozen, its worker processes re-run the game",
)
def test_frozen_game_runs_worker_processes(exe: Path, home: Path) -> None:
    """`arena --workers 2` starts processes from the executable itself, which must act as the worker."""
    proc = _run(
        exe, "arena", "--deals", "1", "--workers", "2", "--seats", "simple,simple,simple,simple", "--json", home=home
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout)
    assert [agent["hands"] for agent in out["agents"]] == [16]  # one deal, four seatings, four seats


def test_bad_input_gets_a_message_not_a_traceback(exe: Path, home: Path) -> None:
    proc = _run(exe, "analyze", "123x", home=home)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout


def test_builtin_rulesets_are_inside_the_bundle(exe: Path, home: Path) -> None:
    """docs/rules.md §11: every shipped ruleset loads from the bundle, which a one-file build unpacks elsewhere."""
    out = _folders(exe, home)
    assert out["frozen"] is True
    assert out["version"] == __version__
    builtin = [r for r in out["rulesets"] if r["source"] == "builtin"]
    assert sorted(r["name"] for r in builtin) == sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml"))
    assert all(r["ok"] for r in builtin), [r["errors"] for r in builtin if not r["ok"]]
    bundle = Path(out["builtin_rulesets"])
    assert not bundle.is_relative_to(ROOT), "the executable read the source tree's rulesets"
    assert not bundle.is_relative_to(exe.parent)


def test_players_rulesets_are_listed_and_a_broken_one_shows_its_error(exe: Path, home: Path) -> None:
    """docs/rules.md §13: a player's own ruleset loads beside the built-in ones; a broken one is listed, not fatal."""
    rulesets = home / "guiyang" / "rulesets"
    rulesets.mkdir(parents=True)
    (rulesets / "house.yaml").write_text((ROOT / "rulesets" / "yiwushi.yaml").read_text(encoding="utf-8"), "utf-8")
    (rulesets / "typo.yaml").write_text("base: one\n", encoding="utf-8")
    out = _folders(exe, home)
    mine = {r["name"]: r for r in out["rulesets"] if r["source"] == "user"}
    assert mine["house"]["ok"] is True
    assert mine["typo"]["ok"] is False
    assert f"{rulesets / 'typo.yaml'}:1:7: base: expected an integer, found 'one' (a string)" in mine["typo"]["errors"]
    played = _run(exe, "simulate", "--hands", "2", "--ruleset", str(rulesets / "house.yaml"), "--json", home=home)
    assert played.returncode == 0, played.stderr


def test_players_folders_are_not_next_to_the_executable(exe: Path, home: Path) -> None:
    """With no override the folders are the platform's per-user places, away from the program."""
    out = _folders(exe, home, portable=False)
    for name, folder in out["folders"].items():
        path = Path(folder)
        assert path.is_absolute(), name
        assert not path.is_relative_to(exe.parent), f"{name} folder {path} is next to the executable"
        assert not path.is_relative_to(Path(out["builtin_rulesets"]).parent), f"{name} folder {path} is in the bundle"
    if sys.platform.startswith("linux"):
        assert out["folders"]["settings"] == str(home / ".config" / "guiyang-mahjong")
        assert out["folders"]["saves"] == str(home / ".local" / "share" / "guiyang-mahjong" / "saves")


@NEEDS_CLIENT
def test_autoplay_one_hand(exe: Path, home: Path) -> None:
    """Four AI players play one whole hand through the real client, with no screen and no sound card."""
    before = sorted(p.name for p in exe.parent.iterdir())
    # Instant speed: the animations finish as they start, so the hand takes seconds, not a minute.
    proc = _run(exe, "--autoplay", "--hands", "1", "--speed", "instant", "--seed", "smoke", home=home)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "played 1 hand in" in proc.stdout
    assert "Traceback" not in proc.stderr
    # Settings, saves and logs went to the player's folders, nothing next to the program.
    assert sorted(p.name for p in exe.parent.iterdir()) == before


@NEEDS_CLIENT
def test_screenshot_matches_the_source_pixel_for_pixel(exe: Path, home: Path) -> None:
    """The bundled fonts and art draw exactly what the source draws (a missing asset would fall back)."""
    args = ("screenshot", "mid-hand", "--size", "800x600", "--seed", "smoke")
    frozen, source = home / "frozen.png", home / "source.png"
    proc = _run(exe, *args[:2], str(frozen), *args[2:], home=home)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert _png_size(frozen) == (800, 600)
    ref = _source(*args[:2], str(source), *args[2:], home=home)
    assert ref.returncode == 0, ref.stderr[-3000:]
    # (A build made moments earlier from sources that were edited since also differs: run again.)
    assert frozen.read_bytes() == source.read_bytes(), "the executable draws the mid-hand table differently"


def test_one_helper_resolves_shipped_files_from_source_and_from_a_bundle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine and the client share game.files.resources; frozen, it points into the bundle, never at the player."""
    import game.files.resources
    import ui.look.resources
    from game.files.userdirs import HOME_ENV, user_dirs

    assert ui.look.resources.resource_path is game.files.resources.resource_path
    assert game.files.resources.resource_root() == ROOT
    assert not game.files.resources.is_frozen()
    assert game.files.resources.resource_path("rulesets/yiwushi.yaml").is_file()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    monkeypatch.delenv(HOME_ENV, raising=False)
    assert game.files.resources.is_frozen()
    assert game.files.resources.resource_path("assets/icon.png") == tmp_path / "bundle" / "assets" / "icon.png"
    for folder in user_dirs().as_dict().values():
        assert not folder.is_relative_to(tmp_path / "bundle")


def test_shipped_icons_hold_every_size_as_png() -> None:
    """assets/icon.ico (Windows) and assets/icon.icns (macOS) as build/make_icon.py writes them."""
    ico = (ROOT / "assets" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        w, h, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i : 22 + 16 * i])
        side = w or 256
        assert _png_bytes_size(ico[offset : offset + length]) == (side, h or 256)
        sizes.append(side)
    assert sizes == [16, 24, 32, 48, 64, 128, 256]
    icns = (ROOT / "assets" / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    at, found = 8, {}
    while at < len(icns):
        kind_tag, length = icns[at : at + 4], struct.unpack(">I", icns[at + 4 : at + 8])[0]
        found[kind_tag] = _png_bytes_size(icns[at + 8 : at + length])
        at += length
    assert found == {b"icp4": (16, 16), b"icp5": (32, 32), b"icp6": (64, 64), b"ic07": (128, 128), b"ic08": (256, 256)}
    assert _png_size(ROOT / "assets" / "icon.png") == (256, 256)


def test_release_workflow_builds_each_platform_on_a_version_tag() -> None:
    """The release workflow runs on v* tags, on Windows, macOS and Linux, and checks the tag against __version__."""
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert triggers["push"]["tags"] == ["v*"]
    build = workflow["jobs"]["build"]
    oses = {entry["os"].split("-")[0] for entry in build["strategy"]["matrix"]["include"]}
    assert oses == {"windows", "macos", "ubuntu"}
    steps = "\n".join(str(step.get("run", "")) for step in build["steps"])
    assert "build/build.py" in steps and "--archive" in steps
    assert "tests/test_package.py" in steps and SMOKE_EXE_ENV in steps
    assert "--print-version" in steps and "GITHUB_REF_NAME" in steps


def test_frozen_host_and_join_play_a_network_hand_over_loopback(exe: Path, home: Path) -> None:
    """websockets, msgspec and the network code are in the bundle: a frozen host and a frozen player finish a hand."""
    host = subprocess.Popen(
        [str(exe), "host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--code", "K7M4QX", "--hands", "1",
         "--seats", "human,ai,ai:hard,ai:easy", "--next-hand-wait", "0", "--save", str(home / "host.save.json")],
        cwd=home, env=_env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
        start_new_session=sys.platform != "win32",
    )  # fmt: skip
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        found = re.search(r"ws://127\.0\.0\.1:\d+", first)
        assert found is not None, first + (host.stderr.read() if host.stderr else "")
        proc = _run(exe, "join", found.group(0), "--code", "K7M4QX", "--name", "frozen", "--autoplay", home=home)
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert "match over after 1 hand;" in proc.stdout
        assert host.wait(timeout=RUN_TIMEOUT) == 0
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


@NEEDS_CLIENT
def test_frozen_game_reviews_in_a_child_process(exe: Path, home: Path) -> None:
    """The review screen's child process is started from the executable itself, which must run the review in it
    (spawn, freeze_support) rather than fall back to a thread or open the game again."""
    proc = _run(exe, "bench-review-frame", "--frames", "5", "--rollouts", "2", "--json", home=home)
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["where"] for r in rows] == ["thread", "process"]
    assert "runs on a thread" not in proc.stderr
