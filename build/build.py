"""Build the standalone game with PyInstaller: a one-file executable and a one-folder build.

    python build/build.py                     # both, into dist/onefile/ and dist/onedir/
    python build/build.py --onefile --out D   # only the one-file build, into D/onefile/
    python build/build.py --archive           # also name and pack the downloads into dist/release/
    python build/build.py --onefile --cached  # reuse the build of unchanged sources (the smoke test)

Every build reads build/guiyang.spec; the version comes from game/__init__.py. The last lines printed
are the paths of the executables, one per build, so scripts can capture them.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "guiyang.spec"
APP = "guiyang-mahjong"
APP_TITLE = "Guiyang Mahjong"  # the macOS .app bundle is named for people, not shells
DEFAULT_OUT = ROOT / "dist"
CACHE_DIR = ROOT / "build" / "out" / "cache"
WORK_DIR = ROOT / "build" / "out" / "work"
ICON_FILES = ("icon.png", "icon.ico", "icon.icns")
ZLIB_LEVEL = 9  # the strongest zlib compression, for the executable's archive and the modules inside it

Mode = Literal["onefile", "onedir"]
MODES: tuple[Mode, ...] = ("onefile", "onedir")

# What goes into a build: a change to any of these makes a cached build stale.
INPUT_GLOBS = (
    "main.py",
    "game/**/*.py",
    "ui/**/*.py",
    "assets/**/*",
    "rulesets/**/*",
    "build/guiyang.spec",
    "build/build.py",
    ".fast/**/*",
    "requirements.txt",
)


class BuildError(Exception):
    """A build that could not run or did not produce its executable; the message says which and why."""


def read_version() -> str:
    """__version__ from game/__init__.py, the one place the version is kept (read without importing)."""
    tree = ast.parse((ROOT / "game" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            return str(ast.literal_eval(node.value))
    raise BuildError("game/__init__.py has no __version__ = '...' line")


def platform_tag() -> str:
    """This machine as a download name: linux-x86_64, windows-x86_64, macos-arm64 …"""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system}-{machine}"


def exe_name() -> str:
    """The executable's file name on this platform."""
    return f"{APP}.exe" if sys.platform == "win32" else APP


def executable_path(dist: Path, mode: Mode) -> Path:
    """Where the build of `mode` under `dist` keeps its executable."""
    if mode == "onefile":
        return dist / "onefile" / exe_name()
    return dist / "onedir" / APP / exe_name()


def pyinstaller_version() -> str | None:
    """The installed PyInstaller's version, or None when it is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    if importlib.util.find_spec("PyInstaller") is None:
        return None
    try:
        return version("pyinstaller")
    except PackageNotFoundError:
        return None


def _input_files() -> Iterator[Path]:
    seen: set[Path] = set()
    for pattern in INPUT_GLOBS:
        for path in sorted(ROOT.glob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts and path not in seen:
                seen.add(path)
                yield path


def inputs_hash(mode: Mode) -> str:
    """A digest of everything a build of `mode` depends on: sources, data, spec, tools and platform."""
    h = hashlib.sha256()
    for part in (mode, sys.version, platform_tag(), pyinstaller_version() or "-", _package_versions()):
        h.update(part.encode() + b"\0")
    for path in _input_files():
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def _package_versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    out = []
    for name in ("pygame-ce", "PyYAML", "platformdirs", "pyinstaller-hooks-contrib"):
        try:
            out.append(f"{name}=={version(name)}")
        except PackageNotFoundError:
            out.append(f"{name}=-")
    return ";".join(out)


def ensure_icons() -> None:
    """Draw the icon files if any is missing (the spec needs .ico on Windows and .icns on macOS)."""
    if all((ROOT / "assets" / name).is_file() for name in ICON_FILES):
        return
    spec = importlib.util.spec_from_file_location("make_icon", ROOT / "build" / "make_icon.py")
    if spec is None or spec.loader is None:
        raise BuildError("cannot load build/make_icon.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.write_icons(ROOT / "assets")


def run_pyinstaller(mode: Mode, dist: Path, work: Path, verbose: bool = False) -> Path:
    """Run PyInstaller on the spec for `mode`, output under `dist`/`mode`; returns the executable's path."""
    if pyinstaller_version() is None:
        raise BuildError("PyInstaller is not installed: run `pip install -r requirements-dev.txt`")
    ensure_icons()
    target = dist / mode
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        str(SPEC),
        "--noconfirm",
        "--log-level",
        "INFO" if verbose else "WARN",
        "--distpath",
        str(target),
        "--workpath",
        str(work / mode),
        "--",
        "--mode",
        mode,
    ]
    env = dict(os.environ)
    # The analysis imports pygame to find its libraries: keep it off the screen and the sound card.
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    # PyInstaller packs the Python modules (the PYZ archive) at zlib level 6 unless told otherwise; level 9
    # makes the download smaller, and zlib unpacks every level alike.
    env["PYINSTALLER_ZLIB_COMPRESSION_LEVEL"] = str(ZLIB_LEVEL)
    started = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=not verbose, text=True, check=False)
    if proc.returncode != 0:
        log = (proc.stderr or "")[-4000:] if not verbose else ""
        raise BuildError(f"PyInstaller failed building {mode} (exit {proc.returncode})\n{log}".rstrip())
    exe = executable_path(dist, mode)
    if not exe.is_file():
        raise BuildError(f"PyInstaller finished but {exe} is missing")
    print(f"built {mode} in {time.perf_counter() - started:.0f} s: {exe}", file=sys.stderr)
    return exe


class _Lock:
    """A lock between processes made of a folder (mkdir is atomic everywhere); a stale one is broken."""

    def __init__(self, path: Path, stale_after: float = 1800.0) -> None:
        self.path = path
        self.stale_after = stale_after

    def __enter__(self) -> _Lock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            try:
                self.path.mkdir()
                return self
            except FileExistsError:
                try:
                    age = time.time() - self.path.stat().st_mtime
                except FileNotFoundError:
                    continue
                if age > self.stale_after:
                    shutil.rmtree(self.path, ignore_errors=True)
                    continue
                time.sleep(0.5)

    def __exit__(self, *exc: object) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def cached_build(mode: Mode, cache: Path = CACHE_DIR, verbose: bool = False) -> Path:
    """The executable of a build of `mode` made from the current inputs: reused if one exists, else built.

    Builds are kept under `cache`, one folder per inputs hash; only the newest two are kept.
    Concurrent callers (parallel test workers) wait for one build instead of making two.
    """
    key = inputs_hash(mode)[:16]
    folder = cache / f"{mode}-{key}"
    done = folder / "complete"
    with _Lock(cache / f"{mode}.lock"):
        if not done.is_file():
            shutil.rmtree(folder, ignore_errors=True)
            run_pyinstaller(mode, folder, WORK_DIR / f"cache-{key}", verbose)
            shutil.rmtree(WORK_DIR / f"cache-{key}", ignore_errors=True)
            done.write_text(f"{read_version()}\n", encoding="utf-8")
            _prune(cache, mode, keep=folder)
    return executable_path(folder, mode)


def _prune(cache: Path, mode: Mode, keep: Path) -> None:
    old = sorted(
        (p for p in cache.glob(f"{mode}-*") if p.is_dir() and p != keep),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for path in old[1:]:
        shutil.rmtree(path, ignore_errors=True)


def folder_size(path: Path) -> int:
    """Bytes in every file under `path` (symbolic links not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def archive(dist: Path, mode: Mode) -> Path:
    """Name and pack the `mode` build under `dist` as a download in `dist`/release/; returns its path."""
    release = dist / "release"
    release.mkdir(parents=True, exist_ok=True)
    stem = f"{APP}-{read_version()}-{platform_tag()}"
    if mode == "onefile":
        out = release / (f"{stem}.exe" if sys.platform == "win32" else stem)
        shutil.copy2(executable_path(dist, "onefile"), out)
        return out
    if sys.platform == "darwin":
        app = dist / "onedir" / f"{APP_TITLE}.app"
        out = release / f"{stem}-app.zip"
        out.unlink(missing_ok=True)
        # ditto keeps the bundle's symbolic links and permissions, which zipfile would flatten.
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(app), str(out)], check=True)
        return out
    folder = dist / "onedir" / APP
    if sys.platform == "win32":
        out = release / f"{stem}-folder.zip"
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for path in sorted(folder.rglob("*")):
                zf.write(path, (Path(APP) / path.relative_to(folder)).as_posix())
        return out
    out = release / f"{stem}-folder.tar.gz"
    with tarfile.open(out, "w:gz") as tf:
        tf.add(folder, arcname=APP)
    return out


def main(argv: list[str] | None = None) -> int:
    """Build what the options ask for; exit 0, or 1 with the reason when a build fails."""
    parser = argparse.ArgumentParser(prog="build/build.py", description="Build the standalone game with PyInstaller.")
    parser.add_argument("--onefile", action="store_true", help="the one-file executable")
    parser.add_argument("--onedir", action="store_true", help="the one-folder build")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: dist/)")
    parser.add_argument("--archive", action="store_true", help="also pack each build as a download in OUT/release/")
    parser.add_argument("--cached", action="store_true", help=f"reuse a build of unchanged inputs from {CACHE_DIR}")
    parser.add_argument("--verbose", action="store_true", help="show PyInstaller's own log")
    parser.add_argument(
        "--print-version", action="store_true", help="print the version from game/__init__.py, build nothing"
    )
    args = parser.parse_args(argv)
    if args.print_version:
        print(read_version())
        return 0
    modes: list[Mode] = [m for m in MODES if getattr(args, m)] or list(MODES)
    try:
        paths: list[Path] = []
        for mode in modes:
            if args.cached:
                paths.append(cached_build(mode, verbose=args.verbose))
                continue
            exe = run_pyinstaller(mode, args.out, WORK_DIR, args.verbose)
            built = exe if mode == "onefile" else exe.parent
            print(f"{mode}: {built} ({folder_size(built) / 1e6:.1f} MB)")
            if args.archive:
                packed = archive(args.out, mode)
                print(f"{mode} download: {packed} ({packed.stat().st_size / 1e6:.1f} MB)")
            paths.append(exe)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
