"""Reading the table aloud, as the settings ask: each discard, call and 定缺 as it is shown, and on the V key the
player's hand and its waits. The words come from ui/words/speech.py; the voice is ui/sound/speech.py's speaker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.core import hand as analysis
from game.core.tiles import COPIES, Tile, to_counts
from game.engine.events import Event, SuitNamed, SuitsShown, TileDiscarded
from ui.sound.speech import Speaker, shared_speaker
from ui.table.model import HIDDEN, TableModel
from ui.table.table_state import TableState
from ui.words import speech as W
from ui.words import strings as S


class SpeechSettings(Protocol):
    """The settings the voice reads each time it may speak."""

    speech: bool
    speech_calls: bool


class TableVoice:
    """What the table says aloud, as the settings ask: with `speech` each discard, call and 定缺, and the hand on a
    key; with `speech_calls` the calls are said in place of their tones."""

    def __init__(
        self,
        settings: SpeechSettings,
        speaker: Speaker | None = None,
        seat_word: Callable[[int], str] = S.place_name,
    ) -> None:
        self.settings = settings
        self._speaker = speaker
        self.seat_word = seat_word  # how a table place is called (你, 下家 ...; 东家 for one who only watches)
        if settings.speech or settings.speech_calls:
            self.speaker.start()  # the voice starts while the hand is dealt, ready for the first call

    @property
    def speaker(self) -> Speaker:
        """The speaker the lines go to (the shared one unless given)."""
        if self._speaker is None:
            self._speaker = shared_speaker()
        return self._speaker

    def tell(self, event: Event) -> bool:
        """Say what `event` is, as the settings ask; True when its call is said in place of its tone."""
        s = self.settings
        if not (s.speech or s.speech_calls):
            return False
        language = S.language()  # the words are the table's, in the language the table shows
        call = W.call_words(event)
        if call is not None:
            # The tone stays until the voice is known to speak: a call is never lost to a voice still starting.
            return self.speaker.say(call, language) and s.speech_calls and self.speaker.available is True
        if not s.speech:
            return False
        if isinstance(event, TileDiscarded):
            self.speaker.say(W.spoken_tile(event.tile), language, kind="discard")
        elif isinstance(event, SuitNamed | SuitsShown):
            text = W.suit_words(event, self.seat_word)
            if text:
                self.speaker.say(text, language)
        return False

    def read_hand(self, text: str) -> bool:
        """Say the player's hand (the V key) when reading aloud is on; True if it was queued."""
        return self.settings.speech and self.speaker.say(text, S.language(), kind="hand")


def voice_found() -> bool | None:
    """Whether this computer has a voice to read aloud with; None while it is still looked for (from now on)."""
    speaker = shared_speaker()
    speaker.start()
    return speaker.available


def _waits(counts: list[int], in_sight: list[int], melds: int) -> list[Tile]:
    """The tiles completing a 13 - 3k tile hand, leaving out one whose four copies the player holds or has melded."""
    return [t for t in analysis.completing_tiles(counts, melds) if in_sight[t] < COPIES]


def hand_text(model: TableModel) -> str | None:
    """What V says of the hand at the bottom of the table as it shows now; None when no hand of the player's shows."""
    tiles = model.concealed(0)
    melds = model.melds[0]
    if not tiles or HIDDEN in tiles:
        return None
    counts = to_counts(tiles)
    in_sight = list(counts)
    for meld in melds:
        in_sight[meld.tile] += 3 if meld.kind == "pung" else 4
    said_melds = [(meld.kind, meld.tile) for meld in melds]
    if len(tiles) == 14 - 3 * len(melds):  # a tile to discard: which discards leave the hand ready, and on what
        discards: dict[Tile, list[Tile]] = {}
        for t in sorted(set(tiles)):
            counts[t] -= 1
            in_sight[t] -= 1
            waits = _waits(counts, in_sight, len(melds))
            if waits:
                discards[t] = waits
            counts[t] += 1
            in_sight[t] += 1
        return W.hand_words(tiles, said_melds, discards=discards)
    waits = _waits(counts, in_sight, len(melds)) if len(tiles) == 13 - 3 * len(melds) else []
    return W.hand_words(tiles, said_melds, waits)


def read_hand(table: TableState) -> None:
    """V: say the player's hand and its waits, when reading aloud is on and the player's hand shows."""
    voice = table.sounds.voice
    text = hand_text(table.model)
    if isinstance(voice, TableVoice) and text is not None:
        voice.read_hand(text)
