"""The release workflow's Windows and macOS builds, checked here with the platform faked (no such runner here).

build/build.py names and packs the downloads (docs/download.md's table) and build/guiyang.spec picks
the icon, the console and the .app bundle per system; both read `sys.platform` and
`platform.machine()`, which these tests replace. The workflow itself is linted by actionlint in
`make test` and here.
"""

from __future__ import annotations

import importlib
import importlib.util
import shutil
import subprocess
import sys
import tarfile
import types
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("build_script", ROOT / "build" / "build.py")
assert _spec is not None and _spec.loader is not None
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)

VERSION = build.read_version()

SYSTEMS = {
    "windows": ("win32", "AMD64"),
    "macos": ("darwin", "arm64"),
    "linux": ("linux", "x86_64"),
}


def _fake(monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    plat, machine = SYSTEMS[system]
    monkeypatch.setattr(build.sys, "platform", plat)
    monkeypatch.setattr(build.platform, "machine", lambda: machine)


def _fake_onedir(dist: Path, exe: str) -> None:
    folder = dist / "onedir" / "guiyang-mahjong"
    (folder / "_internal" / "rulesets").mkdir(parents=True)
    (folder / exe).write_bytes(b"\x7fEXE")
    (folder / "_internal" / "rulesets" / "guiyang-classic.yaml").write_text("base: 1\n", encoding="utf-8")


@pytest.mark.parametrize(
    ("system", "tag", "exe"),
    [
        ("windows", "windows-x86_64", "guiyang-mahjong.exe"),
        ("macos", "macos-arm64", "guiyang-mahjong"),
        ("linux", "linux-x86_64", "guiyang-mahjong"),
    ],
)
def test_names_follow_the_download_table(monkeypatch: pytest.MonkeyPatch, system: str, tag: str, exe: str) -> None:
    _fake(monkeypatch, system)
    assert build.platform_tag() == tag
    assert build.exe_name() == exe
    dist = Path("dist")
    assert build.executable_path(dist, "onefile") == dist / "onefile" / exe
    assert build.executable_path(dist, "onedir") == dist / "onedir" / "guiyang-mahjong" / exe


def test_windows_downloads_are_an_exe_and_a_zip_of_one_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _fake(monkeypatch, "windows")
    (tmp_path / "onefile").mkdir()
    (tmp_path / "onefile" / "guiyang-mahjong.exe").write_bytes(b"MZ")
    _fake_onedir(tmp_path, "guiyang-mahjong.exe")
    one = build.archive(tmp_path, "onefile")
    assert one.name == f"guiyang-mahjong-{VERSION}-windows-x86_64.exe" and one.read_bytes() == b"MZ"
    packed = build.archive(tmp_path, "onedir")
    assert packed.name == f"guiyang-mahjong-{VERSION}-windows-x86_64-folder.zip"
    with zipfile.ZipFile(packed) as zf:
        names = set(zf.namelist())
    # docs/download.md: "run guiyang-mahjong.exe inside the guiyang-mahjong folder"
    assert "guiyang-mahjong/guiyang-mahjong.exe" in names
    assert "guiyang-mahjong/_internal/rulesets/guiyang-classic.yaml" in names
    assert all(n.startswith("guiyang-mahjong/") and "\\" not in n for n in names)


def test_macos_downloads_are_a_terminal_file_and_the_app_zipped_by_ditto(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _fake(monkeypatch, "macos")
    (tmp_path / "onefile").mkdir()
    (tmp_path / "onefile" / "guiyang-mahjong").write_bytes(b"\xcf\xfa")
    app = tmp_path / "onedir" / "Guiyang Mahjong.app" / "Contents" / "MacOS"
    app.mkdir(parents=True)
    one = build.archive(tmp_path, "onefile")
    assert one.name == f"guiyang-mahjong-{VERSION}-macos-arm64"
    calls: list[list[str]] = []

    def fake_run(cmd: list[str], check: bool = False, **_: Any) -> subprocess.CompletedProcess[str]:
        calls.append(cmd)
        Path(cmd[-1]).write_bytes(b"PK")
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(build.subprocess, "run", fake_run)
    packed = build.archive(tmp_path, "onedir")
    assert packed.name == f"guiyang-mahjong-{VERSION}-macos-arm64-app.zip"
    # ditto keeps the bundle's links and permissions; --keepParent puts "Guiyang Mahjong.app" at the top.
    bundle = tmp_path / "onedir" / "Guiyang Mahjong.app"
    assert calls == [["ditto", "-c", "-k", "--keepParent", str(bundle), str(packed)]]


def test_linux_folder_download_is_a_tarball_of_one_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _fake(monkeypatch, "linux")
    _fake_onedir(tmp_path, "guiyang-mahjong")
    packed = build.archive(tmp_path, "onedir")
    assert packed.name == f"guiyang-mahjong-{VERSION}-linux-x86_64-folder.tar.gz"
    with tarfile.open(packed) as tf:
        assert "guiyang-mahjong/guiyang-mahjong" in tf.getnames()


class _Recorder:
    """Stands for PyInstaller's spec globals (Analysis, EXE, COLLECT, BUNDLE...), keeping each call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.analysis: Any = None  # what the spec's Analysis returned, as the spec left it

    def maker(self, name: str) -> Any:
        def make(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args, kwargs))
            return types.SimpleNamespace(pure=[], scripts=[], binaries=[], datas=[], name=name)

        return make

    def named(self, name: str) -> list[dict[str, Any]]:
        return [kw for n, _, kw in self.calls if n == name]


def _run_spec(monkeypatch: pytest.MonkeyPatch, system: str, mode: str) -> _Recorder:
    # The spec imports PyInstaller's hooks; a real build has them loaded on the real system, so load them
    # before the system is faked (PyInstaller reads the platform's build settings as it is imported).
    importlib.import_module("PyInstaller.utils.hooks")

    _fake(monkeypatch, system)
    monkeypatch.setattr(sys, "platform", SYSTEMS[system][0])
    monkeypatch.setattr(sys, "argv", ["guiyang.spec", "--mode", mode])
    rec = _Recorder()
    versioninfo = types.SimpleNamespace(
        **{n: rec.maker(n) for n in ("StringStruct", "VSVersionInfo", "FixedFileInfo", "StringFileInfo")},
        **{n: rec.maker(n) for n in ("StringTable", "VarFileInfo", "VarStruct")},
    )
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.win32", types.SimpleNamespace(versioninfo=versioninfo))
    namespace = {
        "__name__": "__main__",
        "SPECPATH": str(ROOT / "build"),
        **{n: rec.maker(n) for n in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")},
    }
    exec(compile((ROOT / "build" / "guiyang.spec").read_text(encoding="utf-8"), "guiyang.spec", "exec"), namespace)
    rec.analysis = namespace["a"]
    return rec


def test_spec_on_windows_uses_the_ico_a_hidden_console_and_version_info(monkeypatch: pytest.MonkeyPatch) -> None:
    rec = _run_spec(monkeypatch, "windows", "onedir")
    (exe,) = rec.named("EXE")
    assert exe["name"] == "guiyang-mahjong"
    assert exe["icon"] == str(ROOT / "assets" / "icon.ico") and Path(exe["icon"]).is_file()
    assert exe["console"] is True and exe["hide_console"] == "hide-early" and exe["strip"] is False
    assert exe["version"] is not None and rec.named("VSVersionInfo")
    assert rec.named("COLLECT")[0]["name"] == "guiyang-mahjong" and not rec.named("BUNDLE")


def test_spec_on_macos_bundles_a_windowed_app_with_the_icns(monkeypatch: pytest.MonkeyPatch) -> None:
    rec = _run_spec(monkeypatch, "macos", "onedir")
    (exe,) = rec.named("EXE")
    assert exe["icon"] == str(ROOT / "assets" / "icon.icns") and Path(exe["icon"]).is_file()
    assert exe["console"] is False and exe["strip"] is False and exe["version"] is None
    (bundle,) = rec.named("BUNDLE")
    assert bundle["name"] == "Guiyang Mahjong.app" and bundle["icon"].endswith("icon.icns")
    assert bundle["version"] == VERSION and bundle["info_plist"]["CFBundleShortVersionString"] == VERSION
    one = _run_spec(monkeypatch, "macos", "onefile")
    assert one.named("EXE")[0]["console"] is True and not one.named("BUNDLE")  # the Terminal download


@pytest.mark.parametrize(("system", "driver"), [("windows", "sapi5"), ("macos", "nsss"), ("linux", "espeak")])
def test_spec_carries_the_systems_speech_driver(monkeypatch: pytest.MonkeyPatch, system: str, driver: str) -> None:
    """pyttsx3 imports its driver by name, out of the analysis' sight: the system's own is a hidden import."""
    (analysis,) = _run_spec(monkeypatch, system, "onefile").named("Analysis")
    assert f"pyttsx3.drivers.{driver}" in analysis["hiddenimports"]


def test_spec_onefile_packs_everything_into_one_executable(monkeypatch: pytest.MonkeyPatch) -> None:
    rec = _run_spec(monkeypatch, "windows", "onefile")
    (call,) = [c for c in rec.calls if c[0] == "EXE"]
    assert call[2]["runtime_tmpdir"] is None and not rec.named("COLLECT")


def test_spec_ships_the_compiled_build_byte_for_byte(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled rollout path goes in as DATA after the analysis: as a binary it would be stripped, its hash
    would no longer be the stamp's, and the frozen game would run the Python path (game/fast.py)."""
    from game import fast

    files, why = fast.valid_build(ROOT)
    if not files:
        pytest.skip(f"no current compiled build here: {why}")
    rec = _run_spec(monkeypatch, "linux", "onefile")
    (analysis,) = rec.named("Analysis")
    given = [str(entry) for entry in (*analysis["datas"], *analysis.get("binaries", ()))]
    assert not [e for e in given if ".fast" in e]
    shipped = {dest: (src, kind) for dest, src, kind in rec.analysis.datas if dest.startswith(".fast/")}
    for name, file in [*files.items(), ("stamp", fast.build_dir(ROOT) / fast.STAMP)]:
        dest = file.relative_to(ROOT).as_posix()
        assert shipped[dest] == (str(file), "DATA"), name
    assert rec.named("EXE")[0]["strip"] is (shutil.which("strip") is not None)


def _actionlint() -> str | None:
    found = shutil.which("actionlint", path=str(Path(sys.executable).parent))
    return found or shutil.which("actionlint")


def test_release_workflow_passes_actionlint() -> None:
    tool = _actionlint()
    if tool is None:
        pytest.fail("actionlint is not installed: pip install -r requirements-dev.txt")
    proc = subprocess.run(
        [tool, str(ROOT / ".github" / "workflows" / "release.yml")], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_actionlint_catches_a_broken_workflow(tmp_path: Path) -> None:
    tool = _actionlint()
    if tool is None:
        pytest.fail("actionlint is not installed: pip install -r requirements-dev.txt")
    bad = tmp_path / "bad.yml"
    steps = "    steps:\n      - run: echo ${{ matrix.os }}\n"
    bad.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n" + steps)
    proc = subprocess.run([tool, str(bad)], capture_output=True, text=True, check=False)
    assert proc.returncode == 1 and "matrix" in proc.stdout
