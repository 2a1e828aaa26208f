"""The quick phrases and emotes a player may send to the table: a fixed list, sent by id.

Only ids travel, so nobody can put free text in front of the others, and each client shows
the phrase in its own language.
"""

from __future__ import annotations

# id -> (Chinese, English)
PHRASES: dict[str, tuple[str, str]] = {
    "hurry": ("快点啊", "Hurry up!"),
    "nice": ("好牌", "Nice hand"),
    "haha": ("哈哈", "Ha ha"),
    "oops": ("哎呀", "Oops"),
    "again": ("再来一局", "One more"),
    "thanks": ("谢谢", "Thanks"),
    "chicken": ("捉鸡！", "Got the chicken!"),
    "wait": ("等一下", "Wait a moment"),
}

# A seat may say one phrase per this many seconds; more are refused (the table is not a chat room).
CHAT_INTERVAL = 1.5


def phrase_text(phrase: str, lang: str = "zh") -> str:
    """The phrase in `lang` ("zh" or "en"); the id itself when it is unknown."""
    pair = PHRASES.get(phrase)
    if pair is None:
        return phrase
    return pair[0] if lang == "zh" else pair[1]
