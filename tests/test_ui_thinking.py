"""A searching AI decides beside the frame loop: the table keeps drawing and marks the seat as thinking."""

from __future__ import annotations

import os
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.engine.actions import Action
from game.engine.observation import Observation
from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.settings.values import Settings, Speed
from ui.table.plates import plate_signature
from ui.table.scene import TableScene


class SlowSearcher:
    """An agent that searches (as the expert does) and answers only when the test lets it."""

    name = "slow"
    searches = True

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.calls = 0

    def choose(self, obs: Observation) -> Action:
        """The built-in bot's move, once released."""
        self.calls += 1
        self.started.set()
        assert self.release.wait(10)
        return SimpleAgent().choose(obs)


def test_search_runs_off_the_frame_loop_with_a_thinking_mark() -> None:
    """While seat 1 thinks, frames go on and its plate shows the mark; its move is played when it is ready."""
    screen = headless_display((1280, 720))
    host = HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))
    slow = SlowSearcher()
    bot = SimpleAgent()
    scene = TableScene(host, load_ruleset("guiyang-classic"), "think", human=None, agents=[bot, slow, bot, bot])
    host.stack.push(scene)
    for _ in range(2000):
        host.stack.update(FRAME)
        if scene.model.thinking is not None:
            break
    assert scene.model.thinking is not None and slow.started.wait(5)
    place = scene.model.thinking
    assert plate_signature(scene.view(), place)[-1] is True
    before = scene.frames
    for _ in range(30):  # the frame loop is not held up by the decision
        host.stack.update(FRAME)
        host.stack.draw(screen)
    assert scene.frames == before + 30 and scene.model.thinking == place and slow.calls == 1
    slow.release.set()
    cleared = False
    for _ in range(400):
        time.sleep(0.002)  # a frame's pause, in which the deciding thread runs
        host.stack.update(FRAME)
        cleared = cleared or scene.model.thinking is None
        if cleared and slow.calls >= 2:
            break
    # The move was played, the mark went, and the hand went on to the seat's next decision.
    assert cleared and slow.calls >= 2
