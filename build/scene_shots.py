"""Render every screen of the client (1280x720 and Chinese unless --size and --language say) into a folder,
one PNG each, the same pixels on every run.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python build/scene_shots.py OUT_DIR
    .venv/bin/python build/scene_shots.py OUT_DIR --size 960x540 --only replays,lan-host
    .venv/bin/python build/scene_shots.py OUT_DIR --language en
    .venv/bin/python build/scene_shots.py OUT_DIR --ruleset sandingguai --only guide
    .venv/bin/python build/scene_shots.py OUT_DIR --ruleset sandingguai --only table,settlement,summary
    .venv/bin/python build/scene_shots.py --compare BEFORE_DIR AFTER_DIR

--ruleset plays the table's hands, the hand-off screens, the match's end and the replays under another ruleset:
sandingguai for a table of three, erding-liangfang for a table of two (docs/rules.md §15.2).

The user folder is a fresh one at a fixed path, so saved games, statistics and replays from the
machine never show.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset
    from ui.table.session import TableSession

SIZE = (1280, 720)
LANGUAGE = "zh"
RULESET = "guiyang-classic"
FRAME = 1 / 60
HOME = Path("/tmp/scene_shots_home")


class ShotHost:
    """A windowless host: the stack, the settings and a quit flag (what a scene may ask of the app)."""

    def __init__(self, settings: object, size: tuple[int, int]) -> None:
        from ui.stage.scene import SceneStack

        self.settings = settings
        self.stack = SceneStack()
        self.stack.resize(size)
        self.exit_code: int | None = None

    def quit(self, code: int = 0) -> None:
        """Remember that a scene asked to stop."""
        self.exit_code = code


def _display() -> pygame.Surface:
    if not pygame.display.get_init():
        pygame.display.init()
    pygame.font.init()
    surface = pygame.display.get_surface()
    if surface is None or surface.get_size() != SIZE:
        surface = pygame.display.set_mode(SIZE)
    return surface


def _host(**settings: object) -> ShotHost:
    from ui.settings.values import Settings

    return ShotHost(Settings(**{"language": LANGUAGE, **settings}), SIZE)  # type: ignore[arg-type]


def _draw(host: ShotHost, updates: int = 1) -> pygame.Surface:
    for _ in range(updates):
        host.stack.update(FRAME)
    screen = _display()
    host.stack.draw(screen)
    return screen.copy()


def _rules() -> Ruleset:
    from game.rules.loader import load_ruleset

    return load_ruleset(RULESET)


def _table(moment: str) -> Callable[[], pygame.Surface]:
    def shot() -> pygame.Surface:
        from ui.probe.moments import render_moment

        return render_moment(moment, SIZE, _rules(), seed="shot", language=LANGUAGE)

    return shot


def _table_look(moment: str, **look: object) -> Callable[[], pygame.Surface]:
    """A table moment whose look settings (tile size, high contrast, tile faces) are changed once it is on screen,
    as the settings screen changes them: the next frame shows the table in that look."""

    def shot() -> pygame.Surface:
        from ui.look.chosen import choose
        from ui.probe.moments import stage_moment
        from ui.probe.offscreen import headless_display

        host, _scene = stage_moment(moment, SIZE, _rules(), seed="shot", language=LANGUAGE)
        for key, value in look.items():
            setattr(host.settings, key, value)
        screen = headless_display(SIZE)
        host.stack.draw(screen)
        choose()  # the next shots in the default look
        return screen.copy()

    return shot


def _in_look(shot: Callable[[], pygame.Surface], high_contrast: bool, face: str) -> Callable[[], pygame.Surface]:
    """`shot` drawn in high contrast and/or with `face` tile faces (the look the App takes from the settings)."""

    def looked() -> pygame.Surface:
        from ui.look.chosen import choose

        choose(high_contrast, face)
        try:
            return shot()
        finally:
            choose()

    return looked


def _hot_seat(moment: str) -> Callable[[], pygame.Surface]:
    def shot() -> pygame.Surface:
        from ui.probe.hot_seat_moments import render_hot_seat_moment

        return render_hot_seat_moment(moment, SIZE, _rules(), seed="shot", language=LANGUAGE)

    return shot


def _menu(moment: str) -> Callable[[], pygame.Surface]:
    def shot() -> pygame.Surface:
        from ui.probe.menu_moments import render_menu_moment

        return render_menu_moment(moment, SIZE, _rules(), LANGUAGE)

    return shot


def _learn(moment: str) -> Callable[[], pygame.Surface]:
    def shot() -> pygame.Surface:
        from ui.probe.learn_moments import render_learn_moment

        return render_learn_moment(moment, SIZE, _rules(), LANGUAGE)

    return shot


def _pushed(make: Callable[[ShotHost], object], updates: int = 1, **settings: object) -> Callable[[], pygame.Surface]:
    def shot() -> pygame.Surface:
        from ui.words import strings as S

        S.set_language(LANGUAGE)
        _display()
        host = _host(**settings)
        host.stack.push(make(host))  # type: ignore[arg-type]
        return _draw(host, updates)

    return shot


def _confirm(host: ShotHost) -> object:
    from ui.kit.dialogs import ConfirmScene
    from ui.menu.main_menu import MainMenu

    host.stack.push(MainMenu(host))  # type: ignore[arg-type]
    from ui.words import strings as S

    return ConfirmScene(host, S.tr("leave_confirm"), S.tr("leave_yes"), lambda: None)  # type: ignore[arg-type]


def _notice(host: ShotHost) -> object:
    from ui.kit.dialogs import NoticeScene
    from ui.menu.main_menu import MainMenu

    host.stack.push(MainMenu(host))  # type: ignore[arg-type]
    from ui.words import strings as S

    return NoticeScene(host, S.tr("save_bad_title"), S.tr("save_bad", reason="line 3: not JSON", kept="match.json.bad"))  # type: ignore[arg-type]


def _host_setup(host: ShotHost) -> object:
    from ui.menu.lan import HostSetupScene

    return HostSetupScene(host)  # type: ignore[arg-type]


def _join(host: ShotHost) -> object:
    from ui.menu.lan import JoinScene

    return JoinScene(host, browse=False)  # type: ignore[arg-type]


def _privacy(host: ShotHost) -> object:
    from ui.table.privacy import PrivacyScene

    return PrivacyScene(host, 1, _rules(), "阿强", lambda: None)  # type: ignore[arg-type]


def _open_hand(host: ShotHost) -> object:
    from game.calculator.files import HandStore
    from ui.calculator.open_scene import OpenHandScene

    return OpenHandScene(host, HandStore.for_player(), lambda path: None)  # type: ignore[arg-type]


def _played_session() -> TableSession:
    from game.match.agents import SimpleAgent
    from game.records.replaylog import ReplayLog
    from ui.table.session import TableSession

    bot = SimpleAgent()
    session = TableSession(_rules(), "replays", [None, *[bot] * (_rules().players - 1)])
    session.on_hand_done = ReplayLog("m1", _rules(), "replays", people=lambda: session.humans)
    session.start_hand()
    while session.to_move():
        session.apply(bot.choose(session.observe(session.to_move()[0])))
    session.settle()
    return session


def _summary(host: ShotHost) -> object:
    from ui.settlement.summary import MatchSummaryScene

    session = _played_session()
    # With its review button, as after a match that was kept.
    return MatchSummaryScene(host, session.scores, session.match.ledgers, on_review=lambda: None)  # type: ignore[arg-type]


def _key(host: ShotHost, k: int) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def _replay_viewer() -> pygame.Surface:
    from ui.replays.browser import open_replays
    from ui.words import strings as S

    S.set_language(LANGUAGE)
    _display()
    host = _host()
    open_replays(host)  # type: ignore[arg-type]
    _key(host, pygame.K_RETURN)
    for _ in range(30):
        _key(host, pygame.K_RIGHT)
    return _draw(host, 0)


def _replay_viewer_end() -> pygame.Surface:
    from ui.replays.browser import open_replays
    from ui.words import strings as S

    S.set_language(LANGUAGE)
    _display()
    host = _host()
    open_replays(host)  # type: ignore[arg-type]
    _key(host, pygame.K_RETURN)
    _key(host, pygame.K_END)  # the last step: the calculator's button joins the others
    return _draw(host, 0)


def _replay_list() -> pygame.Surface:
    from ui.replays.browser import open_replays
    from ui.words import strings as S

    S.set_language(LANGUAGE)
    _display()
    host = _host()
    open_replays(host)  # type: ignore[arg-type]
    return _draw(host, 0)


def _kept_match(match_id: str, ruleset: str, hands: int) -> Path:
    """A match kept in the replays folder, seat 0 the person (played here by the hard AI's weaker cousin,
    normal, so that the review has mistakes to show), the others hard; the log's path."""
    from game.ai import make_agent
    from game.ai.levels.hard import NO_DEADLINE_MS, HardAgent
    from game.records.replaylog import ReplayLog, replay_dir
    from game.rules.loader import load_ruleset
    from ui.table.session import TableSession

    rules = load_ruleset(ruleset)
    player = make_agent("normal", "shot", rules)
    # Hard without its wall-clock deadline, so that the match (and the picture) is the same on every run.
    others = [HardAgent(rules=rules, budget_ms=NO_DEADLINE_MS) for _ in (1, 2, 3)]
    session = TableSession(rules, match_id, [None, *others])
    session.on_hand_done = ReplayLog(match_id, rules, match_id, people=lambda: session.humans)
    for _ in range(hands):
        session.start_hand()
        while session.to_move():
            seat = session.to_move()[0]
            agent = player if seat == 0 else others[seat - 1]
            session.apply(agent.choose(session.observe(seat)))
        session.settle()
    return replay_dir() / f"{match_id}.jsonl"


def _classic_title() -> str:
    """The classic ruleset's title in the language shot, as the replay list gives it to the review."""
    from game.rules.loader import load_ruleset
    from ui.words import strings as S

    return load_ruleset("guiyang-classic").title(S.language())


def _reviewed(host: ShotHost, match_id: str = "review-shot") -> object:
    """The review of a kept 4-hand match, done (the worker is waited for, so the picture is the same each run)."""
    from ui.review.scene import ReviewScene

    path = _kept_match(match_id, "guiyang-classic", 4)
    scene = ReviewScene(host, path, 0, 4, _classic_title())  # type: ignore[arg-type]
    scene.worker.join()
    scene.update(FRAME)
    return scene


def _stalled(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> NoReturn:
    """Work that reports 37 of 91 decisions done and waits there until it is cancelled."""
    from game.ai.appraise import Cancelled

    progress(37, 91)
    while not cancelled():
        time.sleep(0.01)
    raise Cancelled


def _review_running(host: ShotHost) -> object:
    """The review under way: its progress bar, held at a fixed point."""
    from ui.review.scene import ReviewScene
    from ui.review.worker import Worker

    path = _kept_match("review-running", "guiyang-classic", 1)
    scene = ReviewScene(host, path, 0, 4, _classic_title())  # type: ignore[arg-type]
    scene.worker.cancel()
    scene.worker.join()
    scene.worker = Worker(_stalled)
    while scene.worker.total == 0:
        scene.worker.poll()
    return scene


def _review_moment() -> pygame.Surface:
    """The costliest decision of the review opened in the replay."""
    from ui.words import strings as S

    S.set_language(LANGUAGE)
    _display()
    host = _host()
    scene = _reviewed(host)
    host.stack.push(scene)  # type: ignore[arg-type]
    _key(host, pygame.K_RETURN)
    return _draw(host, 0)


def _career(host: ShotHost) -> object:
    """The career charts over three kept matches in two rulesets, two of them reviewed."""
    from game.review.cache import review_replay
    from ui.review.career_scene import CareerScene

    review_replay(_kept_match("career-1", "guiyang-classic", 2), 0)
    _kept_match("career-2", "guiyang-modern", 2)
    review_replay(_kept_match("career-3", "guiyang-classic", 3), 0)
    scene = CareerScene(host)  # type: ignore[arg-type]
    scene.worker.join()
    scene.update(FRAME)
    return scene


def _keys_table(help_open: bool) -> Callable[[], pygame.Surface]:
    """The table at a claim offered: Shift+Tab gives the keyboard to the last button (its ring shows), or ? opens
    the list of the table's keys."""

    def shot() -> pygame.Surface:
        from ui.probe.moments import stage_moment

        app, _table = stage_moment("offer", SIZE, _rules(), seed="shot", language=LANGUAGE)
        if help_open:
            app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=1, unicode="?"))
        else:
            app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
        screen = _display()
        app.stack.draw(screen)
        return screen.copy()

    return shot


def _keys_help(make: Callable[[ShotHost], object]) -> Callable[[], pygame.Surface]:
    """A screen with its key help (?) open over it."""

    def with_help(host: ShotHost) -> object:
        host.stack.push(make(host))  # type: ignore[arg-type]
        host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=1, unicode="?"))
        return host.stack.pop()  # the help, pushed back on top of its screen

    return _pushed(with_help)


def _calculator(host: ShotHost) -> object:
    from ui.calculator.scene import CalculatorScene

    return CalculatorScene(host, keep_recent=False)  # type: ignore[arg-type]


def _main_menu(host: ShotHost) -> object:
    from ui.menu.main_menu import MainMenu

    return MainMenu(host)  # type: ignore[arg-type]


def shots() -> dict[str, Callable[[], pygame.Surface]]:
    """Every screen by file name, in the order they are drawn (the replay list after a hand is logged)."""
    out: dict[str, Callable[[], pygame.Surface]] = {}
    for m in ("dice", "count", "break", "deal", "mid-hand", "claim", "offer", "win", "chickens", "end"):
        out[f"table-{m}"] = _table(m)
    # The looks a player may choose on the settings' look page (largest tiles, high contrast, plain faces).
    out["table-look-largest"] = _table_look("mid-hand", tile_size="largest")
    out["table-look-large"] = _table_look("mid-hand", tile_size="large")
    out["table-look-contrast"] = _table_look("mid-hand", high_contrast=True)
    out["table-look-plain"] = _table_look("mid-hand", tile_face="plain")
    out["table-look-all"] = _table_look("chickens", tile_size="largest", high_contrast=True, tile_face="plain")
    for m in ("hot-seat", "hot-seat-pass", "hot-seat-claim"):
        out[f"table-{m}"] = _hot_seat(m)
    menus: tuple[str, ...] = ("menu", "new-game", "new-game-local", "settings", "settings-sound", "settings-look")
    menus = (*menus, "rules", "stats", "match-end")
    for m in (*menus, "calculator", "calculator-result"):
        out[f"menu-{m}"] = _menu(m)
    for m in ("calculator-three", "calculator-three-result", "calculator-two", "calculator-two-result"):
        out[f"menu-{m}"] = _menu(m)  # tables of three and two (docs/rules.md §15.2)
    out["menu-settings-contrast"] = _in_look(_menu("settings"), True, "classic")
    out["menu-calculator-result-plain"] = _in_look(_menu("calculator-result"), True, "plain")
    from game.learn.guide import guide_pages

    guide = ["guide", *(f"guide-{n}" for n in range(2, len(guide_pages(_rules())) + 1))]
    for m in (*guide, "lessons", "first-run", "lesson-1", "lesson-1-2", "lesson-1-wrong", "lesson-1-end"):
        out[f"learn-{m}"] = _learn(m)
    for m in ("end-why", "end-chickens"):
        out[f"settlement-{m}"] = _learn(m)
    out["dialog-confirm"] = _pushed(_confirm)
    out["dialog-notice"] = _pushed(_notice)
    out["lan-host"] = _pushed(_host_setup)
    out["lan-join"] = _pushed(_join)
    out["table-privacy"] = _pushed(_privacy)
    out["calculator-open"] = _pushed(_open_hand)
    out["replays-empty"] = _replay_list
    out["match-summary"] = _pushed(_summary)
    out["replays-list"] = _replay_list
    out["replays-viewer"] = _replay_viewer
    out["replays-viewer-end"] = _replay_viewer_end
    out["review-running"] = _pushed(_review_running)
    out["review-list"] = _pushed(_reviewed)
    out["review-moment"] = _review_moment
    out["review-career"] = _pushed(_career)
    out["keys-table-focus"] = _keys_table(False)
    out["keys-table-help"] = _keys_table(True)
    out["keys-calculator-help"] = _keys_help(_calculator)
    out["keys-menu-help"] = _keys_help(_main_menu)
    return out


def render_all(folder: Path, only: tuple[str, ...] = (), home: Path = HOME) -> None:
    """Write every screen's PNG into `folder` (only those whose names contain one of `only`, when given)."""
    folder.mkdir(parents=True, exist_ok=True)
    # One fixed path (the settings screen shows it); runs side by side each need their own.
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir()
    os.environ["GUIYANG_MAHJONG_HOME"] = str(home)
    for name, shot in shots().items():
        if only and not any(part in name for part in only):
            continue
        surface = shot()
        pygame.image.save(surface, str(folder / f"{name}.png"))
        print(f"{name}.png")
    shutil.rmtree(home, ignore_errors=True)


def compare(before: Path, after: Path) -> int:
    """Print each picture as same or different (with the count of differing pixels); 1 if any differ."""
    pygame.display.init()
    differ = 0
    names = sorted({p.name for p in before.glob("*.png")} | {p.name for p in after.glob("*.png")})
    for name in names:
        a, b = before / name, after / name
        if not a.exists() or not b.exists():
            print(f"{name}: only in {'after' if b.exists() else 'before'}")
            differ += 1
            continue
        sa, sb = pygame.image.load(str(a)), pygame.image.load(str(b))
        ra, rb = pygame.image.tobytes(sa, "RGB"), pygame.image.tobytes(sb, "RGB")
        if sa.get_size() == sb.get_size() and ra == rb:
            print(f"{name}: identical")
            continue
        differ += 1
        count = sum(1 for i in range(0, min(len(ra), len(rb)), 3) if ra[i : i + 3] != rb[i : i + 3])
        print(f"{name}: DIFFERENT ({count} pixels)")
    print(f"{len(names)} pictures, {len(names) - differ} identical, {differ} different")
    return 1 if differ else 0


def window_size(text: str) -> tuple[int, int]:
    """A size written WIDTHxHEIGHT (argparse's type for --size)."""
    match = re.fullmatch(r"(\d{3,4})[xX](\d{3,4})", text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size such as 1280x720")
    return int(match[1]), int(match[2])


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line: an output folder (with --size and --only), or --compare BEFORE AFTER."""
    parser = argparse.ArgumentParser(prog="scene_shots.py", description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, help="the folder to write the PNGs into")
    parser.add_argument("--size", type=window_size, default=SIZE, help="the window, WIDTHxHEIGHT (1280x720)")
    parser.add_argument("--language", choices=("zh", "en"), default=LANGUAGE, help="the words' language (zh)")
    parser.add_argument(
        "--ruleset", default=RULESET, help=f"the ruleset the hands are played under, and the guide's ({RULESET})"
    )
    parser.add_argument("--home", type=Path, default=HOME, help=f"the fresh user folder ({HOME})")
    parser.add_argument("--only", default="", help="comma-separated parts of the names to draw (all when empty)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"), help="compare two folders")
    args = parser.parse_args(argv)
    if (args.out is None) == (args.compare is None):
        parser.error("give an output folder, or --compare BEFORE AFTER")
    return args


if __name__ == "__main__":
    arguments = parse_args(sys.argv[1:])
    if arguments.compare is not None:
        sys.exit(compare(*arguments.compare))
    SIZE = arguments.size
    LANGUAGE = arguments.language
    RULESET = arguments.ruleset
    render_all(arguments.out, tuple(p for p in arguments.only.split(",") if p), arguments.home)
