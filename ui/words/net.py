"""The words of the network screens and marks, in Chinese and English (kept beside ui/words/strings.py's table)."""

from __future__ import annotations

from ui.words import strings as S

TEXT: dict[str, tuple[str, str]] = {
    "menu_lan_host": ("开房间", "Host a table"),
    "menu_lan_join": ("加入", "Join a table"),
    "host_title": ("开房间：局域网对局", "Host a table on the network"),
    "join_title": ("加入房间", "Join a table"),
    "lobby_title": ("房间", "The table"),
    "room_name": ("房间名", "Table name"),
    "room_of": ("{name}的桌", "{name}'s table"),
    "default_name": ("玩家", "Player"),
    "your_name": ("你的名字", "Your name"),
    "ruleset": ("规则", "Rules"),
    "seat_you": ("{wind}：你（房主）", "{wind}: you (host)"),
    "seat_n": ("{wind}", "{wind}"),
    "seat_person": ("玩家", "a person"),
    "seat_ai": ("电脑 {level}", "AI {level}"),
    "timer": ("出牌计时", "Turn timer"),
    "timer_off": ("不计时", "off"),
    "timer_s": ("{n} 秒", "{n} s"),
    "drop_wait": ("掉线等待", "Wait for a dropped player"),
    "chat_on": ("快捷语", "Quick phrases"),
    "open": ("开桌", "Open the table"),
    "resume": ("继续上次的房间", "Reopen the last table"),
    "start": ("开始", "Start"),
    "join": ("加入", "Join"),
    "watch": ("只观战", "Watch only"),
    "back": ("返回", "Back"),
    "leave": ("离开", "Leave"),
    "address": ("地址", "Address"),
    "code": ("房间号", "Room code"),
    "found": ("局域网上的房间", "Tables on this network"),
    "found_off": ("没有查找局域网上的房间：地址已给出", "Not looking for tables: the address is given"),
    "found_none": ("还没有找到房间；也可以直接输入地址", "No table found yet; you can type an address"),
    "found_row": ("{room} · {size} · 空位 {free}（{ruleset}）", "{room} · {size}, {free} free ({ruleset})"),
    "found_row_size": ("{room} · {size} · 空位 {free}", "{room} · {size}, {free} free"),
    # A table's size (docs/rules.md §15.2), as the join screen lists the tables it found.
    "size_4": ("四人", "4 players"),
    "size_3": ("三丁拐", "3 players"),
    "size_2": ("二丁拐", "2 players"),
    "need_name": ("请填写名字", "Type a name"),
    "need_code": ("请填写房间号", "Type the room code"),
    "bad_code": ("房间号是六个字母或数字，例如 K7M4QX", "A room code is six letters and digits, like K7M4QX"),
    "need_address": ("请填写地址，例如 192.168.1.20:7530", "Type an address, e.g. 192.168.1.20:7530"),
    "connecting": ("正在连接 {url} …", "Connecting to {url}…"),
    "refused": ("未能加入：{reason}", "Not joined: {reason}"),
    "lost": ("连接中断：{reason}", "Connection lost: {reason}"),
    "lost_title": ("连接中断", "Connection lost"),
    "lost_link": (
        "和房主的连接断了，没能重新连上。之后可以用「加入」回到你的座位。",
        "The connection to the host was lost and could not be restored. Join again later to take your seat back.",
    ),
    "host_left_title": ("房主离开了", "The host has left"),
    "host_left": (
        "房主关闭了牌桌。房主从存档重新开桌后，用「加入」就能回到你的座位。",
        "The host closed the table. When the host opens it again from the save, join again to take your seat back.",
    ),
    "leave_guest": (
        "回到主菜单？你的座位会保留，之后用「加入」可以回到座位。比赛由房主保存。",
        "Back to the main menu? Your seat is kept: join again to take it back. The host keeps the match.",
    ),
    "leave_host": (
        "回到主菜单？牌桌会关闭，其他玩家会收到通知。比赛已存档，可以在「开房间」里继续。",
        "Back to the main menu? The table closes and the others are told. The match is saved: "
        "reopen it from Host a table.",
    ),
    "port_busy": ("无法开桌：{reason}", "Cannot open the table: {reason}"),
    "share": ("把地址和房间号告诉朋友", "Give your friends the address and the code"),
    "waiting_players": ("等待玩家加入；空位由电脑代打", "Waiting for players; empty seats are played by the AI"),
    "starts_host": ("等待房主开始", "Waiting for the host to start"),
    "starts_seats_taken": ("每位玩家都入座就开始", "Starts when every player has sat down"),
    "starts_players_back": ("玩家都回来就接着打", "Goes on when every player is back"),
    "empty_seat": ("空位（电脑）", "empty (AI)"),
    "mark_offline": ("掉线", "dropped"),
    "mark_ai": ("电脑", "AI"),
    "mark_tuoguan": ("托管", "auto-play"),
    "mark_empty": ("空位", "empty"),
    "mark_thinking": ("思考中", "thinking"),
    "mark_claims": ("等待碰杠胡", "claims open"),
    "dropped_notice": (
        "{name} 掉线了，等待重连 {left} 秒，之后由电脑代打",
        "{name} dropped; waiting {left} s, then the AI plays on",
    ),
    "seat_next_hand": (
        "你在这一局开打后入座：本局由电脑代打，下一局起由你来打",
        "You sat down mid-hand: the AI finishes this hand, the seat is yours from the next deal",
    ),
    "refused_version": (
        "房主的游戏版本与你的不同，请用同一版本（{reason}）",
        "The host runs another version of the game: use the same one ({reason})",
    ),
    "refused_code": ("房间号不对", "Wrong room code"),
    "refused_code_wait": (
        "错误的房间号太多，房间暂时不接受新加入（{reason}）",
        "Too many wrong room codes at this table; joining is paused ({reason})",
    ),
    "refused_name_invisible": ("名字里没有看得见的字，请换一个", "That name shows nothing: choose one that shows"),
    "refused_name": ("请填写你的名字", "Give your name"),
    "refused_token": ("这个座位不是你的", "That seat is not yours"),
    "refused_seat_ai": ("这个座位由电脑打，不能入座", "That seat is the AI's"),
    "refused_seat_taken": ("这个座位已经有人了", "That seat is taken"),
    "refused_full": ("没有空座位了，可以只观战", "No seat is free; you can watch"),
    "refused_no_seat": ("这张桌子没有这个座位", "That table has no such seat"),
    "refused_replaced": ("你的座位在另一处打开了", "Your seat was opened elsewhere"),
    "turn_left": ("剩 {left} 秒", "{left} s left"),
    "length_hands": ("{n} 局", "{n} hands"),
    "length_hands_one": ("1 局", "1 hand"),
    "length_rounds": ("{n} 圈", "{n} rounds"),
    "length_rounds_one": ("1 圈", "1 round"),
    "chat_button": ("快捷语 ▲", "Phrases ▲"),
    "match_over": ("比赛结束", "The match is over"),
}


def refusal(code: str, reason: str) -> str:
    """Why the host turned us away, in the client's language (the host's own words for a code we do not know)."""
    key = f"refused_{code}"
    said = t(key, reason=reason) if key in TEXT else reason
    return t("refused", reason=said)


def link_words(kind: str, code: str, reason: str) -> str:
    """What happened to the connection, in the client's language (the host's or the system's words go to the log)."""
    if kind == "refused":
        return refusal(code, reason)
    if kind == "over":
        return t("match_over")
    return t("host_left") if kind == "host_left" else t("lost_link")


def t(key: str, **fields: object) -> str:
    """The text `key` in the client's language, with `fields` filled in."""
    zh, en = TEXT[key]
    text = zh if S.language() == "zh" else en
    return text.format(**fields) if fields else text


def t_count(key: str, n: int) -> str:
    """The text `key` said of `n` things: its `_one` form for one ("1 hand"), where it has one."""
    return t(S.counted(TEXT, key, n), n=n)
