"""Ruleset files load into the typed Ruleset, and every error names file, line, column and field (docs/design.md)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.ruleset import OptionalRules, Ruleset
from game.core.tiles import WUGUJI, YAOJI, parse_tile
from game.rules.loader import (
    RULESETS_DIR,
    RulesetError,
    builtin_ruleset_names,
    check_ruleset_file,
    load_ruleset,
    parse_ruleset,
)

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [
    "erding-liangfang",
    "guiyang-app",
    "guiyang-classic",
    "guiyang-daopei",
    "guiyang-modern",
    "guiyang-pass",
    "sandingguai",
    "yiwushi",
    "zhuoji-x10",
]
CLASSIC_TEXT = (RULESETS_DIR / "guiyang-classic.yaml").read_text(encoding="utf-8")


def _line_of(text: str, needle: str) -> int:
    """1-based line of the first line containing `needle`."""
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def _errors(text: str) -> list[str]:
    with pytest.raises(RulesetError) as info:
        parse_ruleset(text, "x.yaml", "x")
    return info.value.errors


def _replace(old: str, new: str) -> str:
    assert old in CLASSIC_TEXT
    return CLASSIC_TEXT.replace(old, new, 1)


def test_the_rulesets_of_rules_11_and_14_ship() -> None:
    """docs/rules.md §11: six rulesets, one per seed family; §14: the seventh, guiyang-daopei; §15.8: a table of
    three (sandingguai) and one of two (erding-liangfang)."""
    assert builtin_ruleset_names() == SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_ruleset_loads(name: str) -> None:
    rules = load_ruleset(name)
    assert isinstance(rules, Ruleset)
    assert rules.name == name
    assert check_ruleset_file(RULESETS_DIR / f"{name}.yaml") == []


@pytest.mark.parametrize("name", SHIPPED)
def test_seed_rulesets_have_every_optional_rule_off(name: str) -> None:
    """docs/rules.md §13: the optional rules are for user rulesets; none is on in a seed ruleset."""
    assert load_ruleset(name).optional == OptionalRules()


@pytest.mark.parametrize("name", SHIPPED)
def test_every_value_line_carries_a_comment(name: str) -> None:
    """docs/rules.md §11: each value names its seed tag or says it is a choice."""
    text = (RULESETS_DIR / f"{name}.yaml").read_text(encoding="utf-8")
    values = [line for line in text.splitlines() if line.startswith("  ") and ":" in line and "#" not in line]
    tops = [line for line in text.splitlines() if line[:1].isalpha() and line.split(":", 1)[1].strip()]
    assert values == []
    assert all("#" in line for line in tops if not line.startswith(("title_", "seeds")))


def test_engine_facing_values_follow_the_brief() -> None:
    """docs/rules.md §2, §3, §12.11, §12.12: wall, direction, break, first dealer, 包牌, forced 热炮, 憨包豆."""
    for name in SHIPPED:
        r = load_ruleset(name)
        # docs/rules.md §15.2: a smaller table's wall is split evenly, one side per player.
        four = r.table.wall_stacks == (14, 13, 14, 13)
        assert four if r.players == 4 else len(set(r.table.wall_stacks)) == 1
        assert r.play.pass_patterns == ("pinghu",)
        assert r.play.multiple_winners
        assert (r.table.first_dealer == "random") == (name in ("guiyang-app", "guiyang-daopei"))
        assert (r.play.passed_win == "baopai") == (name in ("guiyang-classic", "zhuoji-x10"))
        assert r.play.hot_discard_forced == (name == "guiyang-pass")
        assert r.play.late_kong == (name == "guiyang-modern")
    for name in ("guiyang-classic", "guiyang-pass", "zhuoji-x10", "yiwushi"):
        assert load_ruleset(name).table.count_direction == "previous"
        assert load_ruleset(name).table.break_method == "sum_and_smaller"


def test_pattern_tables_of_rules_11() -> None:
    """docs/rules.md §11 (and §14) pattern values, 平胡 ... 青龙背, per ruleset."""
    order = ["pinghu", "dadui", "qidui", "longqidui", "qingyise", "qingdadui", "qingqidui", "qinglongbei"]
    want = {
        "guiyang-classic": [1, 5, 8, 10, 10, 15, 17, 20],
        "guiyang-pass": [1, 5, 6, 10, 10, 15, 17, 20],
        "zhuoji-x10": [10, 30, 40, 50, 50, 80, 90, 100],
        "yiwushi": [1, 5, 6, 6, 10, 10, 10, 10],
        "guiyang-modern": [1, 5, 10, 20, 10, 15, 20, 30],
        "guiyang-app": [1, 5, 7, 10, 10, 15, 17, 20],
        "guiyang-daopei": [1, 5, 7, 10, 10, 15, 17, 20],  # docs/rules.md §14
    }
    for name, values in want.items():
        assert [load_ruleset(name).patterns[p] for p in order] == values, name


def test_modern_chickens_follow_g() -> None:
    """docs/rules.md §8: G adds 乌骨鸡, 金鸡 2/4, 冲锋鸡 3/6, 责任鸡 2/4."""
    ch = load_ruleset("guiyang-modern").chickens
    assert dict(ch.fixed) == {YAOJI: 1, WUGUJI: 2}
    assert dict(ch.golden) == {YAOJI: 2, WUGUJI: 4}
    assert dict(ch.charge_values) == {YAOJI: 3, WUGUJI: 6}
    assert dict(ch.liability) == {YAOJI: 2, WUGUJI: 4}


def test_ruleset_is_frozen_and_patterns_immutable() -> None:
    r = load_ruleset("guiyang-classic")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.base = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        r.patterns["pinghu"] = 3  # type: ignore[index]
    copy = parse_ruleset(CLASSIC_TEXT, "x.yaml", "guiyang-classic")
    assert copy == r and hash(copy) == hash(r)  # usable as a cache key


def test_builtin_rulesets_are_cached() -> None:
    assert load_ruleset("guiyang-classic") is load_ruleset("guiyang-classic")


def test_load_by_path(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(_replace("base: 1 ", "base: 5 "), encoding="utf-8")
    r = load_ruleset(str(path))
    assert (r.name, r.base) == ("house", 5)


def test_unknown_builtin_name() -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset("no-such-rules")
    assert info.value.errors[0].startswith("no-such-rules: no such ruleset")


# One test per error kind, each asserting the exact `file:line:col: field.path` prefix.


def test_error_unknown_key() -> None:
    text = _replace("  after_kong: 1 ", "  after_kongs: 1 ")
    line = _line_of(text, "after_kongs")
    errors = _errors(text)
    assert errors[0].startswith(f"x.yaml:{line}:3: bonuses.after_kongs: unknown key")
    # The real key is then missing too: every error in the file is reported.
    assert any(e.startswith("x.yaml:") and "bonuses.after_kong: missing key" in e for e in errors)


def test_error_missing_key() -> None:
    text = "\n".join(line for line in CLASSIC_TEXT.splitlines() if not line.startswith("  hot_value:"))
    line = _line_of(text, "  self_draw:")  # the bonuses mapping starts at its first key
    assert _errors(text) == [f"x.yaml:{line}:3: bonuses.hot_value: missing key"]


def test_error_missing_pattern() -> None:
    text = "\n".join(line for line in CLASSIC_TEXT.splitlines() if not line.startswith("  qingqidui:"))
    line = _line_of(text, "  pinghu:")
    assert _errors(text) == [f"x.yaml:{line}:3: patterns.qingqidui: missing key"]


def test_error_unknown_pattern() -> None:
    text = _replace("  dandiao: null", "  shisanyao: 13")
    line = _line_of(text, "shisanyao")
    errors = _errors(text)
    assert errors[0].startswith(f"x.yaml:{line}:3: patterns.shisanyao: unknown key")


def test_error_wrong_type() -> None:
    text = _replace("  exposed: 1 ", "  exposed: one ")
    line = _line_of(text, "exposed: one")
    assert _errors(text) == [f"x.yaml:{line}:12: kongs.exposed: expected an integer, found 'one' (a string)"]


def test_error_bool_is_not_a_number() -> None:
    text = _replace("  concealed: 2 ", "  concealed: true ")
    line = _line_of(text, "concealed: true")
    assert _errors(text)[0].startswith(f"x.yaml:{line}:14: kongs.concealed: expected an integer")


def test_error_negative_value() -> None:
    text = _replace("  added: 1 ", "  added: -1 ")
    line = _line_of(text, "added: -1")
    assert _errors(text)[0].startswith(f"x.yaml:{line}:10: kongs.added: expected a number from 0 to 10000")


def test_error_duplicate_key() -> None:
    text = _replace("  exposed: 1 ", "  exposed: 1\n  exposed: 2 ")
    first = _line_of(text, "exposed: 1")
    assert _errors(text) == [f"x.yaml:{first + 1}:3: kongs.exposed: duplicate key (first at line {first})"]


def test_error_bad_tile_notation() -> None:
    text = _replace("fixed: {1s: 1}", "fixed: {1x: 1}")
    line = _line_of(text, "fixed: {1x")
    errors = _errors(text)
    assert errors[0].startswith(f"x.yaml:{line}:11: chickens.fixed: bad tile '1x'")


def test_error_bad_tile_in_optional() -> None:
    text = _replace("  chuifeng: null", "  chuifeng: 0p")
    line = _line_of(text, "chuifeng: 0p")
    assert _errors(text)[0].startswith(f"x.yaml:{line}:13: optional.chuifeng: bad tile '0p': rank 0")


def test_error_bad_literal() -> None:
    text = _replace("first_dealer: dice ", "first_dealer: coin ")
    line = _line_of(text, "first_dealer: coin")
    assert _errors(text) == [
        f"x.yaml:{line}:17: table.first_dealer: expected one of dice, random; found 'coin' (a string)"
    ]


def test_error_bare_off_explains_yaml_booleans() -> None:
    text = _replace('charge: "off"', "charge: off")
    line = _line_of(text, "charge: off")
    (error,) = _errors(text)
    assert error.startswith(f"x.yaml:{line}:11: chickens.charge: expected one of off, value, multiplier")
    assert 'write "off"' in error


def test_error_wrong_list_length() -> None:
    text = _replace("wall_stacks: [14, 13, 14, 13]", "wall_stacks: [14, 13, 14]")
    line = _line_of(text, "wall_stacks")
    want = f"x.yaml:{line}:16: table.wall_stacks: 3 sides for 4 players; one side of the wall per player"
    assert _errors(text) == [want]


def test_error_list_item_choice() -> None:
    text = _replace("pass_patterns: [pinghu]", "pass_patterns: [pinghu, pinhu]")
    line = _line_of(text, "pass_patterns")
    assert _errors(text)[0].startswith(f"x.yaml:{line}:27: play.pass_patterns[1]: unknown id 'pinhu'")


def test_error_wall_must_hold_108_tiles() -> None:
    text = _replace("wall_stacks: [14, 13, 14, 13]", "wall_stacks: [14, 14, 14, 14]")
    line = _line_of(text, "wall_stacks")
    assert _errors(text) == [f"x.yaml:{line}:16: table.wall_stacks: the sides hold 56 stacks; 108 tiles need 54"]


SMALL_TABLES = {
    "sandingguai": (3, ("m", "p", "s"), 108, True),
    "erding-liangfang": (2, ("p", "s"), 72, False),
}


@pytest.mark.parametrize("name", sorted(SMALL_TABLES))
def test_small_tables_are_ruleset_values(name: str) -> None:
    """docs/rules.md §15.1-§15.3, §15.8: the players, the suits in play, the wall and 定缺 are values of the file."""
    rules = load_ruleset(name)
    players, suits, tiles, dingque = SMALL_TABLES[name]
    assert (rules.players, rules.suits, rules.wall_size, rules.play.dingque) == (players, suits, tiles, dingque)
    assert len(rules.table.wall_stacks) == players and sum(rules.table.wall_stacks) * 2 == tiles
    assert rules.others(0) == tuple(range(1, players))


def test_four_players_and_three_suits_by_default() -> None:
    """docs/rules.md §15.2: a file that names no table size seats four, with all 108 tiles."""
    rules = load_ruleset("guiyang-classic")
    assert (rules.players, rules.suits, rules.wall_size, rules.others(1)) == (4, ("m", "p", "s"), 108, (2, 3, 0))


def _small(extra: str, stacks: str = "[18, 18, 18]") -> str:
    return _replace("wall_stacks: [14, 13, 14, 13]", f"wall_stacks: {stacks}") + extra


def test_error_table_size_not_two_to_four() -> None:
    """docs/rules.md §15.2: a table seats 2, 3 or 4."""
    errors = _errors(_small("players: 5\n"))
    assert len(errors) == 1 and errors[0].endswith("players: 5 players; a table seats 2, 3 or 4 (docs/rules.md §15.2)")


def test_error_wall_sides_follow_the_players() -> None:
    """docs/rules.md §15.2: one side of the wall per player."""
    errors = _errors(_replace("wall_stacks: [14, 13, 14, 13]", "wall_stacks: [14, 13, 14, 13]") + "players: 3\n")
    assert [e.split(": ", 1)[1] for e in errors] == [
        "table.wall_stacks: 4 sides for 3 players; one side of the wall per player"
    ]


def test_error_dingque_needs_three_suits() -> None:
    """docs/rules.md §15.3: 定缺 names one of three suits, so a table of two suits cannot play it."""
    text = _small("players: 2\nsuits: [p, s]\n", "[18, 18]").replace(
        "  ready_own_four: false", "  dingque: true\n  ready_own_four: false", 1
    )
    errors = [e.split(": ", 1)[1] for e in _errors(text)]
    assert errors == ["play.dingque: 定缺 names one of three suits; only 2 are in play (docs/rules.md §15.3)"]


def test_error_chicken_not_in_play() -> None:
    """docs/rules.md §15.1: the suits in play must hold every chicken the file names (幺鸡 is 1s)."""
    errors = [e.split(": ", 1)[1] for e in _errors(_small("players: 2\nsuits: [m, p]\n", "[18, 18]"))]
    assert errors == ["suits: the chicken 1s is not in play with suits m p"]


def test_error_suit_named_twice_or_unknown() -> None:
    """docs/rules.md §15.1: suits are letters m, p, s, each once."""
    assert any("unknown id 'z'" in e for e in _errors(_small("players: 3\nsuits: [p, z]\n")))
    twice = [e.split(": ", 1)[1] for e in _errors(_small("players: 3\nsuits: [m, m, p, s]\n"))]
    assert "suits: a suit is named twice" in twice


def test_error_section_not_a_mapping() -> None:
    text = CLASSIC_TEXT + "\n"
    text = text.replace("draw:\n  chajiao: true", "draw: [chajiao]", 1)
    line = _line_of(text, "draw: [chajiao]")
    assert _errors(text)[0].startswith(f"x.yaml:{line}:7: draw: expected a mapping of DrawRules fields, found a list")


def test_error_yaml_syntax() -> None:
    errors = _errors("title_zh: [unclosed\n")
    assert len(errors) == 1
    assert errors[0].startswith("x.yaml:2:1: (yaml): ")


def test_all_errors_in_a_file_are_reported() -> None:
    text = _replace("  exposed: 1 ", "  exposed: x ").replace("first_dealer: dice ", "first_dealer: coin ")
    errors = _errors(text)
    assert len(errors) == 2
    assert [e.split(": ")[1] for e in errors] == ["table.first_dealer", "kongs.exposed"]


def test_optional_section_may_be_left_out() -> None:
    text = CLASSIC_TEXT.split("optional:")[0]
    r = parse_ruleset(text, "x.yaml", "x")
    assert r.optional == OptionalRules()


def test_optional_rules_load(tmp_path: Path) -> None:
    """docs/rules.md §13 吹风鸡 5p and 满堂鸡 as user values."""
    text = _replace("  chuifeng: null", "  chuifeng: 5p").replace('mantang: "off"', "mantang: double")
    r = parse_ruleset(text, "x.yaml", "x")
    assert r.optional.chuifeng == parse_tile("5p")
    assert r.optional.mantang == "double"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True)


def test_cli_rules_list_show_check(tmp_path: Path) -> None:
    out = _cli("rules", "list")
    assert out.returncode == 0
    assert [line.split()[0] for line in out.stdout.splitlines()] == SHIPPED
    show = _cli("rules", "show", "guiyang-modern")
    assert show.returncode == 0
    assert "冲锋鸡番 / first discarded chicken values" in show.stdout and "1s 3, 8p 6" in show.stdout
    ok = _cli("rules", "check", str(RULESETS_DIR / "zhuoji-x10.yaml"))
    assert (ok.returncode, ok.stdout.strip()) == (0, "ok")
    bad = tmp_path / "bad.yaml"
    bad.write_text(_replace("  exposed: 1 ", "  exposed: x "), encoding="utf-8")
    out = _cli("rules", "check", str(bad))
    assert out.returncode == 2
    assert out.stdout.startswith(f"{bad}:") and "kongs.exposed: expected an integer" in out.stdout
    assert "Traceback" not in out.stderr


def test_every_field_has_zh_and_en_labels() -> None:
    """`rules show` labels every value in Chinese and English."""
    from game.rules.labels import FIELD_LABELS, ruleset_lines

    for path, zh, en, _value in ruleset_lines(load_ruleset("guiyang-daopei")):
        if path != "name":
            assert path in FIELD_LABELS or path.startswith("patterns."), path
            assert zh != path and en, path


def test_rules_list_flags_a_file_that_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """`rules list` names a broken ruleset file instead of stopping."""
    import game.cli.rules as rules_cli
    import game.rules.loader as loader

    (tmp_path / "broken.yaml").write_text(_replace("  exposed: 1 ", "  exposed: x "), encoding="utf-8")
    (tmp_path / "house.yaml").write_text(CLASSIC_TEXT, encoding="utf-8")
    monkeypatch.setattr(loader, "RULESETS_DIR", tmp_path)
    monkeypatch.setattr(rules_cli, "RULESETS_DIR", tmp_path)
    assert rules_cli._list(None) == 2  # type: ignore[arg-type]
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("broken") and "FAILS TO LOAD (1 error" in out[0]
    assert out[1].startswith("house") and "seeds A" in out[1]
