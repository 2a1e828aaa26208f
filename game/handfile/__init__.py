"""The hand file: a finished hand written by hand in YAML, read into a HandResult (docs/hand-file.md).

`main.py settle FILE` settles it; tests keep their hands in this form. Reading is two steps:
the YAML is parsed into a HandDraft (every value in its place, nothing yet checked against the
rules), then check_hand checks the draft against the rules (tile counts, melds, the win and its
pass) and builds the HandResult. Each problem names the field it belongs to (`win.tile`,
`seats[2]`); the file reader turns that into `file:line: message`, and the score calculator
shows it next to its field. write_hand_file writes a HandResult back in the same form.

The parts live beside it: the draft types (game.handfile.draft), the reader (game.handfile.reader), the
rule checks (game.handfile.rules, game.handfile.checks), the text forms (game.handfile.format) and the
problem codes with their English (game.handfile.codes).
"""

from game.handfile.checks import MAX_STREAK, win_problems
from game.handfile.draft import HAND_FILE_PLAYERS, HandDraft, HandFileError, HandProblems, Problem, SeatDraft, WinDraft
from game.handfile.format import draft_of, format_meld, parse_meld, write_hand_draft, write_hand_file
from game.handfile.reader import parse_hand, parse_hand_draft, parse_hand_file, read_hand_file
from game.handfile.rules import check_hand, tile_census

__all__ = [
    "HAND_FILE_PLAYERS",
    "MAX_STREAK",
    "HandDraft",
    "HandFileError",
    "HandProblems",
    "Problem",
    "SeatDraft",
    "WinDraft",
    "check_hand",
    "draft_of",
    "format_meld",
    "parse_hand",
    "parse_hand_draft",
    "parse_hand_file",
    "parse_meld",
    "read_hand_file",
    "tile_census",
    "win_problems",
    "write_hand_draft",
    "write_hand_file",
]
