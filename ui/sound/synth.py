"""Sound effects made by the game's own arithmetic: tile knocks, dice, the calls' little motifs, the win, the chicken.

Each effect is a list of partials and noise bursts under attack/decay envelopes, rendered to signed
16-bit mono samples with plain Python (no numpy). Every sound starts and ends at silence (a short
fade at both ends), so none of them clicks. `render` is deterministic: the noise has a fixed seed.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable

SAMPLE_RATE = 44100
PEAK = 0.72  # of full scale: headroom when several effects overlap
FADE = 0.004  # seconds of fade at the end, so no sound stops on a step
HEAD_FADE = 0.001  # and at the start: short, to keep a knock's attack

Voice = Callable[[list[float], int], None]


def _damped(buf: list[float], start: int, n: int, freq: float, rate: int, amp: float, decay: float) -> None:
    """Add amp * decay**i * sin(2 pi freq i / rate) for i < n, by the two-term recurrence (no sin per sample)."""
    w = 2 * math.pi * freq / rate
    c = 2 * decay * math.cos(w)
    d = decay * decay
    y1, y2 = amp * decay * math.sin(w), 0.0  # the values at i = 1 and i = 0
    end = min(len(buf), start + n)
    for i in range(start + 1, end):
        buf[i] += y1
        y1, y2 = c * y1 - d * y2, y1


def _attack(buf: list[float], start: int, seconds: float, rate: int, before: list[float]) -> None:
    """Ramp the first `seconds` of what was added since `before` (a copy of that stretch) up from silence."""
    k = len(before)
    for i in range(k):
        added = buf[start + i] - before[i]
        buf[start + i] = before[i] + added * i / k


def _pluck(buf: list[float], rate: int, at: float, freq: float, length: float, amp: float, bright: float = 0.4) -> None:
    """A plucked, bell-like note: the fundamental and two overtones, each dying away exponentially."""
    start = int(at * rate)
    n = min(len(buf) - start, int(length * rate))
    k = min(n, max(1, int(0.006 * rate)))
    before = buf[start : start + k]
    for mult, weight, speed in ((1.0, 1.0, 1.0), (2.0, bright, 1.8), (3.01, bright * 0.45, 2.6)):
        _damped(buf, start, n, freq * mult, rate, amp * weight, math.exp(-speed * 5.0 / (length * rate)))
    _attack(buf, start, 0.006, rate, before)


def _knock(buf: list[float], rate: int, at: float, freqs: tuple[float, ...], length: float, amp: float) -> None:
    """A hard tile meeting wood: damped sine modes that die within `length` seconds."""
    start = int(at * rate)
    n = min(len(buf) - start, int(length * rate))
    k = min(n, max(1, int(0.0015 * rate)))
    before = buf[start : start + k]
    for j, freq in enumerate(freqs):
        _damped(buf, start, n, freq, rate, amp / (1 + 0.6 * j), math.exp(-7.0 / (length * rate) * (1 + 0.4 * j)))
    _attack(buf, start, 0.0015, rate, before)


def _noise(buf: list[float], rate: int, at: float, length: float, amp: float, seed: int, smooth: float = 0.5) -> None:
    """A burst of softened white noise (one-pole low-pass), for the clack of a tile's edge."""
    rng = random.Random(seed)
    start = int(at * rate)
    n = min(len(buf) - start, int(length * rate))
    decay = math.exp(-6.0 / max(1, n))
    g = amp
    y = 0.0
    for i in range(n):
        y += (rng.uniform(-1.0, 1.0) - y) * smooth
        buf[start + i] += g * y
        g *= decay


def _chirp(buf: list[float], rate: int, at: float, f0: float, f1: float, length: float, amp: float) -> None:
    """A quick rising sweep with a bell-shaped envelope: a bird's chirp."""
    start = int(at * rate)
    n = min(len(buf) - start, int(length * rate))
    phase = 0.0
    sin = math.sin
    for i in range(n):
        x = i / n
        freq = f0 + (f1 - f0) * x * x
        phase += 2 * math.pi * freq / rate
        env = amp * sin(math.pi * x) ** 2
        buf[start + i] += env * (sin(phase) + 0.25 * sin(2 * phase))


# Equal-tempered pitches of the notes the motifs use.
C5, D5, E5, G5, A5 = 523.25, 587.33, 659.26, 783.99, 880.0
C6, D6, E6, G6 = 1046.5, 1174.66, 1318.51, 1567.98
G4 = 392.0


def _click(buf: list[float], rate: int) -> None:
    _noise(buf, rate, 0.0, 0.02, 0.5, seed=11, smooth=0.7)
    _knock(buf, rate, 0.0, (2350.0, 3450.0), 0.045, 0.55)


def _discard(buf: list[float], rate: int) -> None:
    _noise(buf, rate, 0.0, 0.03, 0.7, seed=12, smooth=0.45)
    _knock(buf, rate, 0.0, (820.0, 1310.0, 2450.0), 0.13, 0.85)


def _dice(buf: list[float], rate: int) -> None:
    """Two dice tumbling: knocks at irregular, slowing intervals that grow quieter."""
    rng = random.Random(5)
    t = 0.0
    amp = 0.8
    for k in range(11):
        freqs = (rng.uniform(1600, 2400), rng.uniform(3000, 4200))
        _knock(buf, rate, t, freqs, 0.035, amp)
        _noise(buf, rate, t, 0.012, amp * 0.5, seed=20 + k, smooth=0.8)
        t += 0.025 + 0.006 * k + rng.uniform(0.0, 0.018)
        amp *= 0.86


def _pung(buf: list[float], rate: int) -> None:
    _pluck(buf, rate, 0.0, G5, 0.22, 0.7)
    _pluck(buf, rate, 0.1, C6, 0.3, 0.75)


def _kong(buf: list[float], rate: int) -> None:
    _pluck(buf, rate, 0.0, C5, 0.25, 0.6)
    _pluck(buf, rate, 0.09, E5, 0.25, 0.6)
    _pluck(buf, rate, 0.18, G5, 0.25, 0.65)
    _pluck(buf, rate, 0.27, C6, 0.38, 0.7)


def _hu(buf: list[float], rate: int) -> None:
    _pluck(buf, rate, 0.0, E6, 0.2, 0.55, bright=0.3)
    _pluck(buf, rate, 0.08, G6, 0.2, 0.55, bright=0.3)
    _pluck(buf, rate, 0.16, C6 * 2, 0.4, 0.5, bright=0.25)


def _zimo(buf: list[float], rate: int) -> None:
    """自摸: a drum under a quick run up the pentatonic scale, so it is not heard as a win off a discard."""
    _knock(buf, rate, 0.0, (96.0, 150.0), 0.35, 0.9)
    for k, f in enumerate((A5, C6, D6, E6, G6)):
        _pluck(buf, rate, 0.05 + 0.055 * k, f, 0.3, 0.45, bright=0.35)


def _ready(buf: list[float], rate: int) -> None:
    _pluck(buf, rate, 0.0, A5, 0.3, 0.6, bright=0.25)
    _pluck(buf, rate, 0.14, D6, 0.4, 0.6, bright=0.25)


def _win(buf: list[float], rate: int) -> None:
    """A rising arpeggio that lands on a held chord."""
    for k, f in enumerate((C5, E5, G5, C6)):
        _pluck(buf, rate, 0.09 * k, f, 0.3, 0.5)
    for f in (C6, E6, G6):
        _pluck(buf, rate, 0.4, f, 0.75, 0.32, bright=0.3)
    _pluck(buf, rate, 0.4, C5, 0.75, 0.35)


def _chicken(buf: list[float], rate: int) -> None:
    """The turned tile shows its chicken: two bright chirps and a little bell under them."""
    _pluck(buf, rate, 0.0, G4 * 2, 0.3, 0.35, bright=0.2)
    _chirp(buf, rate, 0.02, 1900.0, 3100.0, 0.09, 0.45)
    _chirp(buf, rate, 0.14, 2100.0, 3500.0, 0.11, 0.5)


# name: (seconds, voice)
EFFECTS: dict[str, tuple[float, Voice]] = {
    "click": (0.06, _click),
    "discard": (0.16, _discard),
    "dice": (0.6, _dice),
    "pung": (0.42, _pung),
    "kong": (0.66, _kong),
    "hu": (0.58, _hu),
    "zimo": (0.66, _zimo),
    "ready": (0.56, _ready),
    "win": (1.18, _win),
    "chicken": (0.34, _chicken),
}
SOUND_NAMES: tuple[str, ...] = tuple(EFFECTS)


def duration(name: str) -> float:
    """How long effect `name` lasts, in seconds; KeyError naming the effects otherwise."""
    if name not in EFFECTS:
        raise KeyError(f"no sound effect {name!r} (there are: {', '.join(SOUND_NAMES)})")
    return EFFECTS[name][0]


def render(name: str, rate: int = SAMPLE_RATE) -> array[int]:
    """Effect `name` as signed 16-bit mono samples at `rate` Hz, normalised to PEAK and faded at both ends."""
    seconds, voice = EFFECTS[name] if name in EFFECTS else (duration(name), _click)
    n = max(2, round(seconds * rate))
    buf = [0.0] * n
    voice(buf, rate)
    top = max(1e-9, max(abs(v) for v in buf))
    gain = PEAK * 32767 / top
    head = max(1, min(n // 2, int(HEAD_FADE * rate)))
    tail = max(1, min(n // 2, int(FADE * rate)))
    for i in range(head):
        buf[i] *= i / head
    for i in range(tail):
        buf[n - 1 - i] *= i / tail
    return array("h", (max(-32767, min(32767, round(v * gain))) for v in buf))


def to_wav_bytes(samples: array[int], rate: int = SAMPLE_RATE) -> bytes:
    """Mono 16-bit samples as the bytes of a WAV file (to listen to or measure an effect)."""
    import io
    import wave

    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())
    return out.getvalue()
