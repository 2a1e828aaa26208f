"""Render the background music to WAV files to listen to, and print its figures: how long it plays before
it repeats, how long each piece takes to render, and how much memory its phrases take.

    .venv/bin/python build/music_wav.py OUT_DIR [--rate 44100]

Each piece is written whole, its phrases in the order of its form (OUT_DIR/music-N.wav); measure them
with `sox FILE -n stat`.
"""

from __future__ import annotations

import argparse
import sys
import time
import wave
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ui.sound import music


def main() -> int:
    """Write every piece as a WAV file and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--rate", type=int, default=44100)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    held = 0
    largest_piece = 0
    total = 0.0
    for i, piece in enumerate(music.PIECES):
        start = time.perf_counter()
        phrases = {letter: music.render_phrase(piece, letter, args.rate, 2) for letter in piece.phrases}
        took = time.perf_counter() - start
        total += took
        size = sum(len(p) * 2 for p in phrases.values())
        held += size
        largest_piece = max(largest_piece, size)
        path = args.out / f"music-{i}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(2)
            w.setsampwidth(2)
            w.setframerate(args.rate)
            for letter in piece.form:
                w.writeframes(phrases[letter].tobytes())
        print(
            f"{path}: {piece.name}, {piece.seconds:.0f} s ({piece.form}), {len(phrases)} phrases "
            f"rendered in {took:.1f} s ({took / len(phrases):.2f} s each), {size / 2**20:.1f} MB"
        )
    print(f"plays before repeating: {music.cycle_seconds():.0f} s ({music.cycle_seconds() / 60:.1f} min)")
    print(f"render time, all pieces: {total:.1f} s (in the background, once: later runs read the cache)")
    print(
        f"phrases of every piece: {held / 2**20:.1f} MB on disk; held in memory at once: {largest_piece / 2**20:.1f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
