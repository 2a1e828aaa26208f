"""The network screens: join by a typed address and code, wait in the lobby, the table opens with its marks.

The table is served on 127.0.0.1; the join screen gets a stand-in for the mDNS browser, so nothing
is multicast.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.match.length import MatchLength
from game.net.client.thread import HostThread
from game.net.host.server import HostServer
from game.net.host.table import NetTable, SeatPlan
from game.net.wire.discovery import TableAd
from game.net.wire.roomcode import valid_code
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, HeldLink, config, simple_factory
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.kit.list_view import ListView
from ui.menu.lan import HostSetupScene, JoinScene
from ui.menu.lobby import LobbyScene
from ui.settings.values import Settings, Speed
from ui.table.net_overlay import NetOverlay
from ui.words.net import refusal, t

RULES = load_ruleset("guiyang-classic")


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Joining keeps the seat's token in the settings folder: a folder of the test's own, not the player's."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path / "home"))


class StubBrowser:
    def __init__(self, ads: list[TableAd]) -> None:
        self.ads = ads
        self.stopped = False

    def tables(self) -> list[TableAd]:
        return self.ads

    def stop(self) -> None:
        self.stopped = True


def test_the_host_screen_makes_the_table_it_shows() -> None:
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    scene = HostSetupScene(host)
    scene.seats[2] = "human"
    scene.seats[3] = "ai:hard"
    scene.timer, scene.drop_wait, scene.chat = 30, 120, False
    scene.length_n["hands"] = 4
    made = scene.config()
    assert made.seats == [SeatPlan("human"), SeatPlan("ai", "normal"), SeatPlan("human"), SeatPlan("ai", "hard")]
    assert (made.turn_timer, made.drop_wait, made.chat, made.length) == (30.0, 120.0, False, MatchLength("hands", 4))
    assert valid_code(made.code) and not made.auto_start


def test_join_by_typed_address_then_the_lobby_then_the_table() -> None:
    table = NetTable(RULES, "screens", config(1, "human,ai,ai,ai", auto_start=True), simple_factory)
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    assert port is not None
    size = (1280, 720)
    screen = headless_display(size)
    host = HeadlessHost(Settings(speed=Speed.FAST), size)
    browser = StubBrowser([TableAd("t", "阿强的桌", "127.0.0.1", port, 1, "guiyang-classic", 1)])
    join = JoinScene(host, browser=browser)  # type: ignore[arg-type]
    host.stack.push(join)
    join.update(FRAME)
    join.pick(0)
    assert join.url() == f"ws://127.0.0.1:{port}"
    join.join()
    assert "房间号" in join.error or "room code" in join.error.lower()  # the code is still missing
    join.code = "4321"
    join.join()
    assert join.error == t("bad_code") and host.stack.top is join, "a code of the wrong form is caught here"
    join.code = CODE.lower()
    join.join()
    lobby = host.stack.top
    assert isinstance(lobby, LobbyScene)
    deadline = time.monotonic() + 10
    while not isinstance(host.stack.top, NetOverlay) and time.monotonic() < deadline:
        host.stack.update(FRAME)
        host.stack.draw(screen)
        time.sleep(0.01)
    overlay = host.stack.top
    assert isinstance(overlay, NetOverlay), "the table opened when the hand was dealt"
    for _ in range(30):
        host.stack.update(FRAME)
        host.stack.draw(screen)
    assert overlay.session.seat == 0 and overlay.session.status is not None
    assert overlay.session.status.seats[0].connected
    hosting.stop()
    hosting.thread.join(5)


def test_a_wrong_code_is_shown_in_the_lobby() -> None:
    table = NetTable(RULES, "screens", config(1), simple_factory)
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    screen = headless_display((1280, 720))
    join = JoinScene(host, browser=StubBrowser([]))  # type: ignore[arg-type]
    host.stack.push(join)
    join.address, join.code = f"127.0.0.1:{port}", "zzz-zzz"  # well-formed, typed loosely, and wrong
    join.join()
    lobby = host.stack.top
    assert isinstance(lobby, LobbyScene)
    deadline = time.monotonic() + 10
    while lobby.link_notice() == "" and time.monotonic() < deadline:
        host.stack.update(FRAME)
        time.sleep(0.01)
    host.stack.draw(screen)
    assert lobby.link_notice() == refusal("code", "wrong room code")
    assert t("refused_code") in lobby.link_notice(), "the refusal is said in the player's language"
    hosting.stop()
    hosting.thread.join(5)


def test_the_host_screen_offers_to_reopen_a_hosted_match_that_did_not_finish(tmp_path, monkeypatch) -> None:
    """The windowed host's crash leaves its save; the host screen reopens that table (same code and tokens)."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    from game.cli.lan import HOST_SAVE_NAME
    from game.records.savefile import dumps
    from game.records.saves import save_path
    from tests.net_peers import drive_until, seated_table
    from ui.kit.widgets import Button

    table, _clock, peers = seated_table()
    drive_until(table, peers, lambda: len(table.events) > 40)
    save_path(HOST_SAVE_NAME).write_text(dumps(table.save_data()), encoding="utf-8")
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    scene = HostSetupScene(host)
    host.stack.push(scene)
    assert scene.saved is not None
    assert scene.saved.config.code == table.config.code
    assert scene.saved.events == table.events
    assert scene.saved.seats[0].holder == table.seats[0].holder
    assert any(isinstance(w, Button) and w.on_press == scene.resume_table for w in scene.widgets)


def test_a_table_bound_to_this_computer_alone_is_not_announced(tmp_path, monkeypatch) -> None:
    """`main.py host --bind 127.0.0.1`: the table listens on loopback, says that address, and is not announced."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    import ui.menu.lan as lan

    def no_announcer(*args: object, **kw: object) -> None:
        raise AssertionError("a loopback table was announced")

    monkeypatch.setattr(lan, "Announcer", no_announcer)
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    scene = HostSetupScene(host)
    scene.bind, scene.port, scene.name = "127.0.0.1", 0, "阿强"
    host.stack.push(scene)
    scene.open_table()
    lobby = host.stack.top
    assert isinstance(lobby, LobbyScene), scene.error
    try:
        assert lobby.announcer is None
        assert len(lobby.urls) == 1 and lobby.urls[0].startswith("ws://127.0.0.1:")
        deadline = time.monotonic() + 10
        while lobby.link.welcome is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert lobby.link.welcome is not None and lobby.link.welcome.seat == 0
    finally:
        lobby.link.close()
        assert lobby.hosting is not None
        lobby.hosting.stop()
        lobby.hosting.thread.join(5)


def test_the_join_screen_given_an_address_does_not_look_for_tables(monkeypatch) -> None:
    import ui.menu.lan as lan

    def no_browser() -> None:
        raise AssertionError("looked for tables")

    monkeypatch.setattr(lan, "Browser", no_browser)
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    join = JoinScene(host, browse=False)
    host.stack.push(join)
    assert join.browser is None and not join.looking
    listed = [w for w in join.widgets if isinstance(w, ListView)]
    assert listed and listed[0].items[0].text == t("found_off"), "the list says why it is empty"
    assert join.list_top == listed[0].rect.top
    # The line that cannot be chosen is not lit gold (its muted text would not read on gold).
    screen = headless_display((1280, 720))
    host.stack.draw(screen)
    row = listed[0].rect
    r, g, b, _a = screen.get_at((row.right - 20, row.top + 20))
    assert not (r > 120 and r - b > 60), f"the empty list's line is lit gold: {(r, g, b)}"


def test_after_the_last_hand_a_network_player_sees_the_match_summary() -> None:
    """As at one computer, the last settlement is followed by the match's summary, not a silent return."""
    from game.match.agents import SimpleAgent
    from ui.settlement.summary import MatchSummaryScene

    table = NetTable(RULES, "summary", config(1, "ai,human,ai,ai", auto_start=True), simple_factory)
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    assert port is not None
    size = (1280, 720)
    screen = headless_display(size)
    host = HeadlessHost(Settings(speed=Speed.INSTANT), size)
    join = JoinScene(host, browse=False)
    host.stack.push(join)
    join.address, join.code = f"127.0.0.1:{port}", CODE
    join.join()
    try:
        deadline = time.monotonic() + 60
        while not isinstance(host.stack.top, MatchSummaryScene) and time.monotonic() < deadline:
            top = host.stack.top
            if isinstance(top, NetOverlay) and top.table.autopilot is None:
                top.table.autopilot = SimpleAgent()
            host.stack.update(FRAME)
            host.stack.draw(screen)
            time.sleep(0.002)
        summary = host.stack.top
        assert isinstance(summary, MatchSummaryScene), "no summary after the match"
        assert tuple(summary.scores) == tuple(table.match.scores)
        assert [ledger.items for ledger in summary.ledgers] == [ledger.items for ledger in table.match.ledgers]
    finally:
        hosting.stop()
        hosting.thread.join(5)


def test_the_summary_shows_when_the_match_over_comes_after_the_last_settlement_closed() -> None:
    """The host's "match over" follows the last settlement; if the sheet has closed before it comes, the
    table must not wait for a next hand that is never dealt."""
    from game.match.agents import SimpleAgent
    from game.net.wire import protocol as P
    from tests.net_peers import Peer, drive_until
    from ui.settlement.summary import MatchSummaryScene

    table = NetTable(RULES, "late-over", config(1, "human,ai,ai,ai"), simple_factory)
    peer = Peer(table, 0)
    peer.hello("阿强")
    drive_until(table, [peer], lambda: table.over)
    at = next(i for i, m in enumerate(peer.got) if isinstance(m, P.MatchOver))
    link = HeldLink(peer.of(P.Welcome)[0])
    link.inbox = list(peer.got[:at])  # everything up to the last settlement; the match's end is late
    host = HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))
    lobby = LobbyScene(host, "", link, None, None, [], "")  # type: ignore[arg-type]
    host.stack.push(lobby)
    closed = False
    for _ in range(3000):
        top = host.stack.top
        if isinstance(top, NetOverlay):
            top.table.autopilot = SimpleAgent()
            if top.table.hands_done == 1 and top.table.phase == "hand":
                closed = True  # the last sheet has closed and the table waits for a deal
                break
        host.stack.update(FRAME)
    assert closed, "the last settlement sheet never closed"
    link.inbox = list(peer.got[at:])
    for _ in range(5):
        host.stack.update(FRAME)
    summary = host.stack.top
    assert isinstance(summary, MatchSummaryScene), "no summary after the match"
    assert tuple(summary.scores) == tuple(table.match.scores)


def test_refusals_are_said_in_the_players_language_with_the_hosts_words_where_they_help() -> None:
    from ui.words import strings as S

    before = S.language()
    S.set_language("en")
    try:
        said = refusal("version", "this table speaks protocol 2 of guiyang-mahjong; you sent version 1")
        assert "another version" in said and "protocol 2" in said
        assert refusal("seat_taken", "seat 2 is taken") == t("refused", reason=t("refused_seat_taken"))
        assert "a reason only the host knows" in refusal("novel", "a reason only the host knows")
    finally:
        S.set_language(before)


def test_the_match_over_line_waits_for_the_table_to_show_the_last_hands_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host may finish the last hand (its AI and the clock play fast) while the window still animates
    it: "比赛结束" under a hand still in play would tell the end before the table shows it."""
    import ui.words.net
    from game.net.client.thread import LinkNotice
    from game.net.wire import protocol as P
    from tests.net_peers import Peer, drive_until
    from ui.table import net_overlay

    table = NetTable(RULES, "over-early", config(1, "human,ai,ai,ai"), simple_factory)
    peer = Peer(table, 0)
    peer.hello("阿强")
    drive_until(table, [peer], lambda: table.over)
    over = [m for m in peer.got if isinstance(m, P.MatchOver)]
    assert over
    moves = [i for i, m in enumerate(peer.got) if isinstance(m, P.Events)]
    mid = moves[len(moves) // 2]
    link = HeldLink(peer.of(P.Welcome)[0])
    # The window is half-way through showing the hand when it learns the match is over (the host played
    # the rest already); the hand's other half reaches the table after that.
    rest = [m for m in peer.got[mid:] if not isinstance(m, P.MatchOver)]
    link.inbox = [*peer.got[:mid], *over, LinkNotice("over")]
    host = HeadlessHost(Settings(speed=Speed.NORMAL), (1280, 720))
    host.stack.push(LobbyScene(host, "", link, None, None, [], ""))  # type: ignore[arg-type]
    asked: list[str] = []
    real_t = ui.words.net.t

    def spy(key: str, **fields: object) -> str:
        asked.append(key)
        return real_t(key, **fields)

    monkeypatch.setattr(net_overlay, "t", spy)
    screen = headless_display((1280, 720))
    overlay = None
    for _ in range(20):
        host.stack.update(FRAME)
        overlay = host.stack.top
        if isinstance(overlay, NetOverlay):
            break
    assert isinstance(overlay, NetOverlay) and overlay.session.over is not None
    for _ in range(600):  # everything that came is shown; the table waits for the rest of the hand
        host.stack.update(FRAME)
        overlay.draw(screen)
    assert overlay.table.phase == "hand" and overlay.session.in_hand, "the last hand is still being shown"
    assert "match_over" not in asked
    link.inbox = list[object](rest)
    for _ in range(6000):  # the table plays the hand out to its settlement
        if overlay.table.phase != "hand":
            break
        host.stack.update(FRAME)
    assert overlay.table.phase != "hand", "the last hand never reached its settlement"
    overlay.draw(screen)
    assert "match_over" in asked


def test_a_found_table_shown_chosen_is_the_one_joined() -> None:
    """The list lights its first table: 加入 goes there, and does not ask for an address."""
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    ad = TableAd("t", "阿强的桌", "127.0.0.1", 7530, 1, "guiyang-classic", 1)
    join = JoinScene(host, browser=StubBrowser([ad]))  # type: ignore[arg-type]
    host.stack.push(join)
    join.update(FRAME)
    join.join()  # no code yet: it asks for that, not for the address
    assert join.error == t("need_code")
    assert join.url() == ad.url


def test_the_address_error_goes_once_the_address_is_given() -> None:
    from ui.kit.widgets import TextField

    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    join = JoinScene(host, browse=False)
    host.stack.push(join)
    join.join()
    assert join.error == t("need_address")
    field = next(w for w in join.widgets if isinstance(w, TextField) and w.label == t("address"))
    field.text("192.168.1.20")
    assert join.address == "192.168.1.20" and join.error == ""


def test_the_announced_free_seats_are_those_a_joining_person_can_take(monkeypatch) -> None:
    """The host's own seat is a person's seat nobody holds yet, but nobody who joins can take it."""
    import ui.menu.lan as lan
    from game.net.host.hosting import new_table

    said: list[int] = []

    class Recorder:
        def __init__(self, info: object) -> None:
            said.append(int(info.properties[b"free"]))  # type: ignore[attr-defined]

        def start(self) -> None:
            pass

    monkeypatch.setattr(lan, "Announcer", Recorder)
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    scene = HostSetupScene(host)
    scene.seats[2] = "human"  # one seat open for a person, besides the host's
    scene._announce(new_table(RULES, scene.config()), 7530, ["ws://192.168.1.20:7530"])
    assert said == [1]


def test_the_default_table_name_is_in_one_language() -> None:
    from ui.words import strings as S

    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    try:
        S.set_language("en")
        room = HostSetupScene(host).config().room
        assert room == "Player's table" and room.isascii()
        S.set_language("zh")
        assert HostSetupScene(host).config().room == "玩家的桌"
    finally:
        S.set_language("zh")


def test_the_name_given_is_remembered_after_a_restart(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    from ui.settings.store import load_settings

    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    scene = HostSetupScene(host)
    scene.bind, scene.port, scene.name = "127.0.0.1", 0, "阿强"
    host.stack.push(scene)
    scene.open_table()
    lobby = host.stack.top
    assert isinstance(lobby, LobbyScene), scene.error
    lobby.back()
    assert lobby.hosting is not None
    lobby.hosting.thread.join(5)
    again = HeadlessHost(load_settings().settings, (1280, 720))  # the next start reads the settings file
    assert HostSetupScene(again).name == "阿强"
    assert JoinScene(again, browse=False).name == "阿强"


def test_the_host_screen_offers_every_level_of_the_new_game_screen() -> None:
    """A person, then each of the engine's levels in its order (master between hard and expert), as on new game."""
    from game.ai import LEVELS
    from ui.kit.widgets import Choice
    from ui.menu.lan import seat_options
    from ui.menu.new_game import seat_choices

    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    scene = HostSetupScene(host)
    host.stack.push(scene)
    south_seat = [w for w in scene.widgets if isinstance(w, Choice) and w.label == t("seat_n", wind="南")]
    offered = [value for value, _text in south_seat[0].options]
    assert offered == list(seat_options(4)) == ["human", *(f"ai:{level}" for level in LEVELS)]
    assert offered[3:] == ["ai:hard", "ai:master", "ai:expert"]
    assert offered == [kind if kind == "human" else f"ai:{level}" for kind, level in seat_choices(4)]
    assert [text for _value, text in south_seat[0].options][4] == t("seat_ai", level="大师")


def test_the_host_screen_at_a_table_of_three_offers_no_master_and_seats_hard_for_it() -> None:
    """§15.2: master is hard where its network never played (three or two seats): not offered, and a seat set to
    master before the table's size changed is hard."""
    from ui.kit.widgets import Choice

    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    scene = HostSetupScene(host)
    host.stack.push(scene)
    scene.seats[1] = "ai:master"
    scene._set_ruleset("sandingguai")
    south = next(w for w in scene.widgets if isinstance(w, Choice) and w.label == t("seat_n", wind="南"))
    assert "ai:master" not in [value for value, _text in south.options] and scene.seats[1] == "ai:hard"


def test_a_master_seat_chosen_on_the_host_screen_is_played_by_the_master() -> None:
    """ai:master picked for South: the table's plan says master, the seat's agent is the master, and the lobby
    names it 电脑 大师 (AI Master)."""
    from game.ai.levels.master import MasterAgent
    from game.net.host.hosting import new_table
    from ui.kit.widgets import Choice
    from ui.menu.lan import seat_options
    from ui.menu.lan_words import seat_text
    from ui.words import strings as S

    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    scene = HostSetupScene(host)
    host.stack.push(scene)
    south = next(w for w in scene.widgets if isinstance(w, Choice) and w.label == t("seat_n", wind="南"))
    south.click(south.segments()[seat_options(4).index("ai:master")].center)
    plan = scene.config()
    assert plan.seats[1] == SeatPlan("ai", "master") == SeatPlan.parse("ai:master")
    assert isinstance(new_table(RULES, plan, seed="m").core.agent(1), MasterAgent)
    assert seat_text("ai:master") == "电脑 大师"
    S.set_language("en")
    try:
        assert seat_text("ai:master") == "AI Master"
    finally:
        S.set_language("zh")


def test_the_host_windows_announcement_follows_a_person_taking_a_seat(tmp_path, monkeypatch) -> None:
    """The free seats announced when the window opens its table change as a person takes one."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    import ui.menu.lan as lan
    from game.net.client.connection import NetClient
    from game.net.client.thread import NetLink

    told: list[int] = []

    class Recorder:
        def __init__(self, info: object) -> None:
            told.append(int(info.properties[b"free"]))  # type: ignore[attr-defined]

        def start(self) -> None:
            pass

        def follow(self, free: int) -> None:
            told.append(free)

        def stop(self) -> None:
            pass

    monkeypatch.setattr(lan, "Announcer", Recorder)
    monkeypatch.setattr(lan, "is_loopback", lambda bind: False)  # announced, though it listens on loopback only
    host = HeadlessHost(Settings(speed=Speed.FAST), (1280, 720))
    scene = HostSetupScene(host)
    scene.bind, scene.port, scene.name = "127.0.0.1", 0, "阿强"
    scene.seats[2] = "human"
    host.stack.push(scene)
    scene.open_table()
    lobby = host.stack.top
    assert isinstance(lobby, LobbyScene), scene.error
    assert lobby.hosting is not None
    # The guest asks for any seat: the window's seat 0 is held for its own link, however quick the guest is.
    guest = NetLink(NetClient(lobby.urls[0], lobby.code, name="Ann"))
    try:
        guest.start()
        deadline = time.monotonic() + 30  # generous: a busy machine joins slowly; passes on the change
        while told[-1:] != [0] and time.monotonic() < deadline:
            time.sleep(0.02)
        assert told[0] == 1 and told[-1] == 0, told
    finally:
        guest.close()
        lobby.link.close()
        lobby.hosting.stop()
        lobby.hosting.thread.join(5)


def test_the_join_and_host_windows_open_in_the_command_lines_language_and_size(monkeypatch) -> None:
    """`main.py --lang en --size 960x540 join URL` opens its window in English at that size, as `play` does, over
    the saved settings' language."""
    import main as entry
    from ui.entry.net_cli import run_host_window, run_join_window
    from ui.stage import app as app_module
    from ui.words import strings

    opened: list[tuple[str, tuple[int, int]]] = []

    class Recorder:
        def __init__(self, settings: Settings, size: tuple[int, int] = (0, 0), fullscreen: bool = False) -> None:
            opened.append((settings.language, size))

        def run(self, first: object) -> int:
            return 0

    monkeypatch.setattr(app_module, "App", Recorder)
    strings.set_language("zh")
    try:
        join = ["--lang", "en", "--size", "960x540", "join", "ws://127.0.0.1:7530", "--code", CODE]
        assert run_join_window(entry.build_parser().parse_args(join)) == 0
        assert opened[-1] == ("en", (960, 540)) and strings.language() == "en"
        assert run_host_window(entry.build_parser().parse_args(["--lang", "zh", "host"])) == 0
        assert opened[-1] == ("zh", (1280, 720)) and strings.language() == "zh"
    finally:
        strings.set_language("zh")
