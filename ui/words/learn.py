"""The guide's, the lessons' and the first-run offer's words, in Chinese and English (merged into ui.words.strings)."""

from __future__ import annotations

LEARN_STRINGS: dict[str, tuple[str, str]] = {
    "menu_learn": ("玩法与教学", "Learn to play"),
    "guide_title": ("玩法", "How to play"),
    "guide_prev": ("上一页", "Previous"),
    "guide_next": ("下一页", "Next"),
    "guide_ruleset": ("规则：{name}", "Rules: {name}"),
    "guide_lessons": ("教学", "Lessons"),
    "guide_key": ("F1 玩法", "F1 guide"),
    "lessons_title": ("教学：跟着教练打几手", "Lessons: play a few hands with a coach"),
    "lesson_done": ("已完成", "done"),
    "lesson_start": ("开始", "Start"),
    "lesson_title": ("第{n}课 · {title}", "Lesson {n} · {title}"),
    "lesson_goal": ("目标：{goal}", "Goal: {goal}"),
    "lesson_coach": ("教练", "Coach"),
    "lesson_advice": ("教练建议：{text}", "Coach: {text}"),
    "lesson_do_it": ("照教练的做", "Do as advised"),
    "lesson_undo": ("悔一步", "Take back"),
    "lesson_restart": ("重来", "Restart"),
    "lesson_next": ("下一课", "Next lesson"),
    "lesson_list": ("课程表", "All lessons"),
    "lesson_your_hand": ("你的牌（点一张打出）", "Your hand (click a tile to discard)"),
    "lesson_your_hand_two": (
        "你的牌（点一张选中，再点一下打出，或拖到上方）",
        "Your hand (click a tile to raise it, click again or drag it up to discard)",
    ),
    "lesson_melds": ("你的碰杠", "Your melds"),
    "lesson_discards": ("{seat}打出", "{seat} discarded"),
    "lesson_wall": ("牌墙剩{n}张", "{n} tiles left in the wall"),
    "lesson_dice_dealer": (
        "定庄：{a}+{b}={n}，从掷骰的人数{n}家",
        "Dealer: {a}+{b}={n}, count {n} seats from the roller",
    ),
    "lesson_dice_break": (
        "开牌：{a}+{b}={n}定哪一边，跳过{low}墩",
        "Break: {a}+{b}={n} picks the side, skip {low} stacks",
    ),
    "lesson_settlement": ("结算，一行一行看", "The settlement, line by line"),
    "lesson_passed": ("这一课完成了！", "Lesson complete!"),
    "lesson_not_passed": (
        "这一手没有按课程结束，可以重来或悔一步。",
        "The hand did not end as the lesson intends: restart or take back.",
    ),
    "lesson_nets": ("本手输赢：{nets}", "This hand: {nets}"),
    "lesson_declare": ("报听打出", "Declare and discard"),
    "first_title": ("第一次玩贵阳捉鸡麻将？", "New to Guiyang Zhuoji mahjong?"),
    "first_body": (
        "这里有图解玩法，也有跟着教练打的教学手。随时可以在主菜单的“玩法与教学”里找到。",
        "There is an illustrated guide and a few hands to play with a coach. Both are always in the main menu under "
        "Learn to play.",
    ),
    "first_guide": ("看玩法", "Read the guide"),
    "first_lesson": ("第一课", "First lesson"),
    "first_skip": ("跳过", "Skip"),
    "settle_flip_value": ("每张{fan}番", "{fan} fan each"),
    "settle_explain_key": ("E 鸡的明细 · 指向一行看规则", "E: every chicken · point at a line for its rule"),
    "settle_explain_title": ("每只鸡：算不算，为什么（E 关闭）", "Every chicken: counted or not, and why (E to close)"),
    "settle_no_chickens": ("这手牌没有人有鸡。", "Nobody holds a chicken this hand."),
    "st_lessons": ("教学", "Lessons"),
    "st_lessons_value": ("{done}/{total}课", "{done} of {total}"),
}
