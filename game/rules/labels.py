"""Chinese and English labels for every ruleset field, and a readable listing of a Ruleset.

Shared by `main.py rules show` and any screen that lists the rules of a variant.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from game.core.ruleset import MAX_PLAYERS, PATTERN_NAMES, Ruleset
from game.core.table_words import table_words
from game.core.tiles import format_tile

FIELD_LABELS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "title_zh": ("名称", "title (Chinese)"),
        "title_en": ("英文名称", "title (English)"),
        "seeds": ("来源", "seed tags"),
        "base": ("底分", "base stake per fan"),
        "players": ("人数", "players"),
        "suits": ("用牌", "suits in play"),
        "table": ("牌桌", "table"),
        "table.wall_stacks": ("牌墙墩数", "wall stacks per side"),
        "table.first_dealer": ("首局定庄", "first dealer"),
        "table.count_direction": ("数位方向", "counting direction"),
        "table.break_method": ("开牌方法", "wall break"),
        "play": ("打法", "play"),
        "play.declare_ready": ("报听", "declaring ready"),
        "play.pass_patterns": ("需通行证的牌型", "patterns needing a pass"),
        "play.pass_exempt_declared": ("报听免通行证", "declared seat needs no pass"),
        "play.pass_exempt_hot": ("热炮免通行证", "hot discard needs no pass"),
        "play.pass_exempt_rob_kong": ("抢杠免通行证", "robbing a kong needs no pass"),
        "play.pass_exempt_declared_discard": ("杀报免通行证", "declared seat's discard needs no pass"),
        "play.late_kong_is_pass": ("憨包豆算通行证", "late kong is a pass"),
        "play.multiple_winners": ("一炮多响", "several winners on one discard"),
        "play.rob_kong": ("抢杠", "robbing a kong"),
        "play.hot_discard_forced": ("热炮必胡", "must win on a hot discard"),
        "play.passed_win": ("漏胡", "after passing up a win"),
        "play.late_kong": ("憨包豆", "late kongs tracked"),
        "play.ready_own_four": ("自己四张的叫也算听", "ready on a wait whose four it holds"),
        "play.dingque": ("定缺", "name a suit to be rid of"),
        "play.dingque_blocks_pung": ("缺门不能碰杠", "no pung of the named suit"),
        "dealer": ("坐庄", "next dealer"),
        "dealer.two_winners": ("一炮双响", "two winners"),
        "dealer.three_winners": ("一炮三响", "three winners"),
        "dealer.draw": ("黄庄", "after a draw"),
        "patterns": ("牌型", "patterns"),
        "bonuses": ("加番", "bonuses"),
        "bonuses.self_draw": ("自摸", "self-drawn win"),
        "bonuses.after_kong": ("杠上开花", "win on a kong replacement"),
        "bonuses.after_kong_is_self_draw": ("杠开算自摸", "kong win counts as self-drawn"),
        "bonuses.rob_kong_is_self_draw": ("抢杠算自摸", "robbing a kong counts as self-drawn"),
        "bonuses.declared_win": ("报听胡", "declared-ready win"),
        "bonuses.declared_win_value": ("报听番", "declared-ready value"),
        "bonuses.kill_declared": ("杀报", "declared seat deals in"),
        "bonuses.dealer": ("庄家番", "dealer fan"),
        "bonuses.streak": ("连庄番", "fan per hand kept"),
        "bonuses.hot": ("热炮", "hot discard"),
        "bonuses.hot_value": ("热炮番/倍数", "hot discard fan (or multiple)"),
        "bonuses.rob_kong_pays_all": ("抢杠包三家", "robbed seat pays for all three"),
        "bonuses.rob_kong_burns": ("全烧", "robbed seat's chickens and kongs void"),
        "bonuses.heavenly": ("天胡", "heavenly win"),
        "bonuses.earthly": ("地胡", "earthly win"),
        "bonuses.first_turn": ("天胡地胡计法", "heavenly/earthly: add or replace"),
        "bonuses.first_turn_self_draw_only": ("天胡地胡限自摸", "heavenly/earthly win only when self-drawn"),
        "bonuses.declared_win_value_dealer": ("庄家报听番", "declared-ready value of the dealer"),
        "bonuses.rob_kong_multiplier": ("抢杠倍数", "robbed seat alone pays this multiple"),
        "bonuses.follow_dealer": ("开局跟", "dealer followed by all three pays each"),
        "kongs": ("豆", "kongs"),
        "kongs.exposed": ("点豆", "exposed kong"),
        "kongs.concealed": ("闷豆", "concealed kong"),
        "kongs.added": ("转弯豆", "added kong"),
        "kongs.late": ("憨包豆", "late kong"),
        "kongs.paid_to": ("豆分归", "kongs paid to"),
        "kongs.not_ready": ("未听牌者的豆", "kongs of a seat not ready"),
        "chickens": ("鸡", "chickens"),
        "chickens.flip": ("翻鸡", "turned chicken"),
        "chickens.flip_value": ("翻鸡番", "turned chicken value"),
        "chickens.fixed": ("常鸡", "fixed chickens"),
        "chickens.golden": ("金鸡", "golden chickens"),
        "chickens.scope": ("手上鸡/内外鸡", "tiles that count"),
        "chickens.collectors": ("收鸡", "who collects"),
        "chickens.payers": ("付鸡", "who pays"),
        "chickens.concealed_kong": ("鸡闷豆", "concealed kong of chickens"),
        "chickens.charge": ("冲锋鸡", "first discarded chicken"),
        "chickens.charge_values": ("冲锋鸡番", "first discarded chicken values"),
        "chickens.charge_multiplier": ("冲锋鸡倍数", "first discarded chicken multiplier"),
        "chickens.liability": ("责任鸡", "claimed first chicken penalty"),
        "chickens.shown_pay": ("包鸡", "unready seat pays for shown chickens"),
        "chickens.draw_payment": ("黄庄付鸡", "chickens paid on a draw"),
        "chickens.charge_single": ("每局一只冲锋鸡", "one first-discarded chicken per hand"),
        "chickens.charge_claimed": ("冲锋鸡被碰杠", "first chicken claimed"),
        "chickens.charge_not_ready": ("冲锋鸡未听牌赔", "first chicken, discarder not ready pays"),
        "chickens.charge_not_ready_golden": ("金冲锋鸡未听牌赔", "golden first chicken, discarder not ready pays"),
        "chickens.charge_stacks": ("冲锋鸡另算本身", "first chicken also counts as a chicken"),
        "chickens.charge_payers": ("冲锋鸡谁付", "who pays the first chicken"),
        "chickens.first_chicken_each": ("幺鸡乌骨鸡首张都记", "first 1s and first 8p both recorded"),
        "chickens.liability_every": ("责任鸡每只都算", "liability on every claimed copy"),
        "chickens.liability_not_ready_only": ("责任鸡限未听牌者", "liability only if discarder not ready"),
        "chickens.not_ready_discards": ("未听者打出的鸡", "not-ready seats' discarded chickens"),
        "draw": ("黄庄", "draw"),
        "draw.chajiao": ("黄庄查叫", "ready check on a draw"),
        "optional": ("选用规则", "optional rules"),
        "optional.benji": ("本鸡", "the turned tile is a chicken"),
        "optional.yaobai": ("摇摆鸡/下鸡", "chickens around the turned tile"),
        "optional.xingqi": ("星期鸡", "weekday chickens"),
        "optional.mantang": ("满堂鸡", "full-table chickens"),
        "optional.chuifeng": ("吹风鸡", "tile that voids the chickens"),
        "optional.yikouer": ("一扣二", "self-drawn plain hand bonus"),
        "optional.tongsan": ("通三", "plain hand value"),
        "optional.keep_on_draw": ("黄庄不黄鸡杠", "chickens and kongs paid on a draw"),
    }
)


# (Chinese, English) for the choice words of the docs/rules.md §14 values, for screens that show a value as words.
VALUE_LABELS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "replace": ("取代牌型", "replaces the pattern"),
        "multiply": ("倍数", "a multiple"),
        "void": ("作废", "void"),
        "pay_back": ("倒赔", "paid back"),
        "not_ready": ("未听牌者", "seats not ready"),
        "passes": ("归碰杠者", "passes to the claimer"),
        "passes_if_ready": ("归叫牌的碰杠者", "passes to a ready claimer"),
        "others": ("其他各家", "every other seat"),  # docs/rules.md §15: the same words at every table
        "chickens": ("同鸡分", "as the chickens"),
        "liability": ("责任鸡", "liability"),
    }
)


def pad(text: str, width: int) -> str:
    """`text` padded with spaces to `width` terminal columns (a Chinese character takes two)."""
    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(1, width - used)


def label(path: str, players: int = MAX_PLAYERS) -> tuple[str, str]:
    """The (Chinese, English) label of a dotted field path at a table of `players`; pattern ids use the pattern
    names."""
    if path.startswith("patterns."):
        return PATTERN_NAMES.get(path.removeprefix("patterns."), (path, path))
    if players != MAX_PLAYERS and path in _OTHER_SEATS:
        # FIELD_LABELS count the other three; a smaller table counts its own (docs/rules.md §15.4).
        others = table_words(players).others_short
        zh, en = _OTHER_SEATS[path]
        return zh.format(others=others.zh), en.format(others=others.en)
    return FIELD_LABELS.get(path, (path, path))


# The labels that count the other seats, with the words of a smaller table's (game.core.table_words) filled in.
_OTHER_SEATS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "bonuses.rob_kong_pays_all": ("抢杠包{others}", "robbed seat pays for {others}"),
        "bonuses.follow_dealer": ("开局跟", "dealer pays when followed by {others}"),
    }
)


def _show(value: object, tile_keys: bool) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        if not value:
            return "-"
        return ", ".join(f"{format_tile(k) if tile_keys else k} {_show(v, False)}" for k, v in value.items())
    if isinstance(value, tuple):
        return " ".join(str(v) for v in value) if value else "-"
    return str(value)


def ruleset_lines(rules: Ruleset) -> Iterator[tuple[str, str, str, str]]:
    """(path, label_zh, label_en, value) for every value of `rules`, in file order."""
    yield from _walk(rules, "", rules.players)


def _walk(obj: Any, prefix: str, players: int) -> Iterator[tuple[str, str, str, str]]:
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        path = f"{prefix}{f.name}"
        zh, en = label(path, players)
        if dataclasses.is_dataclass(value):
            yield path, zh, en, ""
            yield from _walk(value, f"{path}.", players)
        elif path == "patterns":
            yield path, zh, en, ""
            for pid, fan in value.items():
                pzh, pen = label(f"patterns.{pid}")
                yield f"patterns.{pid}", pzh, pen, _show(fan, False)
        elif path == "optional.chuifeng":
            yield path, zh, en, "-" if value is None else format_tile(value)
        else:
            tile_keys = isinstance(value, Mapping)
            yield path, zh, en, _show(value, tile_keys)


_SECTIONS = ("table", "play", "dealer", "patterns", "bonuses", "kongs", "chickens", "draw", "optional")


def format_ruleset(rules: Ruleset) -> str:
    """A readable listing of every value of `rules`, with Chinese and English labels."""
    out = [f"{rules.name}: {rules.title_zh} / {rules.title_en} (seeds {', '.join(rules.seeds)})"]
    for path, zh, en, value in ruleset_lines(rules):
        if path == "name":
            continue
        if not value and path in _SECTIONS:
            out.append(f"\n{zh} / {en}")
            continue
        out.append(f"{pad(f'{zh} / {en}', 56)} {value}")
    return "\n".join(out)
