"""The window and its scenes: the main loop, the scene stack, screens found by name, tweens."""
