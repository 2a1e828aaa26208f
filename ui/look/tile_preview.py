"""The tile art's preview sheet: every face, back, lying tile, edge and look at a few sizes, and a corner of a
table, for looking at the art by eye (`make tile-preview`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import pygame

from ui.look import palette as pal
from ui.look.art.shapes import new_surface
from ui.look.tile_art import Look, get_tile_art


def render_preview(sizes: Sequence[int] = (28, 48, 64, 96)) -> pygame.Surface:
    """A sheet on table green: per size, the 27 faces, backs, lying tiles, edges and every look."""
    gap = 6
    sections: list[pygame.Surface] = []
    for width in sizes:
        art = get_tile_art(width)
        rows: list[list[pygame.Surface]] = [[art.face(t) for t in range(suit * 9, suit * 9 + 9)] for suit in range(3)]
        sample = [0, 4, 13, 16, 18, 26]
        rows.append(
            [
                art.back(),
                art.face(18, Look.SELECTED),
                art.face(4, Look.CLAIMABLE),
                art.face(18, Look.CHICKEN),
                art.face(16, Look.CHICKEN),
                art.face(22, Look.WINNING),
                art.face(7, Look.DIMMED),
                art.face(18, Look.CHICKEN | Look.SELECTED),
            ]
        )
        rows.append([art.lying(t, turn) for t, turn in zip(sample, (0, 0, 180, 90, 270, 0), strict=True)])
        rows.append(
            [art.lying_back(0), art.lying_back(90), art.edge("left"), art.edge("right"), art.lying(18, 0, Look.CHICKEN)]
        )
        width_px = max(sum(s.get_width() for s in row) + gap * len(row) for row in rows)
        height_px = sum(max(s.get_height() for s in row) + gap for row in rows)
        section = new_surface((width_px + gap, height_px + gap))
        y = gap
        for row in rows:
            x = gap
            for surf in row:
                section.blit(surf, (x, y))
                x += surf.get_width() + gap
            y += max(s.get_height() for s in row) + gap
        sections.append(section)
    sections.insert(0, render_table_sample())
    total_w = max(s.get_width() for s in sections) + 20
    total_h = sum(s.get_height() for s in sections) + 20 * len(sections) + 20
    sheet = pygame.Surface((total_w, total_h))
    sheet.fill(pal.TABLE_GREEN)
    y = 20
    for section in sections:
        sheet.blit(section, (10, y))
        y += section.get_height() + 20
    return sheet


def render_table_sample(hand_width: int = 48, pond_width: int = 34) -> pygame.Surface:
    """A corner of a table: a hand with a raised tile, a pond, a two-layer wall and the other seats' tiles."""
    hand_art, small = get_tile_art(hand_width), get_tile_art(pond_width)
    hand = [0, 1, 2, 12, 13, 14, 18, 18, 21, 22, 23, 16, 16]
    out = new_surface((16 * hand_width + 40, 7 * pond_width + 2 * hand_art.size[1] + 40))
    x0, y_hand = 20, out.get_height() - hand_art.body_size[1] - 20
    # The seat across: backs.
    for i in range(13):
        out.blit(small.back(), small.blit_pos(x0 + 60 + i * pond_width, 8))
    # The side seats: standing tiles seen edge-on.
    ew, eh = small.edge_body_size
    for i in range(9):
        out.blit(small.edge("left"), small.blit_pos(x0, 70 + i * (eh - small.depth)))
        out.blit(small.edge("right"), small.blit_pos(out.get_width() - x0 - ew, 70 + i * (eh - small.depth)))
    # The wall: stacks of two face-down tiles, the upper one shifted up by the thickness.
    wall_y = 80
    for i in range(10):
        for layer in (0, 1):
            out.blit(small.lying_back(), small.blit_pos(x0 + 80 + i * pond_width, wall_y - layer * small.depth))
    # A pond of discards, one of them a chicken.
    pond = [4, 9, 26, 18, 7, 11, 20, 3, 15]
    ph = small.lying_body_size()[1]
    for i, t in enumerate(pond):
        look = Look.CHICKEN if t == 18 else Look.NORMAL
        pos = (x0 + 120 + (i % 6) * pond_width, wall_y + 2 * ph + (i // 6) * (ph - small.depth))
        out.blit(small.lying(t, 0, look), small.blit_pos(*pos))
    # Side ponds turned toward their seats.
    sw, sh = small.lying_body_size(90)
    for i, t in enumerate([5, 24, 10]):
        out.blit(small.lying(t, 270), small.blit_pos(x0 + 60, wall_y + 40 + i * (sh - small.depth)))
        out.blit(
            small.lying(t, 90), small.blit_pos(out.get_width() - x0 - 60 - sw, wall_y + 40 + i * (sh - small.depth))
        )
    # The player's hand, the selected tile raised, then the drawn tile set apart.
    for i, t in enumerate(hand):
        look = Look.SELECTED if i == 4 else (Look.CHICKEN if t in (16, 18) else Look.NORMAL)
        lift = hand_art.lift if i == 4 else 0
        out.blit(hand_art.face(t, look), hand_art.blit_pos(x0 + 40 + i * hand_width, y_hand - lift))
    out.blit(hand_art.face(25, Look.CLAIMABLE), hand_art.blit_pos(x0 + 52 + 13 * hand_width, y_hand))
    return out


def main(argv: list[str] | None = None) -> int:
    """`python -m ui.look.tile_preview preview OUT.png [--sizes 28,48]`: write the preview sheet."""
    parser = argparse.ArgumentParser(prog="python -m ui.look.tile_preview", description="Tile art tools")
    sub = parser.add_subparsers(dest="command", required=True)
    preview = sub.add_parser("preview", help="render every tile, back and look to a PNG")
    preview.add_argument("out", help="PNG file to write")
    preview.add_argument("--sizes", default="28,48,64,96", help="comma-separated tile widths in px")
    args = parser.parse_args(argv)
    try:
        sizes = [int(v) for v in args.sizes.split(",") if v.strip()]
    except ValueError:
        print(f"--sizes wants comma-separated whole numbers, got {args.sizes!r}", file=sys.stderr)
        return 2
    try:
        sheet = render_preview(sizes)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        pygame.image.save(sheet, args.out)
    except (OSError, pygame.error) as exc:
        print(f"cannot write {args.out}: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
