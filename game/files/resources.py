"""Where the shipped files (assets/, rulesets/) are: next to the source tree, or inside a PyInstaller bundle.

The one place that knows: the engine and the client both resolve shipped files through it, so a
frozen build finds them in its bundle (sys._MEIPASS, the folder a one-file build unpacks itself to)
and a source checkout in the project root. Pure Python, so the engine can use it headless.
"""

from __future__ import annotations

import sys
from pathlib import Path, PurePosixPath

_SOURCE_ROOT = Path(__file__).resolve().parents[2]


def is_frozen() -> bool:
    """True when running as a built executable rather than from the source."""
    return bool(getattr(sys, "frozen", False))


def resource_root() -> Path:
    """The folder that holds assets/ and rulesets/: sys._MEIPASS when frozen, else the project root."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if isinstance(bundle, str) and bundle else _SOURCE_ROOT


def resource_path(relative: str) -> Path:
    """The absolute path of a shipped file given as a relative POSIX path such as `assets/fonts/OFL.txt`."""
    rel = PurePosixPath(relative)
    if rel.is_absolute() or ".." in rel.parts:
        raise ValueError(f"resource path must be relative and stay inside the bundle: {relative!r}")
    return resource_root().joinpath(*rel.parts)
