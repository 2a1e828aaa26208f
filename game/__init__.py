"""Guiyang Zhuoji mahjong: the rules engine, hand analysis, settlement and AI.

Pure Python; nothing here imports pygame, so it runs headless.
"""

__version__ = "0.1.0"
