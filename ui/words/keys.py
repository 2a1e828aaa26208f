"""The keys of every screen, as its key help (the ? overlay) lists them: the keys pressed and what they do, in
Chinese and English.

A screen that reads its keys from its table here (`named`) cannot bind one the help leaves out; the others are
held to their tables by tests/test_keyboard_help.py, which reads the keys each screen's code names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ui.words import strings as S

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
DIGITS = tuple(range(pygame.K_0, pygame.K_9 + 1))


@dataclass(frozen=True)
class KeyLine:
    """One line of a key help: its name (what the screen's code asks for), the key codes, how the keys are
    written and what they do, each as (中文, English)."""

    name: str
    codes: tuple[int, ...]
    keys: tuple[str, str]
    does: tuple[str, str]

    def shown(self) -> tuple[str, str]:
        """(keys, what they do) in the current language."""
        i = 0 if S.language() == "zh" else 1
        return self.keys[i], self.does[i]


def line(name: str, codes: Sequence[int], keys: str | tuple[str, str], zh: str, en: str) -> KeyLine:
    """A key line; `keys` as one string when both languages write the keys alike."""
    written = (keys, keys) if isinstance(keys, str) else keys
    return KeyLine(name, tuple(codes), written, (zh, en))


def named(table: Sequence[KeyLine], key: int) -> str | None:
    """The name of the line of `table` that binds `key`, or None when the table has no such key."""
    return next((k.name for k in table if key in k.codes), None)


def codes(table: Sequence[KeyLine]) -> frozenset[int]:
    """Every key code `table` lists."""
    return frozenset(c for k in table for c in k.codes)


def is_help_key(event: pygame.event.Event) -> bool:
    """True for a press of the key help's key: ? (the / key, with Shift or not)."""
    if event.type != pygame.KEYDOWN:
        return False
    return event.key in (pygame.K_SLASH, pygame.K_QUESTION) or getattr(event, "unicode", "") == "?"


HELP = line(
    "help", (pygame.K_SLASH, pygame.K_QUESTION), "?", "本页按键（再按一次或 Esc 关闭）", "These keys (? or Esc closes)"
)
FULL_SCREEN = line("full_screen", (pygame.K_F11,), "F11", "全屏 / 窗口", "Full screen / window")
COMMON = (HELP, FULL_SCREEN)  # every screen: the app handles F11, the stack opens the help

# ---------------------------------------------------------------- menus (ui/kit/menu_scene.py and its controls)

NEXT = line("next", (pygame.K_TAB, pygame.K_DOWN), "Tab / ↓", "下一项", "Next control")
PREVIOUS = line("previous", (pygame.K_UP,), "Shift+Tab / ↑", "上一项", "Previous control")
NEXT_BY_TAB = line("next", (pygame.K_TAB,), "Tab", "下一项", "Next control")
PREVIOUS_BY_TAB = line("previous", (), "Shift+Tab", "上一项", "Previous control")
PRESS = line("press", (*ENTER, pygame.K_SPACE), ("回车 / 空格", "Enter / Space"), "按下、切换", "Press, switch")
LIST = line(
    "list", (pygame.K_UP, pygame.K_DOWN), "↑ ↓", "在列表中选（Tab 离开列表）", "Choose in a list (Tab leaves it)"
)
CHANGE = line("change", (pygame.K_LEFT, pygame.K_RIGHT), "← →", "改选项、音量", "Change a choice or a slider")
STEP = line(
    "step",
    (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS),
    "- +",
    "数字少一、多一",
    "A number down or up",
)
ERASE = line("erase", (pygame.K_BACKSPACE,), ("退格", "Backspace"), "删去一个字", "Delete a letter")
BACK = line("back", (pygame.K_ESCAPE,), "Esc", "返回", "Back")
MENU = (NEXT, PREVIOUS, PRESS, LIST, CHANGE, STEP, ERASE, BACK)  # every key the menus' controls take
SETTINGS = (
    line(
        "page",
        (pygame.K_PAGEUP, pygame.K_PAGEDOWN),
        ("PgUp / PgDn", "PgUp / PgDn"),
        "上一页、下一页设置",
        "Previous, next page of settings",
    ),
)
RULES = (
    line("scroll", (pygame.K_UP, pygame.K_DOWN), "↑ ↓", "上下滚动", "Scroll"),
    line("page", (pygame.K_PAGEUP, pygame.K_PAGEDOWN), ("PgUp / PgDn", "PgUp / PgDn"), "翻一页", "Scroll a page"),
    line("ends", (pygame.K_HOME, pygame.K_END), ("Home / End", "Home / End"), "到最前、最后", "To the top, the end"),
    line("ruleset", (pygame.K_LEFT, pygame.K_RIGHT), "← →", "上一套、下一套规则", "Previous, next ruleset"),
)
GUIDE = (
    line(
        "turn",
        (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN),
        ("← → / PgUp PgDn", "← → / PgUp PgDn"),
        "上一页、下一页",
        "Previous, next page",
    ),
)
LESSON = (
    line("tile", (pygame.K_LEFT, pygame.K_RIGHT), "← →", "在手牌中选牌", "Choose a tile of the hand"),
    line(
        "discard",
        (*ENTER, pygame.K_SPACE),
        ("回车 / 空格", "Enter / Space"),
        "打出选中的牌，或按下所选",
        "Discard the chosen tile, press a button",
    ),
    line("follow", (pygame.K_h,), "H", "照提示打", "Play the coach's move"),
    line("undo", (pygame.K_z, pygame.K_BACKSPACE), ("Z / 退格", "Z / Backspace"), "悔一步", "Take a move back"),
)
CALCULATOR = (
    line(
        "type", (), ("1-9 m p s", "1-9 m p s"), "在牌格里打字输入牌，如 123m 55s", "Type tiles into a field: 123m 55s"
    ),
    line(
        "apply",
        ENTER,
        ("回车", "Enter"),
        "确认输入的牌；放入选中的牌",
        "Apply what was typed; put the palette's tile in",
    ),
    line("undo_tile", (pygame.K_BACKSPACE,), ("退格", "Backspace"), "删去最后一张牌", "Take the last tile out"),
    line("clear_field", (pygame.K_DELETE,), "Delete", "清空这一格", "Empty the field"),
    line(
        "palette",
        (pygame.K_LEFT, pygame.K_RIGHT),
        "← →",
        "在下方的牌、座位中移动",
        "Move along the palette, seats, choices",
    ),
    line("seat", DIGITS, "0-9", "选座位（座位一行）", "Pick a seat (the seats row)"),
    line(
        "to_palette",
        (pygame.K_PAGEDOWN, pygame.K_PAGEUP),
        ("PgDn / PgUp", "PgDn / PgUp"),
        "到下方的牌（放入这一格）、回到这一格",
        "To the palette (its tiles to this field), back to the field",
    ),
    line("settle", (pygame.K_F5,), "F5", "算分", "Settle the hand"),
    line("save", (pygame.K_F2,), "F2", "保存", "Save"),
    line("open", (pygame.K_F3,), "F3", "打开", "Open"),
)
OPEN_HAND = (line("open", ENTER, ("回车", "Enter"), "打开这手牌", "Open the hand"),)

# ---------------------------------------------------------------- the table (ui/table/table_input.py binds by name)

TABLE = (
    line("tile", (pygame.K_LEFT, pygame.K_RIGHT), "← →", "选一张牌", "Choose a tile"),
    line(
        "enter",
        ENTER,
        ("回车", "Enter"),
        "打出选中的牌，或按下亮起的一项",
        "Discard the chosen tile, or press the focused button",
    ),
    line(
        "buttons",
        (pygame.K_TAB,),
        ("Tab / Shift+Tab", "Tab / Shift+Tab"),
        "点亮碰、杠、过等的下一项",
        "Move the focus over the buttons",
    ),
    line("win", (pygame.K_w,), "W", "胡 / 自摸", "Win / self-drawn"),
    line("kong", (pygame.K_k,), "K", "杠", "Kong"),
    line("pung", (pygame.K_p,), "P", "碰", "Pung"),
    line("ready", (pygame.K_r,), "R", "报听", "Declare ready"),
    line("pass", (pygame.K_n, pygame.K_x), "N / X", "过", "Pass"),
    line(
        "dingque",
        (pygame.K_1, pygame.K_2, pygame.K_3),
        "1 2 3",
        "定缺：万、筒、条（三人桌）",
        "Name the missing suit (at three)",
    ),
    line("tuoguan", (pygame.K_t,), "T", "托管 / 取消托管", "Auto-play on / off"),
    line(
        "takeback",
        (pygame.K_z, pygame.K_BACKSPACE),
        ("Z / 退格", "Z / Backspace"),
        "悔牌（练习）",
        "Take back (practice)",
    ),
    line("hint", (pygame.K_h,), "H", "提示", "Hint"),
    line("read_aloud", (pygame.K_v,), "V", "朗读手牌", "Read hand aloud"),
    line("skip", (pygame.K_SPACE,), ("空格", "Space"), "跳过动画", "Skip the animation"),
    line("speed", (pygame.K_s,), "S", "速度", "Speed"),
    line("language", (pygame.K_l,), "L", "中文 / English", "Chinese / English"),
    line("guide", (pygame.K_F1,), "F1", "玩法指南", "The guide"),
    line("escape", (pygame.K_ESCAPE,), "Esc", "放下选中的牌；离开牌局", "Put the tile down; leave the match"),
)
# A network table: the table's keys, but F1-F8 say the quick phrases (ui/table/net_overlay.py) where chat is on.
CHAT = line(
    "chat",
    tuple(range(pygame.K_F1, pygame.K_F8 + 1)),
    "F1–F8",
    "快捷语（F1 不再开玩法指南）",
    "Quick phrases (F1 no longer opens the guide)",
)
NET_TABLE = (*(k for k in TABLE if k.name != "guide"), CHAT)
HANDOFF = (
    line("reveal", (*ENTER, pygame.K_SPACE), ("回车 / 空格", "Enter / Space"), "看自己的牌", "Show my hand"),
    line("leave", (pygame.K_ESCAPE,), "Esc", "离开牌局", "Leave the match"),
)
SETTLEMENT = (
    line("next", (*ENTER, pygame.K_SPACE), ("回车 / 空格", "Enter / Space"), "下一局", "Next hand"),
    line(
        "rules",
        (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB),
        ("← → / Tab", "← → / Tab"),
        "换一套规则看这手牌",
        "See the hand under another ruleset",
    ),
    line("lines", (pygame.K_UP, pygame.K_DOWN), "↑ ↓", "逐行看为什么得分", "Point at each line: why its points"),
    line("explain", (pygame.K_e,), "E", "鸡的说明", "The chickens explained"),
    line("review", (pygame.K_r,), "R", "复盘", "Review"),
    line("tuoguan_off", (pygame.K_t,), "T", "托管中：取消托管", "In auto-play: stop it"),
    line("leave", (pygame.K_ESCAPE,), "Esc", "离开牌局（牌局外：关闭）", "Leave the match (outside one: close)"),
)
SUMMARY = (
    line(
        "close",
        (*ENTER, pygame.K_SPACE, pygame.K_ESCAPE),
        ("回车 / 空格 / Esc", "Enter / Space / Esc"),
        "关闭",
        "Close",
    ),
    line("review", (pygame.K_r,), "R", "复盘全场", "Review the match"),
)
DIALOG = (
    line(
        "choose",
        (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT),
        ("Tab / ← →", "Tab / ← →"),
        "换一项",
        "Move between the buttons",
    ),
    line(
        "yes",
        (*ENTER, pygame.K_y),
        ("回车 / Y", "Enter / Y"),
        "确定（或按亮起的一项）",
        "Yes (or the focused button)",
    ),
    line("no", (pygame.K_ESCAPE, pygame.K_n), "Esc / N", "取消", "Cancel"),
)
NOTICE = (line("close", (*ENTER, pygame.K_SPACE, pygame.K_ESCAPE), ("回车 / Esc", "Enter / Esc"), "关闭", "Close"),)
CHOICE = (
    line("pick", DIGITS[1:], "1-9", "选第几项", "Pick that choice"),
    line(
        "move", (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN), ("Tab / ↑ ↓", "Tab / ↑ ↓"), "点亮下一项", "Move the focus"
    ),
    line(
        "press", (*ENTER, pygame.K_SPACE), ("回车 / 空格", "Enter / Space"), "选亮起的一项", "Pick the focused choice"
    ),
    line("cancel", (pygame.K_ESCAPE,), "Esc", "取消", "Cancel"),
)

# ---------------------------------------------------------------- replays and the review

REPLAY_LIST = (
    line("move", (pygame.K_UP, pygame.K_DOWN), "↑ ↓", "选一手牌", "Choose a hand"),
    line("open", ENTER, ("回车", "Enter"), "回放", "Watch it"),
    line("review", (pygame.K_r,), "R", "复盘", "Review"),
    line("delete", (pygame.K_DELETE,), "Delete", "删除这场", "Delete the match"),
    line("close", (pygame.K_ESCAPE,), "Esc", "返回", "Back"),
)
REPLAY = (
    line(
        "step",
        (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE),
        ("← → / 退格", "← → / Backspace"),
        "后退、前进一步",
        "A step back, forward",
    ),
    line("jump", (pygame.K_PAGEUP, pygame.K_PAGEDOWN), ("PgUp / PgDn", "PgUp / PgDn"), "跳十步", "Ten steps"),
    line("ends", (pygame.K_HOME, pygame.K_END), ("Home / End", "Home / End"), "到最前、最后", "To the start, the end"),
    line("play", (pygame.K_p, pygame.K_SPACE), ("P / 空格", "P / Space"), "播放 / 暂停", "Play / pause"),
    line("speed", (pygame.K_s,), "S", "速度", "Speed"),
    line("calculator", (pygame.K_c,), "C", "在算分器中打开（结尾）", "Open in the calculator (at the end)"),
    line("close", (pygame.K_ESCAPE,), "Esc", "返回", "Back"),
)
REVIEW = (
    line("move", (pygame.K_UP, pygame.K_DOWN), "↑ ↓", "选一个决定", "Choose a decision"),
    line("page", (pygame.K_PAGEUP, pygame.K_PAGEDOWN), ("PgUp / PgDn", "PgUp / PgDn"), "翻一页", "A page"),
    line("open", ENTER, ("回车", "Enter"), "在牌桌上看这一步", "See the moment at the table"),
    line("seat", (pygame.K_TAB,), "Tab", "下一位玩家（同屏）", "The next person (shared screen)"),
    line("close", (pygame.K_ESCAPE,), "Esc", "返回；中断复盘", "Back; stop the review"),
)
CAREER = (line("close", (pygame.K_ESCAPE, *ENTER, pygame.K_BACKSPACE), ("Esc / 回车", "Esc / Enter"), "返回", "Back"),)
