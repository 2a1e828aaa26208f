"""Sound effects: synthesised in code (synth), played through a mixer that is silent without a device."""

from ui.sound.cues import TableSounds, cue_for
from ui.sound.mixer import Mixer, shared_mixer, volume_gain

__all__ = ["Mixer", "TableSounds", "cue_for", "shared_mixer", "volume_gain"]
