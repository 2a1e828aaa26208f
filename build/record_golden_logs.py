"""Record one short match of every ruleset as the game's match log and each hand's ledger (tests/data/golden).

    python build/record_golden_logs.py

The matches (ruleset, seed, hands, seats) are tests/golden_rig.py's PLANS; nothing in their play
depends on the clock, so running this again writes the same files. tests/test_golden_logs.py
replays them through the engine and the settlement. Prints which events each log shows.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.records.gamelog import read_log_text
from game.rules.loader import load_ruleset
from tests.golden_rig import FEATURES, GOLDEN_DIR, LOG_SUFFIX, PLANS, SETTLE_SUFFIX, features, play_plan, settle_text


def record(folder: Path = GOLDEN_DIR) -> dict[str, set[str]]:
    """Play every plan, write its log and ledgers into `folder`; what each ruleset's log shows."""
    folder.mkdir(parents=True, exist_ok=True)
    shown: dict[str, set[str]] = {}
    for plan in PLANS:
        rules = load_ruleset(plan.ruleset)
        log, ledgers = play_plan(plan, rules)
        (folder / f"{plan.ruleset}{LOG_SUFFIX}").write_text(log, encoding="utf-8")
        (folder / f"{plan.ruleset}{SETTLE_SUFFIX}").write_text(settle_text(ledgers), encoding="utf-8")
        shown[plan.ruleset] = set().union(*(features(events) for events, _ in read_log_text(log, plan.ruleset).hands))
    return shown


def coverage_table(shown: dict[str, set[str]]) -> str:
    """One row per ruleset, one column per feature: x where its log shows it."""
    width = max(len(name) for name in shown)
    lines = [" " * width + "  " + " ".join(f"{f:>{len(f)}}" for f in FEATURES)]
    for name, found in shown.items():
        cells = " ".join(("x" if f in found else "-").rjust(len(f)) for f in FEATURES)
        lines.append(f"{name:<{width}}  {cells}")
    missing = [f for f in FEATURES if not any(f in found for found in shown.values())]
    lines.append("every feature occurs somewhere" if not missing else f"nowhere: {', '.join(missing)}")
    return "\n".join(lines)


def main() -> int:
    """Record the logs and print the coverage and the files' sizes."""
    shown = record()
    print(coverage_table(shown))
    total = sum(p.stat().st_size for p in GOLDEN_DIR.iterdir() if p.is_file())
    print(f"{len(shown)} rulesets, {total / 1024:.0f} KB in {GOLDEN_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
