"""The client's table model follows the engine through redacted events only (docs/design.md, the referee).

After every event the model's picture of the viewer's seat must agree with the engine's
observation of that seat: hand, ponds, melds, tiles left, hand sizes (docs/rules.md §3, §4).
"""

from __future__ import annotations

import pytest

from game.core.tiles import parse_tiles
from game.engine.events import HandSettled, TileDrawn, TilesDealt
from game.engine.observation import observe
from game.engine.round import Round
from game.engine.visibility import visible, visible_events
from game.match.agents import SimpleAgent
from game.match.match import Match
from game.match.play import play_round
from game.rules.loader import load_ruleset
from ui.table.model import HIDDEN, MeldView, TableModel


def _catch_up(rnd: Round, model: TableModel, shown: int) -> int:
    """Show the model every event it has not seen, as the viewer sees it; returns how many it has seen."""
    for event in visible_events(rnd.events[shown:], 0):
        model.apply(event)
    return len(rnd.events)


def _meld_kind(m) -> str:
    return "pung" if m.kong is None else str(m.kong.value)


@pytest.mark.parametrize(
    ("ruleset", "seed"), [("guiyang-classic", "m1"), ("guiyang-modern", "m2"), ("zhuoji-x10", "m3")]
)
def test_model_agrees_with_every_observation_of_the_viewer(ruleset: str, seed: str) -> None:
    """docs/rules.md §3-§4: deal, draws, discards, claims and kongs, replayed from the viewer's events."""
    rules = load_ruleset(ruleset)
    match = Match(rules, seed)
    agent = SimpleAgent()
    for _hand in range(3):
        rnd = match.new_round()
        model = TableModel(4, viewer=0, scores=tuple(match.scores))
        shown = _catch_up(rnd, model, 0)
        while not rnd.ended:
            obs = observe(rnd, 0)
            assert sorted(model.concealed(0)) == list(obs.hand)
            assert model.drawn[0] == obs.drawn or obs.drawn is None
            assert tuple(tuple(p) for p in model.ponds) == obs.ponds
            assert model.remaining == obs.wall_remaining
            assert tuple(model.hand_size(s) for s in range(4)) == obs.hand_sizes
            for seat in range(4):
                shown_melds = [(m.tile, m.kind, m.source) for m in model.melds[seat]]
                assert shown_melds == [(m.tile, _meld_kind(m), m.source) for m in obs.melds[seat]]
            assert model.declared == list(obs.declared)
            seat = rnd.to_move()[0]
            rnd.apply(agent.choose(observe(rnd, seat)))
            shown = _catch_up(rnd, model, shown)
        settled = match.finish_round(rnd)
        shown = _catch_up(rnd, model, shown)
        assert model.ended and model.settled == settled
        assert model.scores == list(settled.scores)
        result = rnd.state.result
        assert result is not None
        for seat in range(4):
            assert sorted(model.concealed(seat)) == sorted(result.seats[seat].concealed)


def test_viewer_never_learns_other_seats_tiles() -> None:
    """Redacted events hide others' dealt and drawn tiles: the model holds them as HIDDEN until the end."""
    rules = load_ruleset("guiyang-classic")
    rnd = Match(rules, "hidden").new_round()
    play_round(rnd, [SimpleAgent()] * 4)
    model = TableModel(4, viewer=0)
    for event in rnd.events:
        if isinstance(event, HandSettled):
            continue
        shown = visible(event, 0)
        if shown is None:
            continue
        if isinstance(shown, (TilesDealt, TileDrawn)) and shown.seat != 0:
            assert (shown.tiles if isinstance(shown, TilesDealt) else shown.tile) is None
        model.apply(shown)
        if not model.ended:
            for seat in (1, 2, 3):
                assert set(model.hands[seat]) <= {HIDDEN}
    assert all(t != HIDDEN for seat in range(4) for t in model.concealed(seat))


def test_added_kong_turns_the_pung_into_a_kong_in_place() -> None:
    """docs/rules.md §7 转弯豆: the pung claimed from a seat stays where it is and becomes a kong."""
    from game.engine.events import Claimed, KongDeclared

    model = TableModel(4, viewer=0)
    model.hands[0] = parse_tiles("555m 123p")
    model.apply(Claimed(0, "pung", parse_tiles("5m")[0], 2))
    assert model.melds[0] == [MeldView(parse_tiles("5m")[0], "pung", 2)]
    assert model.hands[0] == parse_tiles("5m 123p")
    model.apply(KongDeclared(0, parse_tiles("5m")[0], "added", False))
    assert model.melds[0] == [MeldView(parse_tiles("5m")[0], "added", 2)]
    assert model.hands[0] == parse_tiles("123p")
