"""Whole hands played by four AIs through the real client, headless, to the end-of-hand panel."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import cast

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

from game.rules.loader import load_ruleset
from ui.settings.values import Settings, Speed
from ui.settlement import SettlementScene
from ui.stage.app import App
from ui.table.scene import TableScene
from ui.words import strings as S

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("ruleset", ["guiyang-classic", "guiyang-modern", "zhuoji-x10"])
def test_autoplay_plays_hands_to_the_end_panel(ruleset: str) -> None:
    """Several hands through App.run: each ends in a settlement panel, then the next is dealt."""
    rules = load_ruleset(ruleset)
    settings = Settings(speed=Speed.INSTANT, autoplay=True, hands=3, ruleset=ruleset)
    app = App(settings, size=(1280, 720), fps=0)
    tables: list[TableScene] = []
    panels: list[SettlementScene] = []

    def first(host: App) -> TableScene:
        table = TableScene(host, rules, f"auto-{ruleset}", human=None)
        table.on_panel = lambda panel: panels.append(cast(SettlementScene, panel))
        tables.append(table)
        return table

    assert app.run(first, max_frames=5000) == 0
    table = tables[0]
    assert table.hands_done == 3 and len(panels) == 3
    assert all(p.closed for p in panels)
    assert table.session.hands_settled == 3
    assert list(table.model.scores) == list(table.session.scores)
    assert sum(table.model.scores) == 0  # every ledger sums to zero (docs/design.md)


def test_autoplay_through_the_command_line() -> None:
    """`python main.py --autoplay --hands N` exits 0 under the dummy video driver."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run(
        [sys.executable, "main.py", "--autoplay", "--hands", "2", "--speed", "instant", "--seed", "cli"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "played 2 hands" in out.stdout


def test_english_table_plays_too() -> None:
    rules = load_ruleset("guiyang-pass")
    S.set_language("en")
    try:
        app = App(Settings(speed=Speed.INSTANT, autoplay=True, hands=1, language="en"), size=(1024, 600), fps=0)
        assert app.run(lambda host: TableScene(host, rules, "english", human=None), max_frames=3000) == 0
    finally:
        S.set_language("zh")
