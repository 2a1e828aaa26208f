"""A move the host's clock played for the window's seat ends the window's question: the next one is asked afresh.

The host serves on 127.0.0.1 from a thread with a short turn clock; the window's seat never answers,
so the clock plays each of its moves. The window must drop the question the clock answered (its
buttons, its prompt, its hint) and ask the next one, a claim included, as the host asked it.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.engine.actions import ActionKind
from game.net.host.table import NetTable
from game.net.wire.view import from_wire
from game.rules.loader import load_ruleset
from tests.net_rig import config, simple_factory
from tests.net_window_rig import hosted_window
from tests.ui_host import FRAME
from ui.settings.values import Settings, Speed

RULES = load_ruleset("guiyang-classic")


def test_after_the_clock_plays_the_seats_move_the_next_claim_is_asked_with_its_buttons() -> None:
    table = NetTable(RULES, "clock-claim", config(4, "human,ai,ai,ai", turn_timer=0.6), simple_factory)
    settings = Settings(speed=Speed.INSTANT, auto_pass=False, claim_timer=0, autoplay=True)
    window = hosted_window(RULES, table, "clock-claim", settings)
    hosting, session, host, screen, scene = window.hosting, window.session, window.host, window.screen, window.scene
    host.stack.push(scene)
    turns_asked = 0  # discards the window was asked for (and the clock played)
    claims_shown = 0  # claims asked after one of those, shown with their buttons
    stale: list[str] = []
    left_to_clock = None
    deadline = time.monotonic() + 60
    while session.over is None and claims_shown < 2 and time.monotonic() < deadline:
        host.stack.update(FRAME)
        host.stack.draw(screen)
        asked = scene.obs
        if asked is not None:
            current = from_wire(session.obs) if session.obs is not None else None
            if current != asked:
                stale.append(f"the window asks {asked.phase}; the host {current.phase if current else 'nothing'}")
            elif asked.phase == "turn" and asked is not left_to_clock:
                # Every other discard is left to the clock; the seat plays the rest itself, as two
                # run-outs in a row would hand it to the AI for good (托管) and nothing more would be asked.
                turns_asked += 1
                if turns_asked % 2:
                    left_to_clock = asked
                else:
                    scene.moves.commit(next(a for a in asked.legal_actions if a.kind is ActionKind.DISCARD))
            elif asked.phase != "turn" and any(a.kind is not ActionKind.PASS for a in asked.legal_actions):
                # A claim after the clock played a move: asked with its buttons and its prompt.
                claims_shown += bool(scene.buttons) and scene.message != ""
                scene.moves.commit(next(a for a in asked.legal_actions if a.kind is ActionKind.PASS))
        time.sleep(0.002)
    hosting.stop()
    window.link.close()
    hosting.thread.join(5)
    assert not stale, stale[:3]
    assert turns_asked and claims_shown, (turns_asked, claims_shown, session.over, time.monotonic() - deadline)
