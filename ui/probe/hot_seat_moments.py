"""Moments of a game at one screen shared by two people, for `main.py screenshot`: the hand-off screen after a
discard (hot-seat), what a person who cannot claim then sees (hot-seat-pass), and one who can (hot-seat-claim).

East (Ann) and West (小明) are people, the other seats (South and North at four, South at three, none at two:
docs/rules.md §15.2) the built-in bot; both people are played by the bot too until the moment comes.
"""

from __future__ import annotations

import pygame

from game.core.ruleset import Ruleset
from game.match.agents import Agent, SimpleAgent
from ui.match.config import MatchConfig, SeatConfig
from ui.probe.offscreen import FRAME, headless_display, offscreen_app
from ui.settings.values import Settings, Speed
from ui.stage.app import App
from ui.stage.scene import Host
from ui.table.privacy import PrivacyScene
from ui.table.scene import TableScene
from ui.table.session import local_session
from ui.words import strings as S

HOT_SEAT_MOMENTS: tuple[str, ...] = ("hot-seat", "hot-seat-pass", "hot-seat-claim")
NAMES = {0: "Ann", 2: "小明"}  # by wind: East and West


class HotSeatMomentError(Exception):
    """No seed of the series reaches the moment."""


def hot_seat_table(host: Host, rules: Ruleset, seed: str) -> TableScene:
    """A table with people at East and West (named), the bot in the other seats."""
    winds = [rules.wind(seat) for seat in range(rules.players)]
    seats = tuple(SeatConfig("human", name=NAMES[w]) if w in NAMES else SeatConfig("ai", "easy") for w in winds)
    config = MatchConfig(rules.name, seed, seats)
    agents: list[Agent | None] = [None if w in NAMES else SimpleAgent() for w in winds]
    scene = TableScene(host, rules, seed, config=config, agents=agents)
    scene.step_budget = None
    return scene


def _answering(scene: TableScene, moment: str) -> bool:
    """The table waits for a person's answer to a discard of the kind the moment shows."""
    obs = scene.obs
    if obs is None or obs.phase != "claims":
        return False
    passing_only = scene.moves.only_passing(obs) is not None
    return passing_only if moment == "hot-seat-pass" else not passing_only


def stage_hot_seat(
    moment: str, size: tuple[int, int], rules: Ruleset, seed: str | None = None, language: str = "zh"
) -> tuple[App, TableScene]:
    """Play a shared-screen match until the moment: a hand-off before an answer, or the answer itself."""
    S.set_language(language)
    headless_display(size)
    base = seed or "hot-seat"
    for attempt in range(40):
        host = offscreen_app(Settings(speed=Speed.INSTANT, language=language, ruleset=rules.name), size)
        scene = hot_seat_table(host, rules, base if attempt == 0 else f"{base}-{attempt}")
        host.stack.push(scene)
        if _play_to(host, scene, moment):
            host.settings.speed = Speed.NORMAL
            return host, scene
    raise HotSeatMomentError(f"no hand of seed series {base!r} reaches {moment!r}")


def _play_to(host: App, scene: TableScene, moment: str) -> bool:
    bot = SimpleAgent()
    want = "hot-seat-claim" if moment == "hot-seat-claim" else "hot-seat-pass"
    for _ in range(20000):
        top = host.stack.top
        if isinstance(top, PrivacyScene):
            # A hand-off before an answer to a discard: the moment itself, or click through it.
            if moment == "hot-seat" and local_session(scene.session).held is not None:
                return True
            top.reveal()
            continue
        if scene.phase != "hand":
            return False
        if scene.obs is not None:
            if scene.obs.phase == "claims" and _answering(scene, want):
                return moment != "hot-seat"
            scene.moves.commit(bot.choose(scene.obs))
            continue
        host.stack.update(FRAME)
    return False


def render_hot_seat_moment(
    moment: str, size: tuple[int, int], rules: Ruleset, seed: str | None = None, language: str = "zh"
) -> pygame.Surface:
    """The screen at `moment`, as a new surface of `size`."""
    host, _scene = stage_hot_seat(moment, size, rules, seed, language)
    for _ in range(30):
        host.stack.update(FRAME)  # the table settles into the moment at normal speed
    screen = headless_display(size)
    host.stack.draw(screen)
    return screen.copy()
