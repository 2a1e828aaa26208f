"""Sound effects: synthesised in code (synth), played through a mixer that is silent without a device."""

from ui.sound.cues import TableSounds, cue_for, seat_pan
from ui.sound.mixer import Mixer, pan_gains, shared_mixer, volume_gain

__all__ = ["Mixer", "TableSounds", "cue_for", "pan_gains", "seat_pan", "shared_mixer", "volume_gain"]
