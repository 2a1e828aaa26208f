"""The client's words about the table follow the ruleset's table size: watching, 包牌 warnings, the menu's
subtitle, the rules screen and its labels (docs/rules.md §15, §15.4)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.rules.labels import ruleset_lines
from game.rules.loader import load_ruleset
from ui.menu.main_menu import table_players
from ui.menu.rules_screen import rule_rows
from ui.words import strings as S

# ruleset, how many play, the other seats in Chinese and in English
TABLES = (
    ("guiyang-classic", 4, "其他三家", "the other three"),
    ("sandingguai", 3, "其他两家", "the other two"),
    ("erding-liangfang", 2, "对家", "the other player"),
)


@pytest.fixture(autouse=True)
def _language() -> Iterator[None]:
    before = S.language()
    yield
    S.set_language(before)


@pytest.mark.parametrize(("name", "players", "zh", "en"), TABLES)
def test_baopai_warnings_name_every_other_seat(name: str, players: int, zh: str, en: str) -> None:
    """docs/rules.md §4, §15.4: 包牌 pays every other seat, as many as sit at the table."""
    assert load_ruleset(name).players == players
    S.set_language("zh")
    assert S.tr("warn_baopai_pass", others=S.table_word(players, "others")).endswith(f"付给{zh}。")
    S.set_language("en")
    assert f"you pay {en} your hand's value" in S.tr("warn_baopai_win", others=S.table_word(players, "others"))


def test_watching_counts_the_ai_players() -> None:
    """docs/rules.md §15.2: four, three or two AI players are watched; the four-player words are unchanged."""
    S.set_language("zh")
    assert S.tr("autoplay_on", count=S.table_word(4, "count")) == "观战：四家电脑对局"
    assert S.tr("autoplay_on", count=S.table_word(3, "count")) == "观战：三家电脑对局"
    S.set_language("en")
    assert S.tr("autoplay_on", count=S.table_word(4, "count")) == "Watching four AI players"
    assert S.tr("autoplay_on", count=S.table_word(2, "count")) == "Watching two AI players"


def test_menu_subtitle_follows_the_chosen_ruleset() -> None:
    """docs/rules.md §15.2: the title screen names the table of the ruleset last chosen, four when unreadable."""
    assert [table_players(n) for n in ("guiyang-classic", "sandingguai", "erding-liangfang")] == [4, 3, 2]
    assert table_players("") == table_players("/no/such/ruleset.yaml") == 4
    S.set_language("zh")
    assert S.tr("menu_subtitle", count=S.table_word(3, "count")) == "三人麻将 · 贵阳捉鸡规则"


@pytest.mark.parametrize(("name", "players", "zh", "en"), TABLES)
def test_rules_screen_counts_the_payers(name: str, players: int, zh: str, en: str) -> None:
    """docs/rules.md §8, §15.4: chickens paid by "others" read as the table's other seats on the rules screen."""
    rules = load_ruleset(name)
    S.set_language("zh")
    rows = {r.label: r.value for r in rule_rows(rules)}
    assert rows["付鸡"] == zh
    S.set_language("en")
    rows = {r.label: r.value for r in rule_rows(rules)}
    assert rows["who pays"] == en


def test_labels_count_the_other_seats_at_a_smaller_table() -> None:
    """docs/rules.md §4, §15.4: 抢杠 pays for the other three at four, two at three, the one across at two."""
    labels = {
        name: {p: (zh, en) for p, zh, en, _v in ruleset_lines(load_ruleset(name))}["bonuses.rob_kong_pays_all"]
        for name, *_ in TABLES
    }
    assert labels["guiyang-classic"] == ("抢杠包三家", "robbed seat pays for all three")
    assert labels["sandingguai"] == ("抢杠包两家", "robbed seat pays for the other two")
    assert labels["erding-liangfang"] == ("抢杠包对家", "robbed seat pays for the other player")
