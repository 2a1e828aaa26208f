"""The rules of one hand on bare counts, its settlement and its play-out: the unit build/compile_fast.py compiles."""
