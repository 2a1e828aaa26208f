"""Host and join a network table from the menu (the lobby where the players then gather: ui/menu/lobby.py).

Hosting starts the table's server in a thread of its own (game.net.client.thread.HostThread) and joins
it like every other player, through a NetLink on 127.0.0.1; the table is announced on the local
network. Joining lists the tables found by mDNS and takes a typed address too, then the room
code and a name. The lobby shows who has sat down; when the first hand is dealt the table opens,
with the network overlay over it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pygame

from game.ai import levels_at, offered_level
from game.match.length import LengthKind, MatchLength
from game.net.client.connection import NetClient
from game.net.client.seat_tokens import seat_token
from game.net.client.thread import HostThread, NetLink
from game.net.host.hosting import host_server, new_table, open_seats
from game.net.host.table import TABLE_LENGTHS, NetTable, SeatPlan, TableConfig
from game.net.wire.discovery import Announcer, Browser, TableAd, service_info
from game.net.wire.protocol import clean_name
from game.net.wire.roomcode import TYPED_LIMIT, new_code, normalize_code, valid_code
from game.rules.loader import RulesetError, builtin_ruleset_names, load_ruleset
from ui.kit.list_view import ListItem, ListView
from ui.kit.menu_scene import MenuScene
from ui.kit.widgets import Button, Choice, NameField, Stepper, TextField, Toggle
from ui.look import palette as pal
from ui.look import text as T
from ui.menu.lan_parts import given_name, is_loopback, keep_name
from ui.menu.lan_words import found_row, ruleset_players, ruleset_words, seat_text, seat_wind
from ui.menu.lobby import LobbyScene
from ui.menu.new_game import LENGTH_LIMITS, table_sizes
from ui.stage.scene import Host
from ui.words import strings as S
from ui.words.net import t, t_count

log = logging.getLogger(__name__)

DEFAULT_PORT = 7530


def seat_options(players: int) -> tuple[str, ...]:
    """A person, or the AI at every level the engine has at a table of `players`, as the new-game screen offers them."""
    return ("human", *(f"ai:{level}" for level in levels_at(players)))


TIMERS: tuple[int, ...] = (0, 15, 30, 60)
DROP_WAITS: tuple[int, ...] = (30, 60, 120)


def host_save_path() -> Path | None:
    """Where the windowed host keeps its match (the headless host's default save too)."""
    from game.cli.lan import HOST_SAVE_NAME
    from game.records.saves import save_path

    try:
        return save_path(HOST_SAVE_NAME)
    except OSError:
        return None


def saved_table() -> NetTable | None:
    """The table of a hosted match that did not finish (the host crashed or was closed), if any."""
    from game.cli.host_save import resume_host_save

    path = host_save_path()
    if path is None:
        return None
    resumed = resume_host_save(path)
    return resumed[0] if resumed is not None else None


class HostSetupScene(MenuScene):
    """开房间: the ruleset, the seats, the length, the clock; then the table opens and shows its code."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.rulesets = list(builtin_ruleset_names())
        self.ruleset = "guiyang-classic" if "guiyang-classic" in self.rulesets else self.rulesets[0]
        self.players = {r: ruleset_players(r) for r in self.rulesets}  # each ruleset's table size, read once
        self.seats = ["human", "ai:normal", "ai:normal", "ai:normal"]
        # Counted as on the new-game screen: a number of hands or of rounds (圈).
        self.length_kind: LengthKind = "hands"
        self.length_n: dict[str, int] = {k: LENGTH_LIMITS[k][3] for k in TABLE_LENGTHS}
        self.timer = 30  # a network table has a clock by default (game.net.host.table_config.DEFAULT_TURN_TIMER)
        self.drop_wait = 60
        self.chat = True
        self.name = given_name(host)
        self.error = ""
        self.saved = saved_table()
        # The table this screen last served: back from it, its save is read once its server has closed
        # (closing writes the save last, on the host's thread, a few frames after the lobby is left).
        self.served: HostThread | None = None
        self.reread = False
        # Where the table listens (`main.py host --bind/--port`): every address by default; a table bound
        # to this computer alone (127.0.0.1) is not announced, as nobody else could reach it.
        self.bind = "0.0.0.0"
        self.port = DEFAULT_PORT

    def build(self) -> None:
        m = self.m
        w, h = self.size
        x, width = m.margin + m.px(160), w - 2 * (m.margin + m.px(160))
        y = m.px(96)
        players = self.players[self.ruleset]  # a row for each seat the ruleset's table has
        bw, bh = m.px(200), m.px(48)
        by = h - m.margin - bh + m.px(6)
        # Name, size, ruleset, the seats, length, clock, drop wait, phrases: rows close up to stay above the buttons.
        pitch = min(m.row + m.gap, (by - m.gap - y) // (7 + players))
        row_h = min(m.row, pitch - max(2, m.gap // 2))

        def row(widget: Choice[str] | Choice[int] | Stepper | TextField | Toggle) -> None:
            nonlocal y
            widget.rect = pygame.Rect(x, y, width, row_h)
            widget.label_share = 0.3
            self.widgets.append(widget)
            y += pitch

        row(NameField(t("your_name"), lambda: self.name, self._set_name, 16))
        # The table's size first (as on the new-game screen), then the rulesets of that size.
        offered = set(self.players.values())
        sizes = Choice(
            S.tr("ng_table_size"), [z for z in table_sizes() if z[0] in offered], lambda: players, self._set_players
        )
        sizes.proportional = True
        row(sizes)
        shown = [r for r in self.rulesets if self.players[r] == players]
        # One ruleset at a time, by its title in full: seven titles side by side would each be cut short.
        titles = [ruleset_words(r) for r in shown]
        row(
            Stepper(
                t("ruleset"),
                lambda: shown.index(self.ruleset),
                lambda i: self._set_ruleset(shown[i]),
                0,
                len(shown) - 1,
                lambda i: titles[i],
                signs=("◀", "▶"),
            )
        )
        you = [("human", t("seat_person"))]
        row(Choice(t("seat_you", wind=S.wind(0, players)), you, lambda: "human", lambda v: None))
        options = [(c, seat_text(c)) for c in seat_options(players)]
        # A level this table does not offer (master at three or two) is seated as the level it would play as.
        self.seats = [f"ai:{offered_level(s[3:], players)}" if s.startswith("ai:") else s for s in self.seats]
        for seat in range(1, players):
            row(Choice(t("seat_n", wind=seat_wind(seat, players)), options, self._seat_get(seat), self._seat_set(seat)))
        # The length on one row: hands or rounds, and how many.
        kinds: list[tuple[LengthKind, str]] = [("hands", S.tr("ng_len_hands")), ("rounds", S.tr("ng_len_rounds"))]
        kind = Choice(S.tr("ng_length"), kinds, lambda: self.length_kind, self._set_length_kind)
        kind.rect = pygame.Rect(x, y, round(width * 0.64), row_h)
        kind.label_share = 0.3 / 0.64
        low, high, step, _default = LENGTH_LIMITS[self.length_kind]
        count = Stepper(
            "",
            lambda: self.length_n[self.length_kind],
            self._set_length_n,
            low,
            high,
            lambda n: t_count(f"length_{self.length_kind}", n),
            step,
            pygame.Rect(x + round(width * 0.66), y, width - round(width * 0.66), row_h),
        )
        self.widgets += [kind, count]
        y += pitch
        timers = [(n, t("timer_s", n=n) if n else t("timer_off")) for n in TIMERS]
        row(Choice(t("timer"), timers, lambda: self.timer, self._set_timer))
        waits = [(n, t("timer_s", n=n)) for n in DROP_WAITS]
        row(Choice(t("drop_wait"), waits, lambda: self.drop_wait, self._set_drop_wait))
        row(Toggle(t("chat_on"), lambda: self.chat, self._set_chat))
        self.widgets.append(Button(t("back"), self.back, "pass", pygame.Rect(w // 2 - m.gap - bw, by, bw, bh)))
        self.widgets.append(Button(t("open"), self.open_table, "win", pygame.Rect(w // 2 + m.gap, by, bw, bh)))
        if self.focus is None:
            self.focus = len(self.widgets) - 1
        if self.saved is not None:
            rect = pygame.Rect(w // 2 + m.gap + bw + 2 * m.gap, by, bw + m.px(40), bh)
            self.widgets.append(Button(t("resume"), self.resume_table, "kong", rect))

    def enter(self) -> None:
        # Back from a table this window hosted: the save on disk may be one its server is about to
        # replace, so the resume button waits for the final one.
        if self.served is not None:
            self.reread, self.saved = True, None
            self.rebuild()
        super().enter()

    def animating(self) -> bool:
        return self.reread

    def update(self, dt: float) -> None:
        if self.reread and (self.served is None or self.served.save_final):
            self.reread, self.served = False, None
            self.saved = saved_table()
            self.rebuild()

    def _seat_get(self, seat: int) -> Callable[[], str]:
        return lambda: self.seats[seat]

    def _seat_set(self, seat: int) -> Callable[[str], None]:
        def set_(value: str) -> None:
            self.seats[seat] = value

        return set_

    def _set_name(self, value: str) -> None:
        self.name = value

    def _set_players(self, players: int) -> None:
        """Choose the table's size: its first ruleset is chosen, and the seats' rows follow."""
        if players == self.players[self.ruleset]:
            return
        of_size = [r for r in self.rulesets if self.players[r] == players]
        if of_size:
            self._set_ruleset(of_size[0])

    def _set_ruleset(self, value: str) -> None:
        self.ruleset = value
        self.rebuild()  # the seats' rows follow the table's size

    def _set_length_kind(self, kind: LengthKind) -> None:
        self.length_kind = kind
        self.rebuild()

    def _set_length_n(self, value: int) -> None:
        self.length_n[self.length_kind] = value

    def _set_timer(self, value: int) -> None:
        self.timer = value

    def _set_drop_wait(self, value: int) -> None:
        self.drop_wait = value

    def _set_chat(self, value: bool) -> None:
        self.chat = value

    def config(self) -> TableConfig:
        """The table as chosen, with a fresh room code."""
        return TableConfig(
            code=new_code(),
            seats=[SeatPlan.parse(s) for s in self.seats[: self.players[self.ruleset]]],
            length=MatchLength(self.length_kind, self.length_n[self.length_kind]),
            # The table's name is made of the player's language's own words, the name put in them.
            room=clean_name(t("room_of", name=clean_name(self.name) or t("default_name"))) or S.tr("title"),
            turn_timer=float(self.timer) if self.timer else None,
            drop_wait=float(self.drop_wait),
            chat=self.chat,
            next_hand_wait=60.0,
            auto_start=False,
        )

    def open_table(self) -> None:
        """Start the server, announce it, sit at seat 0 and go to the lobby."""
        name = clean_name(self.name)
        if not name:
            self.error = t("need_name")
            return
        try:
            rules = load_ruleset(self.ruleset)
        except RulesetError as exc:
            self.error = str(exc)
            return
        keep_name(self.host, name)
        self._serve(new_table(rules, self.config()), name, None)

    def resume_table(self) -> None:
        """Open the table of the host's save again (after a crash): same code, same seats, same tokens."""
        if self.saved is None:
            return
        table = self.saved
        holder = table.seats[0].holder
        self._serve(table, holder.name if holder else clean_name(self.name), holder.token if holder else None)

    def _serve(self, table: NetTable, name: str, token: str | None) -> None:
        from game.net.host.address import table_urls

        # The window's seat is held for its own link before the door opens: a stranger quicker than the link
        # would otherwise be given seat 0 (a new table's, or a saved one's not yet started), and the window refused.
        token = table.keep_seat(0, name, token)
        path = host_save_path()
        hosting = HostThread(host_server(table, self.bind, self.port, path))
        port = hosting.start()
        if port is None and self.port != 0:
            hosting = HostThread(host_server(table, self.bind, 0, path))
            port = hosting.start()
        if port is None:
            self.error = t("port_busy", reason=hosting.error or "?")
            return
        self.served = hosting
        config = table.config
        urls = table_urls(self.bind, port)
        announcer: Announcer | None = None
        if is_loopback(self.bind):
            log.info("table bound to %s: not announced", self.bind)
        else:
            announcer = self._announce(table, port, urls)
        if announcer is not None:
            # As people take and leave seats, the free seats announced follow (seat 0 is this window's own).
            hosting.call(hosting.server.follow_free_seats, announcer.follow, 0)
        # The host's own seat joins like everyone else, by the address the table listens on.
        own = "127.0.0.1" if self.bind in ("", "0.0.0.0", "::") or is_loopback(self.bind) else self.bind
        link = NetLink(NetClient(f"ws://{own}:{port}", config.code, name=name, seat=0, token=token))
        link.start()
        self.host.stack.push(LobbyScene(self.host, table.rules.name, link, hosting, announcer, urls, config.code))

    def _announce(self, table: NetTable, port: int, urls: list[str]) -> Announcer | None:
        config = table.config
        try:
            hosts = [u.split("//")[1].rsplit(":", 1)[0] for u in urls]
            # Seat 0 is this window's own: a person who joins can take only the others.
            free = open_seats(table, own=0)
            info = service_info(config.room, port, hosts, table.rules.name, free, players=table.rules.players)
            announcer = Announcer(info)
            announcer.start()
        except Exception as exc:  # no multicast here: the address still works
            log.info("table not announced: %s", exc)
            return None
        return announcer

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, t("host_title"))
        if self.error:
            m = self.m
            pic = T.shadowed(self.error, m.body, pal.TEXT_GOLD)
            surface.blit(pic, pic.get_rect(midbottom=(self.size[0] // 2, self.size[1] - m.margin - m.px(60))))


class JoinScene(MenuScene):
    """加入: tables found on this network, or a typed address; the room code and a name."""

    def __init__(self, host: Host, browser: Browser | None = None, browse: bool = True) -> None:
        super().__init__(host)
        self.address = ""
        self.code = ""
        self.name = given_name(host)
        self.error = ""
        self.found: list[TableAd] = []
        self.chosen = 0
        self.watch = False
        self.seat: int | None = None  # a seat asked for (`main.py join --seat N`); None: the host chooses
        self.browser = browser
        self.looking = browse or browser is not None  # tables on the network are looked for
        self.list_top = 0  # where the found tables' list begins (its label sits just above)
        if self.browser is None and browse:
            try:
                self.browser = Browser()
                self.browser.start()
            except Exception as exc:  # no multicast: typing the address still works
                log.info("cannot look for tables: %s", exc)
                self.browser = None

    def update(self, dt: float) -> None:
        found = self.browser.tables() if self.browser is not None else []
        if found != self.found:
            # The address follows the table the list shows chosen, unless the player typed one of their own.
            following = not self.address.strip() or self.address in {a.url for a in self.found}
            self.found = found
            self.chosen = min(self.chosen, max(0, len(found) - 1))
            if following:
                self.address = found[self.chosen].url if found else ""
            self.rebuild()

    def build(self) -> None:
        m = self.m
        w, h = self.size
        x, width = m.margin + m.px(160), w - 2 * (m.margin + m.px(160))
        y = m.px(96) + m.heading + m.gap
        items = [ListItem(found_row(a), a.url) for a in self.found]
        if not items:
            items = [ListItem(t("found_none" if self.looking else "found_off"), "", usable=False)]
        self.list_top = y
        lv = ListView(items, min(self.chosen, len(items) - 1), self.pick, pygame.Rect(x, y, width, m.px(170)))
        lv.item_h = m.row + m.small + m.px(6)
        self.widgets.append(lv)
        y += m.px(170) + m.gap * 2
        for label, get, set_, limit in (
            (t("address"), lambda: self.address, self._set_address, 64),
            (t("code"), lambda: self.code, self._set_code, TYPED_LIMIT),
            (t("your_name"), lambda: self.name, self._set_name, 16),
        ):
            field = NameField(label, get, set_, limit, "", pygame.Rect(x, y, width, m.row))
            field.label_share = 0.3
            self.widgets.append(field)
            y += m.row + m.gap
        watch = Toggle(t("watch"), lambda: self.watch, self._set_watch, pygame.Rect(x, y, width, m.row))
        watch.label_share = 0.3
        self.widgets.append(watch)
        bw, bh = m.px(200), m.px(48)
        by = h - m.margin - bh + m.px(6)
        self.widgets.append(Button(t("back"), self.back, "pass", pygame.Rect(w // 2 - m.gap - bw, by, bw, bh)))
        self.widgets.append(Button(t("join"), self.join, "win", pygame.Rect(w // 2 + m.gap, by, bw, bh)))
        if self.focus is None:
            self.focus = 2

    def pick(self, index: int) -> None:
        """A found table: its address goes into the field."""
        if 0 <= index < len(self.found):
            self.chosen = index
            self.address = self.found[index].url
            self.error = ""  # what it said (请填写地址) is answered

    def _set_watch(self, value: bool) -> None:
        self.watch = value

    def _set_address(self, value: str) -> None:
        self.address = value
        self.error = ""  # a word about the old address no longer holds

    def _set_code(self, value: str) -> None:
        self.code = value
        self.error = ""

    def _set_name(self, value: str) -> None:
        self.name = value
        self.error = ""

    def url(self) -> str:
        """The typed address as a ws:// URL (the port defaults to the host's)."""
        text = self.address.strip()
        if not text.startswith(("ws://", "wss://")):
            text = f"ws://{text}"
        rest = text.split("//", 1)[1]
        if ":" not in rest:
            text = f"{text}:{DEFAULT_PORT}"
        return text

    def join(self) -> None:
        """Connect (in the network thread) and wait in the lobby."""
        if not self.address.strip():
            self.error = t("need_address")
        elif not self.code.strip():
            self.error = t("need_code")
        elif not valid_code(normalize_code(self.code)):
            self.error = t("bad_code")
        elif not clean_name(self.name) and not self.watch:
            self.error = t("need_name")
        else:
            self.error = ""
            code = normalize_code(self.code)
            if not self.watch:
                keep_name(self.host, self.name)
            # Our seat's token at this table, if we sat there before: the host gives the seat back.
            token = None if self.watch else seat_token(code, self.seat)
            seat = None if self.watch else self.seat
            client = NetClient(self.url(), code, name=clean_name(self.name), watch=self.watch, seat=seat, token=token)
            link = NetLink(client, keep_seat=not self.watch)
            link.start()
            self.host.stack.push(LobbyScene(self.host, "", link, None, None, [self.url()], ""))

    def back(self) -> None:
        if self.browser is not None:
            self.browser.stop()
        super().back()

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, t("join_title"))
        m = self.m
        pic = T.shadowed(t("found"), m.body, pal.TEXT_MUTED)
        surface.blit(pic, pic.get_rect(bottomleft=(m.margin + m.px(160), self.list_top - m.px(4))))
        if self.error:
            pic = T.shadowed(self.error, m.body, pal.TEXT_GOLD)
            surface.blit(pic, pic.get_rect(midbottom=(self.size[0] // 2, self.size[1] - m.margin - m.px(60))))
