"""How long each beat of the table's animations lasts, in seconds at normal speed."""

from __future__ import annotations

# Seconds at normal speed.
DICE_TUMBLE = 0.9
DICE_REST = 0.35
COUNT_STEP = 0.2
MARK_STEP = 0.18
GAP_OPEN = 0.3
DEAL_BEAT = 0.2
DEAL_FLIGHT = 0.3
DRAW_FLIGHT = 0.26
DISCARD_FLIGHT = 0.26
CALLOUT = 1.0
LIGHT_STEP = 0.32
PAY_FLIGHT = 0.55  # a payment flies from the payer's plate to the payee's
PAY_STAGGER = 0.16
SHUFFLE = 1.1  # face-down tiles swirl in the middle
BUILD = 0.8  # the four sides rise stack by stack
PUSH = 0.45  # and are pushed out to their places
