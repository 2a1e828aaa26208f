"""The guide's pages on scoring: winning patterns, who pays what, ready and 报听, the draw, and the dealer."""

from __future__ import annotations

from game.core.melds import Meld
from game.core.ruleset import PATTERN_NAMES
from game.core.tiles import parse_tile
from game.learn.explain_words import others_words
from game.learn.guide_page import PageWriter


def patterns_page(w: PageWriter) -> None:
    """The winning patterns, their fan, and the first-turn wins."""
    values = w.rules.pattern_values()
    w.say(
        "胡牌：{const.melds_in_hand}组（刻子、杠或顺子）加一对，或{const.pairs}个对子。牌型取最高的一种，不相加。",
        "A winning hand is {const.melds_in_hand} sets (pungs, kongs or runs) and a pair, or {const.pairs} pairs. "
        "Only the highest pattern counts; they do not add up.",
    )
    zh_parts = [f"{PATTERN_NAMES[p][0]} {{patterns.{p}}}" for p in values]
    en_parts = [f"{PATTERN_NAMES[p][1]} {{patterns.{p}}}" for p in values]
    w.say("番数：" + "，".join(zh_parts) + "。", "Fan: " + ", ".join(en_parts) + ".")
    w.example("123m456m789p234s55s", "5s", "pinghu")
    w.example("222m555p777s11p", "1p", "dadui", (Meld(parse_tile("9s"), None, 1),))
    w.example("1155m2299p3377s44s", "4s", "qidui")
    w.example("123456789s111s22s", "2s", "qingyise")
    w.example(
        "55s",
        "5s",
        "dadiaoche",
        (
            Meld(parse_tile("2m"), None, 1),
            Meld(parse_tile("7p"), None, 2),
            Meld(parse_tile("9s"), None, 3),
            Meld(parse_tile("4m"), None, 1),
        ),
    )
    b = w.rules.bonuses
    only_zh = "，只算自摸" if b.first_turn_self_draw_only else ""
    only_en = "; self-drawn only" if b.first_turn_self_draw_only else ""
    if b.first_turn == "replace" and (b.heavenly or b.earthly):
        w.say(
            "天胡（庄家起手就胡）{bonuses.heavenly}番，地胡（闲家第一次摸牌就胡）{bonuses.earthly}番，"
            f"取代牌型番数：和牌型比，取大的一个{only_zh}。",
            "天胡 (the dealer wins on the deal) {bonuses.heavenly} fan and 地胡 (another seat wins on its first "
            "draw) {bonuses.earthly} fan replace the pattern value: the higher of the two counts" + only_en + ".",
        )
    elif b.heavenly and b.earthly:
        w.say(
            "天胡（庄家起手就胡）另加{bonuses.heavenly}番，地胡（闲家第一次摸牌就胡）另加{bonuses.earthly}番"
            f"{only_zh}。",
            "天胡 (the dealer wins on the deal) adds {bonuses.heavenly} fan, 地胡 (another seat wins on its first "
            "draw) {bonuses.earthly}" + only_en + ".",
        )


def ready_page(w: PageWriter) -> None:
    """Ready hands, 报听 and 杀报."""
    r = w.rules
    w.say(
        "叫牌（听牌）：再来一张就胡。",
        "Ready (叫牌): one tile away from a winning hand.",
    )
    if not r.play.declare_ready:
        w.say("本规则没有报听。", "This ruleset has no declared ready (报听).")
        return
    w.say(
        "报听：庄家在起手、闲家在第一次摸牌后，若已叫牌可以报听。报听后牌就锁了：不能碰杠，摸什么打什么。",
        "报听 (declare ready): the dealer right after the deal, or another seat after its first draw, may "
        "declare if ready. The hand is then locked: no pung or kong, each drawn tile is discarded unless it wins.",
    )
    b = r.bonuses
    if b.declared_win == "at_least" and b.declared_win_value_dealer is not None:
        w.say(
            "报听的番数看座位：庄家报听{bonuses.declared_win_value_dealer}番，闲家在第一次出牌时报听（天听）"
            "{bonuses.declared_win_value}番；报听胡牌取这个数和牌型中大的一个。",
            "What 报听 is worth depends on the seat: the dealer's 报听 {bonuses.declared_win_value_dealer} fan, "
            "another seat's declared on its first discard (天听) {bonuses.declared_win_value}; a declared win "
            "takes the higher of that and the pattern.",
        )
    elif b.declared_win == "at_least":
        w.say(
            "报听胡牌至少算{bonuses.declared_win_value}番。",
            "A declared win counts at least {bonuses.declared_win_value} fan.",
        )
    elif b.declared_win == "add":
        w.say("报听胡牌另加{bonuses.declared_win_value}番。", "A declared win adds {bonuses.declared_win_value} fan.")
    if b.kill_declared:
        w.say(
            "杀报：胡了报听者打出的牌，报听者另付{bonuses.kill_declared}番。",
            "杀报: whoever wins off a declared seat's discard collects {bonuses.kill_declared} fan more from it.",
        )
    w.row("234m567p789s111s5m", "叫牌：等五万", "Ready: waiting on 5m", gaps=(3, 6, 9, 12))


def draw_page(w: PageWriter) -> None:
    """The draw (黄庄) and 查叫."""
    r = w.rules
    w.say(
        "黄庄：牌摸完了没人胡。豆不算"
        + ("，鸡也不算。" if not r.chickens.draw_payment else "；没叫牌的人赔叫牌的人鸡分。"),
        "A draw (黄庄): the wall runs out with no winner. Kongs pay nothing"
        + (
            ", nor do chickens."
            if not r.chickens.draw_payment
            else "; seats not ready pay the ready ones their chickens."
        ),
    )
    if r.draw.chajiao and r.play.ready_own_four:
        w.say(
            "等的牌四张都在自己手里（或碰杠里），也算叫牌。",
            "A seat counts as ready even when all four copies of the tile it waits on are its own.",
        )
    if r.draw.chajiao:
        w.say(
            "查叫：每家亮牌。没叫牌的人赔每个叫牌的人，按那人能胡的最大牌型算。都叫牌或都没叫，不赔。",
            "查叫: every hand is shown. Each seat that is not ready pays each ready seat the best pattern that "
            "seat was waiting on. All ready, or nobody ready: nothing is paid.",
        )
        w.ready_row(
            "222m555p888s11s44s",
            "dadui",
            "叫一条或四条的大对子：查叫收{patterns.dadui}番",
            "Ready for all pungs on 1s or 4s: 查叫 collects {patterns.dadui} fan",
        )
    else:
        w.say("本规则黄庄不查叫。", "This ruleset does not settle ready hands on a draw.")


def dealer_page(w: PageWriter) -> None:
    """Who deals next, and what the dealer's seat and streak add."""
    r = w.rules
    d = r.dealer
    w.say(
        "胡牌的人下一局坐庄；庄家胡了就连庄。",
        "The winner deals the next hand; a dealer who wins keeps the deal (连庄).",
    )
    two = "点炮的人" if d.two_winners == "discarder" else "从庄家数起第一个胡牌的人"
    two_en = "the discarder" if d.two_winners == "discarder" else "the first winner counted from the dealer"
    three = "点炮的人" if d.three_winners == "discarder" else "从庄家数起第一个胡牌的人"
    three_en = "the discarder" if d.three_winners == "discarder" else "the first winner counted from the dealer"
    w.say(
        f"一炮双响：{two}坐庄；一炮三响：{three}坐庄。",
        f"Two winners on one discard: {two_en} deals; three: {three_en}.",
    )
    if d.draw == "keep":
        w.say("黄庄：庄家继续坐庄。", "A draw: the dealer keeps the deal.")
    else:
        w.say(
            "黄庄：庄家叫牌就连庄，否则下一个叫牌的人坐庄；三家叫牌一家没叫，没叫的坐庄。",
            "A draw: a ready dealer keeps it, else the next ready seat deals; three ready and one not, that one deals.",
        )
    b = r.bonuses
    if b.dealer:
        w.say(
            "庄家的输赢多{bonuses.dealer}番。",
            "Every win between the dealer and another seat carries {bonuses.dealer} fan more.",
        )
    if b.streak:
        w.say(
            "连庄：庄家每连一局，输赢再多{bonuses.streak}番。",
            "连庄: for each hand the dealer has kept, a win between the dealer and another seat carries "
            "{bonuses.streak} fan more.",
        )


def payments_page(w: PageWriter) -> None:
    """Who pays for a win, and the extras: self-draw, a kong's replacement, hot discards, robbing."""
    b = w.rules.bonuses
    oz, oe = others_words(w.rules.players)  # docs/rules.md §15.2: the other seats of the table
    each_zh, each_en = (f"{oz}付", oe) if w.rules.players == 2 else (f"其他{oz}各付", f"each of {oe}")
    w.say(
        f"自摸：{each_zh}；点炮：打出那张牌的人一家付。底分：每番{{base}}分。",
        f"Self-drawn: {each_en} pays; off a discard: the discarder alone pays. Base (底分): one fan is worth {{base}}.",
    )
    if b.self_draw:
        w.say("自摸另加{bonuses.self_draw}番。", "A self-drawn win adds {bonuses.self_draw} fan.")
    if b.after_kong:
        w.say(
            "杠上开花：杠后补的牌自摸，另加{bonuses.after_kong}番"
            + ("，也算自摸。" if b.after_kong_is_self_draw and b.self_draw else "。"),
            "A win on a kong's replacement tile adds {bonuses.after_kong} fan"
            + (" and counts as self-drawn." if b.after_kong_is_self_draw and b.self_draw else "."),
        )
    if b.hot == "add" and b.hot_value:
        w.say(
            "热炮：刚杠完就打出别人胡的牌，那个豆不算，另付{bonuses.hot_value}番。",
            "Hot discard: dealing in right after your own kong voids that kong and costs {bonuses.hot_value} fan more.",
        )
    elif b.hot == "multiply":
        w.say(
            "热炮：刚杠完就打出别人胡的牌，打牌的人一家付牌型的{bonuses.hot_value}倍，刚杠的那个豆不算。",
            "Hot discard: dealing in right after your own kong, you alone pay {bonuses.hot_value} times the pattern, "
            "and that new kong is void.",
        )
    elif b.hot == "kong_worth":
        w.say(
            "热炮：刚杠完就点炮，赔那个豆的分。",
            "Hot discard: dealing in right after a kong pays what that kong was worth.",
        )
    if w.rules.play.rob_kong:
        if b.rob_kong_multiplier:
            pays_zh = "，被抢的人一家付牌型的{bonuses.rob_kong_multiplier}倍"
            pays_en = "; the robbed seat alone pays {bonuses.rob_kong_multiplier} times the pattern"
        elif b.rob_kong_pays_all:
            oz, oe = others_words(w.rules.players)
            pays_zh, pays_en = f"，被抢的人包{oz}", f"; that seat pays for {oe}"
        else:
            pays_zh, pays_en = "，被抢的人付", "; the robbed seat pays"
        w.say(
            "抢杠：别人补杠的那张正好是你要的，可以抢来胡" + pays_zh + "。",
            "Robbing a kong: if the tile another seat adds to its pung wins for you, take it" + pays_en + ".",
        )
    if b.follow_dealer:
        w.say(
            "开局跟：庄家打的第一张牌，其他三家接着都打同一张，庄家付每家{bonuses.follow_dealer}番。",
            "开局跟 (following the dealer): when the dealer's first discard is followed by the same tile from all "
            "three others, the dealer pays each of them {bonuses.follow_dealer}.",
        )
