"""The application icon, drawn by the game's own tile art: 幺鸡 (1s) glowing gold on a square of table felt.

`python build/make_icon.py` writes assets/icon.png (256 px, also the window icon), assets/icon.ico
(Windows: 16 to 256 px) and assets/icon.icns (macOS: 16 to 256 px). The .ico and .icns files hold
PNG images, which Windows Vista and later and every macOS read.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.core.tiles import YAOJI  # noqa: E402
from ui.look import palette as pal  # noqa: E402
from ui.look.art.shapes import diagonal_gradient, new_surface  # noqa: E402
from ui.look.tile_art import get_tile_art  # noqa: E402

MASTER = 440  # the largest canvas at which the tile still fits the tile art's widest size
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# The PNG-carrying icns element types by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08"}


def draw_icon(size: int = MASTER) -> pygame.Surface:
    """The icon at `size` px square (at most MASTER): felt with a wooden rim, and the 幺鸡 tile as a chicken."""
    if not 16 <= size <= MASTER:
        raise ValueError(f"icon size must be 16 to {MASTER} px, got {size}")
    out = new_surface((size, size), pal.TABLE_EDGE)
    radius = round(size * 0.18)
    pygame.draw.rect(out, pal.TABLE_EDGE, out.get_rect(), border_radius=radius)
    rim = max(1, round(size * 0.035))
    felt_rect = out.get_rect().inflate(-2 * rim, -2 * rim)
    felt = diagonal_gradient(felt_rect.size, pal.TABLE_GREEN_LIGHT, pal.TABLE_GREEN_DARK)
    mask = new_surface(felt_rect.size, (255, 255, 255))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius - rim)
    felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(felt, felt_rect.topleft)
    art = get_tile_art(max(16, min(256, round(size * 0.58))))
    tile = art.face(YAOJI)
    # The tile art keeps a margin for shadow and glows; scale the whole picture so the tile fills ~80% of the height.
    scale = size * 0.8 / art.body_size[1]
    shown = pygame.transform.smoothscale(tile, (round(tile.get_width() * scale), round(tile.get_height() * scale)))
    at = ((size - shown.get_width()) // 2, (size - shown.get_height()) // 2)
    # The gold glow the table gives a tile that scores as a chicken (鸡), without the badge, which is
    # clutter at icon sizes.
    body = pygame.Rect(
        at[0] + round(art.pad * scale),
        at[1] + round(art.pad * scale),
        round(art.body_size[0] * scale),
        round(art.body_size[1] * scale),
    )
    glow = new_surface((size, size), pal.CHICKEN_GOLD)
    pygame.draw.rect(
        glow, (*pal.CHICKEN_GOLD, 235), body.inflate(round(size * 0.05), round(size * 0.05)), border_radius=radius // 2
    )
    out.blit(pygame.transform.gaussian_blur(glow, max(1, round(size * 0.03))), (0, 0))
    out.blit(shown, at)
    return out


def png_bytes(surface: pygame.Surface) -> bytes:
    """`surface` encoded as PNG."""
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def _scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    # Small sizes are scaled from the master rather than redrawn: the tile art's finest detail is
    # meant for tiles at least 16 px wide, and the whole picture is what must stay recognisable.
    return master if master.get_width() == size else pygame.transform.smoothscale(master, (size, size))


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An .ico file holding one PNG per size (sizes up to 256)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        dim = 0 if size >= 256 else size  # 0 means 256 in an icon directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """An .icns file holding one PNG element per size in ICNS_TYPES."""
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", len(data) + 8) + data for size, data in sorted(images.items()))
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def write_icons(out_dir: Path) -> list[Path]:
    """Draw the icon and write icon.png, icon.ico and icon.icns into `out_dir`; returns the paths written."""
    master = draw_icon(MASTER)
    png = {size: png_bytes(_scaled(master, size)) for size in sorted(set(ICO_SIZES) | set(ICNS_TYPES))}
    out_dir.mkdir(parents=True, exist_ok=True)
    written = {
        out_dir / "icon.png": png[256],
        out_dir / "icon.ico": ico_bytes({s: png[s] for s in ICO_SIZES}),
        out_dir / "icon.icns": icns_bytes({s: png[s] for s in ICNS_TYPES}),
    }
    for path, data in written.items():
        path.write_bytes(data)
    return list(written)


def main(argv: list[str] | None = None) -> int:
    """`python build/make_icon.py [--out DIR]`: draw the icon files (default: assets/)."""
    parser = argparse.ArgumentParser(prog="build/make_icon.py", description="Draw the application icon files.")
    parser.add_argument("--out", type=Path, default=ROOT / "assets", help="folder to write into (default: assets/)")
    args = parser.parse_args(argv)
    try:
        paths = write_icons(args.out)
    except OSError as exc:
        print(f"cannot write the icons into {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    for path in paths:
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
