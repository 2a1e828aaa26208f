"""Guiyang Zhuoji mahjong: the rules engine, hand analysis, settlement and AI.

Pure Python; nothing here imports pygame, so it runs headless.
"""

__version__ = "0.1.0"

# The rollout path's compiled modules, when a current build of them exists (see game/fast.py).
from game.fast import install as _install_fast

_install_fast()
