"""Several people at one screen: the table held at each discard (and added kong) while every other person answers.

At a shared screen the hand-off screens must not tell who can claim. So after every discard, each person
but the discarder is handed the table in turn, in the same order every time, and answers: with the
buttons their hand allows, or with a lone "pass" when it allows nothing. Meanwhile the table shows the
hand as it stood at the discard, whatever the engine did next (the next seat's draw when nobody could
claim), and the AIs' answers wait; the people's answers go to the engine once the last has answered.
`TableSession` keeps a `Held` while this goes on (ui/table/session.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.actions import Action, ActionKind, make
from game.events import Event, TileDiscarded
from game.observation import Observation
from game.phase import Phase
from game.round import Round


@dataclass
class Held:
    """The table held at a discard (or an added kong) while the people answer, one at a time."""

    mover: int  # the seat that discarded or added to its pung
    kind: str  # "claims" (a discard) or "rob" (an added kong)
    tile: int
    hot: bool
    mark: int  # how many of the hand's events the table shows meanwhile
    before: dict[int, Observation]  # each person's observation just before the move
    queue: list[int]  # the people still to answer, the next first
    answers: list[Action] = field(default_factory=list)  # answers the engine asked for, in the order given


def answer_order(mover: int, people: list[int]) -> list[int]:
    """Who answers a move of `mover`, in turn: every other person, the seat after the mover last (it draws next
    when nobody claims, and so goes straight on without another hand-off)."""
    return [(mover - k) % 4 for k in (1, 2, 3) if (mover - k) % 4 in people]


def hold_for(
    rnd: Round, start: int, raw: list[Event], before: dict[int, Observation], people: list[int]
) -> tuple[Held | None, list[Event]]:
    """After a move at a shared screen: the hold it calls for (None for a move no one answers) and the events the
    table may show now. `start` is how many events the hand had before the move and `raw` the ones it made."""
    action = rnd.actions[-1]
    if action.kind is ActionKind.DISCARD:
        at = next(i for i, e in enumerate(raw) if isinstance(e, TileDiscarded))
        event = raw[at]
        assert isinstance(event, TileDiscarded)
        held = Held(action.seat, "claims", event.tile, event.hot, start + at + 1, before, [])
        shown = raw[: at + 1]
    elif action.kind is ActionKind.ADDED_KONG and action.tile is not None:
        # The kong itself shows only once no one robs it, as when someone may.
        held = Held(action.seat, "rob", action.tile, False, start, before, [])
        shown = []
    else:
        return None, raw
    held.queue = answer_order(action.seat, people)
    return (held if held.queue else None), (shown if held.queue else raw)


def window_open(rnd: Round, held: Held) -> bool:
    """True while the engine itself still waits for answers at the held move (someone may claim or rob)."""
    return rnd.state.phase in (Phase.CLAIMS, Phase.ROB) and len(rnd.events) == held.mark


def held_observation(rnd: Round, held: Held, live: Observation) -> Observation:
    """What `live.seat`'s person sees while the table is held: the hand as it stood at the move, and the answers
    the engine offers the seat, or a lone pass where it offers none."""
    seat = live.seat
    passing = (make(ActionKind.PASS, seat),)
    if window_open(rnd, held):
        # Nothing has moved since the move: the engine's own view, the same for every seat.
        return live._replace(legal_actions=live.legal_actions or passing)
    before = held.before.get(seat, live)
    if held.kind == "rob":
        # Nothing public has changed yet: the kong shows only when no one robs it.
        return before._replace(phase="rob", turn=held.mover, drawn=None, rob_tile=held.tile, legal_actions=passing)
    sizes = list(before.hand_sizes)
    sizes[held.mover] -= 1
    # The engine went on (the next seat drew, or the wall ran out): the public tiles are as the discard left them,
    # while this seat's own tiles, the wall and the hands' sizes are as they were before.
    return before._replace(
        phase="claims",
        turn=held.mover,
        drawn=None,
        melds=live.melds,
        ponds=live.ponds,
        hand_sizes=tuple(sizes),
        declared=live.declared,
        last_discard=(held.mover, held.tile, held.hot),
        rob_tile=None,
        first_chicken=live.first_chicken,
        first_chicken_claimed_by=live.first_chicken_claimed_by,
        legal_actions=passing,
    )
