"""`main.py rules list|show|check`: the shipped rulesets and the checker for ruleset files."""

from __future__ import annotations

import argparse

from game.rules.labels import format_ruleset, pad
from game.rules.loader import RULESETS_DIR, RulesetError, builtin_ruleset_names, check_ruleset_file, load_ruleset


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `rules` command and its list, show and check subcommands."""
    parser = subparsers.add_parser("rules", help="list, show or check rulesets")
    sub = parser.add_subparsers(dest="rules_command", metavar="SUBCOMMAND", required=True)
    sub.add_parser("list", help="the built-in rulesets").set_defaults(func=_list)
    show = sub.add_parser("show", help="every value of a ruleset")
    show.add_argument("name", help="a built-in ruleset name or a ruleset file")
    show.set_defaults(func=_show)
    check = sub.add_parser("check", help="validate a ruleset file (exit 2 on errors)")
    check.add_argument("file")
    check.set_defaults(func=_check)


def _list(args: argparse.Namespace) -> int:
    status = 0
    for name in builtin_ruleset_names():
        try:
            rules = load_ruleset(name)
        except RulesetError as exc:
            path = RULESETS_DIR / f"{name}.yaml"
            count = f"{len(exc.errors)} error{'s' if len(exc.errors) != 1 else ''}"
            print(f"{pad(name, 18)} FAILS TO LOAD ({count}; see `rules check {path}`)")
            status = 2
            continue
        title = f"{rules.title_zh} / {rules.title_en}"
        print(f"{pad(name, 18)} {pad(title, 56)} seeds {', '.join(rules.seeds)}")
    return status


def _show(args: argparse.Namespace) -> int:
    try:
        rules = load_ruleset(args.name)
    except RulesetError as exc:
        print("\n".join(exc.errors))
        return 2
    print(format_ruleset(rules))
    return 0


def _check(args: argparse.Namespace) -> int:
    errors = check_ruleset_file(args.file)
    if errors:
        print("\n".join(errors))
        return 2
    print("ok")
    return 0
