"""The hostile set: about 800 bad inputs thrown at the game as a hostile player would, with the figures.

    python build/hostile_check.py                 # every category; prints the figures, exit 1 if any is bad
    python build/hostile_check.py --kills 30      # more SIGKILLs mid-hand (default 10)
    python build/hostile_check.py --only saves    # one category (hand-files, rulesets, saves, logs,
                                                  # player-files, arguments, faults, kills)

Each input is run in this process through the same entry points the game uses (the commands of
main.py, the menu's resume, the settings and statistics loaders), under an alarm that turns a
hang into a figure. Each outcome is one of:
- accepted: the input was taken, and the result checked to be valid (a settled hand balances, a
  ruleset plays, a save resumes by replaying through the engine);
- clear error: refused with a message naming the file (or the argument) and saying what is wrong;
- traceback: any exception that escaped, or a message that is one;
- hang: no answer within the alarm;
- wrong acceptance: an input that must be refused was accepted (or a cut log said "identical");
- data lost: a player's file that was refused is neither kept nor set aside whole.
Everything is written under a temporary folder (GUIYANG_MAHJONG_HOME points there).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import logging
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

OUTCOMES = ("accepted", "clear error", "traceback", "hang", "wrong acceptance", "data lost")
REFUSE, EITHER = "refuse", "either"


class Hang(Exception):
    """The input was not answered in time."""


@contextlib.contextmanager
def alarm(seconds: int) -> Iterator[None]:
    """Raise Hang in this thread after `seconds` (SIGALRM interrupts a blocked open or read)."""

    def ring(_signum: int, _frame: object) -> None:
        raise Hang

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Tally:
    """Outcomes per category, and a few examples of each bad outcome."""

    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    notes: Counter[str] = field(default_factory=Counter)  # how the kills landed

    def add(self, category: str, outcome: str, name: str, detail: str = "") -> None:
        self.counts[(category, outcome)] += 1
        if outcome not in ("accepted", "clear error") and len(self.examples) < 40:
            self.examples.append(f"{category}: {outcome}: {name}: {detail[:300]}")


@dataclass
class Ran:
    """A command run in this process."""

    code: int
    out: str
    err: str


def command(*argv: str) -> Ran:
    """`main.py ARGV` in this process; an escaping exception propagates (it is a traceback)."""
    from main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return Ran(code, out.getvalue(), err.getvalue())


def _clear(text: str, name: str) -> bool:
    text.encode("utf-8")
    return bool(text.strip()) and "Traceback" not in text and (not name or name in text) and len(text) < 20_000


def judge(tally: Tally, category: str, name: str, expect: str, run: Callable[[], str], seconds: int = 15) -> None:
    """Run one input; `run` returns "accepted" or "clear error" (or a bad outcome) and raises on a traceback."""
    try:
        with alarm(seconds):
            outcome = run()
    except Hang:
        tally.add(category, "hang", name)
        return
    except Exception as exc:  # the figure being measured: anything that escapes is a traceback
        tally.add(category, "traceback", name, f"{type(exc).__name__}: {exc}")
        return
    if outcome == "accepted" and expect == REFUSE:
        outcome = "wrong acceptance"
    tally.add(category, outcome, name)


# -- inputs ----------------------------------------------------------------------------------------

TOKENS = [
    ":",
    "- ",
    "[",
    "]",
    "{",
    "}",
    "\n",
    "  ",
    "'",
    '"',
    "#",
    "!!int ",
    "!!bool maybe",
    "!custom ",
    "&a ",
    "*a",
    "<<: ",
    "? ",
    "|",
    "null",
    "~",
    "9" * 5000,
    "-1",
    "1e999",
    "\x00",
    "\t",
    "\\",
    "[" * 2000,
    "{a: " * 200,
    '"\\ud800"',
    "kong 7p concealed",
    "from 9",
    "hot: true",
    "first_turn: true",
    "how: after_kong",
    "2001-13-45",
]


def mutate(rng: random.Random, text: str) -> str:
    """`text` with a few random cuts, insertions of risky tokens and duplications."""
    for _ in range(rng.randint(1, 5)):
        at = rng.randint(0, len(text))
        how = rng.choice(("insert", "cut", "replace", "duplicate"))
        if how == "insert":
            text = text[:at] + rng.choice(TOKENS) + text[at:]
        elif how == "cut":
            text = text[:at] + text[at + rng.randint(1, 80) :]
        elif how == "replace":
            text = text[:at] + rng.choice(TOKENS) + text[at + rng.randint(1, 10) :]
        else:
            text = text[:at] + text[at : at + rng.randint(1, 200)] * rng.randint(2, 3) + text[at:]
    return text


def write(path: Path, content: str | bytes) -> Path:
    """Write `content` (text may hold lone surrogates, written as they would be) to `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
    return path


def special_files(folder: Path) -> list[tuple[str, Path]]:
    """A FIFO, a link to /dev/zero, a folder and a file over 5 MB, named like the real thing."""
    folder.mkdir(parents=True, exist_ok=True)
    out: list[tuple[str, Path]] = []
    if hasattr(os, "mkfifo"):
        fifo = folder / "fifo.yaml"
        if not fifo.exists():
            os.mkfifo(fifo)
        out.append(("fifo", fifo))
    zero = folder / "zero.yaml"
    if not zero.is_symlink():
        zero.symlink_to("/dev/zero")
    out.append(("link to /dev/zero", zero))
    sub = folder / "folder.yaml"
    sub.mkdir(exist_ok=True)
    out.append(("a folder", sub))
    big = write(folder / "big.yaml", "ruleset: guiyang-classic\n" + "#" * (5 * 1024 * 1024))
    out.append(("5 MB", big))
    return out


# -- categories ------------------------------------------------------------------------------------


def hand_files(tally: Tally, tmp: Path, rng: random.Random) -> None:
    """`settle` on bad hand files: known faults must be refused, random mutations read or refused."""
    from game.core.settlement import settle
    from game.handfile import parse_hand

    example = (ROOT / "tests" / "hands" / "example.yaml").read_text(encoding="utf-8")
    win = "win: {by: [0], tile: 8s, from: self}"
    known = {
        "tag bool": example.replace("dealer: 0", "dealer: !!bool maybe"),
        "tag int": example.replace("dealer: 0", "dealer: !!int x"),
        "custom tag": example.replace("dealer: 0", "dealer: !custom 0"),
        "python tag": example.replace("dealer: 0", "dealer: !!python/object/apply:os.system [id]"),
        "merge key": example.replace("dealer: 0", "<<: {dealer: 0}"),
        "anchor": example.replace("dealer: 0", "dealer: &d 0\nstreak: *d"),
        "deep": "seats: " + "[" * 1500 + "]" * 1500,
        "5000 digits": example.replace("streak: 0", "streak: " + "9" * 5000),
        "streak 10^30": example.replace("streak: 0", "streak: 1" + "0" * 30),
        "kong flower without kong": example.replace("kong 7p concealed", "pung 7p from 1").replace(
            win, "win: {by: [0], tile: 8s, from: self, how: after_kong}"
        ),
        "heavenly with melds": example.replace(win, "win: {by: [0], tile: 8s, from: self, first_turn: true}"),
        "dealer heavenly off a discard": example.replace(win, "win: {by: [0], tile: 8s, from: 1, first_turn: true}"),
        "hot kong on self-draw": example.replace(win, "win: {by: [0], tile: 8s, from: self, hot_kong: 7p}"),
        "robbed_late without a rob": example.replace(win, "win: {by: [0], tile: 8s, from: self, robbed_late: true}"),
        "how as a list": example.replace(win, "win: {by: [0], tile: 8s, from: self, how: [after_kong]}"),
        "how as a map": example.replace(win, "win: {by: [0], tile: 8s, from: self, how: {a: 1}}"),
        "ruleset absolute": example.replace("ruleset: guiyang-classic", "ruleset: /etc/passwd"),
        "ruleset dev zero": example.replace("ruleset: guiyang-classic", "ruleset: /dev/zero"),
        "ruleset parent": example.replace("ruleset: guiyang-classic", "ruleset: ../../x.yaml"),
        "empty": "",
        "not a mapping": "- 1\n- 2\n",
        "five of a tile": example.replace("234m 678s 11s", "234m 678s 11s").replace("9m 1s 2p", "1s 1s 1s 2p"),
    }
    folder = tmp / "hands"
    cases: list[tuple[str, str | bytes, str]] = [(k, v, REFUSE) for k, v in known.items()]
    cases += [("not UTF-8", b"ruleset: guiyang-classic\n\xff\xfe", REFUSE)]
    cases += [(f"mutation {i}", mutate(rng, example), EITHER) for i in range(180)]
    for name, content, expect in cases:
        path = write(folder / "h.yaml", content)

        def run(path: Path = path) -> str:
            ran = command("settle", str(path))
            if ran.code == 0:
                result, rules = parse_hand(path.read_text(encoding="utf-8"), str(path))
                return "accepted" if sum(settle(result, rules).nets()) == 0 else "wrong acceptance"
            return "clear error" if ran.code == 2 and _clear(ran.err, str(path)) else "traceback"

        judge(tally, "hand files", name, expect, run)
    for name, path in special_files(tmp / "special"):
        judge(tally, "hand files", name, REFUSE, partial(_settle_refused, path))


def _settle_refused(path: Path) -> str:
    ran = command("settle", str(path))
    if ran.code == 0:
        return "accepted"
    return "clear error" if ran.code == 2 and _clear(ran.err, str(path)) else "traceback"


def rulesets(tally: Tally, tmp: Path, rng: random.Random) -> None:
    """`rules check` on bad rulesets; an accepted one must play; the folder listing survives special files."""
    from game.match.simulate import simulate
    from game.rules.loader import load_ruleset
    from game.rules.user import list_rulesets

    classic = (ROOT / "rulesets" / "guiyang-classic.yaml").read_text(encoding="utf-8")
    title = "title_en: Guiyang Zhuoji, classic"
    known = {
        "wall side 0": classic.replace("wall_stacks: [14, 13, 14, 13]", "wall_stacks: [27, 0, 27, 0]"),
        "title NUL": classic.replace(title, 'title_en: "\\0"'),
        "title surrogate": classic.replace(title, 'title_en: "\\ud800"'),
        "title bell": classic.replace(title, 'title_en: "\\a"'),
        "title 10k chars": classic.replace(title, "title_en: " + "x" * 10_000),
        "base 5000 digits": classic.replace("base: 1 ", "base: " + "9" * 5000 + " "),
        "base 10^12": classic.replace("base: 1 ", "base: 1000000000000 "),
        "tag": classic.replace("base: 1 ", "base: !!int x "),
        "merge": classic.replace("base: 1 ", "<<: {base: 1}\n"),
        "deep": classic + "x: " + "[" * 1500 + "]" * 1500 + "\n",
        "anchor bomb": "a: &a [1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b]\n",
        "empty": "",
    }
    cases: list[tuple[str, str, str]] = [(k, v, REFUSE) for k, v in known.items()]
    cases += [(f"mutation {i}", mutate(rng, classic), EITHER) for i in range(120)]
    for name, content, expect in cases:
        path = write(tmp / "rules" / "mine.yaml", content)

        def run(path: Path = path) -> str:
            ran = command("rules", "check", str(path))
            if ran.code == 0:
                rules = load_ruleset(str(path))
                rules.title_zh.encode("utf-8")
                rules.title_en.encode("utf-8")
                rep = simulate(rules, "hostile", 3)
                return "accepted" if not rep.failures else "wrong acceptance"
            return "clear error" if ran.code == 2 and _clear(ran.out, str(path)) else "traceback"

        judge(tally, "rulesets", name, expect, run)
    folder = tmp / "home" / "rulesets"
    for name, path in special_files(folder):
        judge(tally, "rulesets", f"rules check {name}", REFUSE, partial(_check_refused, path))
    write(folder / os.fsdecode(b"bad\xff.yaml"), classic)

    def listing() -> str:
        catalogue = list_rulesets(folder)
        ran = command("folders")
        broken = catalogue.broken()
        return "clear error" if ran.code == 0 and len(broken) >= 4 and _clear(ran.out, "") else "traceback"

    judge(tally, "rulesets", "folders over special files and a non-UTF-8 name", REFUSE, listing)


def _check_refused(path: Path) -> str:
    ran = command("rules", "check", str(path))
    if ran.code == 0:
        return "accepted"
    return "clear error" if ran.code == 2 and _clear(ran.out, str(path)) else "traceback"


def _real_save_and_log(tmp: Path) -> tuple[str, str]:
    from game.engine.round import HandSetup
    from game.match.agents import SimpleAgent
    from game.match.match import Match
    from game.match.play import play_round
    from game.records.gamelog import LogWriter
    from game.records.savefile import dumps, new_save, record
    from game.rules.loader import load_ruleset

    rules = load_ruleset("guiyang-classic")
    match = Match(rules, "hostile")
    data = new_save(rules, "hostile", HandSetup())
    data.match_id = "hostile-match"
    out = io.StringIO()
    writer = LogWriter(out, rules, "hostile", HandSetup())
    for _ in range(3):
        rnd = play_round(match.new_round(), [SimpleAgent()] * 4)
        match.finish_round(rnd)
        data.hands.append(record(rnd, True))
        writer.write_round(rnd)
    rnd = match.new_round()
    for _ in range(12):
        seat = rnd.to_move()[0]
        rnd.apply(SimpleAgent().choose(__import__("game.engine.observation", fromlist=["observe"]).observe(rnd, seat)))
    data.hands.append(record(rnd, False))
    return dumps(data), out.getvalue()


def saves(tally: Tally, tmp: Path, rng: random.Random) -> None:
    """The menu's resume on corrupted saves: resumed by replaying, or set aside with the reason and kept."""
    from ui.menu.save import NoticeScene, resume
    from ui.probe.offscreen import headless_display, offscreen_app
    from ui.settings.values import Settings
    from ui.table.scene import TableScene

    save_text, _ = _real_save_and_log(tmp)
    obj = json.loads(save_text)

    def edited(path: str, value: object) -> str:
        copy = json.loads(save_text)
        target = copy
        keys = path.split(".")
        for k in keys[:-1]:
            target = target[int(k)] if isinstance(target, list) else target[k]
        last = keys[-1]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
        return json.dumps(copy)

    known = {
        "first_roller x": edited("log.first_roller", "x"),
        "first_roller 9": edited("log.first_roller", 9),
        "action as a list": edited("hands.3.actions.0", ["discard", 0, "1m"]),
        "action seat 7": edited("hands.3.actions.0", {"kind": "discard", "seat": 7, "tile": "1m"}),
        "deep JSON": '{"type":"guiyang-save","hands":' + "[" * 100_000 + "]" * 100_000 + "}",
        "5000-digit version": '{"type":"guiyang-save","version":' + "1" * 5000 + "}",
        "match_id traversal": edited("match_id", "../../../../tmp/evil"),
        "match_id absolute": edited("match_id", "/tmp/evil"),
        "ruleset /dev/zero": edited("log.ruleset", "/dev/zero"),
        "ruleset path": edited("log.ruleset", "../../rulesets/x"),
        "seed list": edited("log.seed", ["x"]),
        "dice 0,9": edited("log.dealer_dice", [0, 9]),
        "hands a dict": edited("hands", {}),
        "settled string": edited("hands.0.settled", "yes"),
        "NaN": save_text.replace('"events":', '"events":NaN,"x":', 1),
        "empty": "",
        "not UTF-8": "\udcff\udcfe",
    }
    cases: list[tuple[str, str, str]] = [(k, v, REFUSE) for k, v in known.items()]
    cases.append(("the save as written (control: must resume)", save_text, EITHER))
    actions = obj["hands"][3]["actions"]
    for i in range(60):
        copy = json.loads(save_text)
        a = copy["hands"][3]["actions"][rng.randrange(len(actions))]
        a[rng.choice(["kind", "seat", "tile", "declare"])] = rng.choice(
            [None, 9, -1, "x", [], {}, True, "9z", "pung", 10**30]
        )
        cases.append((f"edited action {i}", json.dumps(copy), EITHER))
    cases += [(f"mutation {i}", mutate(rng, save_text), EITHER) for i in range(120)]
    cases += [(f"cut at {n}", save_text[:n], EITHER) for n in rng.sample(range(1, len(save_text)), 25)]
    headless_display((640, 360))
    saves_dir = tmp / "home" / "saves"
    for name, content, expect in cases:
        for old in saves_dir.glob("match.save.json*"):
            old.unlink()
        raw = content.encode("utf-8", "surrogateescape")
        path = write(saves_dir / "match.save.json", raw)

        def run(path: Path = path, raw: bytes = raw) -> str:
            scene = resume(offscreen_app(Settings(), (640, 360)))
            if isinstance(scene, TableScene):
                return "accepted"  # restored by replaying every action through the engine: a legal state
            if isinstance(scene, NoticeScene) and _clear(scene.message, ""):
                kept = list(path.parent.glob("match.save.json.bad-*"))
                if len(kept) != 1 or kept[0].read_bytes() != raw:
                    return "data lost"
                return "clear error"
            return "traceback"

        judge(tally, "saves", name, expect, run)


def logs(tally: Tally, tmp: Path, rng: random.Random) -> None:
    """`replay` on damaged logs: named faults, cuts at every kind of place, mutations."""
    _, log_text = _real_save_and_log(tmp)
    lines = log_text.splitlines(keepends=True)
    head = json.loads(lines[0])
    known: dict[str, str] = {
        "blank lines": "\n\n\n",
        "deep line": lines[0] + "[" * 100_000 + "]" * 100_000 + "\n",
        "seed list": json.dumps({**head, "seed": ["x"]}) + "\n" + "".join(lines[1:]),
        "first_roller x": json.dumps({**head, "first_roller": "x"}) + "\n" + "".join(lines[1:]),
        "dice 3": json.dumps({**head, "break_dice": [1, 2, 3]}) + "\n" + "".join(lines[1:]),
        "ruleset /dev/zero": json.dumps({**head, "ruleset": "/dev/zero"}) + "\n" + "".join(lines[1:]),
        "header only a list": "[]\n",
        "5000 digits": json.dumps({**head, "version": 1}).replace('"version": 1', '"version": ' + "1" * 5000),
    }
    cases: list[tuple[str, str, str]] = [(k, v, REFUSE) for k, v in known.items()]
    ends = [i for i, line in enumerate(lines) if '"type":"hand_settled"' in line]
    for n in rng.sample(range(2, len(lines)), 25):
        if n - 1 not in ends:  # a cut inside a hand: must not be reported as identical
            cases.append((f"cut after line {n}", "".join(lines[:n]), REFUSE))
    cases += [(f"mutation {i}", mutate(rng, log_text), EITHER) for i in range(60)]
    for name, content, expect in cases:
        path = write(tmp / "logs" / "m.jsonl", content)

        def run(path: Path = path) -> str:
            ran = command("replay", str(path))
            if ran.code == 0:
                return "accepted"
            text = ran.out + ran.err
            return "clear error" if ran.code in (1, 2) and _clear(text, str(path)) else "traceback"

        judge(tally, "logs", name, expect, run)
    for name, path in special_files(tmp / "special-logs"):
        judge(tally, "logs", name, REFUSE, partial(_replay_refused, path))


def _replay_refused(path: Path) -> str:
    ran = command("replay", str(path))
    if ran.code == 0:
        return "accepted"
    return "clear error" if ran.code == 2 and _clear(ran.err, str(path)) else "traceback"


def player_files(tally: Tally, tmp: Path, rng: random.Random) -> None:
    """settings.json and stats.json: defaults and a notice, the bad file kept aside byte for byte."""
    from game.records.stats import load_stats
    from ui.settings.store import load_settings

    good = '{"language": "en", "volume": 50, "speed": "fast", "muted": false, "claim_timer": 10}'
    known: dict[str, bytes] = {
        "deep": b"[" * 100_000 + b"]" * 100_000,
        "deep object": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
        "5000 digits": b'{"volume": ' + b"9" * 5000 + b"}",
        "NaN": b'{"volume": NaN}',
        "not UTF-8": b"\xff\xfe{}",
        "a list": b"[1, 2]",
        "empty": b"",
        "broken": b'{"volume": ',
    }
    cases = [(k, v, REFUSE) for k, v in known.items()]
    cases += [(f"mutation {i}", mutate(rng, good).encode("utf-8", "surrogatepass"), EITHER) for i in range(20)]
    folder = tmp / "player"
    for which in ("settings.json", "stats.json"):
        for name, raw, expect in cases:
            for old in folder.glob(f"{which}*"):
                old.unlink()
            path = write(folder / which, raw)

            def run(path: Path = path, raw: bytes = raw, which: str = which) -> str:
                notices = load_settings(path).notices if which == "settings.json" else load_stats(path)[1]
                if not notices:
                    return "accepted"
                if not all(_clear(n, str(path)) for n in notices):
                    return "traceback"
                kept = [p.read_bytes() for p in path.parent.glob(f"{which}*")]
                return "clear error" if raw in kept else "data lost"

            judge(tally, "player files", f"{which} {name}", expect, run)
        for name, path in special_files(tmp / f"special-{which}"):
            target = path.parent / which
            if target.exists() or target.is_symlink():
                target.unlink() if not target.is_dir() else None
            if not target.exists():
                path.rename(target)
            judge(tally, "player files", f"{which} {name}", REFUSE, partial(_player_special, target, which))


def _player_special(path: Path, which: str) -> str:
    from game.records.stats import load_stats
    from ui.settings.store import load_settings

    notices = load_settings(path).notices if which == "settings.json" else load_stats(path)[1]
    return "clear error" if notices and all(_clear(n, str(path)) for n in notices) else "accepted"


def arguments(tally: Tally, tmp: Path, rng: random.Random) -> None:
    """Bad command-line arguments: exit 2 with a message, no file written."""
    bad_file = write(tmp / "a-file", "x")
    argvs = [
        ["bench", "--hands", "0"],
        ["bench", "--runs", "0"],
        ["bench", "--hands", "-3"],
        ["bench", "--runs", "x"],
        ["simulate", "--hands", "1e23"],
        ["simulate", "--hands", "1" + "0" * 23],
        ["simulate", "--hands", "0"],
        ["simulate", "--hands", "2", "--export", str(bad_file)],
        ["simulate", "--hands", "2", "--export", str(bad_file / "sub")],
        ["simulate", "--hands", "2", "--log", str(tmp)],
        ["simulate", "--hands", "2", "--log", str(bad_file / "x")],
        ["simulate", "--ruleset", "/dev/zero"],
        ["simulate", "--ruleset", "nope"],
        ["folders", "--copy", "guiyang-classic", "--as", "bad\nname"],
        ["folders", "--copy", "guiyang-classic", "--as", "../escape"],
        ["folders", "--copy", "guiyang-classic", "--as", "/tmp/escape"],
        ["folders", "--copy", "guiyang-classic", "--as", ""],
        ["folders", "--copy", "guiyang-classic", "--as", "CON"],
        ["folders", "--copy", "nope"],
        ["folders", "--as", "x"],
        ["folders", "--copy", "guiyang-classic", "--as", "x" * 500],
        ["arena", "--deals", "0"],
        ["arena", "--workers", "0"],
        ["arena", "--seats", "god,normal,normal,normal"],
        ["deal", "--hand", "0"],
        ["deal", "--hand", "1e9"],
        ["deal", "--dice", "7,7"],
        ["deal", "--first-roller", "4"],
        ["settle", str(tmp / "missing.yaml")],
        ["settle", str(tmp)],
        ["replay", str(tmp / "missing.jsonl")],
        ["replay", str(tmp)],
        ["rules", "check", str(tmp)],
        ["rules", "show", "/dev/zero"],
        ["rules", "show", "nope"],
        ["analyze", "123m456p789s1122x"],
        ["analyze", "1" * 5000 + "m"],
        ["analyze", ""],
        ["bench-memory", "--hands", "0"],
        ["bench-memory", "--checkpoints", "0"],
        ["simulate", "--hands", "٣"],
        ["bench", "--hands", "1_0_0_0_0_0_0_0_0_0_0"],
    ]
    for argv in argvs:

        def run(argv: list[str] = argv) -> str:
            ran = command(*argv)
            if ran.code == 0:
                return "accepted"
            return "clear error" if ran.code in (1, 2) and _clear(ran.err + ran.out, "") else "traceback"

        judge(tally, "arguments", " ".join(a[:40] for a in argv), REFUSE, run, seconds=60)
    escaped = list(Path("/tmp").glob("escape*")) + list(tmp.glob("escape*"))
    tally.add("arguments", "wrong acceptance" if escaped else "clear error", "no file written outside")


def faults(tally: Tally, tmp: Path, rng: random.Random) -> None:
    """A full disk under the save, the replay log, simulate --log and the exporter; files standing for folders."""
    import errno

    from game.engine.round import Round
    from game.match.agents import SimpleAgent
    from game.match.match import Match
    from game.match.play import play_round
    from game.match.replay import load_hand
    from game.records.gamelog import read_log
    from game.records.replaylog import ReplayLog, read_index
    from game.rules.loader import load_ruleset

    rules = load_ruleset("guiyang-classic")
    real_write = os.write

    class Full:
        def __init__(self, room: int) -> None:
            self.room = room

        def __call__(self, fd: int, data: bytes | memoryview) -> int:
            if self.room <= 0:
                raise OSError(errno.ENOSPC, "No space left on device")
            n = real_write(fd, bytes(data[: self.room]))
            self.room -= n
            return n

    for room in (0, 10, 500, 5000, 50_000):
        match = Match(rules, f"full{room}")
        hands = []
        for _ in range(3):
            rnd = play_round(match.new_round(), [SimpleAgent()] * 4)
            match.finish_round(rnd)
            hands.append(rnd)
        keeper = ReplayLog(f"full-{room}", rules, f"full{room}")
        told: list[str] = []
        keeper.on_error = told.append

        def run(
            keeper: ReplayLog = keeper, hands: list[Round] = hands, told: list[str] = told, room: int = room
        ) -> str:
            keeper(hands[0], False)
            os.write = Full(room)  # type: ignore[assignment]
            try:
                keeper(hands[1], False)
                keeper(hands[2], False)
            finally:
                os.write = real_write
            entries = [e for e in read_index() if e.file == keeper.file_name]
            for e in entries:
                load_hand(e)
            if not told and len(entries) < 3:
                return "data lost"
            return "clear error" if told else "accepted"

        judge(tally, "faults", f"replay log, disk full after {room} bytes", EITHER, run)

        def sim(room: int = room) -> str:
            log = tmp / f"sim-{room}.jsonl"
            os.write = Full(room)  # type: ignore[assignment]
            try:
                ran = command("simulate", "--hands", "5", "--log", str(log))
            finally:
                os.write = real_write
            if ran.code == 0:
                return "accepted"
            if log.exists() and log.stat().st_size:
                parsed = read_log(log)  # strict: every line whole
                if parsed.ending() is not None:
                    return "data lost"
            return "clear error" if ran.code == 2 and _clear(ran.err, "") else "traceback"

        judge(tally, "faults", f"simulate --log, disk full after {room} bytes", EITHER, sim)

    def save_full() -> str:
        import game.records.saves as save_module
        from game.engine.round import HandSetup
        from game.records.savefile import new_save

        writer = save_module.SaveWriter("fault.save.json")
        told: list[str] = []
        writer.on_error = told.append
        data = new_save(rules, "fault", HandSetup())
        writer(data)
        before = save_module.save_path("fault.save.json").read_bytes()
        real = getattr(save_module, "write_text_atomic")  # noqa: B009 (the name the module writes with)

        def fail(path: Path, text: str) -> None:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))

        setattr(save_module, "write_text_atomic", fail)  # noqa: B010
        try:
            data.config["x"] = 1
            writer(data)
        finally:
            setattr(save_module, "write_text_atomic", real)  # noqa: B010
        kept = save_module.save_path("fault.save.json").read_bytes() == before
        return "clear error" if told and kept else "data lost"

    judge(tally, "faults", "save on a full disk", REFUSE, save_full)
    home = Path(os.environ["GUIYANG_MAHJONG_HOME"])
    for which in ("saves", "logs", "rulesets"):

        def blocked(which: str = which) -> str:
            target = home / which
            moved = home / f"{which}.moved"
            if target.exists():
                target.rename(moved)
            write(target, "a file where a folder should be")
            try:
                ran = command("folders", "--create")
                copy = command("folders", "--copy", "guiyang-classic", "--as", "blocked")
            finally:
                target.unlink()
                if moved.exists():
                    moved.rename(target)
            ok = ran.code == 1 and copy.code in (0, 1, 2) and _clear(ran.err, "")
            return "clear error" if ok else "traceback"

        judge(tally, "faults", f"a file where the {which} folder should be", REFUSE, blocked)


def kills(tally: Tally, tmp: Path, rng: random.Random, count: int) -> None:
    """SIGKILL the client mid-match at random moments; the save left behind must resume by replaying."""
    from game.match.agents import SimpleAgent
    from game.records.savefile import loads
    from game.rules.loader import load_ruleset
    from ui.table.session import TableSession

    if not hasattr(signal, "SIGKILL"):
        return
    for n in range(count):
        home = tmp / f"kill-{n}"
        env = dict(os.environ, GUIYANG_MAHJONG_HOME=str(home))
        cmd = [sys.executable, "main.py", "play", "--autoplay", "--speed", "instant", "--seed", f"kill{n}"]
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(2.0, 8.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait(20)
        save = home / "saves" / "autoplay.save.json"

        def run(save: Path = save) -> str:
            if not save.exists():
                tally.notes["killed before the first save"] += 1
                return "accepted"  # nothing to lose yet
            data = loads(save.read_text(encoding="utf-8"), save.name)
            rules = load_ruleset(str(data.head["ruleset"]))
            TableSession.from_save(rules, data, [SimpleAgent()] * 4)
            mid = bool(data.hands) and not data.hands[-1].settled
            tally.notes["resumed mid-hand" if mid else "resumed between hands"] += 1
            return "accepted"

        judge(tally, "kills", f"kill {n}", EITHER, run, seconds=60)


CATEGORIES = ("hand-files", "rulesets", "saves", "logs", "player-files", "arguments", "faults", "kills")


def main(argv: list[str] | None = None) -> int:
    """Run the hostile set and print the figures; exit 1 when any bad outcome was seen."""
    parser = argparse.ArgumentParser(prog="build/hostile_check.py", description=__doc__.split("\n")[0])
    parser.add_argument("--only", action="append", choices=CATEGORIES, help="run only this category (repeatable)")
    parser.add_argument("--kills", type=int, default=10, help="SIGKILLs mid-match (default 10)")
    parser.add_argument("--seed", type=int, default=11, help="random seed of the mutations (default 11)")
    args = parser.parse_args(argv)
    chosen = args.only or list(CATEGORIES)
    logging.disable(logging.CRITICAL)  # the game logs each refusal too; the figures are what is wanted here
    tally = Tally()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="hostile-") as folder:
        tmp = Path(folder)
        os.environ["GUIYANG_MAHJONG_HOME"] = str(tmp / "home")
        rng = random.Random(args.seed)
        runners: dict[str, Callable[[], None]] = {
            "hand-files": lambda: hand_files(tally, tmp, rng),
            "rulesets": lambda: rulesets(tally, tmp, rng),
            "saves": lambda: saves(tally, tmp, rng),
            "logs": lambda: logs(tally, tmp, rng),
            "player-files": lambda: player_files(tally, tmp, rng),
            "arguments": lambda: arguments(tally, tmp, rng),
            "faults": lambda: faults(tally, tmp, rng),
            "kills": lambda: kills(tally, tmp, rng, args.kills),
        }
        for name in chosen:
            runners[name]()
            print(f"  ... {name} done ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    categories = sorted({c for c, _ in tally.counts}, key=lambda c: [x.replace("-", " ") for x in CATEGORIES].index(c))
    width = max(len(c) for c in [*categories, "all"]) + 2
    print("hostile set".ljust(width) + "".join(f"{o:>18}" for o in ("inputs tried", *OUTCOMES)))
    totals: Counter[str] = Counter()
    for c in categories:
        row = {o: tally.counts[(c, o)] for o in OUTCOMES}
        totals.update(row)
        print(c.ljust(width) + f"{sum(row.values()):>18}" + "".join(f"{row[o]:>18}" for o in OUTCOMES))
    print("all".ljust(width) + f"{sum(totals.values()):>18}" + "".join(f"{totals[o]:>18}" for o in OUTCOMES))
    print(f"({time.perf_counter() - started:.0f} s)")
    if tally.notes:
        print("kills: " + ", ".join(f"{n} {what}" for what, n in sorted(tally.notes.items())))
    for line in tally.examples:
        print("  " + line)
    bad = sum(totals[o] for o in OUTCOMES[2:])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
