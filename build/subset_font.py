"""Subset Noto Sans CJK SC (and the serif face used for tile numerals) to the characters the game shows.

Run `python build/subset_font.py` after adding Chinese text anywhere in game/, ui/, rulesets/ or
docs/: it rescans the sources (ui/look/charset.py) and rewrites assets/fonts/. `--check` only reports
whether the shipped fonts still cover the sources. The source fonts come from Debian's
fonts-noto-cjk package (`apt-get install fonts-noto-cjk`); `--source-dir` points elsewhere.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
COPYRIGHT_FILE = Path("/usr/share/doc/fonts-noto-cjk/copyright")
OUT_DIR = ROOT / "assets" / "fonts"
INSTALL_HINT = (
    "Install the source fonts first: on Debian or Ubuntu `apt-get install fonts-noto-cjk`, "
    "or download Noto Sans CJK and Noto Serif CJK (.ttc) and pass --source-dir DIR."
)

# Numerals and 萬 drawn on the character tiles; the serif face looks like the engraved originals.
TILE_GLYPHS = "一二三四五六七八九萬万"


@dataclass(frozen=True)
class FontJob:
    """One subset to build: which collection, which face in it, what to call the output."""

    collection: str
    family: str  # the face's name (nameID 4) that must be found in the collection
    output: str
    tile_glyphs_only: bool = False
    # The bold face draws the game's own titles and labels; a player's rarer characters in bold are drawn
    # from the regular face made bold (ui/look/fonts.py), which keeps the download small.
    own_text_only: bool = False


JOBS: tuple[FontJob, ...] = (
    FontJob("NotoSansCJK-Regular.ttc", "Noto Sans CJK SC", "NotoSansCJKsc-Regular-subset.otf"),
    FontJob("NotoSansCJK-Bold.ttc", "Noto Sans CJK SC Bold", "NotoSansCJKsc-Bold-subset.otf", own_text_only=True),
    FontJob("NotoSerifCJK-Bold.ttc", "Noto Serif CJK SC Bold", "NotoSerifCJKsc-Bold-tiles.otf", tile_glyphs_only=True),
)


class SourceFontError(Exception):
    """The source font is missing or is not what we expect."""


def _load_charset() -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, list[str]]]:
    """(required, optional, the game's own required text) characters, each with where it is used."""
    # build/ is not a package; the scan lives in ui/look/charset.py so the glyph test shares it.
    sys.path.insert(0, str(ROOT))
    from ui.look.charset import optional_characters, required_characters

    return required_characters(ROOT), optional_characters(ROOT), required_characters(ROOT, players=False)


def find_face(collection: Path, family: str) -> int:
    """The index of the face named `family` in a .ttc, checked by reading the name table."""
    from fontTools.ttLib import TTCollection

    if not collection.is_file():
        raise SourceFontError(f"source font not found: {collection}. {INSTALL_HINT}")
    try:
        ttc = TTCollection(str(collection), lazy=True)
    except Exception as exc:  # fontTools raises several types for a damaged file
        raise SourceFontError(f"cannot read {collection}: {exc}") from exc
    names = [str(face["name"].getDebugName(4)) for face in ttc.fonts]
    if family in names:
        return names.index(family)
    raise SourceFontError(f"{collection} has no face named {family!r} (faces: {', '.join(names)}). {INSTALL_HINT}")


def subset_face(collection: Path, index: int, text: str, output: Path) -> tuple[int, str]:
    """Write the subset of face `index` of `collection` covering `text`; returns (bytes, characters it lacked)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    # recalcTimestamp=False keeps the output identical between runs, so git sees real changes only.
    font = TTFont(str(collection), fontNumber=index, recalcTimestamp=False, lazy=False)
    cmap = font.getBestCmap()
    missing = "".join(ch for ch in text if ord(ch) not in cmap)
    options = subset.Options()
    options.hinting = True  # CFF hints keep small sizes sharp under FreeType
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.layout_features = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(ch for ch in text if ord(ch) in cmap))
    subsetter.subset(font)
    output.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(output))
    return output.stat().st_size, missing


def licence_text(fonts: list[Path]) -> str:
    """The OFL text with each shipped font's copyright notice, as the licence asks to ship with the fonts."""
    from fontTools.ttLib import TTFont

    notices: list[str] = []
    for path in fonts:
        name = TTFont(str(path), lazy=True)["name"]
        line = f"{path.name}: {name.getDebugName(4)}, {name.getDebugName(0)}"
        if line not in notices:
            notices.append(line)
    if not COPYRIGHT_FILE.is_file():
        raise SourceFontError(f"licence text not found: {COPYRIGHT_FILE}. {INSTALL_HINT}")
    body = _ofl_from_debian_copyright(COPYRIGHT_FILE.read_text(encoding="utf-8"))
    header = [
        "The fonts in this folder are subsets of Noto Sans CJK SC and Noto Serif CJK SC,",
        "made by build/subset_font.py. They are licensed under the SIL Open Font License 1.1,",
        "reproduced below.",
        "",
        *notices,
        "",
    ]
    return "\n".join(header) + "\n" + body


def _ofl_from_debian_copyright(text: str) -> str:
    """The `License: SIL-1.1` paragraph of a Debian copyright file, unindented."""
    lines = text.splitlines()
    out: list[str] = []
    for start, line in enumerate(lines):
        if line.strip() != "License: SIL-1.1":
            continue
        # The Files stanza names the licence on one line; the stand-alone paragraph carries the text.
        for body_line in lines[start + 1 :]:
            if not body_line.startswith(" "):
                break
            body = body_line[1:]
            out.append("" if body == "." else body)
        if out:
            break
    if not out:
        raise SourceFontError(f"no SIL-1.1 licence paragraph in {COPYRIGHT_FILE}")
    return "\n".join(out).strip("\n") + "\n"


def check(required: dict[str, list[str]], own: dict[str, list[str]] | None = None) -> list[str]:
    """Problems with the shipped fonts: each missing character with where it is used."""
    from fontTools.ttLib import TTFont

    problems: list[str] = []
    for job in JOBS:
        path = OUT_DIR / job.output
        if not path.is_file():
            problems.append(f"{path.relative_to(ROOT)} is missing")
            continue
        cmap = TTFont(str(path), lazy=True).getBestCmap()
        if job.tile_glyphs_only:
            wanted = {ch: ["tile art"] for ch in TILE_GLYPHS}
        else:
            wanted = own if job.own_text_only and own is not None else required
        for ch, places in wanted.items():
            if ord(ch) not in cmap:
                problems.append(f"{path.name} lacks {ch!r} (U+{ord(ch):04X}), used at {', '.join(places)}")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Build (or with --check, verify) the font subsets; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--source-dir", type=Path, default=DEFAULT_SOURCE_DIR, help="folder with the Noto CJK .ttc")
    parser.add_argument("--check", action="store_true", help="only check the shipped fonts cover the sources")
    args = parser.parse_args(argv)
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("fontTools is not installed: `pip install -r requirements-dev.txt`", file=sys.stderr)
        return 2
    required, optional, own = _load_charset()
    if args.check:
        problems = check(required, own)
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            print("re-run `python build/subset_font.py` to rebuild the fonts", file=sys.stderr)
            return 1
        print(f"fonts cover all {len(required)} required characters")
        return 0

    full_text = "".join(sorted(set(required) | set(optional)))
    own_text = "".join(sorted(set(own) | set(optional)))
    written: list[Path] = []
    try:
        for job in JOBS:
            collection = args.source_dir / job.collection
            index = find_face(collection, job.family)
            text = TILE_GLYPHS if job.tile_glyphs_only else own_text if job.own_text_only else full_text
            output = OUT_DIR / job.output
            size, missing = subset_face(collection, index, text, output)
            written.append(output)
            needed = own if job.own_text_only else required
            lacking_required = "".join(ch for ch in missing if ch in needed or job.tile_glyphs_only)
            lacking_optional = "".join(ch for ch in missing if ch not in lacking_required)
            print(f"{output.relative_to(ROOT)}: {len(text) - len(missing)} characters, {size / 1024:.0f} KiB")
            if lacking_optional:
                print(f"  (source font has no glyph for optional {lacking_optional!r}; skipped)")
            if lacking_required:
                print(f"  source font has no glyph for required {lacking_required!r}", file=sys.stderr)
                return 1
        licence = OUT_DIR / "OFL.txt"
        licence.write_text(licence_text(written), encoding="utf-8")
        print(f"{licence.relative_to(ROOT)}: licence written")
    except SourceFontError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
