"""Background music composed by the game's own arithmetic: three pieces in Guizhou's pentatonic modes.

Each piece is a mode, a tempo and a form of phrases (A B A C ...). A phrase is four bars: a melody on a
plucked string (in the manner of a yueqin), the held chords of a free reed (a lusheng's fifths and
octaves), and light percussion (a small drum, a woodblock, a brush of cymbal). The melody walks the
mode's five notes from a seed, so the music is the same at every start and nothing is stored but code.
Phrases are rendered one at a time to 16-bit samples; only the distinct ones are kept, and the form
plays them over several minutes before the whole returns to its start.
"""

from __future__ import annotations

import math
import random
from array import array
from dataclasses import dataclass

from ui.sound.synth import SAMPLE_RATE, _knock, _noise, _pluck

# The five pentatonic modes: semitones of the mode's notes above its first (宫 商 角 徵 羽).
GONG = (0, 2, 4, 7, 9)
SHANG = (0, 2, 5, 7, 10)
ZHI = (0, 2, 5, 7, 9)
YU = (0, 3, 5, 7, 10)
BEATS = 4  # per bar
BARS = 4  # per phrase
MUSIC_PEAK = 0.55  # of full scale: the effects play over the music
EDGE = 0.02  # s of fade at each end of a phrase, so phrases join without a click


@dataclass(frozen=True)
class Piece:
    """A piece: its mode on `tonic` Hz, tempo, the order its phrases play in, and its character."""

    name: str
    tonic: float
    mode: tuple[int, ...]
    bpm: float
    form: str
    seed: int
    drums: bool  # a dance: the small drum on every other beat and the woodblock off the beat
    chords: tuple[int, ...]  # per bar, the mode degree the reed's chord stands on

    @property
    def phrase_seconds(self) -> float:
        """How long one phrase lasts."""
        return BARS * BEATS * 60.0 / self.bpm

    @property
    def seconds(self) -> float:
        """How long the whole piece lasts."""
        return len(self.form) * self.phrase_seconds

    @property
    def phrases(self) -> tuple[str, ...]:
        """The distinct phrases of the form, in the order they first play."""
        return tuple(dict.fromkeys(self.form))


PIECES: tuple[Piece, ...] = (
    Piece("mountain song", 220.0, YU, 76.0, "ABACBACA", 3, False, (0, 3, 2, 0)),
    Piece("reed dance", 196.0, ZHI, 104.0, "AABBCACBAC", 7, True, (0, 4, 3, 0)),
    Piece("night rain", 146.83, SHANG, 64.0, "ABCABDCA", 11, False, (0, 2, 3, 0)),
    Piece("festival", 261.63, GONG, 92.0, "ABABCDCA", 19, True, (0, 3, 4, 0)),
)


def playlist() -> list[tuple[int, str]]:
    """The (piece index, phrase) pairs in the order they play before everything repeats."""
    return [(i, letter) for i, piece in enumerate(PIECES) for letter in piece.form]


def cycle_seconds() -> float:
    """How long the music plays before it repeats."""
    return sum(p.seconds for p in PIECES)


def pitch(piece: Piece, step: int) -> float:
    """The frequency of the mode's note `step` (0 the tonic; 5 an octave up; negative below)."""
    octave, degree = divmod(step, len(piece.mode))
    return piece.tonic * float(2.0 ** (octave + piece.mode[degree] / 12.0))


Note = tuple[float, float, int]  # start beat, length in beats, mode step


def melody(piece: Piece, letter: str) -> list[Note]:
    """The phrase's tune: a walk over the mode in small steps, resting on the mode's pillars at the cadences."""
    rng = random.Random(f"{piece.seed}:{letter}")
    rhythms = [(1.0,), (0.5, 0.5), (1.5, 0.5), (0.75, 0.25), (2.0,), (1.0, 1.0)]
    notes: list[Note] = []
    step = 5 + rng.choice((0, 1, 2))
    beat = 0.0
    for bar in range(BARS):
        end = (bar + 1) * BEATS
        while beat < end - 1e-9:
            left = end - beat
            if left <= 2.0 and bar in (1, BARS - 1):
                # The cadence: the second bar rests on the fifth (step 3 or 8), the last on the tonic.
                target = 5 if bar == BARS - 1 else (8 if step > 6 else 3)
                notes.append((beat, left, target))
                step, beat = target, end
                break
            pattern = rng.choice([r for r in rhythms if sum(r) <= left])
            for length in pattern:
                step = max(2, min(10, step + rng.choice((-2, -1, -1, 0, 1, 1, 2))))
                notes.append((beat, length, step))
                beat += length
    return notes


def _reed(buf: list[float], rate: int, at: float, freqs: tuple[float, float, float], length: float, amp: float) -> None:
    """A free reed holding a chord: bright, breathy harmonics that swell in and die away, with a slow beat."""
    table_size = 1024
    weights = (1.0, 0.55, 0.42, 0.22, 0.18, 0.1, 0.07)
    table = [
        sum(w * math.sin(2 * math.pi * (k + 1) * i / table_size) for k, w in enumerate(weights))
        for i in range(table_size)
    ]
    top = max(abs(v) for v in table)
    table = [v / top for v in table]
    start = int(at * rate)
    n = min(len(buf) - start, int(length * rate))
    rise, fall = int(0.12 * rate), int(0.35 * rate)
    s1, s2, s3 = (f * table_size / rate for f in freqs)
    mask = table_size - 1
    wobble = 2 * math.pi * 4.5 / rate  # the tremolo of a player's breath
    block = 64  # the envelope moves slowly: one value per block of samples is smooth enough
    env = [
        amp * min(1.0, i / rise, (n - i) / fall) * (0.9 + 0.1 * math.sin(wobble * i))
        for i in range(0, n + block, block)
    ]
    tone = [
        env[i // block] * (table[int(i * s1) & mask] + table[int(i * s2) & mask] + table[int(i * s3) & mask])
        for i in range(n)
    ]
    buf[start : start + n] = [a + b for a, b in zip(buf[start : start + n], tone, strict=True)]


def _chord(piece: Piece, degree: int) -> tuple[float, float, float]:
    """The lusheng's chord on the mode's `degree`: the note, its fifth (or fourth) and its octave."""
    root = pitch(piece, degree - 5)
    return (root, root * 1.5, root * 2.0)


def _percussion(buf: list[float], rate: int, piece: Piece, beat_s: float, letter: str) -> None:
    """The small drum on the bar (and every other beat in a dance), a woodblock off the beat, a cymbal's brush."""
    rng = random.Random(f"{piece.seed}:drum:{letter}")
    for bar in range(BARS):
        t0 = bar * BEATS * beat_s
        _knock(buf, rate, t0, (92.0, 141.0), 0.4, 0.9)
        if piece.drums:
            _knock(buf, rate, t0 + 2 * beat_s, (92.0, 141.0), 0.3, 0.6)
            for b in range(BEATS):
                if rng.random() < 0.8:
                    _knock(buf, rate, t0 + (b + 0.5) * beat_s, (1250.0, 2150.0), 0.06, 0.3)
        elif rng.random() < 0.5:
            _knock(buf, rate, t0 + 3.5 * beat_s, (1250.0, 2150.0), 0.06, 0.2)
    _noise(buf, rate, 0.0, 0.5, 0.12, seed=piece.seed, smooth=0.9)


def _mix(
    voices: tuple[list[float], list[float], list[float]], pans: tuple[float, float, float], channels: int
) -> list[list[float]]:
    """Three voices placed in the stereo field (each at its pan, -1 left .. 1 right): one list per channel."""
    x, y, z = voices
    if channels == 1:
        return [[p + q + r for p, q, r in zip(x, y, z, strict=True)]]
    out = []
    for side in (-1.0, 1.0):
        a, b, c = (min(1.0, 1.0 + side * pan) for pan in pans)
        out.append([a * p + b * q + c * r for p, q, r in zip(x, y, z, strict=True)])
    return out


def render_phrase(piece: Piece, letter: str, rate: int = SAMPLE_RATE, channels: int = 2) -> array[int]:
    """Phrase `letter` of `piece` as interleaved signed 16-bit samples of `channels` channels at `rate` Hz."""
    beat_s = 60.0 / piece.bpm
    n = round(piece.phrase_seconds * rate)
    string, reed, drum = [0.0] * n, [0.0] * n, [0.0] * n
    for start, length, step in melody(piece, letter):
        ring = min(length * beat_s + 0.6, piece.phrase_seconds - start * beat_s - EDGE)
        _pluck(string, rate, start * beat_s, pitch(piece, step), ring, 0.6, bright=0.45)
    for bar, degree in enumerate(piece.chords):
        _reed(reed, rate, bar * BEATS * beat_s, _chord(piece, degree), BEATS * beat_s, 0.16)
    _percussion(drum, rate, piece, beat_s, letter)
    sides = _mix((string, reed, drum), (0.35, -0.3, 0.0), channels)
    top = max(1e-9, max(abs(v) for side in sides for v in side))
    gain = MUSIC_PEAK * 32767 / top
    edge = max(1, int(EDGE * rate))
    out = array("h", bytes(2 * n * channels))
    for c, side in enumerate(sides):
        for i in range(edge):
            side[i] *= i / edge
            side[n - 1 - i] *= i / edge
        out[c::channels] = array("h", [int(v * gain) for v in side])
    return out
