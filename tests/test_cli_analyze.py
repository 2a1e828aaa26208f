"""`main.py analyze` (docs/rules.md §5 patterns under guiyang-classic values) and `main.py bench`."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.cli import analyze, bench

ROOT = Path(__file__).resolve().parent.parent


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str | None = None) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    analyze.register(sub)
    bench.register(sub)
    args = parser.parse_args(argv)
    if stdin is not None:
        old = sys.stdin
        sys.stdin = io.StringIO(stdin)
    try:
        code = args.func(args)
    finally:
        if stdin is not None:
            sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err


def analyse_json(hand: str, capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    code, out, _ = run_cli(["analyze", hand, "--json", *extra], capsys)
    assert code == 0
    result: dict[str, Any] = json.loads(out)
    return result


def test_complete_flush_seven_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/rules.md §5/§11: 11223344556677m is 清七对, worth 17 in guiyang-classic."""
    a = analyse_json("1122334455 6677m", capsys)
    assert a["hand"] == "11223344556677m"
    assert a["tiles"] == 14
    assert a["complete"] is True
    assert a["pattern"] == "qingqidui"
    assert a["value"] == 17
    assert a["patterns"] == ["pinghu", "qidui", "qingyise", "qingqidui"]
    assert a["shanten"] == a["shanten_standard"] == a["shanten_seven_pairs"] == -1
    assert a["waits"] == []


def test_dragon_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/rules.md §5: 11112233445566m, four of a kind as two pairs, is 青龙背 (20)."""
    a = analyse_json("11112233445566m", capsys)
    assert (a["pattern"], a["value"]) == ("qinglongbei", 20)


def test_waiting_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """A 13-tile hand lists its waits and its 查叫 value (docs/rules.md §12.7)."""
    a = analyse_json("1112345678999m", capsys)
    assert a["complete"] is False
    assert a["shanten"] == 0
    assert a["waits"] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    assert (a["wait_pattern"], a["wait_value"]) == ("qingyise", 10)


def test_fourteen_tiles_not_complete_lists_discards(capsys: pytest.CaptureFixture[str]) -> None:
    """A 14-tile hand that has not won shows which discards leave it ready."""
    a = analyse_json("123m456p789s11223s", capsys)
    assert a["complete"] is False and a["pattern"] is None and a["patterns"] == []
    assert a["shanten"] == 0
    assert a["discards"]["3s"] == ["1s", "2s"]


def test_hidden_melds_from_tile_count(capsys: pytest.CaptureFixture[str]) -> None:
    """Fewer tiles mean melds not shown: 4 tiles are 13 - 3*3, with pungs as the only melds (大对子)."""
    a = analyse_json("1122m", capsys)
    assert a["melds"] == 3
    assert a["waits"] == ["1m", "2m"]
    assert (a["wait_pattern"], a["wait_value"]) == ("dadui", 5)
    assert a["shanten_seven_pairs"] is None


def test_melds_option(capsys: pytest.CaptureFixture[str]) -> None:
    """--melds names the melds: a flush counts them, and their copies are the seat's own (docs/rules.md §5)."""
    a = analyse_json("11122233355m", capsys, "--melds", "999m")
    assert a["pattern"] == "qingdadui"
    a = analyse_json("2345m456p789s", capsys, "--melds", "222m")
    assert a["waits"] == ["5m"]


def test_ruleset_option(capsys: pytest.CaptureFixture[str]) -> None:
    """Values come from the ruleset: guiyang-modern scores 单钓 (docs/rules.md §5, G) and 青龙背 30 (§13)."""
    a = analyse_json("55m", capsys, "--melds", "111p 222p 333p 4444s", "--ruleset", "guiyang-modern")
    assert (a["pattern"], a["value"]) == ("dandiao", 10)
    a = analyse_json("55m", capsys, "--melds", "111p 222p 333p 4444s")
    assert (a["pattern"], a["value"]) == ("dadui", 5)  # guiyang-classic has no 单钓
    a = analyse_json("11112233445566m", capsys, "--ruleset", "guiyang-modern")
    assert a["value"] == 30
    code, _, err = run_cli(["analyze", "55m", "--ruleset", "no-such-rules"], capsys)
    assert code == 2 and "no-such-rules" in err


def test_summary_is_bilingual(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --json the report names things in Chinese and English."""
    code, out, _ = run_cli(["analyze", "11223344556677m"], capsys)
    assert code == 0
    assert "清七对" in out and "flush seven pairs" in out and "17" in out
    code, out, _ = run_cli(["analyze", "123m456p789s1122s"], capsys)
    assert "听 waits 1s 2s" in out


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("12x", "'x'"),
        ("12x", "position 3"),
        ("11111m22m", "5 copies of 1m"),
        ("123m456p789s111s", "12 tiles"),
        ("123m456p789s11s22s33s", "15 tiles"),
        ("123", "no suit letter"),
        ("1203m", "position 3"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(capsys: pytest.CaptureFixture[str], hand: str, message: str) -> None:
    """Bad input names what is wrong and where, with exit code 2 and no traceback."""
    code, _out, err = run_cli(["analyze", hand], capsys)
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_bad_melds_option(capsys: pytest.CaptureFixture[str]) -> None:
    """--melds accepts only pungs and kongs, and the tile count must fit them."""
    code, _, err = run_cli(["analyze", "11m", "--melds", "123m 111p 222p 333p"], capsys)
    assert code == 2 and "'123m' is not a pung or kong" in err
    code, _, err = run_cli(["analyze", "11m22p", "--melds", "111p"], capsys)
    assert code == 2 and "4 tiles in hand with 1 meld" in err
    code, _, err = run_cli(["analyze", "1m23m456p789s55s", "--melds", "1111m"], capsys)
    assert code == 2 and "5 copies of 1m" in err


def test_stdin_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """`analyze - --json`: one object per line; a bad line is an error object naming its line, exit 2."""
    text = "11223344556677m\n\n12x\n1112345678999m\n"
    code, out, _ = run_cli(["analyze", "-", "--json"], capsys, stdin=text)
    assert code == 2
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r.get("pattern") for r in rows] == ["qingqidui", None, None]
    assert rows[1]["line"] == 3 and "position 3" in rows[1]["error"]
    assert rows[2]["shanten"] == 0
    code, out, _ = run_cli(["analyze", "-", "--json"], capsys, stdin="11223344556677m\n")
    assert code == 0


def test_main_entry_point() -> None:
    """`python main.py analyze 12x` exits 2 naming the character and its position."""
    done = subprocess.run(
        [sys.executable, "main.py", "analyze", "12x"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert "'x'" in done.stderr and "position 3" in done.stderr
    assert "Traceback" not in done.stderr


def test_bench_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """`bench --json` prints one object with a figures dict per section (sizes kept tiny here)."""
    argv = ["bench", "--json", "--hands", "200", "--runs", "1", "--only", "shanten", "--only", "waits"]
    code, out, _ = run_cli(argv, capsys)
    assert code == 0
    report = json.loads(out)
    assert list(report) == ["shanten", "waits"]
    assert report["shanten"]["shanten_standard_hands_per_s"] > 0
    assert report["waits"]["waits_us"] > 0
    assert [name for name, _ in bench.BENCHMARKS][:3] == ["tables", "shanten", "waits"]
