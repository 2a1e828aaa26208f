"""Replays: the list of kept hands and the viewer that steps through one."""
