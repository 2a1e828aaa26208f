"""The room code: six characters from an alphabet without look-alikes, typed in any case.

31 symbols (digits 2-9 and the capital letters but I, L and O: nothing to mistake for 0, 1 or
another letter) in six places make 31**6 = 887,503,681 codes. The host checks at most one wrong
code every 30 seconds once a storm of them has begun (game.net.wire.limits.CodeGuard), about 2,900 in
a day: a day of guessing finds the code with a chance of about 1 in 300,000, and half the codes
take some 420 years to try. A match lasts hours.
"""

from __future__ import annotations

import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
# The wire's form of a code, as the hello's schema checks it (game.net.wire.protocol).
CODE_PATTERN = f"^[{ALPHABET}]{{{CODE_LENGTH}}}$"
# What a person may type: the code with spaces or dashes between the characters.
TYPED_LIMIT = 2 * CODE_LENGTH


def new_code() -> str:
    """A fresh room code."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    """The code as typed, in the wire's form: capitals, spaces and dashes left out."""
    return "".join(ch for ch in text.upper() if ch not in " -\t")


def valid_code(code: str) -> bool:
    """True when `code` (in the wire's form) is a room code."""
    return len(code) == CODE_LENGTH and all(ch in ALPHABET for ch in code)


def code_space() -> int:
    """How many room codes there are."""
    return int(len(ALPHABET) ** CODE_LENGTH)
