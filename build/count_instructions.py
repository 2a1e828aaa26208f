"""Count the instructions of one rollout with callgrind: a figure that does not move with the machine's load.

    python build/count_instructions.py            # the lean path's play alone (LeanHand.play_out)
    python build/count_instructions.py --search   # a search rollout: deal the unseen tiles, play, settle

Each runs this script under `valgrind --tool=callgrind` twice, playing the same rollouts once and
four times after a warm pass, and prints the difference per rollout, so that start-up and the
tables filled on first use cancel out. The play alone is collected inside the compiled
`LeanHand.play_out` only (build it first: `make fast`); the search rollout counts the whole
process. Needs valgrind (Debian's package of that name).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEALS = 100
TOGGLE = "CPyDef_rollout___LeanHand___play_out"


def run_passes(search: bool, passes: int) -> int:
    """Play the rollouts `passes` times after a warm pass; the number of rollouts in one pass."""
    from game.ai.search.playout import lean_hand
    from game.ai.search.sampling import determinize
    from game.cli.bench import decision_points
    from game.core.settlement import settle
    from game.core.suit_tables import fill_all
    from game.engine.round import Round
    from game.rules.loader import load_ruleset

    fill_all()
    rules = load_ruleset("guiyang-classic")
    if not search:
        dealt = [lean_hand(Round(rules, f"rollout:1:{i}")) for i in range(DEALS)]
        for _ in range(passes + 1):
            for h in dealt:
                h.copy().play_out()
        return len(dealt)
    publics = decision_points(rules, [f"rollout:1:{i}" for i in range(DEALS)])
    rng = random.Random(1)
    for _ in range(passes + 1):
        for pub in publics:
            settle(determinize(pub, rng).play_out(), rules)
    return len(publics)


def counted(search: bool, passes: int) -> tuple[int, int]:
    """(instructions callgrind counted, rollouts in one pass) for one run under valgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        count = Path(tmp) / "rollouts"
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        if not search:
            cmd.append(f"--toggle-collect={TOGGLE}")
        cmd += [sys.executable, __file__, "--inner", str(passes), "--count-file", str(count)]
        if search:
            cmd.append("--search")
        env = dict(os.environ, PYTHONHASHSEED="0")
        subprocess.run(cmd, check=True, env=env, cwd=ROOT, capture_output=True)
        text = out.read_text(errors="replace")
        found = re.search(r"^(?:totals|summary):\s+(\d+)", text, re.MULTILINE)
        if found is None:
            raise SystemExit(f"no instruction total in {out}")
        return int(found.group(1)), int(count.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--search", action="store_true", help="a search rollout (deal, play, settle)")
    parser.add_argument("--inner", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--count-file", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner is not None:
        n = run_passes(args.search, args.inner)
        Path(args.count_file).write_text(str(n))
        return
    one, n = counted(args.search, 1)
    four, _ = counted(args.search, 4)
    what = "search rollout (deal, play, settle)" if args.search else "rollout (play_out only)"
    print(f"{(four - one) / (3 * n):,.0f} instructions a {what}, over {3 * n} rollouts")


if __name__ == "__main__":
    main()
