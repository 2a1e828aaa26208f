"""Players' names as the table shows them: nothing invisible, and no two seats that look alike.

A name is cleaned of what would not show (control and format characters, odd spaces, and the
letters that render as nothing: the Hangul fillers, the blank Braille pattern and their kind);
one that is left with no letter, digit, mark of punctuation or symbol is refused. Two names
that look the same (case, width and the invisible left aside) get a number after the second.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

NAME_LIMIT = 16  # characters shown, after cleaning

# Assigned letters and symbols that draw nothing: unicodedata calls them Lo or So, so the
# categories alone let them through.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u034f\u180e\U0001d159")
SEEN = frozenset("LNPS")  # the first letters of the categories that draw something on their own


def clean_name(name: str) -> str:
    """A name as shown: what does not show dropped, spaces trimmed, at most NAME_LIMIT characters ("" if none shows)."""
    kept = "".join(ch for ch in name if ch.isprintable() and ch not in BLANKS)
    cleaned = " ".join(kept.split())[:NAME_LIMIT]
    return cleaned if shows(cleaned) else ""


def shows(text: str) -> bool:
    """True when `text` has a character that draws something by itself (a letter, digit, punctuation or symbol)."""
    return any(unicodedata.category(ch)[0] in SEEN and ch not in BLANKS for ch in text)


def only_invisible(name: str) -> bool:
    """True for a name typed with characters that all vanish (not an empty or blank one)."""
    typed = any(not ch.isspace() and unicodedata.category(ch) != "Cc" for ch in name)
    return typed and not clean_name(name)


def look(name: str) -> str:
    """What a name looks like, for telling two apart: width and case folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def distinct_name(name: str, taken: Iterable[str]) -> str:
    """`name`, or `name` with a number after it when a seat's name already looks the same."""
    seen = {look(t) for t in taken}
    if look(name) not in seen:
        return name
    for n in range(2, 100):
        suffix = f" {n}"
        candidate = name[: NAME_LIMIT - len(suffix)].rstrip() + suffix
        if look(candidate) not in seen:
            return candidate
    return name  # more seats than numbers: there are four
