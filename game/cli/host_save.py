"""The host's save: the match a headless or windowed host resumes, and the options that would start another.

A host that stopped mid-match (closed, crashed, killed) resumes from its save when started again. A
command line that names another match (its seats, length, ruleset, code or seed) is not quietly
overridden by the save, nor the save by it: the host says what differs and waits for --fresh.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.core.ruleset import Ruleset
from game.files.safe_files import set_aside
from game.net.host.table import NetTable, TableConfig, length_text
from game.net.wire.roomcode import new_code, normalize_code, valid_code
from game.records.savefile import SaveError, loads


def resume_host_save(path: Path) -> tuple[NetTable, Ruleset] | None:
    """The match in the host's save, or None (no save, a finished match, or a bad save set aside)."""
    from game.rules.loader import RulesetError, load_ruleset

    if not path.is_file():
        return None
    try:
        data = loads(path.read_text(encoding="utf-8"), path.name)
        rules = load_ruleset(str(data.head["ruleset"]))
        table = NetTable.from_save(data, rules, where=path.name)
    except (OSError, UnicodeDecodeError, SaveError, RulesetError) as exc:
        kept = set_aside(path) or path
        print(f"{path}: cannot resume ({exc}); kept as {kept.name}, starting anew", file=sys.stderr)
        return None
    if table.over:
        return None
    if not valid_code(table.config.code):
        # A save from before codes had their present form: nobody could type its code now.
        table.config.code = new_code()
        table.save.config["lan"] = table.config.to_json()
    return table, rules


def resume_conflicts(args: argparse.Namespace, asked: TableConfig | str, table: NetTable) -> list[str]:
    """What the host's options (`args`, read as `asked` at the saved ruleset's size) set otherwise than the saved
    match `table` does, each with the save's own value: the options a resumed match would ignore."""
    from game.rules.loader import RulesetError, load_ruleset

    out: list[str] = []
    rules = table.rules
    if args.ruleset is not None:
        try:
            named = load_ruleset(str(args.ruleset)).name
        except RulesetError as exc:
            named = f"unreadable ({exc})"
        if named != rules.name:
            out.append(f"--ruleset {args.ruleset} (the save's: {rules.name})")
    if isinstance(asked, str):
        return [*out, asked] if args.seats is not None or args.hands is not None or args.rounds is not None else out
    if args.seats is not None and asked.seats != table.config.seats:
        saved = ",".join(p.word() for p in table.config.seats)
        out.append(f"--seats {args.seats} (the save's: {saved})")
    if (args.hands is not None or args.rounds is not None) and asked.length != table.config.length:
        given = f"--hands {args.hands}" if args.hands is not None else f"--rounds {args.rounds}"
        out.append(f"{given} (the save's: {length_text(table.config.length)})")
    if args.code is not None and normalize_code(args.code) != table.config.code:
        out.append(f"--code {args.code} (the save's: {table.config.code})")
    if args.seed is not None and str(args.seed) != table.core.seed:
        out.append(f"--seed {args.seed} (the save's: {table.core.seed})")
    return out
