"""The network screens at tables of three and two (docs/rules.md §15.2): the join screen says each table's size
and free seats, the host screen seats its ruleset's players, the lobby lists the table's seats by their winds.

Nothing is multicast: the join screen gets a stand-in for the mDNS browser, the host screen a recorder.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.net.host.table import NetTable, SeatPlan
from game.net.wire import protocol as P
from game.net.wire.discovery import TableAd
from game.rules.loader import load_ruleset
from tests.cut_rig import drawn_texts
from tests.net_peers import Peer
from tests.net_rig import HeldLink, config, simple_factory
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.kit.list_view import ListView
from ui.kit.widgets import Choice
from ui.menu.lan import HostSetupScene, JoinScene
from ui.menu.lan_parts import table_rules
from ui.menu.lan_words import ruleset_words, seat_wind
from ui.menu.lobby import LobbyScene
from ui.settings.values import Settings, Speed
from ui.words import strings as S
from ui.words.net import refusal, t


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens keep the player's name in the settings folder: a folder of the test's own."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path / "home"))


@pytest.fixture
def english() -> Iterator[None]:
    before = S.language()
    S.set_language("en")
    yield
    S.set_language(before)


class StubBrowser:
    def __init__(self, ads: list[TableAd]) -> None:
        self.ads = ads

    def tables(self) -> list[TableAd]:
        return self.ads

    def stop(self) -> None:
        """Nothing to stop."""


ADS = [
    TableAd("a", "阿强的桌", "192.168.1.20", 7530, P.PROTOCOL_VERSION, "guiyang-classic", 3, 4),
    TableAd("b", "小鸡的桌", "192.168.1.21", 7530, P.PROTOCOL_VERSION, "sandingguai", 2, 3),
    TableAd("c", "老王的桌", "192.168.1.22", 7530, P.PROTOCOL_VERSION, "erding-liangfang", 1, 2),
]


def _rows() -> list[str]:
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    join = JoinScene(host, browser=StubBrowser(ADS))  # type: ignore[arg-type]
    host.stack.push(join)
    join.update(FRAME)
    host.stack.draw(headless_display((1280, 720)))
    lists = [w for w in join.widgets if isinstance(w, ListView)]
    return [item.text for item in lists[0].items]


def test_the_join_screen_says_each_tables_size_and_free_seats() -> None:
    """§15.2: 四人, 三丁拐 and 二丁拐 tables are told apart in the list, each with the seats a person may take."""
    rows = _rows()
    assert len(rows) == 3
    for row, size, free in zip(rows, ("四人", "三丁拐", "二丁拐"), ("空位 3", "空位 2", "空位 1"), strict=True):
        assert size in row and free in row, row
    assert rows[1].count("三丁拐") == 1, "the size that is the ruleset's title too is said once"
    assert "（二丁两房）" in rows[2] and "贵阳捉鸡" in rows[0], "the ruleset where it says more than the size"


def test_the_join_screen_says_each_tables_size_in_english(english: None) -> None:
    rows = _rows()
    for row, size, free in zip(
        rows, ("4 players", "3 players", "2 players"), ("3 free", "2 free", "1 free"), strict=True
    ):
        assert size in row and free in row, row


def _seat_rows(scene: HostSetupScene) -> list[str]:
    return [w.label for w in scene.widgets if isinstance(w, Choice) and w.label in {"南", "西", "北"}]


@pytest.mark.parametrize(("name", "winds"), [("guiyang-classic", ["南", "西", "北"]), ("sandingguai", ["南", "西"]),
                                             ("erding-liangfang", ["西"])])  # fmt: skip
def test_the_host_screen_seats_the_rulesets_players(name: str, winds: list[str], monkeypatch) -> None:
    """§15.2: a row for each seat of the chosen ruleset's table (东南西 at three, 东西 at two); the table made
    seats that many, and its announcement says its size."""
    import ui.menu.lan as lan
    from game.net.host.hosting import new_table

    said: list[dict[bytes, bytes]] = []

    class Recorder:
        def __init__(self, info: object) -> None:
            said.append(dict(info.properties))  # type: ignore[attr-defined]

        def start(self) -> None:
            """Nothing is multicast."""

    monkeypatch.setattr(lan, "Announcer", Recorder)
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    scene = HostSetupScene(host)
    host.stack.push(scene)
    scene._set_ruleset(name)
    assert _seat_rows(scene) == winds
    scene.seats[1] = "human"
    made = scene.config()
    rules = load_ruleset(name)
    assert len(made.seats) == rules.players and made.seats[1] == SeatPlan("human")
    scene._announce(new_table(rules, made), 7530, ["ws://192.168.1.20:7530"])
    assert said[-1][b"players"] == str(rules.players).encode() and said[-1][b"free"] == b"1"


def test_seat_winds_follow_the_tables_size() -> None:
    """§15.2: at three the seats are 东, 南 and 西; at two, 东 and 西, face to face."""
    assert [seat_wind(s, 4) for s in range(4)] == ["东", "南", "西", "北"]
    assert [seat_wind(s, 3) for s in range(3)] == ["东", "南", "西"]
    assert [seat_wind(s, 2) for s in range(2)] == ["东", "西"]


def _drawn_lobby(
    table: NetTable, monkeypatch: pytest.MonkeyPatch, language: str = "zh"
) -> tuple[LobbyScene, list[str]]:
    """Seat 0's lobby at `table`, drawn once in `language` from what the host sent it, and the texts it drew."""
    before = S.language()
    S.set_language(language)
    try:
        return _draw_lobby(table, monkeypatch)
    finally:
        S.set_language(before)


def _draw_lobby(table: NetTable, monkeypatch: pytest.MonkeyPatch) -> tuple[LobbyScene, list[str]]:
    peer = Peer(table, 0)
    peer.hello("阿强")
    link = HeldLink(peer.of(P.Welcome)[0])
    link.inbox = list(peer.got)
    drawn = drawn_texts(monkeypatch, "fit", "shadowed")
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    lobby = LobbyScene(host, "", link, None, None, ["ws://192.168.1.20:7530"], "")  # type: ignore[arg-type]
    host.stack.push(lobby)
    lobby.update(FRAME)
    host.stack.draw(headless_display((1280, 720)))
    return lobby, drawn


def test_the_lobby_of_a_table_of_three_lists_its_three_seats(monkeypatch) -> None:
    """§15.2: the lobby shows the table's seats by their winds, and the table is shown with its own rules."""
    table = NetTable(load_ruleset("sandingguai"), "lobby-3", config(1, "human,human,ai", auto_start=False),
                     simple_factory)  # fmt: skip
    lobby, drawn = _drawn_lobby(table, monkeypatch)
    assert lobby.session is not None and lobby.session.rules.name == "sandingguai"
    (leave,) = lobby.widgets  # a guest's lobby: Leave alone, in the middle
    assert leave.rect.centerx == 1280 // 2
    seats = [line for line in drawn if line[:1] in "东南西北" and "   " in line]
    assert [line[0] for line in seats] == ["东", "南", "西"] and "阿强" in seats[0]


@pytest.mark.parametrize(("hands", "says"), [(1, "1 hand  ·"), (8, "8 hands  ·")])
def test_the_lobby_says_the_tables_length_in_the_number_it_has(
    hands: int, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "1 hand", not "1 hands": the lobby's line under the seats, in English."""
    table = NetTable(
        load_ruleset("guiyang-classic"), "length", config(hands, "human,human,ai,ai", auto_start=False), simple_factory
    )
    _lobby, drawn = _drawn_lobby(table, monkeypatch, "en")
    assert any(says in line for line in drawn), drawn


@pytest.mark.parametrize(
    ("auto_start", "says"),
    [(True, "Starts when every player has sat down"), (False, "Waiting for the host to start")],
)
def test_the_lobby_says_what_will_start_the_match(auto_start: bool, says: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A headless host that deals once every player has sat down is not said to wait for a start it never gives."""
    table = NetTable(
        load_ruleset("guiyang-classic"), "start", config(1, "human,human,ai,ai", auto_start=auto_start), simple_factory
    )
    _lobby, drawn = _drawn_lobby(table, monkeypatch, "en")
    assert any(line.endswith(says) for line in drawn), drawn


def test_a_joined_table_is_shown_with_rules_of_its_size_and_no_file_is_read() -> None:
    """§15.2: a host's own ruleset is only a name here: the table is shown with one of ours of the same size."""
    assert table_rules("sandingguai", 3).name == "sandingguai"
    assert table_rules("my-own-three", 3).players == 3
    assert table_rules("my-own-two", 2).players == 2
    assert table_rules("/etc/passwd", 4).name == "guiyang-classic"
    assert table_rules("rulesets/sandingguai.yaml", 4).name == "guiyang-classic", "a path is never read"
    assert table_rules("sandingguai", 4).players == 4, "the table's size wins over the name"


def test_a_seat_the_table_lacks_is_said_in_the_players_language() -> None:
    said = refusal("no_seat", "this table has 3 seats (0-2); there is no seat 3")
    assert said == t("refused", reason=t("refused_no_seat"))


def test_the_join_screen_asks_for_the_seat_given_on_the_command_line() -> None:
    """`main.py join URL --seat 1` at a table of three: the window sits at 南 (seat 1), not the first free seat."""
    import time

    from game.net.client.thread import HostThread
    from game.net.host.server import HostServer
    from tests.net_rig import CODE

    table = NetTable(load_ruleset("sandingguai"), "seat-1", config(1, "human,human,ai", auto_start=False),
                     simple_factory)  # fmt: skip
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    assert port is not None, hosting.error
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    join = JoinScene(host, browse=False)
    host.stack.push(join)
    join.address, join.code, join.name, join.seat = f"127.0.0.1:{port}", CODE, "小鸡", 1
    join.join()
    lobby = host.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        deadline = time.monotonic() + 10
        while lobby.link.welcome is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert lobby.link.welcome is not None and lobby.link.welcome.seat == 1
        assert lobby.link.welcome.players == 3
    finally:
        lobby.link.close()
        hosting.stop()
        hosting.thread.join(5)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_host_screen_chooses_the_tables_size_first_and_its_rows_fit(size: tuple[int, int]) -> None:
    """§15.2: as on the new-game screen, the host chooses 四人 / 三丁拐 / 二丁拐 first and the ruleset row steps only
    through the rulesets of that size; every row stays clear of the next and of the buttons at each window size."""
    from ui.kit.widgets import Button, Stepper

    host = HeadlessHost(Settings(speed=Speed.FAST), size)
    scene = HostSetupScene(host)
    host.stack.push(scene)
    sizes = next(w for w in scene.widgets if isinstance(w, Choice) and w.label == S.tr("ng_table_size"))
    assert [v for v, _ in sizes.options] == [4, 3, 2]
    for players in (3, 2, 4):
        scene._set_players(players)
        assert load_ruleset(scene.ruleset).players == players
        stepper = next(w for w in scene.widgets if isinstance(w, Stepper) and w.label == t("ruleset"))
        shown = [stepper.show(i) for i in range(stepper.low, stepper.high + 1)]
        assert shown and all(load_ruleset(r).players == players for r in scene.rulesets if ruleset_words(r) in shown)
        rows = [w.rect for w in scene.widgets if not isinstance(w, Button)]
        buttons = [w.rect for w in scene.widgets if isinstance(w, Button)]
        assert all(not a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1 :]), rows
        assert max(r.bottom for r in rows) <= min(b.top for b in buttons), (rows, buttons)
