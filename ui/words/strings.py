"""Every string the client shows, in Chinese (the default) and English.

`tr(key, **fields)` picks the current language and fills `{fields}`. Keeping all text here lets
the glyph test (tests/test_fonts.py) check the shipped font covers it; ledger labels and rule
names come from game/ in both languages already.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from game.core.ruleset import PATTERN_NAMES, seat_place, seat_wind
from game.core.table_words import Words, table_words
from game.core.tiles import format_tile, tile_name_zh

LANGUAGES = ("zh", "en")

STRINGS: dict[str, tuple[str, str]] = {
    # The table
    "title": ("贵阳捉鸡麻将", "Guiyang Zhuoji Mahjong"),
    "hand_no": ("第{n}局", "Hand {n}"),
    "dealer_badge": ("庄", "D"),
    "streak": ("连{n}", "x{n}"),
    "declared_badge": ("听", "R"),
    "dingque_badge": ("缺{suit}", "no {suit}"),  # 定缺: the suit a seat named (docs/rules.md §15.3)
    "thinking_badge": ("思", "..."),
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
        "? 全部按键 · H 提示 · T 托管 · 空格 跳过 · S 速度 · L 语言 · F11 全屏",
        "? all keys · H hint · T auto-play · Space skip · S speed · L lang · F11 full",
    ),
    "keys_help_practice": (
        "? 全部按键 · Z 悔牌 · H 提示 · T 托管 · 空格 跳过 · F11 全屏",
        "? all keys · Z take back · H hint · T auto-play · Space skip · F11 full",
    ),
    "autoplay_on": ("观战：{count}家电脑对局", "Watching {count} AI players"),
    "watching_seatless": ("观战：你没有座位", "Watching: you hold no seat"),
    "keys_help_watching": ("? 全部按键 · 空格 跳过 · L 语言 · F11 全屏", "? all keys · Space skip · L lang · F11 full"),
    "keys_help_replay": ("? 全部按键 · F11 全屏", "? all keys · F11 full"),  # the replay's own keys are beside it
    "keys_help_close": ("? 或 Esc 关闭", "? or Esc closes"),
    "loading": ("洗牌中…", "Shuffling…"),
    "loading_table": ("摆桌中…", "Setting the table…"),
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
    "btn_win": ("胡", "Win"),
    "btn_self_draw": ("自摸", "Win"),
    "btn_pass": ("过", "Pass"),
    "btn_dingque": ("缺{suit}", "{suit}"),
    "btn_ready": ("报听", "Ready"),
    "btn_ready_cancel": ("取消报听", "Cancel ready"),
    "btn_cancel": ("取消", "Cancel"),
    "btn_takeback": ("悔牌", "Take back"),
    "btn_tuoguan": ("托管", "Auto-play"),
    "btn_tuoguan_off": ("取消托管", "Stop auto-play"),
    "btn_tuoguan_back": ("取消托管·{who}", "Stop auto-play: {who}"),
    "btn_tuoguan_which": ("取消托管…", "Stop auto-play…"),
    "tuoguan_which": ("取消哪个座位的托管？", "Stop auto-play for which seat?"),
    # Banners and phases
    "banner_hand": ("第{n}局", "Hand {n}"),
    "banner_first_dealer": ("{seat}掷骰定庄", "{seat} rolls for the dealer"),
    "banner_dealer": ("{seat}坐庄", "{seat} deals"),
    "banner_break": ("{seat}掷骰开牌", "{seat} rolls to break the wall"),
    "banner_shuffle": ("洗牌 · 砌牌", "Shuffling and building the wall"),
    "banner_break_at": (
        "{total}点：{wall}家牌墙，右数第{n}墩开牌",
        "{total}: the {wall} wall opens at stack {n} from the right",
    ),
    "banner_break_at_nodice": ("{wall}家牌墙，右数第{n}墩开牌", "The {wall} wall opens at stack {n} from the right"),
    "banner_draw": ("黄庄", "Draw: the wall is empty"),
    "banner_chicken": ("鸡：{tile}", "Chicken: {tile}"),
    "your_turn": ("轮到你出牌", "Your turn: discard a tile"),
    "your_dingque": ("定缺：选一门不要的花色", "定缺: name a suit to be rid of"),
    "dingque_detail": (
        "手里有这门牌就不能胡；大家都选完才一起亮出",
        "No win while you hold it; shown when all have chosen",
    ),
    "your_claim": ("{seat}打出{tile}", "{seat} discarded {tile}"),
    "your_rob": ("{seat}加杠{tile}，可以抢杠", "{seat} adds {tile} to a pung: rob it?"),
    "their_added_kong": ("{seat}加杠{tile}", "{seat} adds {tile} to a pung"),
    "nothing_to_claim": ("这张牌你不能碰、杠或胡：点“过”继续", "Nothing to claim on this tile: press Pass"),
    "declared_discard": ("已报听：打出摸到的牌", "Ready: discard the tile you drew"),
    "declare_mode": ("报听：选一张打出后仍听牌的牌", "Ready: pick a discard that keeps you ready"),
    # Hints
    "hint_discard": ("提示：打{tile}", "Hint: discard {tile}"),
    "hint_action": ("提示：{action}", "Hint: {action}"),
    "hint_none": ("现在没有提示", "No hint now"),
    "hint_deep_wait": (
        "专家计算中……（再按 H 得到的提示）",
        "The expert is working it out (the deeper hint of a second H)",
    ),
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
    "chickens_of": ("{seat}的鸡", "{seat}'s"),
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
        "包牌：放弃这次胡牌后，若在你下次摸牌前吃胡，要按胡牌番数付给{others}。",
        "If you pass this win and then win off another discard before your next draw, "
        "you pay {others} your hand's value (包牌).",
    ),
    "warn_baopai_win": (
        "包牌：你刚放弃过胡牌，现在吃胡要按胡牌番数付给{others}。",
        "You passed a win before: winning on this discard makes you pay {others} your hand's value (包牌).",
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
    "end_next": ("空格或点击：下一局 · Esc：离开", "Space or click: next hand · Esc: leave"),
    "end_next_esc": ("空格、点击或Esc：下一局", "Space, click or Esc: next hand"),
    "fault_title": ("出了点问题", "Something went wrong"),
    "fault_body": (
        "这个画面出错，已经关掉（{error}）。正在打的牌局每一步都已保存：主菜单的“继续对局”可以接着打。"
        "出错的经过记在 {where}",
        "This screen ran into an error and was closed ({error}). A match in play is saved at every move: "
        "Continue on the main menu picks it up. The details are in {where}",
    ),
    "fault_no_report": ("（日志文件写不进去）", "(the log file could not be written)"),
    "settle_tuoguan_off": ("托管中 · T：取消托管", "Auto-play is on · T: stop it"),
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
    # Settlement screen and match summary
    "settle_chickens": ("鸡", "Chickens"),
    "settle_no_flip": ("牌墙已空，不翻鸡", "Wall empty: no tile turned"),
    "settle_total": ("总分 {total} · 第{place}名", "Total {total} · #{place}"),
    "settle_if": ("假如", "if"),
    "settle_played": ("本局规则：{rules}", "Played under: {rules}"),
    "settle_what_if": ("假如按：{rules}", "What if: {rules}"),
    "settle_switch_help": ("← → 换一套规则看这手牌怎么算", "← → see this hand under another ruleset"),
    "settle_same_win": (
        "这手牌在此规则下同样能胡；总分不变",
        "This win stands under these rules too; totals unchanged",
    ),
    "settle_draw_pays": (
        "黄庄在此规则下：{nets}；总分不变",
        "This draw under these rules: {nets}; totals unchanged",
    ),
    "settle_draw_free": (
        "黄庄在此规则下谁也不付；总分不变",
        "Under these rules nobody pays for this draw; totals unchanged",
    ),
    "whatif_needs_pass": (
        "此规则下{seat}的{pattern}吃胡要通行证（豆），这手牌不能胡；账单照算",
        "Under these rules {seat}'s {pattern} needs a kong (pass) to win off a discard: not a legal win; shown anyway",
    ),
    "whatif_no_pattern": (
        "此规则下{seat}的牌不成牌型；账单照算",
        "Under these rules {seat}'s hand scores no pattern; shown anyway",
    ),
    "whatif_one_winner": ("此规则下一炮只许一家胡", "These rules allow one winner per discard"),
    "whatif_no_rob": ("此规则下不能抢杠", "These rules do not allow robbing a kong"),
    "whatif_error": ("此规则下无法结算：{error}", "Cannot settle under these rules: {error}"),
    "summary_title": ("本场结束", "Match over"),
    "summary_hands": ("共{n}局", "{n} hands"),
    "summary_hands_one": ("共1局", "1 hand"),
    "summary_place": ("第{n}名", "#{n}"),
    "summary_champion": ("{seat}夺冠", "{seat} wins the match"),
    "summary_wins": ("胡牌", "Wins"),
    "summary_self_draws": ("自摸", "Self-drawn"),
    "summary_dealt_in": ("点炮", "Dealt in"),
    "summary_chickens": ("鸡分", "Chickens"),
    "summary_best": ("最大一局", "Best hand"),
    "summary_score": ("总分", "Score"),
    "summary_chart": ("走势", "Running totals"),
    "summary_close": ("点击返回", "Click to go back"),
    # Several people at one screen, save and resume, replays, practice take-back
    "privacy_call": ("请{wind}家操作", "{wind} to play"),
    "privacy_only": ("只有{wind}家可以看", "Only {wind} should look"),
    "privacy_click": ("点击或按回车显示手牌", "Click or press Enter to show the hand"),
    "save_bad_title": ("存档无法继续", "The saved game cannot be resumed"),
    "save_bad": ("{reason}。存档已另存为 {kept}。", "{reason}. The save was kept aside as {kept}."),
    "btn_ok": ("好", "OK"),
    "replay_title": ("牌局回放", "Replays"),
    "replay_none": ("还没有打完的牌局", "No finished hands yet"),
    "replay_bad_title": ("无法回放", "Cannot replay this hand"),
    "replay_hand": ("第{n}局", "hand {n}"),
    "replay_won": ("{who}胡", "{who} won"),
    "replay_drawn": ("黄庄", "drawn"),
    "replay_practice": ("练习", "practice"),
    "replay_mine": ("你坐{seats}", "you sat {seats}"),
    "replay_delete": ("删除", "Delete"),
    "replay_delete_ask": (
        "删除这场对局（{when}）的回放？其中 {n} 局全部删除，无法恢复。",
        "Delete the replay of this match ({when})? All {n} of its hands go, for good.",
    ),
    "replay_delete_failed": ("无法删除", "Cannot delete"),
    "replay_forward": ("前进 →", "Forward →"),
    "replay_back": ("← 后退", "← Back"),
    "replay_close": ("返回", "Close"),
    "replay_step": (
        "第 {step} / {steps} 步 · P 播放/暂停 · ←→ 逐步 · S 速度 · Home/End 首尾 · ? 按键",
        "Step {step} / {steps} · P play/pause · ←→ step · S speed · Home/End · ? keys",
    ),
    "replay_play": ("播放", "Play"),
    "replay_pause": ("暂停", "Pause"),
    "replay_paused": ("（暂停）", " (paused)"),
    "takeback_done": ("已悔牌：请重新出牌", "Taken back: play again"),
    "takeback_none": ("这一局还没有可以悔的牌", "Nothing to take back in this hand"),
    # Menus, new game, settings, rules screen, statistics
    "menu_subtitle": ("{count}人麻将 · 贵阳捉鸡规则", "{count}-player mahjong, Guiyang rules"),
    "menu_solo": ("单人对战电脑", "Solo against AI"),
    "menu_local": ("本地多人", "Local multiplayer"),
    "menu_continue": ("继续对局", "Continue"),
    "menu_continue_at": ("继续对局 · {date}", "Continue · {date}"),
    "save_kind_solo": ("单人", "Solo"),
    "save_kind_local": ("本地多人", "Local"),
    "save_kind_practice": ("练习", "Practice"),
    "menu_replays": ("牌局回放", "Replays"),
    "menu_rules": ("规则", "Rules"),
    "menu_stats": ("战绩统计", "Statistics"),
    "menu_settings": ("设置", "Settings"),
    "menu_quit": ("退出", "Quit"),
    "menu_back": ("返回", "Back"),
    "menu_on": ("开", "On"),
    "menu_off": ("关", "Off"),
    "menu_keys": (
        "↑↓ 选择 · 回车 确定 · Esc 返回 · ? 按键 · F11 全屏",
        "↑↓ choose · Enter select · Esc back · ? keys · F11 full",
    ),
    "menu_no_replays": ("还没有回放", "No replays yet"),
    "menu_resume_failed": ("存档无法继续", "The saved match cannot be resumed"),
    "menu_notice_files": ("读取你的文件时发现问题（详见日志）：", "Problems reading your files (see the log):"),
    "menu_stats_reset_notice": ("统计文件损坏，已重新开始计数", "The statistics file was damaged; counting afresh"),
    "ng_title_solo": ("单人对战电脑", "Solo against AI"),
    "ng_title_local": ("本地多人", "Local multiplayer"),
    "ng_rulesets": ("规则", "Ruleset"),
    "ng_table_size": ("人数", "Table"),  # docs/rules.md §15.2: 四人, 三丁拐, 二丁拐
    "ng_size_4": ("四人", "4 players"),
    "ng_size_3": ("三丁拐", "3 players (三丁拐)"),
    "ng_size_2": ("二丁拐", "2 players (二丁拐)"),
    "ng_no_rulesets": ("这个人数还没有规则", "No ruleset for this table yet"),
    "ng_seats": ("座位与对局", "Seats and match"),
    "ng_user_file": ("自定义", "your file"),
    "ng_broken": ("无法载入", "cannot load"),
    "ng_broken_pick": ("这个规则文件无法载入，请选别的规则", "This ruleset file cannot be loaded: pick another"),
    "ng_errors": ("规则文件的错误：", "What is wrong with the file:"),
    "ng_key_values": ("要点", "Key values"),
    "ng_human": ("玩家", "Player"),
    "ng_player_n": ("玩家{n}", "Player {n}"),
    "ng_name_hint": ("你的名字", "Your name"),
    "ng_practice": ("练习（可悔牌）", "Practice (take-backs)"),
    "ng_easy": ("简单", "Easy"),
    "ng_normal": ("普通", "Normal"),
    "ng_hard": ("困难", "Hard"),
    "ng_master": ("大师", "Master"),
    "ng_expert": ("专家", "Expert"),
    "ng_overwrite": (
        "开始新对局会覆盖已保存、可以继续的对局：{rules}，第{hand}局，比分 {scores}。",
        "A new match replaces the saved one you can continue: {rules}, hand {hand}, scores {scores}.",
    ),
    "ng_overwrite_yes": ("覆盖并开始", "Replace it"),
    "ng_need_human": ("至少要有一个座位由玩家来打", "At least one seat must be a player"),
    "ng_length": ("对局长度", "Length"),
    "ng_len_hands": ("局数", "Hands"),
    "ng_len_rounds": ("圈数", "Rounds"),
    "ng_len_score": ("分数", "Score"),
    "ng_len_endless": ("不限", "Endless"),
    "ng_n_hands": ("打{n}局", "{n} hands"),
    "ng_n_rounds": ("打{n}圈（庄换四次为一圈）", "{n} rounds (4 changes of dealer each)"),
    "ng_n_score": ("有人输赢达到{n}分", "until someone is ±{n}"),
    "ng_n_endless": ("一直打下去", "play on"),
    "ng_seed": ("种子", "Seed"),
    "ng_seed_random": ("随机", "random"),
    "ng_seed_new": ("换一个", "New"),
    "ng_seed_note": ("同一规则、同一种子，发出的牌完全相同，可重打或核对", "Same ruleset and seed deal the same tiles"),
    "ng_start": ("开始", "Start"),
    "ng_seat_wind": ("{wind}家", "{wind} seat"),
    "set_language": ("语言", "Language"),
    "set_speed": ("动画速度", "Animation speed"),
    "set_volume": ("音效音量", "Effects volume"),
    "set_mute": ("音效静音", "Mute effects"),
    "set_music_volume": ("音乐音量", "Music volume"),
    "set_music_mute": ("音乐静音", "Mute music"),
    "set_fullscreen": ("全屏", "Full screen"),
    "set_claim_timer": ("碰杠胡限时", "Claim timer"),
    "set_timer_off": ("不限", "Off"),
    "set_seconds": ("{n}秒", "{n} s"),
    "set_hints": ("提示（H键）", "Hints (H key)"),
    "set_auto_pass": ("无可选择时自动出牌/过", "Auto-play forced moves"),
    "set_think": ("专家思考时间", "Expert think time"),
    "set_discard": ("出牌方式", "Discard with"),
    "set_discard_two": ("点两下（先选中）", "Two clicks (raise first)"),
    "set_discard_one": ("点一下", "One click"),
    "cue_click_again": ("再点一下打出", "Click again to discard"),
    "cue_click": ("点击打出", "Click to discard"),
    "set_think_seconds": ("{n}秒", "{n} s"),
    "set_page": ("设置", "Settings"),
    "set_page_play": ("游戏", "Play"),
    "set_page_sound": ("声音", "Sound"),
    "set_page_look": ("外观", "Look"),
    "set_tile_size": ("牌的大小", "Tile size"),
    "set_tile_normal": ("标准", "Normal"),
    "set_tile_large": ("大", "Large"),
    "set_tile_largest": ("特大", "Largest"),
    "set_contrast": ("高对比度", "High contrast"),
    "set_tile_face": ("牌面", "Tile faces"),
    "set_face_classic": ("传统", "Classic"),
    "set_face_plain": ("大字", "Large numerals"),
    "set_speech": ("语音播报", "Read aloud"),
    "set_speech_calls": ("碰杠胡用语音代替音效", "Speak calls instead of tones"),
    "set_saved_in": ("设置文件：{path}", "Settings file: {path}"),
    "set_save_failed": ("设置无法保存（详见日志）", "The settings could not be saved (see the log)"),
    "rules_none": ("没有可用的规则", "No ruleset loads"),
    "rules_keys": ("滚轮/↑↓ 翻看 · ←→ 换规则 · Esc 返回", "Wheel/↑↓ scroll · ←→ ruleset · Esc back"),
    "st_hands": ("局数", "Hands"),
    "st_wins": ("胡牌", "Wins"),
    "st_win_rate": ("胡牌率", "Win rate"),
    "st_self_draws": ("自摸", "Self-drawn"),
    "st_deal_ins": ("点炮", "Dealt in"),
    "st_draws": ("黄庄", "Draws"),
    "st_avg_win": ("平均每胡得分", "Average win"),
    "st_best_win": ("最大一胡", "Best win"),
    "st_net": ("累计得分", "Total points"),
    "st_chickens": ("收鸡张数", "Chickens collected"),
    "st_chicken_points": ("鸡分", "Chicken points"),
    "st_matches": ("打完的比赛", "Matches finished"),
    "st_reset": ("清零", "Reset"),
    "st_reset_confirm": ("清除全部战绩？清除后无法恢复。", "Clear every statistic? This cannot be undone."),
    "st_empty": ("还没有打完的牌局：打完一局后这里显示你的战绩", "No hands yet: your totals show here after one"),
    "st_solo_note": ("只统计单人对战电脑的牌局", "Only solo games against the AI count"),
    "st_practice": ("练习{n}局（不计入统计）", "{n} practice hands (not counted)"),
    "st_practice_one": ("练习1局（不计入统计）", "1 practice hand (not counted)"),
    "me_title": ("比赛结束", "Match over"),
    "me_hands": ("共打了{n}局", "{n} hands played"),
    "me_hands_one": ("共打了1局", "1 hand played"),
    "me_rank": ("第{n}名", "#{n}"),
    "me_again": ("再来一场", "Play again"),
    "me_menu": ("主菜单", "Main menu"),
    "hints_off": ("提示已关闭（可在设置中打开）", "Hints are off (turn them on in Settings)"),
    "claim_timer_left": ("{n}秒后自动过", "Passing in {n} s"),
    "leave_confirm": (
        "回到主菜单？这场比赛会保存，可以之后继续。",
        "Back to the main menu? The match is saved to continue later.",
    ),
    "leave_confirm_unsaved": (
        "回到主菜单？这场比赛没能保存（{reason}），之后继续时会从最后一次存下的存档开始。",
        "Back to the main menu? The match could not be saved ({reason}); continuing later starts from the last "
        "save that worked.",
    ),
    "save_failed_title": ("无法保存", "Cannot save"),
    "save_failed": (
        "比赛没能存下存档或回放（{reason}）。可以继续打，最后一次存下的存档还在。",
        "The match cannot be written to its save or replay ({reason}). Play goes on, and the last save that worked "
        "is kept.",
    ),
    "leave_yes": ("回主菜单", "Main menu"),
    "replay_calculator": ("算分器", "Calculator"),
}

# The winds' words, by wind (game/core/ruleset.py's seat_wind gives a seat's wind at each table size).
WINDS: tuple[tuple[str, str], ...] = (("东", "E"), ("南", "S"), ("西", "W"), ("北", "N"))
# The seats by their winds, as one who holds no seat calls them.
WIND_SEATS: tuple[tuple[str, str], ...] = (("东家", "East"), ("南家", "South"), ("西家", "West"), ("北家", "North"))

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


def counted(table: Container[str], key: str, n: int) -> str:
    """The key in `table` of the string `key` said of `n` things: its `_one` form for one, where it has one."""
    one = f"{key}_one"
    return one if n == 1 and one in table else key


def tr_count(key: str, n: int, **fields: object) -> str:
    """The string `key` said of `n` things: its `_one` form for one ("1 hand"), where it has one."""
    return tr(counted(STRINGS, key, n), n=n, **fields)


def practice_hands(n: int) -> str:
    """How many practice hands (with a move taken back) the statistics keep apart; "" when there are none."""
    return tr_count("st_practice", n) if n > 0 else ""


def table_word(players: int, phrase: str) -> str:
    """A phrase of game.core.table_words at a table of `players` in the current language: "count" (四 / four),
    "others" (其他三家 / the other three), "every" (四家 / all four)."""
    words: Words = getattr(table_words(players), phrase)
    return words.pick(_language)


def suit_short(suit: int) -> str:
    """A suit in a word: 万 筒 条 (Char., Dots, Bam.)."""
    return ("万", "筒", "条")[suit] if _language == "zh" else ("Char.", "Dots", "Bam.")[suit]


def wind(seat: int, players: int) -> str:
    """The seat's wind at a table of `players`: 东 南 西 北 (E S W N); 东 西 at two (docs/rules.md §15.2)."""
    zh, en = WINDS[seat_wind(players, seat)]
    return zh if _language == "zh" else en


def wind_seat(seat: int, players: int) -> str:
    """A seat by its wind: 东家 南家 西家 北家 (East, South, West, North), at a table of `players`."""
    zh, en = WIND_SEATS[seat_wind(players, seat)]
    return zh if _language == "zh" else en


def place_name(place: int) -> str:
    """A place at the table as its player calls it: 你, 下家, 对家, 上家 (0 himself, 1 on his right, 2 across, 3 on
    his left)."""
    return tr(("you", "seat_right", "seat_across", "seat_left")[place])


def seat_name(seat: int, viewer: int, players: int) -> str:
    """How the viewer calls a seat: 你, 下家, 对家, 上家 (at three no one is 对家, at two the other is)."""
    return place_name(seat_place(players, seat, viewer))


def seat_label(seat: int, viewer: int, players: int) -> str:
    """Wind and relation: 东·你, 南·下家."""
    w, name = wind(seat, players), seat_name(seat, viewer, players)
    return f"{w}·{name}" if _language == "zh" else f"{w} {name}"


def names(items: Iterable[str]) -> str:
    """A list of names as the language writes one: 东、南 in Chinese, "E, S" in English."""
    return ("、" if _language == "zh" else ", ").join(items)


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


# The calculator's, the guide's, the lessons' and the review's words live in files of their own; one table for `tr`.
from ui.words.calculator import CALC_STRINGS  # noqa: E402
from ui.words.learn import LEARN_STRINGS  # noqa: E402
from ui.words.review import REVIEW_STRINGS  # noqa: E402

STRINGS.update(CALC_STRINGS)
STRINGS.update(LEARN_STRINGS)
STRINGS.update(REVIEW_STRINGS)
