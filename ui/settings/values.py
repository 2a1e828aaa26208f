"""Client settings: animation speed, language, and what the table does on its own."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.core.ruleset import MAX_PLAYERS


class Speed(enum.Enum):
    """How fast the table animates; each value is the factor every duration is multiplied by."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"

    @property
    def factor(self) -> float:
        """Duration multiplier: 0 makes every animation finish the moment it starts."""
        return _FACTORS[self]

    def next(self) -> Speed:
        """The next speed in the cycle slow → normal → fast → instant → slow."""
        order = list(Speed)
        return order[(order.index(self) + 1) % len(order)]

    @staticmethod
    def parse(text: str) -> Speed:
        """The speed named `text`; ValueError listing the names otherwise."""
        try:
            return Speed(text.strip().lower())
        except ValueError:
            names = ", ".join(s.value for s in Speed)
            raise ValueError(f"unknown speed {text!r} (choose one of {names})") from None


# The tile size steps and the tile faces a player can choose (the settings screen and the settings file).
TILE_SIZES = ("normal", "large", "largest")
TILE_FACES = ("classic", "plain")

_FACTORS = {Speed.SLOW: 1.7, Speed.NORMAL: 1.0, Speed.FAST: 0.4, Speed.INSTANT: 0.0}


@dataclass
class Settings:
    """What a player can change while playing; the table reads it every frame."""

    speed: Speed = Speed.NORMAL
    language: str = "zh"
    ruleset: str = "guiyang-classic"
    seed: str = "table"
    level: str = "normal"  # AI strength, passed to the AI factory
    think_ms: int = 300  # 思考时间: the expert's think budget per decision, in milliseconds
    autoplay: bool = False  # AIs in every seat, the viewer only watches
    hands: int = 0  # stop after this many settled hands (0: play on)
    practice: bool = False  # solo practice: Backspace takes back the player's last discard
    # Kept in the player's settings file (ui/settings/store.py).
    volume: int = 80  # 0..100: the effects
    muted: bool = False
    music_volume: int = 50  # 0..100: the background music, apart from the effects
    music_muted: bool = False
    fullscreen: bool = False
    claim_timer: int = 0  # seconds to answer a claim before it passes on its own (0: no timer)
    hints: bool = True  # the H key suggests a move
    auto_pass: bool = False  # pass at once when the only choice is to pass
    discard_clicks: int = 2  # 2: a click raises a tile and a second discards it (as the big apps); 1: one click
    # The name last given for each seat's person (the new-game screen), for the most seats a table has.
    names: tuple[str, ...] = ("",) * MAX_PLAYERS
    net_name: str = ""  # the name last given to host or join a network table ("": the language's 玩家)
    # How the table looks and speaks, for eyes and ears that need more (all off or normal by default).
    tile_size: str = "normal"  # TILE_SIZES: the hand's and the ponds' tiles, a step larger each
    high_contrast: bool = False  # a dark plain cloth, white text and black tile edges
    tile_face: str = "classic"  # TILE_FACES: the painted faces, or plain ones with large numerals
    speech: bool = False  # read aloud: each discard and call, and on a key the player's hand and waits
    speech_calls: bool = False  # the voice says 碰, 杠, 胡 ... instead of the tones
