"""The hand file: a finished hand written by hand in YAML, read into a HandResult (docs/hand-file.md).

`main.py settle FILE` settles it; tests keep their hands in this form. Reading is two steps:
the YAML is parsed into a HandDraft (every value in its place, nothing yet checked against the
rules), then check_hand checks the draft against the rules (tile counts, melds, the win and its
pass) and builds the HandResult. Each problem names the field it belongs to (`win.tile`,
`seats[2]`); the file reader turns that into `file:line: message`, and the score calculator
shows it next to its field. write_hand_file writes a HandResult back in the same form.

The parts live beside it: the draft types (game.handfile.draft), the reader (game.handfile.reader), the
rule checks (game.handfile.rules, game.handfile.checks; game.handfile.table for the table's seats and suits,
docs/rules.md §15.1, §15.2), the text forms (game.handfile.format) and the problem codes with their English
(game.handfile.codes).
"""

from game.handfile.checks import MAX_STREAK, win_problems
from game.handfile.draft import HandDraft, HandFileError, HandProblems, Problem, SeatDraft, WinDraft
from game.handfile.format import draft_of, format_meld, parse_meld, write_hand_draft, write_hand_file
from game.handfile.reader import parse_hand, parse_hand_draft, parse_hand_file, read_hand_file
from game.handfile.rules import check_hand, copies_left, tile_census
from game.handfile.table import tile_problem

__all__ = [
    "MAX_STREAK",
    "HandDraft",
    "HandFileError",
    "HandProblems",
    "Problem",
    "SeatDraft",
    "WinDraft",
    "check_hand",
    "copies_left",
    "draft_of",
    "format_meld",
    "parse_hand",
    "parse_hand_draft",
    "parse_hand_file",
    "parse_meld",
    "read_hand_file",
    "tile_census",
    "tile_problem",
    "win_problems",
    "write_hand_draft",
    "write_hand_file",
]
