"""Compile the rollout path (game.fast.FAST_MODULES) with mypyc into .fast/<python>/ (see game/fast.py).

    python build/compile_fast.py           # build, or say why it cannot (exit 1)
    python build/compile_fast.py --check   # is the build there and current? (exit 0 yes, 1 no)
    python build/compile_fast.py --if-possible   # build when a C compiler and mypyc are at hand, else say so and exit 0

mypyc comes with mypy (a pinned development requirement); a C compiler must be installed. The
game plays the same hands without the build, only the expert searches fewer rollouts per think.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.machinery
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# The build imports the game package: keep it from loading an old build.
os.environ.setdefault("GUIYANG_PURE_PYTHON", "1")

from game.fast import FAST_MODULES, STAMP, build_dir, file_hash, module_source, valid_build  # noqa: E402


def compiler_missing() -> str:
    """Why no C extension can be built here, or "" when it can."""
    for name in ("mypyc", "setuptools"):
        if importlib.util.find_spec(name) is None:
            return f"{name} is not installed (requirements-dev.txt has it)"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None and shutil.which("cc") is None and shutil.which("gcc") is None:
        return f"no C compiler ({cc}) on PATH"
    return ""


def strip_symbols(files: list[Path]) -> None:
    """Drop the compiled libraries' symbol tables where `strip` is at hand on Linux (half their size).

    Before they are stamped, so that the one-file build ships them as they are (build/guiyang.spec).
    """
    if not sys.platform.startswith("linux") or shutil.which("strip") is None:
        return
    for file in files:
        done = subprocess.run(["strip", str(file)], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"strip {file} failed: {done.stderr.strip()}")


def build() -> Path:
    """Compile FAST_MODULES into a fresh folder and put it in place of the old build; the build folder."""
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped]

    target = build_dir(ROOT)
    with tempfile.TemporaryDirectory(prefix="guiyang-fast-") as tmp:
        out = Path(tmp) / "lib"
        sources = [str(module_source(ROOT, name).relative_to(ROOT)) for name in FAST_MODULES]
        cwd = os.getcwd()
        os.chdir(ROOT)  # mypyc names modules by their paths from here
        try:
            log = io.StringIO()
            with contextlib.redirect_stdout(log):
                ext = mypycify(sources, opt_level="3", target_dir=str(Path(tmp) / "c"))
                dist = Distribution({"name": "guiyang-fast", "ext_modules": ext})
                cmd = dist.get_command_obj("build_ext")
                cmd.build_lib = str(out)
                cmd.build_temp = str(Path(tmp) / "temp")
                dist.run_command("build_ext")
        except (Exception, SystemExit) as exc:
            raise SystemExit(f"compiling {', '.join(sources)} failed: {exc}\n{log.getvalue()[-3000:]}") from exc
        finally:
            os.chdir(cwd)
        strip_symbols([f for f in out.rglob("*") if f.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))])
        modules: dict[str, dict[str, str]] = {}
        support: dict[str, dict[str, str]] = {}
        for file in sorted(out.rglob("*")):
            if not file.is_file():
                continue
            rel = file.relative_to(out)
            dotted = ".".join([*rel.parts[:-1], rel.name.split(".", 1)[0]])
            if dotted in FAST_MODULES:
                modules[dotted] = {
                    "file": rel.as_posix(),
                    "file_sha256": file_hash(file),
                    "sha256": file_hash(module_source(ROOT, dotted)),
                }
            else:
                # mypyc's shared library of the group: the compiled code of every module is in it.
                support[dotted] = {"file": rel.as_posix(), "file_sha256": file_hash(file)}
        missing = set(FAST_MODULES) - set(modules)
        if missing:
            raise SystemExit(f"mypyc built no module for {sorted(missing)}")
        stamp = {"python": sys.version.split()[0], "modules": modules, "support": support}
        (out / STAMP).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
        if target.exists():
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(out, target)
    return target


def main(argv: list[str] | None = None) -> int:
    """Build, check or try to build the compiled rollout path."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether a current build is in place")
    parser.add_argument("--if-possible", action="store_true", help="exit 0 when no compiler is at hand")
    args = parser.parse_args(argv)
    files, why = valid_build(ROOT)
    if args.check:
        print(f"compiled rollout path: {'current' if files else why}")
        return 0 if files else 1
    if files:
        print(f"compiled rollout path is current: {build_dir(ROOT)}")
        return 0
    missing = compiler_missing()
    if missing:
        print(f"compiled rollout path not built: {missing}; the game runs it as Python")
        return 0 if args.if_possible else 1
    target = build()
    print(f"compiled rollout path built: {target} ({', '.join(FAST_MODULES)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
