"""What the voice says at the table, in Chinese and English: each discard, each call, 定缺 and the player's hand.

The tiles are named as the table names them (ui.words.strings.tile_label: 五万, 幺鸡); in English a tile is
read out in full (5 Characters) rather than in its written notation (5m), which a voice would spell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from game.core.result import WinHow
from game.core.tiles import RANK_NAMES_ZH, SUIT_NAMES_EN, SUIT_NAMES_ZH, Tile
from game.engine.events import Claimed, Event, HandWon, KongDeclared, ReadyDeclared, SuitNamed, SuitsShown
from ui.words import strings as S

SPEECH_STRINGS: dict[str, tuple[str, str]] = {
    "say_waits": ("听{tiles}", "Waiting on {tiles}"),
    "say_not_ready": ("没听牌", "Not ready"),
    "say_discard_waits": ("打{tile}听{tiles}", "Discard {tile}, waiting on {tiles}"),
    "say_pung": ("碰{tile}", "Pung of {tile}"),
    "say_kong": ("杠{tile}", "Kong of {tile}"),
    "say_missing": ("{seat}缺{suit}", "{seat}: no {suit}"),
    # Shown under the reading-aloud toggles of the settings screen when the computer has no voice to speak with.
    "speech_none": ("本机没有可用的语音", "No voice on this computer"),
}

SELF_DRAWN = (WinHow.SELF_DRAW, WinHow.AFTER_KONG)  # the wins called 自摸


def say(key: str, **fields: object) -> str:
    """The spoken phrase `key` in the current language with `fields` filled in."""
    zh, en = SPEECH_STRINGS[key]
    text = zh if S.language() == "zh" else en
    return text.format(**fields) if fields else text


def _zh() -> bool:
    return S.language() == "zh"


def spoken_tile(tile: Tile) -> str:
    """A tile as the voice says it: 四万, 幺鸡 (4 Characters, 1 Bamboo)."""
    if _zh():
        return S.tile_label(tile)
    return f"{tile % 9 + 1} {SUIT_NAMES_EN[tile // 9]}"


def spoken_suit(suit: int) -> str:
    """A suit as the voice says it: 万 筒 条 (Characters, Dots, Bamboo)."""
    return SUIT_NAMES_ZH[suit] if _zh() else SUIT_NAMES_EN[suit]


def spoken_list(items: Sequence[str]) -> str:
    """Several things said in a row: 三万、六万 (3 Characters, 6 Characters)."""
    return S.names(items)


def sentences(parts: Sequence[str]) -> str:
    """Sentences said one after another, each with its full stop."""
    stop = "。" if _zh() else ". "
    return stop.join(parts) + stop.strip()


def call_words(event: Event) -> str | None:
    """The call an event is (碰, 杠, 胡, 自摸, 报听), or None when it is no call."""
    if isinstance(event, Claimed):
        return S.tr("call_kong" if event.claim == "kong" else "call_pung")
    if isinstance(event, KongDeclared):
        return S.tr("call_kong")
    if isinstance(event, HandWon):
        return S.tr("call_self_draw" if event.how in SELF_DRAWN else "call_win")
    if isinstance(event, ReadyDeclared):
        return S.tr("call_ready")
    return None


def suit_words(event: SuitNamed | SuitsShown, seat_word: Callable[[int], str]) -> str | None:
    """定缺 said aloud: the suit the player named, or, once all are shown, each seat's (下家缺条，上家缺筒)."""
    if isinstance(event, SuitNamed):
        if event.suit is None:  # another seat's choice, kept from the viewer until all are shown
            return None
        return say("say_missing", seat=seat_word(event.seat), suit=spoken_suit(event.suit))
    said = [
        say("say_missing", seat=seat_word(place), suit=spoken_suit(suit))
        for place, suit in enumerate(event.suits)
        if suit >= 0
    ]
    return ("，" if _zh() else ", ").join(said) if said else None


def hand_tiles_words(tiles: Sequence[Tile]) -> str:
    """Concealed tiles said suit by suit, as players read a hand: 一一二三万，五五筒 (1 1 2 3 Characters, 5 5 Dots)."""
    groups: list[str] = []
    for suit in range(3):
        ranks = sorted(t % 9 for t in tiles if t // 9 == suit)
        if not ranks:
            continue
        if _zh():
            groups.append("".join(RANK_NAMES_ZH[r] for r in ranks) + SUIT_NAMES_ZH[suit])
        else:
            groups.append(" ".join(str(r + 1) for r in ranks) + f" {SUIT_NAMES_EN[suit]}")
    return ("，" if _zh() else ", ").join(groups)


def hand_words(
    tiles: Sequence[Tile],
    melds: Sequence[tuple[str, Tile]],
    waits: Sequence[Tile] = (),
    discards: Mapping[Tile, Sequence[Tile]] | None = None,
) -> str:
    """The player's hand read aloud: the concealed tiles, each meld (kind, tile), then the waits: 听 what, or,
    holding a tile to discard (`discards` given), each discard that leaves the hand ready and its waits."""
    parts = [hand_tiles_words(tiles)] if tiles else []
    parts += [say("say_pung" if kind == "pung" else "say_kong", tile=spoken_tile(tile)) for kind, tile in melds]
    if discards is not None:
        ready = [
            say("say_discard_waits", tile=spoken_tile(t), tiles=spoken_list([spoken_tile(w) for w in ws]))
            for t, ws in sorted(discards.items())
        ]
        parts += ready or [say("say_not_ready")]
    elif waits:
        parts.append(say("say_waits", tiles=spoken_list([spoken_tile(w) for w in waits])))
    else:
        parts.append(say("say_not_ready"))
    return sentences(parts)
