"""The learned network at play time: its weights read from assets/ai, and its forward pass in plain Python.

Two layers of rectified units over the sparse inputs of game.ai.learned.features, then two heads: `price`,
the expert's price of a move (the mean points its search gives it), and `value`, the points the hand ends
with for the seat after that move. The first layer adds only the weight rows of the inputs present, and the
table's part of it is added once for all the moves of a decision, so a decision costs a few hundred
thousand multiply-adds at most. No array library is needed: the one-file game stays small, and the same
file gives the same numbers everywhere (the test compares them with those recorded at training time).

The weights are two files: `<name>.json` (the layer sizes, the feature version, the command and seed that
trained them, the SHA-256 of the numbers, and inputs with the outputs training gave) and `<name>.bin` (the
numbers as float16, little-endian: half the size of float32, well within the network's own error; layer by
layer: w1 rows by input, b1, w2 rows by output, b2, then each head's weights and bias).
"""

from __future__ import annotations

import hashlib
import json
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import add, mul
from pathlib import Path
from typing import Any

from game.ai.learned.features import INPUTS, VERSION, Sparse


class BadWeights(ValueError):
    """A weights file that is missing, damaged or made for other inputs; the message names the file and what."""


@dataclass(frozen=True)
class Outputs:
    """The network's answer for one move."""

    price: float  # the expert's price of the move, in points
    value: float  # the seat's points at the hand's end after it


class Network:
    """The trained numbers and the forward pass (see the module docstring)."""

    def __init__(self, meta: dict[str, Any], numbers: Sequence[float]) -> None:
        self.meta = meta
        # The table sizes its training data held; weights that do not say are trusted at every size.
        self.players = frozenset(int(p) for p in meta.get("players", ()))
        h1, h2 = int(meta["hidden"][0]), int(meta["hidden"][1])
        self.h1, self.h2 = h1, h2
        pos = 0

        def take(n: int) -> list[float]:
            nonlocal pos
            part = list(numbers[pos : pos + n])
            pos += n
            return part

        self.w1 = [take(h1) for _ in range(INPUTS)]  # one row per input: the sparse inputs add rows
        self.b1 = take(h1)
        self.w2 = [take(h1) for _ in range(h2)]  # one row per unit of the second layer
        self.b2 = take(h2)
        self.w_price = take(h2)
        self.b_price = take(1)[0]
        self.w_value = take(h2)
        self.b_value = take(1)[0]
        if pos != len(numbers):
            raise BadWeights(f"{meta.get('name', 'weights')}: {len(numbers)} numbers, the sizes need {pos}")

    def knows(self, players: int) -> bool:
        """Whether its training saw tables of this many players (a network is not trusted where it never played)."""
        return not self.players or players in self.players

    def first_layer(self, inputs: Sparse, start: Sequence[float] | None = None) -> list[float]:
        """The first layer's sums before the rectifier: `start` (else the bias) plus each input's row by its value."""
        acc = list(self.b1 if start is None else start)
        w1 = self.w1
        # map() with operator's functions runs the loop in C: several times the speed of a comprehension.
        for i, v in inputs:
            row = w1[i]
            acc = list(map(add, acc, row if v == 1.0 else map(mul, row, repeat(v))))
        return acc

    def head(self, sums: Sequence[float]) -> Outputs:
        """Both heads from the first layer's sums."""
        hidden = [s if s > 0.0 else 0.0 for s in sums]
        second = []
        for row, b in zip(self.w2, self.b2, strict=True):
            s = b + sum(map(mul, row, hidden))
            second.append(s if s > 0.0 else 0.0)
        price = self.b_price + sum(map(mul, self.w_price, second))
        value = self.b_value + sum(map(mul, self.w_value, second))
        return Outputs(price, value)

    def evaluate(self, table: Sparse, moves: Sequence[Sparse]) -> list[Outputs]:
        """Each move's outputs; the table's part of the first layer is summed once."""
        shared = self.first_layer(table)
        return [self.head(self.first_layer(m, shared)) for m in moves]

    @property
    def parameters(self) -> int:
        """How many numbers the network holds."""
        return INPUTS * self.h1 + self.h1 + self.h2 * self.h1 + self.h2 + 2 * (self.h2 + 1)


def digest(data: bytes) -> str:
    """The SHA-256 of a weights file's numbers, as recorded beside them."""
    return hashlib.sha256(data).hexdigest()


def load_network(meta_path: Path) -> Network:
    """The network described by `meta_path` (a .json) with its .bin beside it; BadWeights says what is wrong."""
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BadWeights(f"{meta_path}: cannot be read as the network's description ({exc})") from exc
    if not isinstance(meta, dict) or meta.get("features") != VERSION or meta.get("inputs") != INPUTS:
        raise BadWeights(f"{meta_path}: made for other inputs (features version {VERSION}, {INPUTS} inputs expected)")
    bin_path = meta_path.with_suffix(".bin")
    try:
        data = bin_path.read_bytes()
    except OSError as exc:
        raise BadWeights(f"{bin_path}: cannot be read ({exc})") from exc
    if digest(data) != meta.get("sha256"):
        raise BadWeights(f"{bin_path}: its SHA-256 is not the one {meta_path.name} records: the file is damaged")
    if len(data) % 2:
        raise BadWeights(f"{bin_path}: {len(data)} bytes is not a whole number of float16 numbers")
    try:
        return Network(meta, struct.unpack(f"<{len(data) // 2}e", data))
    except (KeyError, TypeError, ValueError) as exc:
        raise BadWeights(f"{meta_path}: {exc}") from exc
