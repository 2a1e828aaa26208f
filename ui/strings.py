"""Every string the client shows, in Chinese (the default) and English.

`tr(key, **fields)` picks the current language and fills `{fields}`. Keeping all text here lets
the glyph test (tests/test_fonts.py) check the shipped font covers it; ledger labels and rule
names come from game/ in both languages already.
"""

from __future__ import annotations

from game.ruleset import PATTERN_NAMES
from game.tiles import format_tile, tile_name_zh

LANGUAGES = ("zh", "en")

STRINGS: dict[str, tuple[str, str]] = {
    # The table
    "title": ("贵阳捉鸡麻将", "Guiyang Zhuoji Mahjong"),
    "hand_no": ("第{n}局", "Hand {n}"),
    "dealer_badge": ("庄", "D"),
    "streak": ("连{n}", "x{n}"),
    "declared_badge": ("听", "R"),
    "you": ("你", "You"),
    "seat_right": ("下家", "Right"),
    "seat_across": ("对家", "Across"),
    "seat_left": ("上家", "Left"),
    "score": ("{n}分", "{n} pts"),
    "ai_name": ("电脑", "AI"),
    "speed": ("速度：{name}", "Speed: {name}"),
    "speed_slow": ("慢", "slow"),
    "speed_normal": ("普通", "normal"),
    "speed_fast": ("快", "fast"),
    "speed_instant": ("即时", "instant"),
    "keys_help": (
        "H 提示 · 空格 跳过 · S 速度 · L 语言 · F11 全屏",
        "H hint · Space skip · S speed · L lang · F11 full",
    ),
    "autoplay_on": ("观战：四家电脑对局", "Watching four AI players"),
    "loading": ("洗牌中…", "Shuffling…"),
    # Calls
    "call_pung": ("碰", "Pung"),
    "call_kong": ("杠", "Kong"),
    "call_win": ("胡", "Win"),
    "call_self_draw": ("自摸", "Self-drawn"),
    "call_rob": ("抢杠", "Robbed kong"),
    "call_after_kong": ("杠上开花", "Win on kong"),
    "call_ready": ("报听", "Ready"),
    "call_pass": ("过", "Pass"),
    "call_hot": ("热炮", "Hot discard"),
    # Buttons
    "btn_pung": ("碰", "Pung"),
    "btn_kong": ("杠", "Kong"),
    "btn_kong_tile": ("杠 {tile}", "Kong {tile}"),
    "btn_win": ("胡", "Win"),
    "btn_self_draw": ("自摸", "Win"),
    "btn_pass": ("过", "Pass"),
    "btn_ready": ("报听", "Ready"),
    "btn_ready_cancel": ("取消报听", "Cancel ready"),
    "btn_cancel": ("取消", "Cancel"),
    # Banners and phases
    "banner_hand": ("第{n}局", "Hand {n}"),
    "banner_first_dealer": ("{seat}掷骰定庄", "{seat} rolls for the dealer"),
    "banner_dealer": ("{seat}坐庄", "{seat} deals"),
    "banner_break": ("{seat}掷骰开牌", "{seat} rolls to break the wall"),
    "banner_draw": ("黄庄", "Draw: the wall is empty"),
    "banner_chicken": ("鸡：{tile}", "Chicken: {tile}"),
    "your_turn": ("轮到你出牌", "Your turn: discard a tile"),
    "your_claim": ("{seat}打出{tile}", "{seat} discarded {tile}"),
    "your_rob": ("{seat}加杠{tile}，可以抢杠", "{seat} adds {tile} to a pung: rob it?"),
    "declared_discard": ("已报听：打出摸到的牌", "Ready: discard the tile you drew"),
    "declare_mode": ("报听：选一张打出后仍听牌的牌", "Ready: pick a discard that keeps you ready"),
    # Hints
    "hint_discard": ("提示：打{tile}", "Hint: discard {tile}"),
    "hint_action": ("提示：{action}", "Hint: {action}"),
    "hint_none": ("现在没有提示", "No hint now"),
    # Waits
    "waits_title": ("听牌", "Waits"),
    "waits_after": ("打{tile}听：", "Discard {tile} to wait on:"),
    "wait_left": ("余{n}", "{n} left"),
    "wait_any": ("可吃胡", "any"),
    "wait_self_only": ("只能自摸", "self-draw"),
    "waits_hint": ("选一张牌看打出后的听牌", "Select a tile to see its waits"),
    # Chickens
    "chickens_title": ("鸡", "Chickens"),
    "chickens_fixed": ("常鸡", "Fixed"),
    "chickens_charge": ("冲锋鸡", "Charging"),
    "chickens_liable": ("责任鸡", "Liable"),
    "chickens_mine": ("我的鸡", "Mine"),
    "chickens_none": ("无", "none"),
    "chickens_counts": ("听牌，计分", "ready: they count"),
    "chickens_not_counting": ("未听牌，不计", "not ready: no score"),
    "chickens_flip": ("翻鸡", "Turned"),
    "chickens_value": ("{n}番", "{n} fan"),
    "chickens_claimed": ("{claimer}碰{seat}", "{claimer} took {seat}'s"),
    # Warnings
    "warn_title": ("注意", "Careful"),
    "warn_guoshui": (
        "过水：放弃这次胡牌，在你下次摸牌之前不能再吃胡。",
        "Passing this win: you may not win off a discard until your next draw.",
    ),
    "warn_baopai_pass": (
        "包牌：放弃这次胡牌后，若在你下次摸牌前吃胡，要按胡牌番数付给其他三家。",
        "If you pass this win and then win off another discard before your next draw, "
        "you pay each other seat your hand's value (包牌).",
    ),
    "warn_baopai_win": (
        "包牌：你刚放弃过胡牌，现在吃胡要按胡牌番数付给其他三家。",
        "You passed a win before: winning on this discard makes you pay each other seat your hand's value (包牌).",
    ),
    "warn_pass_anyway": ("仍然过", "Pass anyway"),
    "warn_win_anyway": ("仍然胡", "Win anyway"),
    # End of hand
    "end_title_win": ("{seats}胡牌", "{seats} won"),
    "end_title_draw": ("黄庄", "Draw"),
    "end_net": ("本局", "This hand"),
    "end_total": ("总分", "Total"),
    "end_items": ("明细", "Details"),
    "end_no_items": ("没有输赢", "No payments"),
    "end_next": ("点击开始下一局", "Click for the next hand"),
    "end_more": ("…还有{n}项", "…{n} more"),
    "end_pays": ("{payers}→{payee}", "{payers}→{payee}"),
    "end_each": ("各{n}", "{n} each"),
    "end_next_dealer": ("下局{seat}坐庄", "{seat} deals next"),
    "how_self_draw": ("自摸", "self-drawn"),
    "how_after_kong": ("杠上开花", "on a kong"),
    "how_discard": ("{seat}点炮", "off {seat}'s discard"),
    "how_rob_kong": ("抢{seat}的杠", "robbed {seat}'s kong"),
    # Errors
    "err_illegal": ("不能这样走：{reason}", "Not allowed: {reason}"),
}

# Seat winds: seat 0 is East, then South, West, North in play order.
WINDS: tuple[tuple[str, str], ...] = (("东", "E"), ("南", "S"), ("西", "W"), ("北", "N"))

_language = "zh"


def set_language(lang: str) -> None:
    """Show text in `lang` ("zh" or "en"); ValueError naming the choices otherwise."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (choose one of {', '.join(LANGUAGES)})")
    _language = lang


def language() -> str:
    """The language text is shown in."""
    return _language


def tr(key: str, **fields: object) -> str:
    """The string `key` in the current language with `fields` filled in."""
    zh, en = STRINGS[key]
    text = zh if _language == "zh" else en
    return text.format(**fields) if fields else text


def wind(seat: int) -> str:
    """The seat's wind: 东 南 西 北 (E S W N)."""
    zh, en = WINDS[seat % 4]
    return zh if _language == "zh" else en


def seat_name(seat: int, viewer: int = 0) -> str:
    """How the viewer calls a seat: 你, 下家, 对家, 上家."""
    rel = (seat - viewer) % 4
    return tr(("you", "seat_right", "seat_across", "seat_left")[rel])


def seat_label(seat: int, viewer: int = 0) -> str:
    """Wind and relation: 东·你, 南·下家."""
    return f"{wind(seat)}·{seat_name(seat, viewer)}" if _language == "zh" else f"{wind(seat)} {seat_name(seat, viewer)}"


def tile_label(tile: int) -> str:
    """A tile's name: 五万, 幺鸡 (5m, 1s)."""
    return tile_name_zh(tile) if _language == "zh" else format_tile(tile)


def pattern_label(pid: str) -> str:
    """A pattern's name, e.g. 大对子 (all pungs)."""
    zh, en = PATTERN_NAMES.get(pid, (pid, pid))
    return zh if _language == "zh" else en


def ledger_label(label_zh: str, label_en: str) -> str:
    """A ledger item's label in the current language."""
    return label_zh if _language == "zh" else label_en
