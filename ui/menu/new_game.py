"""The new-game screen: pick the table's size (四人, 三丁拐, 二丁拐: docs/rules.md §15.2), then a ruleset of
that size (built-in or the player's own), who plays each seat, how long the match lasts and the seed, then start.

A ruleset file that does not load is listed greyed with its first error; its full errors show
where the summary would be. The seed is always shown: the same seed and ruleset deal the same tiles,
so a deal can be played again or checked.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

import pygame

from game.ai import levels_at, offered_level
from game.core.ruleset import MAX_PLAYERS, PLAYER_COUNTS
from game.records.names import NAME_LIMIT, clean_name
from game.rules.user import RulesetCatalogue, RulesetEntry, list_rulesets
from ui.kit.dialogs import ConfirmScene, wrap
from ui.kit.list_view import ListItem, ListView
from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import plate
from ui.kit.widgets import Button, Choice, Label, NameField, Stepper, TextField, Toggle
from ui.look import palette as pal
from ui.look import text as T
from ui.match.config import LEVELS, LengthKind, MatchConfig, MatchLength, SeatConfig
from ui.menu.match_flow import start_match
from ui.menu.save import SaveSummary, describe_save, match_save_name
from ui.menu.value_text import ruleset_title, summary
from ui.settings.store import save_settings
from ui.stage.scene import Host
from ui.words import strings as S


def seat_choices(players: int) -> tuple[tuple[str, str], ...]:
    """(kind, level) per seat choice, in the order the segments show: a person, then every level the engine has at
    a table of `players` (easy to expert), so a level the engine adds is offered here without a copy."""
    return (("human", ""), *(("ai", level) for level in levels_at(players)))


LENGTH_LIMITS: dict[str, tuple[int, int, int, int]] = {  # kind: (low, high, step, default)
    "hands": (1, 64, 1, 8),
    "rounds": (1, 8, 1, 1),
    "score": (20, 500, 10, 100),
    "endless": (0, 0, 1, 0),
}


def overwrite_message(summary: SaveSummary) -> str:
    """The warning before a new match replaces the saved one: which match (ruleset, hand, scores) is lost."""
    title = summary.ruleset_zh if S.language() == "zh" else summary.ruleset_en
    sep = "  " if S.language() == "zh" else ", "
    n = len(summary.scores)
    scores = sep.join(
        f"{S.wind(seat, n)} {v:+d}" if v else f"{S.wind(seat, n)} 0" for seat, v in enumerate(summary.scores)
    )
    return S.tr("ng_overwrite", rules=title, hand=summary.hand, scores=scores)


def table_sizes() -> list[tuple[int, str]]:
    """The table sizes on offer, largest first, as the screen names them: 四人, 三丁拐, 二丁拐."""
    return [(n, S.tr(f"ng_size_{n}")) for n in sorted(PLAYER_COUNTS, reverse=True)]


def default_seats(mode: str, players: int, level: str) -> list[tuple[str, str]]:
    """Who sits where at first: the player at East and AIs of `level`; people sharing the screen take every other
    seat from East (all of them at a table of two)."""
    ai = ("ai", level)
    if mode == "local":
        return [("human", "") if seat % 2 == 0 or players == 2 else ai for seat in range(players)]
    return [("human", ""), *[ai] * (players - 1)]


def new_seed() -> str:
    """A fresh seed: eight hex digits, short enough to read out and type."""
    return secrets.token_hex(4)


class NewGameScene(MenuScene):
    """Choose and start a match; `mode` is "solo" (one player) or "local" (players share the screen)."""

    def __init__(self, host: Host, mode: str = "solo", catalogue: RulesetCatalogue | None = None) -> None:
        super().__init__(host)
        self.mode = mode
        self.catalogue = catalogue if catalogue is not None else list_rulesets()
        entries = self.catalogue.entries
        wanted = host.settings.ruleset
        self.index = next(
            (i for i, e in enumerate(entries) if e.ok and (e.ref == wanted or e.name == wanted)),
            next((i for i, e in enumerate(entries) if e.ok), 0),
        )
        chosen = self.entry
        # The table's size comes first: the list shows the rulesets of that size (read from each ruleset's players).
        self.players = chosen.ruleset.players if chosen is not None and chosen.ruleset is not None else MAX_PLAYERS
        self.level = host.settings.level if host.settings.level in LEVELS else "normal"
        self.seats: list[tuple[str, str]] = default_seats(mode, self.players, self.level)
        self.length_kind: LengthKind = "hands"
        self.length_n: dict[str, int] = {k: v[3] for k, v in LENGTH_LIMITS.items()}
        self.seed = new_seed()
        self.message = ""
        self.list_first = 0
        # Each person's name, as last given for that seat (kept in the settings when the match starts).
        names = list(host.settings.names)[:MAX_PLAYERS]
        self.names: list[str] = names + [""] * (MAX_PLAYERS - len(names))
        self.practice = host.settings.practice and mode == "solo"

    # ---------------------------------------------------------------- state

    @property
    def entry(self) -> RulesetEntry | None:
        """The ruleset entry chosen in the list."""
        entries = self.catalogue.entries
        return entries[self.index] if 0 <= self.index < len(entries) else None

    def listed(self) -> list[int]:
        """The catalogue's entries the list shows: the rulesets of the table size chosen, and every file that does
        not load (its size is unknown; it shows why it does not load)."""
        return [
            i for i, e in enumerate(self.catalogue.entries) if e.ruleset is None or e.ruleset.players == self.players
        ]

    def set_players(self, players: int) -> None:
        """Choose the table's size: the list shows its rulesets (the first that loads is chosen), the seats follow."""
        if players == self.players:
            return
        self.players = players
        listed = self.listed()
        entries = self.catalogue.entries
        self.index = next((i for i in listed if entries[i].ok), listed[0] if listed else -1)
        self.list_first = 0
        self.seats = default_seats(self.mode, players, self.level)
        self.message = ""
        self.rebuild()

    def config(self) -> MatchConfig:
        """The match as chosen now."""
        entry = self.entry
        ref = entry.ref if entry is not None else self.host.settings.ruleset
        seats = tuple(
            SeatConfig("human", name=clean_name(self.names[i])) if k == "human" else SeatConfig("ai", lv)
            for i, (k, lv) in enumerate(self.seats)
        )  # one a player of the ruleset's table
        length = MatchLength(self.length_kind, self.length_n[self.length_kind])
        return MatchConfig(ref, self.seed or new_seed(), seats, length)

    def problem(self) -> str:
        """Why the match cannot start now, or ""."""
        entry = self.entry
        if entry is None or self.index not in self.listed():
            return S.tr("ng_no_rulesets")
        if not entry.ok:
            return S.tr("ng_broken_pick")
        if not any(k == "human" for k, _ in self.seats):
            return S.tr("ng_need_human")
        return ""

    def start(self) -> None:
        """Start the match chosen (or say why not)."""
        problem = self.problem()
        entry = self.entry
        if problem or entry is None or entry.ruleset is None:
            self.message = problem
            return
        summary = self._saved_match()
        if summary is not None:
            # Starting over replaces the match "continue" would resume: say which one before it is lost.
            self.host.stack.push(
                ConfirmScene(self.host, overwrite_message(summary), S.tr("ng_overwrite_yes"), self._start_now)
            )
            return
        self._start_now()

    def _saved_match(self) -> SaveSummary | None:
        """The saved match of the same kind a new one would replace, if there is one."""
        people = sum(1 for kind, _ in self.seats if kind == "human")
        practice = self.practice if self.mode == "solo" else self.host.settings.practice  # as _start_now sets it
        return describe_save(match_save_name(people, practice))

    def _start_now(self) -> None:
        entry = self.entry
        if entry is None or entry.ruleset is None:
            return
        config = self.config()
        settings = self.host.settings
        settings.ruleset = entry.ref
        settings.seed = config.seed
        # The names given are remembered for next time, each for its seat; a seat an AI plays keeps its old one.
        given = [
            seat.name if seat.kind == "human" else old for seat, old in zip(config.seats, self.names, strict=False)
        ]
        settings.names = tuple(given + self.names[len(given) :])
        settings.practice = self.practice if self.mode == "solo" else settings.practice
        save_settings(settings)
        self.host.stack.remove(self)
        start_match(self.host, config, entry.ruleset)

    def pick(self, row: int) -> None:
        """Choose the ruleset at `row` of the list (of the table size chosen)."""
        listed = self.listed()
        self.index = listed[row] if 0 <= row < len(listed) else -1
        self.message = ""
        self.rebuild()

    def set_seat(self, seat: int, choice: tuple[str, str]) -> None:
        """Put a person or an AI of a level in `seat` (a person's seat has a field for their name)."""
        changed = (self.seats[seat][0] == "human") != (choice[0] == "human")
        self.seats[seat] = choice
        self.message = ""
        if changed:
            self.rebuild()

    def set_name(self, seat: int, name: str) -> None:
        """The name typed for the person in `seat`."""
        self.names[seat] = name

    def set_practice(self, on: bool) -> None:
        """A practice match: the player may take back discards (悔牌)."""
        self.practice = on

    def set_length_kind(self, kind: LengthKind) -> None:
        """Count the match in hands, rounds or points, or play on."""
        self.length_kind = kind
        self.rebuild()

    def set_length_n(self, n: int) -> None:
        """The number of hands, rounds or points."""
        self.length_n[self.length_kind] = n

    def set_seed(self, seed: str) -> None:
        """A seed typed in."""
        self.seed = seed

    def reseed(self) -> None:
        """Draw a fresh seed."""
        self.seed = new_seed()

    # ---------------------------------------------------------------- layout

    def columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The ruleset column at the left and the match column at the right."""
        m = self.m
        w, h = self.size
        top = m.px(86)
        bottom = h - m.margin - m.px(56)
        left_w = round((w - 2 * m.margin - m.gap * 2) * 0.42)
        left = pygame.Rect(m.margin, top, left_w, bottom - top)
        right = pygame.Rect(left.right + m.gap * 2, top, w - m.margin - left.right - m.gap * 2, bottom - top)
        return left, right

    def build(self) -> None:
        m = self.m
        left, right = self.columns()
        pad = m.px(14)
        self._build_list(left, pad)
        # The match column: who sits where, how long the match lasts, the seed.
        x, width = right.left + pad, right.width - 2 * pad
        y = self._build_seats(x, right.top + m.heading + pad * 2, width)
        y = self._build_length(x, y + m.gap, width)
        y = self._build_seed(x, y, width)
        if self.mode == "solo":
            row = pygame.Rect(x, y, width, m.row)
            practice = Toggle(S.tr("ng_practice"), lambda: self.practice, self.set_practice, row)
            # Its label is longer than the others': the row gives it what it measures (off and on need little).
            need = (T.label(practice.label, m.body).get_width() + m.gap + 1) / max(1, width)
            practice.label_share = min(0.5, max(0.26, need))
            self.widgets.append(practice)
        self._build_buttons()
        if self.focus is None:
            self.focus = len(self.widgets) - 1

    def _build_list(self, left: pygame.Rect, pad: int) -> None:
        """The table's size, then the list of its rulesets, scrolled where it was, and always showing the chosen one."""
        m = self.m
        top = left.top + m.heading + pad * 2
        size_row = pygame.Rect(left.left + pad, top, left.width - 2 * pad, m.row)
        sizes = Choice(S.tr("ng_table_size"), table_sizes(), lambda: self.players, self.set_players, size_row)
        sizes.label_share = self._size_label_share(sizes, size_row.width)
        sizes.proportional = True
        self.widgets.append(sizes)
        old = getattr(self, "list_view", None)
        if old is not None:
            self.list_first = old.first
        listed = self.listed()
        items = [self._item(self.catalogue.entries[i]) for i in listed]
        chosen = listed.index(self.index) if self.index in listed else -1
        item_h = round(m.body * 1.45 + m.small * 1.45) + m.px(10)  # two lines inside the highlight
        list_h = max(1, min(len(items), 4)) * item_h + m.px(4)
        list_rect = pygame.Rect(left.left + pad, size_row.bottom + m.gap, left.width - 2 * pad, list_h)
        lv = ListView(items, chosen, self.pick, list_rect)
        lv.item_h = item_h
        lv.first = min(self.list_first, max(0, len(items) - lv.visible()))
        if chosen >= 0 and not lv.first <= chosen < lv.first + lv.visible():
            lv.first = max(0, chosen - lv.visible() + 1)
        self.list_view = lv
        self.widgets.append(lv)

    def _size_label_share(self, sizes: Choice[int], width: int) -> float:
        """The size row's label as wide as it measures, and no wider than the seat rows' labels."""
        need = (T.label(sizes.label, self.m.body).get_width() + self.m.gap) / max(1, width)
        return min(0.26, need)

    def _build_seats(self, x: int, y: int, width: int) -> int:
        """A person or an AI of a level for each seat, from `y` down; returns where the next row goes."""
        m = self.m
        n = self.players
        seat_options = [(c, self._seat_text(c)) for c in seat_choices(n)]
        self.seats = [(kind, offered_level(level, n) if kind == "ai" else level) for kind, level in self.seats]
        self.seat_choices: list[Choice[tuple[str, str]]] = []
        for seat in range(n):
            wind = S.tr("ng_seat_wind", wind=S.wind(seat, n))
            label = f"{S.wind(seat, n)}  {S.seat_name(seat, 0, n)}" if self.mode == "solo" else wind
            row = pygame.Rect(x, y, width, m.row)
            if self.seats[seat][0] == "human":
                # The wind, then the person's name where "you" would be, then the choice over the same columns.
                label = S.wind(seat, n) if self.mode == "solo" else wind
                label_w = round(width * 0.26)
                wind_w = T.label(label, m.body).get_width() + m.gap
                self.widgets.append(Label(label, pygame.Rect(x, y, wind_w, m.row)))
                field = NameField("", self._name_get(seat), self._name_set(seat), NAME_LIMIT, self._name_hint(seat))
                field.rect = pygame.Rect(x + wind_w, y, label_w - wind_w - m.gap, m.row)
                self.widgets.append(field)
                label, row = "", pygame.Rect(x + label_w, y, width - label_w, m.row)
            choice = Choice(label, seat_options, self._seat_get(seat), self._seat_set(seat), row)
            choice.label_share = 0.26 if label else 0.0
            self.widgets.append(choice)
            self.seat_choices.append(choice)
            y += m.row + m.gap
        return y

    def _build_length(self, x: int, y: int, width: int) -> int:
        """How the match is counted and how far; returns where the next row goes."""
        m = self.m
        kinds: list[tuple[LengthKind, str]] = [
            ("hands", S.tr("ng_len_hands")),
            ("rounds", S.tr("ng_len_rounds")),
            ("score", S.tr("ng_len_score")),
            ("endless", S.tr("ng_len_endless")),
        ]
        kind_choice = Choice(
            S.tr("ng_length"), kinds, lambda: self.length_kind, self.set_length_kind, pygame.Rect(x, y, width, m.row)
        )
        kind_choice.label_share = 0.26
        self.widgets.append(kind_choice)
        y += m.row + m.gap
        low, high, step, _default = LENGTH_LIMITS[self.length_kind]
        stepper = Stepper(
            "",
            lambda: self.length_n[self.length_kind],
            self.set_length_n,
            low,
            high,
            self._length_text,
            step,
            pygame.Rect(x + round(width * 0.26), y, width - round(width * 0.26), m.row),
        )
        stepper.enabled = self.length_kind != "endless"
        self.widgets.append(stepper)
        return y + m.row + m.gap * 2

    def _build_seed(self, x: int, y: int, width: int) -> int:
        """The seed field, its label as wide as the rows' above, and the button for a fresh one; returns where
        the next row goes (under the seed's note)."""
        m = self.m
        new_w = m.px(96)
        seed = TextField(
            S.tr("ng_seed"),
            lambda: self.seed,
            self.set_seed,
            24,
            S.tr("ng_seed_random"),
            pygame.Rect(x, y, width - new_w - m.gap, m.row),
        )
        seed.label_share = 0.26 * width / (width - new_w - m.gap)
        self.widgets.append(seed)
        self.widgets.append(
            Button(S.tr("ng_seed_new"), self.reseed, "plain", pygame.Rect(x + width - new_w, y, new_w, m.row))
        )
        return y + m.row + m.px(6) + round(m.small * 1.5) + m.gap

    def _build_buttons(self) -> None:
        m = self.m
        w, h = self.size
        bw, bh = m.px(200), m.px(48)
        by = h - m.margin - bh + m.px(6)
        self.widgets.append(Button(S.tr("menu_back"), self.back, "pass", pygame.Rect(w // 2 - m.gap - bw, by, bw, bh)))
        start = Button(S.tr("ng_start"), self.start, "win", pygame.Rect(w // 2 + m.gap, by, bw, bh))
        start.enabled = self.entry is not None and self.entry.ok and self.index in self.listed()
        self.widgets.append(start)

    def _name_get(self, seat: int) -> Callable[[], str]:
        return lambda: self.names[seat]

    def _name_set(self, seat: int) -> Callable[[str], None]:
        return lambda name: self.set_name(seat, name)

    def _name_hint(self, seat: int) -> str:
        """The grey text of an empty name field: how the seat is called without a name."""
        humans = [i for i, (k, _) in enumerate(self.seats) if k == "human"]
        if len(humans) == 1:
            return S.tr("ng_name_hint")
        return S.tr("ng_player_n", n=humans.index(seat) + 1)

    def _seat_get(self, seat: int) -> Callable[[], tuple[str, str]]:
        return lambda: self.seats[seat]

    def _seat_set(self, seat: int) -> Callable[[tuple[str, str]], None]:
        return lambda choice: self.set_seat(seat, choice)

    def _item(self, entry: RulesetEntry) -> ListItem:
        if entry.ruleset is not None:
            note = entry.name if entry.source == "builtin" else f"{S.tr('ng_user_file')}: {entry.path.name}"
            return ListItem(ruleset_title(entry.ruleset), note)
        return ListItem(entry.path.name, S.tr("ng_broken"), usable=False)

    def _seat_text(self, choice: tuple[str, str]) -> str:
        kind, level = choice
        return S.tr("ng_human") if kind == "human" else S.tr("ng_" + level)

    def _length_text(self, n: int) -> str:
        return S.tr("ng_n_" + self.length_kind, n=n)

    # ---------------------------------------------------------------- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        self.title(surface, S.tr("ng_title_" + self.mode))
        left, right = self.columns()
        plate(surface, left, m)
        plate(surface, right, m)
        pad = m.px(14)
        for rect, text in ((left, S.tr("ng_rulesets")), (right, S.tr("ng_seats"))):
            pic = T.shadowed(text, m.heading, pal.TEXT_GOLD, bold=True)
            surface.blit(pic, (rect.left + pad, rect.top + pad))
        self._draw_summary(surface, left, pad)
        seed_rect = next(wd.rect for wd in self.widgets if type(wd) is TextField)
        note = T.fit(S.tr("ng_seed_note"), m.small, right.width - 2 * pad, pal.TEXT_MUTED)
        surface.blit(note, (seed_rect.left, seed_rect.bottom + m.px(6)))
        message = self.message or self.problem()
        if message:
            pic = T.fit(message, m.body, right.width - 2 * pad, pal.TEXT_RED, bold=True)
            surface.blit(pic, pic.get_rect(bottomleft=(right.left + pad, right.bottom - pad)))

    def _draw_summary(self, surface: pygame.Surface, left: pygame.Rect, pad: int) -> None:
        """The chosen ruleset's key values (or a broken file's errors) under the list."""
        m = self.m
        entry = self.entry
        y = self.list_view.rect.bottom + m.gap
        bottom = left.bottom - pad
        width = left.width - 2 * pad
        x = left.left + pad
        pygame.draw.line(surface, (120, 100, 60), (x, y), (x + width, y))
        y += m.gap
        line_h = round(m.small * 1.45)
        if entry is None:
            return
        if entry.ruleset is None:
            pic = T.shadowed(S.tr("ng_errors"), m.body, pal.TEXT_RED, bold=True)
            surface.blit(pic, (x, y))
            y += round(m.body * 1.5)
            for error in entry.errors:
                for line in wrap(error, m.small, width):
                    if y + line_h > bottom:
                        return
                    surface.blit(T.shadowed(line, m.small, pal.TEXT), (x, y))
                    y += line_h
            return
        pic = T.shadowed(S.tr("ng_key_values"), m.body, pal.TEXT_GOLD, bold=True)
        surface.blit(pic, (x, y))
        y += round(m.body * 1.5)
        rows = summary(entry.ruleset)
        # Two columns of label and value, filled down then across.
        cols = 2 if S.language() == "zh" else 1  # English labels are too long for two columns
        half = (len(rows) + cols - 1) // cols
        col_w = (width - m.gap * 2 * (cols - 1)) // cols
        for i, (label, value) in enumerate(rows):
            col, row = divmod(i, half)
            cx = x + col * (col_w + m.gap * 2)
            cy = y + row * line_h
            if cy + line_h > bottom:
                continue
            surface.blit(T.fit(label, m.small, round(col_w * 0.5), pal.TEXT_MUTED), (cx, cy))
            surface.blit(T.fit(value, m.small, col_w - round(col_w * 0.52), pal.TEXT), (cx + round(col_w * 0.52), cy))
