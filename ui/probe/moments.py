"""Named moments of a hand, staged headless for screenshots and tests.

A moment is reached by playing a seeded match at instant speed, the player's seat played by
the built-in bot, with the presenter told to hold back the event the moment is about; then the
table plays on at normal speed for the moment's length of time and the frame is drawn.
If a seed's hand never gets there (no claim, a draw), the next seed of the series is tried.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.ruleset import Ruleset
from game.engine.actions import ActionKind
from game.engine.events import Claimed, DiceRolled, Event, HandSettled, HandWon, TilesDealt
from game.match.agents import Agent, SimpleAgent
from ui.probe.offscreen import FRAME, headless_display, offscreen_app
from ui.settings.values import Settings, Speed
from ui.settlement import SettlementScene
from ui.stage.app import App
from ui.table.beats import COUNT_STEP, DICE_REST, DICE_TUMBLE
from ui.table.insight import discard_choices_keeping_ready
from ui.table.scene import TableScene
from ui.words import strings as S

MOMENTS: tuple[str, ...] = (
    "dice",
    "count",
    "break",
    "deal",
    "mid-hand",
    "practice",
    "claim",
    "offer",
    "win",
    "chickens",
    "end",
)
ATTEMPTS = 40


class MomentError(Exception):
    """The moment could not be staged (no seed of the series reaches it)."""


@dataclass(frozen=True)
class Plan:
    """How to reach a moment: an event to hold back (or a state to wait for), then seconds to play on."""

    hold: Callable[[Event], bool] | None
    play_on: float
    ready: Callable[[TableScene], bool] | None = None
    then_hold: Callable[[Event], bool] | None = None  # after release, stop again before this event


def _first_dice(e: Event) -> bool:
    return isinstance(e, DiceRolled)


def _break_dice(e: Event) -> bool:
    return isinstance(e, DiceRolled) and e.purpose == "break"


def _nth_deal(n: int) -> Callable[[Event], bool]:
    seen = {"count": 0}

    def hold(e: Event) -> bool:
        if isinstance(e, TilesDealt):
            seen["count"] += 1
            return seen["count"] >= n
        return False

    return hold


def _mid_hand(prefer_ready: bool) -> Callable[[TableScene], bool]:
    def ready(scene: TableScene) -> bool:
        obs = scene.obs
        if obs is None or obs.phase != "turn" or sum(len(p) for p in obs.ponds) < 18:
            return False
        return not prefer_ready or bool(discard_choices_keeping_ready(obs))

    return ready


def _offered(scene: TableScene) -> bool:
    obs = scene.obs
    return (
        obs is not None
        and obs.phase == "claims"
        and any(a.kind in (ActionKind.PUNG, ActionKind.KONG, ActionKind.WIN) for a in obs.legal_actions)
    )


def plan_for(moment: str, attempt: int, players: int) -> Plan:
    """How to reach `moment` on the `attempt`th seed of a series, at a table of `players`."""
    if moment == "dice":
        return Plan(_first_dice, 1.05)
    if moment == "count":
        # The dice land, then the count around the table from the roller is part way.
        return Plan(_first_dice, DICE_TUMBLE + DICE_REST + COUNT_STEP * 4.5)
    if moment == "break":
        # The dealer's roll, the count, the skipped stacks and the gap, up to the moment the deal begins.
        return Plan(_break_dice, 12.0, None, lambda e: isinstance(e, TilesDealt))
    if moment == "deal":
        # Two rounds of grabs dealt (the ninth grab at four, the seventh at three, the fifth at two).
        return Plan(_nth_deal(2 * players + 1), 0.12)
    if moment in ("mid-hand", "practice"):
        return Plan(None, 0.0, _mid_hand(prefer_ready=attempt < ATTEMPTS // 2))
    if moment == "claim":
        return Plan(lambda e: isinstance(e, Claimed), 0.35)
    if moment == "offer":
        return Plan(None, 0.0, _offered)
    if moment == "win":
        return Plan(lambda e: isinstance(e, HandWon), 0.45)
    if moment == "chickens":
        return Plan(lambda e: isinstance(e, HandSettled), 0.0, None)
    if moment == "end":
        return Plan(None, 0.0, lambda scene: isinstance(scene.host.stack.top, SettlementScene))
    raise MomentError(f"unknown moment {moment!r}; choose one of: {', '.join(MOMENTS)}")


def stage_moment(
    moment: str, size: tuple[int, int], rules: Ruleset, seed: str | None = None, language: str = "zh"
) -> tuple[App, TableScene]:
    """Play to `moment` and return the host and the table, ready to be drawn."""
    if moment not in MOMENTS:
        raise MomentError(f"unknown moment {moment!r}; choose one of: {', '.join(MOMENTS)}")
    return _stage(lambda attempt: plan_for(moment, attempt, rules.players), moment, size, rules, seed, language)


def stage_until(
    ready: Callable[[TableScene], bool],
    size: tuple[int, int],
    rules: Ruleset,
    seed: str | None = None,
    opponents: Callable[[], Agent] | None = None,
    save_name: str | None = None,
) -> tuple[App, TableScene]:
    """Play (the player's seat by the bot) until `ready(scene)` holds with the table waiting for the player.

    `opponents` makes the other seats' players (default: the game's AI opponents); `save_name` keeps the match
    (its save and its replay log, in the player's folders) as a match started from the menu is.
    """
    plan = Plan(None, 0.0, ready)
    return _stage(lambda attempt: plan, "custom", size, rules, seed, S.language(), opponents, save_name)


def _stage(
    plan_for: Callable[[int], Plan],
    moment: str,
    size: tuple[int, int],
    rules: Ruleset,
    seed: str | None,
    language: str,
    opponents: Callable[[], Agent] | None = None,
    save_name: str | None = None,
) -> tuple[App, TableScene]:
    S.set_language(language)
    headless_display(size)
    base = seed or "moment"
    for attempt in range(ATTEMPTS):
        host = offscreen_app(Settings(speed=Speed.INSTANT, language=language, ruleset=rules.name), size)
        agents: list[Agent | None] | None = None
        if opponents is not None:
            agents = [None, *(opponents() for _ in range(rules.players - 1))]
        match_seed = base if attempt == 0 else f"{base}-{attempt}"
        scene = stage_in(host, rules, match_seed, plan_for(attempt), moment, agents, save_name)
        if scene is not None:
            return host, scene
    raise MomentError(f"no hand of seed series {base!r} reaches the moment {moment!r} in {ATTEMPTS} tries")


def stage_in(
    host: App,
    rules: Ruleset,
    match_seed: str,
    plan: Plan,
    moment: str,
    agents: list[Agent | None] | None = None,
    save_name: str | None = None,
) -> TableScene | None:
    """Open a table of `match_seed` on `host` and play it at instant speed to the plan's moment; None if this
    hand never gets there (its table is then still on the host's stack)."""
    host.settings.speed = Speed.INSTANT
    scene = TableScene(host, rules, match_seed, human=0, agents=agents, save_name=save_name)
    scene.step_budget = None  # the same frames on every machine, so the same picture
    host.stack.push(scene)
    scene.autopilot = SimpleAgent()
    ready = plan.ready
    if ready is not None:
        scene.pause_autopilot = lambda scene=scene, ready=ready: ready(scene)
    scene.presenter.hold = plan.hold
    if not _run(host, scene, plan):
        return None
    _finish(host, scene, plan, moment)
    return scene


def _held(scene: TableScene, hold: Callable[[Event], bool]) -> bool:
    p = scene.presenter
    return bool(p.queue) and hold(p.queue[0]) and p.clock >= p.busy_until


def _run(host: App, scene: TableScene, plan: Plan) -> bool:
    """Play at instant speed until the plan's event is held back or its state is reached."""
    for _ in range(20000):
        if plan.ready is not None and plan.ready(scene):
            return True
        if plan.hold is not None and _held(scene, plan.hold):
            return True
        if isinstance(host.stack.top, SettlementScene):
            return False  # the hand ended without getting there
        host.stack.update(FRAME)
    return False


def _finish(host: App, scene: TableScene, plan: Plan, moment: str) -> None:
    """Release the held event and play on for the plan's time at normal speed."""
    host.settings.speed = Speed.NORMAL
    if moment != "chickens":
        scene.presenter.hold = plan.then_hold
    elapsed = 0.0
    while elapsed < plan.play_on - 1e-9:
        if plan.then_hold is not None and _held(scene, plan.then_hold):
            break
        host.stack.update(FRAME)
        elapsed += FRAME
    if moment == "practice":
        host.settings.practice = True  # a practice game: the 悔牌 button beside the hand, its key in the help
    if moment in ("mid-hand", "practice") and scene.obs is not None:
        # Raise the tile the built-in bot would discard: its waits show (a hint could differ by machine,
        # as the hard AI thinks against the clock).
        action = SimpleAgent().choose(scene.obs)
        if action.tile is not None:
            scene.selected = scene.tile_index(action.tile, prefer_drawn=True)


def render_moment(
    moment: str, size: tuple[int, int], rules: Ruleset, seed: str | None = None, language: str = "zh"
) -> pygame.Surface:
    """The screen at `moment`, as a new surface of `size`."""
    host, _scene = stage_moment(moment, size, rules, seed, language)
    screen = headless_display(size)
    host.stack.draw(screen)
    return screen.copy()
