"""Many hands played headless by built-in agents, with the invariants checked after each."""

from __future__ import annotations

import io
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.core.result import HandResult, WinHow
from game.core.ruleset import Ruleset
from game.core.settlement import settle
from game.core.tiles import COPIES, NUM_KINDS
from game.engine.round import HandSetup
from game.files.bounded_io import TextSink
from game.handfile import HandFileError, parse_hand_file, write_hand_file
from game.match.agents import Agent, SimpleAgent
from game.match.controller import MatchController
from game.match.replay import replay
from game.records.gamelog import LogWriter, read_log_text

ENDINGS = ("self_draw", "after_kong", "discard", "several_winners", "rob_kong", "hot_discard", "draw")


def ending_of(result: HandResult) -> list[str]:
    """The tallies a hand counts toward: how it ended, and whether the winning discard was hot."""
    win = result.win
    if win is None:
        return ["draw"]
    out: list[str] = []
    if win.how is WinHow.DISCARD:
        out.append("several_winners" if len(win.winners) > 1 else "discard")
        if win.hot:
            out.append("hot_discard")
    else:
        out.append(win.how.value)
    return out


@dataclass
class SimulationReport:
    """What a simulation found; everything but `seconds` depends only on the inputs."""

    ruleset: str
    seed: str
    hands: int
    endings: Counter[str] = field(default_factory=Counter)
    scores: list[int] = field(default_factory=list)
    checks: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def hands_per_second(self) -> float:
        """Hands per second of wall time."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0


def simulate(
    rules: Ruleset,
    seed: str,
    hands: int,
    agents: Sequence[Agent] | None = None,
    check_replay: bool = False,
    on_hand: Callable[[HandResult], object] | None = None,
    log: TextSink | None = None,
    check_export: bool = False,
) -> SimulationReport:
    """Play `hands` hands as one match and check: every tile in play accounted for, ledgers sum to zero, replay equal.

    With `log`, the match log is written there as it is played; `on_hand` sees each result.
    With `check_export`, each hand is also written as a hand file, read back and settled again:
    the file must be accepted and give the ledger the game gave.
    """
    players: Sequence[Agent] = agents or [SimpleAgent()] * rules.players
    report = SimulationReport(rules.name, seed, hands, scores=[0] * rules.players)
    table = MatchController(rules, seed, players, keep_save=False, keep_ledgers=False)
    match = table.match
    buffer = io.StringIO()
    sinks: list[TextSink] = [buffer] if check_replay else []
    if log is not None:
        sinks.append(log)
    writers = [LogWriter(out, rules, seed, HandSetup()) for out in sinks]
    sound_census = [COPIES if t in rules.kinds else 0 for t in range(NUM_KINDS)]
    start = time.perf_counter()
    for _ in range(hands):
        table.start_hand()
        rnd = table.round
        assert rnd is not None
        table.run_agents()
        settled = table.settle()
        result = rnd.state.result
        assert result is not None
        for e in ending_of(result):
            report.endings[e] += 1
        census = rnd.tile_census()
        if census == sound_census:
            report.checks["tiles_accounted"] += 1
        else:
            report.failures.append(f"hand {match.hand_no}: tile census {census}")
        if sum(settled.nets) == 0:  # the ledger's nets, as the settlement event carries them
            report.checks["ledger_sums_to_zero"] += 1
        else:
            report.failures.append(f"hand {match.hand_no}: ledger nets {settled.nets} do not sum to zero")
        if check_export:
            problem = export_problem(result, rules, settled.nets)
            if problem is None:
                report.checks["export_settles_same"] += 1
            else:
                report.failures.append(f"hand {match.hand_no}: {problem}")
        for writer in writers:
            writer.write_round(rnd)
        if on_hand is not None:
            on_hand(result)
    report.seconds = time.perf_counter() - start
    report.scores = list(match.scores)
    if check_replay:
        rep = replay(read_log_text(buffer.getvalue(), "<simulation>"), rules)
        if rep.mismatch is None and rep.scores == report.scores:
            report.checks["replay_identical"] += rep.hands
        else:
            report.failures.append(f"replay differs: {rep.mismatch or rep.scores}")
    return report


def export_problem(result: HandResult, rules: Ruleset, nets: Sequence[int]) -> str | None:
    """Why the hand file of `result` does not settle to the game's ledger (None when it does)."""
    text = write_hand_file(result)
    try:
        again = parse_hand_file(text, "<exported hand>", rules)
    except HandFileError as exc:
        return "the exported hand file is refused: " + "; ".join(exc.errors) + "\n" + text
    ledger = settle(again, rules)
    if ledger != settle(result, rules) or list(ledger.nets()) != list(nets):
        return f"the exported hand file settles to {ledger.nets()}, the game gave {tuple(nets)}\n" + text
    return None
