"""Player files, rulesets and YAML written to break the game: each is refused or set aside with its reason.

Covers the settings and statistics files (deep JSON, huge numbers), rulesets that passed the
check but could not be played (a wall side of 0 stacks, unprintable titles, huge amounts, a file
name that is not UTF-8), broken saves that must be set aside with a reason, and the YAML features
these files never use (tags, merge keys, deep nesting, huge integers, megabytes of text).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from game.engine.round import HandSetup
from game.files.safe_yaml import HAS_LIBYAML
from game.handfile import HandFileError, parse_hand_file
from game.records.savefile import SaveError, dumps, loads, new_save
from game.records.stats import StatsBook, load_stats
from game.rules.loader import RulesetError, load_ruleset, parse_ruleset
from game.rules.user import list_rulesets
from tests.hostile import run

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = (ROOT / "rulesets" / "guiyang-classic.yaml").read_text(encoding="utf-8")
EXAMPLE_TEXT = (ROOT / "tests" / "hands" / "example.yaml").read_text(encoding="utf-8")
RULES = load_ruleset("guiyang-classic")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path / "home"))


# -- item 3: settings.json and stats.json that stopped the game from starting --------------------

BAD_JSON: dict[str, str | bytes] = {
    "deep": "[" * 100_000 + "]" * 100_000,
    "deep-object": '{"a":' * 50_000 + "1" + "}" * 50_000,
    "long-number": '{"volume": ' + "9" * 5000 + "}",
    "nan": '{"volume": NaN}',
    "not-utf8": b"\xff\xfe{}",
}


@pytest.mark.parametrize("kind", sorted(BAD_JSON))
def test_a_bad_settings_or_stats_file_is_set_aside_with_a_notice_and_the_game_goes_on(
    kind: str, tmp_path: Path
) -> None:
    from ui.settings.store import load_settings
    from ui.settings.values import Settings

    content = BAD_JSON[kind]
    for name in ("settings.json", "stats.json"):
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        if name == "settings.json":
            loaded = load_settings(path)
            notices, ok = loaded.notices, loaded.settings == Settings()
        else:
            stats, notices = load_stats(path)
            ok = stats == StatsBook()
        assert ok and len(notices) == 1 and str(path) in notices[0]
        kept = list(tmp_path.glob(f"{name}.bad-*"))
        assert len(kept) == 1 and not path.exists()  # nothing lost: the file is kept aside
        kept[0].unlink()


# -- item 4: rulesets that passed `rules check` and crashed later --------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("wall_stacks: [14, 13, 14, 13]", "wall_stacks: [27, 0, 27, 0]", "at least one stack"),
        ("title_en: Guiyang Zhuoji, classic", 'title_en: "\\0 classic"', "cannot be shown (U+0000)"),
        ("title_en: Guiyang Zhuoji, classic", 'title_en: "\\x07 classic"', "cannot be shown (U+0007)"),
        ("base: 1 ", "base: " + "9" * 3000 + " ", "3000 digits"),
        ("base: 1 ", "base: 10001 ", "from 0 to 10000"),
        ("title_en: Guiyang Zhuoji, classic", "title_en: " + "x" * 300, "at most 200"),
    ],
)
def test_rules_check_refuses_what_cannot_be_played(old: str, new: str, message: str, tmp_path: Path) -> None:
    """docs/rules.md §11 (rulesets are data): bounds on every number and printable text."""
    assert old in CLASSIC, old
    path = tmp_path / "mine.yaml"
    path.write_text(CLASSIC.replace(old, new, 1), encoding="utf-8")
    ran = run("rules", "check", str(path))
    assert ran.code == 2 and message in ran.out, ran.out
    line = CLASSIC[: CLASSIC.index(old)].count("\n") + 1
    assert ran.out.startswith(f"{path}:{line}:"), ran.out


def test_a_lone_surrogate_in_a_title_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as info:
        parse_ruleset(CLASSIC.replace("title_en: Guiyang Zhuoji, classic", 'title_en: "\\ud800"', 1), "x.yaml", "x")
    assert info.value.errors[0].startswith("x.yaml:")


def test_a_ruleset_file_name_that_is_not_utf8_does_not_crash_the_menus(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from tests.ui_host import HeadlessHost, headless_display
    from ui.menu.new_game import NewGameScene
    from ui.menu.rules_screen import RulesScene
    from ui.settings.values import Settings, Speed

    folder = tmp_path / "home" / "rulesets"
    folder.mkdir(parents=True)
    name = os.fsdecode(b"bad\xff.yaml")
    (folder / name).write_text(CLASSIC, encoding="utf-8")
    catalogue = list_rulesets(folder)
    (entry,) = catalogue.broken()
    assert "not valid UTF-8" in entry.errors[0] and "\ufffd" in entry.name
    entry.errors[0].encode("utf-8")  # printable
    headless_display((1280, 720))
    host = HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))
    for scene in (NewGameScene(host, "solo"), RulesScene(host)):
        host.stack.push(scene)
        host.stack.draw(pygame.Surface(host.stack.size))
    assert run("folders").code == 0


# -- item 7: broken saves are refused with their reason ------------------------------------------


def _save(**changes: object) -> str:
    obj = json.loads(dumps(new_save(RULES, "s", HandSetup())))
    obj["hands"] = [{"settled": False, "events": 0, "digest": "", "actions": []}]
    for key, value in changes.items():
        if key in ("first_roller", "dealer_dice", "seed"):
            obj["log"][key] = value
        elif key == "action":
            obj["hands"][0]["actions"] = [value]
        else:
            obj[key] = value
    return json.dumps(obj)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (_save(first_roller="x"), "first_roller"),
        (_save(first_roller=7), "first_roller"),
        (_save(dealer_dice=[0, 9]), "dealer_dice"),
        (_save(seed=["s"]), "seed"),
        (_save(action=["discard", 0, "1m"]), "action 1: an action must be an object"),
        (_save(action={"kind": "discard", "seat": 9, "tile": "1m"}), "seat must be 0-3"),
        (_save(action={"kind": "discard", "seat": 0, "tile": 5}), "tile"),
        (_save(action={"kind": "steal", "seat": 0}), "unknown action kind"),
        ('{"type":"guiyang-save","hands":' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deep"),
        ('{"type":"guiyang-save","version":' + "1" * 5000 + "}", "digits"),
    ],
)
def test_a_broken_save_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(SaveError, match=reason):
        loads(text, "match.save.json")


def test_resume_sets_a_broken_save_aside_and_says_why(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tests.ui_host import HeadlessHost, headless_display
    from ui.menu.save import NoticeScene, resume
    from ui.settings.values import Settings

    saves = tmp_path / "home" / "saves"
    saves.mkdir(parents=True)
    (saves / "match.save.json").write_text(_save(first_roller="x"), encoding="utf-8")
    headless_display((1280, 720))
    scene = resume(HeadlessHost(Settings(), (1280, 720)))
    assert isinstance(scene, NoticeScene) and "first_roller" in scene.message
    assert not (saves / "match.save.json").exists() and list(saves.glob("match.save.json.bad-*"))


# -- item 8: YAML features refused with file:line:col; size capped; libyaml used -----------------


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("!!bool maybe", "tags"),
        ("!!int x", "tags"),
        ("!custom 0", "tags"),
        ("!!python/object/apply:os.system [echo]", "tags"),
        ("&a 0", "anchors"),
        ("9" * 5000, "5000 digits"),
    ],
)
def test_yaml_that_is_not_plain_data_is_refused_in_settle_and_rules_check(
    value: str, message: str, tmp_path: Path
) -> None:
    hand = tmp_path / "h.yaml"
    hand.write_text(EXAMPLE_TEXT.replace("dealer: 0 ", f"dealer: {value} ", 1), encoding="utf-8")
    settled = run("settle", str(hand))
    line = EXAMPLE_TEXT[: EXAMPLE_TEXT.index("dealer: 0")].count("\n") + 1
    assert settled.code == 2 and settled.err.startswith(f"{hand}:{line}:9: ") and message in settled.err
    rules = tmp_path / "r.yaml"
    rules.write_text(CLASSIC.replace("base: 1 ", f"base: {value} ", 1), encoding="utf-8")
    checked = run("rules", "check", str(rules))
    line = CLASSIC[: CLASSIC.index("base: 1 ")].count("\n") + 1
    assert checked.code == 2 and checked.out.startswith(f"{rules}:{line}:7: ") and message in checked.out


def test_merge_keys_and_deep_nesting_are_refused_with_their_place(tmp_path: Path) -> None:
    merged = "ruleset: guiyang-classic\n<<: {dealer: 0}\n"
    with pytest.raises(HandFileError) as info:
        parse_hand_file(merged, "h.yaml")
    assert info.value.errors == ["h.yaml:2:1: merge keys (<<) are not used in these files: write each key out"]
    deep = "seats: " + "[" * 1500 + "]" * 1500 + "\n"
    with pytest.raises(HandFileError) as info:
        parse_hand_file(deep, "h.yaml")
    assert info.value.errors[0].startswith("h.yaml:1:")
    with pytest.raises(RulesetError) as rinfo:
        parse_ruleset("base: " + "{a: " * 40 + "1" + "}" * 40, "r.yaml", "r")
    assert rinfo.value.errors[0].startswith("r.yaml:1:") and "nested" in rinfo.value.errors[0]


def test_a_five_megabyte_hand_file_is_refused_at_once(tmp_path: Path) -> None:
    hand = tmp_path / "big.yaml"
    hand.write_text(EXAMPLE_TEXT + "#" * (5 * 1024 * 1024), encoding="utf-8")
    start = time.perf_counter()
    ran = run("settle", str(hand))
    assert ran.code == 2 and "at most 64 KB" in ran.err
    assert time.perf_counter() - start < 5


def test_the_c_loader_is_used_and_keeps_line_numbers() -> None:
    import yaml

    assert hasattr(yaml, "CSafeLoader") == HAS_LIBYAML
    with pytest.raises(HandFileError) as info:
        parse_hand_file(EXAMPLE_TEXT.replace("flip: 4m", "flip: 4x"), "h.yaml")
    line = EXAMPLE_TEXT[: EXAMPLE_TEXT.index("flip: 4m")].count("\n") + 1
    assert info.value.errors[0].startswith(f"h.yaml:{line}: flip")
