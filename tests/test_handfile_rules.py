"""Hand files a ruleset cannot score are refused (RULES.md §12.18), first chickens are inferred, and `settle`
names the next dealer as the match does (RULES.md §10)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from game.agents import SimpleAgent
from game.cli import settle as settle_cli
from game.handfile import write_hand_file
from game.match import Match
from game.play import play_round
from game.round import HandSetup
from game.ruleset_loader import load_ruleset


@pytest.mark.parametrize("name", ["guiyang-classic", "zhuoji-x10", "guiyang-app"])
def test_settle_names_the_next_dealer_as_the_match_does(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """RULES.md §10: `settle --json` gives next_dealer and next_streak, the same as the match that played the hand."""
    rules = load_ruleset(name)
    match = Match(rules, f"next:{name}", HandSetup())
    agents = [SimpleAgent()] * 4
    for i in range(40):
        rnd = play_round(match.new_round(), agents)
        settled = match.finish_round(rnd)
        assert rnd.result is not None
        path = tmp_path / f"{i}.yaml"
        path.write_text(write_hand_file(rnd.result), encoding="utf-8")
        args = argparse.Namespace(file=str(path), ruleset=None, json=True, compare=False)
        assert settle_cli.run(args) == 0
        out = json.loads(capsys.readouterr().out)
        assert (out["next_dealer"], out["next_streak"]) == (settled.next_dealer, settled.next_streak)
        assert (match.dealer, match.streak) == (settled.next_dealer, settled.next_streak)
