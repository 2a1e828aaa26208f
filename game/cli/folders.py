"""`python main.py folders`: where the game keeps settings, saves, logs and your rulesets, and which rulesets load."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game import __version__
from game.files.userdirs import HOME_ENV, UserDirError, user_dirs
from game.rules.labels import pad
from game.rules.loader import RULESETS_DIR
from game.rules.user import copy_builtin, list_rulesets


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `folders` command."""
    p = sub.add_parser(
        "folders",
        help="where settings, saves, logs and your own rulesets go; lists the rulesets and any errors",
        description=f"Put your own ruleset files (.yaml) in the rulesets folder. {HOME_ENV}=DIR moves them all to DIR.",
    )
    p.add_argument("--create", action="store_true", help="create the folders that do not exist yet")
    p.add_argument(
        "--copy",
        metavar="RULESET",
        help="copy a built-in ruleset into your rulesets folder as a start for your own (see --as)",
    )
    p.add_argument("--as", dest="copy_as", metavar="NAME", help="the name of the copy (default: the ruleset's name)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the folders and every ruleset with its state; exit 1 if a folder cannot be written, 2 on bad input."""
    dirs = user_dirs()
    status = 0
    if args.create:
        for which in dirs.as_dict():
            try:
                dirs.ensure(which)
            except UserDirError as exc:
                print(str(exc), file=sys.stderr)
                status = 1
    if args.copy is not None:
        try:
            copied = copy_builtin(args.copy, dirs.rulesets, args.copy_as)
        except FileExistsError as exc:
            print(f"{exc.filename} already exists; choose another name with --as NAME", file=sys.stderr)
            return 2
        except ValueError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        except OSError as exc:
            print(f"cannot write into {dirs.rulesets}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        print(f"copied {args.copy} to {copied}", file=sys.stderr if args.json else sys.stdout)
    elif args.copy_as is not None:
        print("--as names the copy made by --copy RULESET", file=sys.stderr)
        return 2
    catalogue = list_rulesets(dirs.rulesets)
    if args.json:
        out: dict[str, Any] = {
            "version": __version__,
            "frozen": bool(getattr(sys, "frozen", False)),
            "executable": sys.executable,
            "builtin_rulesets": str(RULESETS_DIR),
            "folders": {k: str(v) for k, v in dirs.as_dict().items()},
            "settings_file": str(dirs.settings_file),
            "rulesets": [
                {"name": e.name, "source": e.source, "path": str(e.path), "ok": e.ok, "errors": list(e.errors)}
                for e in catalogue.entries
            ],
            "folder_error": catalogue.folder_error,
        }
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return status
    for which, path in dirs.as_dict().items():
        print(f"{pad(which, 9)} {path}{'' if path.is_dir() else '  (not created yet)'}")
    print()
    for e in catalogue.entries:
        kind = "built-in" if e.source == "builtin" else "yours"
        if e.ruleset is not None:
            print(f"{pad(e.name, 19)}{pad(kind, 10)}{e.ruleset.title_zh} / {e.ruleset.title_en}")
        else:
            count = f"{len(e.errors)} error{'s' if len(e.errors) != 1 else ''}"
            print(f"{pad(e.name, 19)}{pad(kind, 10)}DOES NOT LOAD ({count}):")
            for line in e.errors:
                print(f"    {line}")
    if catalogue.folder_error:
        print(catalogue.folder_error)
    return status
