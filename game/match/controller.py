"""The match controller: the one driver of a Round, for the window, the network host, the coach and the arena.

It owns the Match, the hand in play, the agent behind each seat (None where a person plays), the
save and the replay log. Drivers deal hands, hand in the moves of people, let the agents move,
and settle; what a seat or spectator may see of the events is game.engine.visibility's one rule.

It also keeps the claim window: after a discard (or a kong added to a pung) the table may be held at
that move while seats answer. At a shared screen (`answer_in_turn`) every person but the mover answers,
one at a time in a fixed order, and one who cannot claim is offered a lone pass, so the hand-off screens
never tell who could claim; the answers reach the engine together once the last is in. A network host
holds the same window for its answering beat (`hold`) and lets it go when the beat ends (`release`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.phase import Phase
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.engine.actions import Action, ActionKind, make
from game.engine.events import Event, HandSettled, TileDiscarded
from game.engine.observation import Observation, observe
from game.engine.round import HandSetup, IllegalAction, Round
from game.engine.visibility import visible, visible_events
from game.match.agents import Agent
from game.match.feed import VIEWERS, MatchFeed
from game.match.match import Match
from game.records.savefile import SaveData, SaveError, digest, first_setup, new_save, record

if TYPE_CHECKING:
    from game.records.replaylog import ReplayLog


def answer_order(mover: int, seats: Iterable[int], players: int) -> list[int]:
    """Who of `seats` answers a move of `mover` at a table of `players`, in turn: every other one, the seat after
    the mover last (it draws next when nobody claims, and so goes straight on without another hand-off)."""
    chosen = set(seats)
    return [(mover - k) % players for k in range(1, players) if (mover - k) % players in chosen]


@dataclass
class ClaimWindow:
    """The table held at a discard (or a kong added to a pung) while seats answer it."""

    mover: int  # the seat that discarded or added to its pung
    kind: str  # "claims" (a discard) or "rob" (an added kong)
    tile: int
    hot: bool
    mark: int  # how many of the hand's events the table shows meanwhile
    before: dict[int, Observation]  # each asked seat's observation just before the move
    queue: list[int]  # the seats still to answer in turn, the next first (none: held until released)
    answers: list[Action] = field(default_factory=list)  # answers the engine asked for, in the order given
    stand_ins: set[int] = field(default_factory=set)  # which of `answers` an AI gave for a person
    shown: dict[int, int] = field(default_factory=dict)  # with a feed: each viewer's count of its view meanwhile


def open_window(rnd: Round, start: int, before: dict[int, Observation], queue: list[int]) -> ClaimWindow | None:
    """The window the hand's last move opens (None for a move no one answers); `start` is how many events the
    hand had before it."""
    action = rnd.actions[-1]
    if action.kind is ActionKind.DISCARD:
        at = next(i for i in range(start, len(rnd.events)) if isinstance(rnd.events[i], TileDiscarded))
        event = rnd.events[at]
        assert isinstance(event, TileDiscarded)
        return ClaimWindow(action.seat, "claims", event.tile, event.hot, at + 1, before, queue)
    if action.kind is ActionKind.ADDED_KONG and action.tile is not None:
        # The kong itself shows only once no one robs it, as when someone may.
        return ClaimWindow(action.seat, "rob", action.tile, False, start, before, queue)
    return None


def window_open(rnd: Round, window: ClaimWindow) -> bool:
    """True while the engine itself still waits for answers at the held move (someone may claim or rob)."""
    return rnd.state.phase in (Phase.CLAIMS, Phase.ROB) and len(rnd.events) == window.mark


def held_observation(rnd: Round, window: ClaimWindow, live: Observation) -> Observation:
    """What `live.seat` sees while the table is held: the hand as it stood at the move, and the answers the engine
    offers the seat, or a lone pass where it offers none."""
    seat = live.seat
    passing = (make(ActionKind.PASS, seat),)
    if window_open(rnd, window):
        # Nothing has moved since the move: the engine's own view, the same for every seat.
        return live._replace(legal_actions=live.legal_actions or passing)
    before = window.before.get(seat, live)
    if window.kind == "rob":
        # Nothing public has changed yet: the kong shows only when no one robs it.
        return before._replace(phase="rob", turn=window.mover, drawn=None, rob_tile=window.tile, legal_actions=passing)
    sizes = list(before.hand_sizes)
    sizes[window.mover] -= 1
    # The engine went on (the next seat drew, or the wall ran out): the public tiles are as the discard left them,
    # while this seat's own tiles, the wall and the hands' sizes are as they were before.
    return before._replace(
        phase="claims",
        turn=window.mover,
        drawn=None,
        melds=live.melds,
        ponds=live.ponds,
        hand_sizes=tuple(sizes),
        declared=live.declared,
        last_discard=(window.mover, window.tile, window.hot),
        rob_tile=None,
        first_chicken=live.first_chicken,
        first_chicken_claimed_by=live.first_chicken_claimed_by,
        legal_actions=passing,
    )


class MatchController:
    """A match played hand after hand; `agents[seat]` answers for a seat, None where a person plays."""

    def __init__(
        self,
        rules: Ruleset,
        seed: str,
        agents: Sequence[Agent | None] | None = None,
        first_setup: HandSetup | None = None,
        config: dict[str, Any] | None = None,
        keep_save: bool = True,
        keep_ledgers: bool = True,
        keep_feed: bool = False,
    ) -> None:
        if agents is None:
            agents = [None] * rules.players  # every seat a person's
        if len(agents) != rules.players:
            raise ValueError(f"this table has {rules.players} seats, got {len(agents)} players")
        self.rules = rules
        self.seed = seed
        self.agents: list[Agent | None] = list(agents)
        self.match = Match(rules, seed, first_setup or HandSetup(), keep_ledgers=keep_ledgers)
        self.round: Round | None = None
        self.finished: list[Round] = []  # hands settled before a resume (the save replays them); not kept in play
        # The save is brought up to date only when asked for (save_data): a move's events go out first.
        self.save: SaveData | None = new_save(rules, seed, self.match.first_setup, config) if keep_save else None
        self._stale = False
        self.on_save: Callable[[], None] | None = None  # the save changed: save_data() has the match as it stands
        # Every event of the match, with each viewer's numbered view of it (a network host sends these).
        self.feed: MatchFeed | None = MatchFeed() if keep_feed else None
        self.on_hand_done: Callable[[Round], None] | None = None  # a hand just settled (the replay log)
        # Several people share the screen: each discard (and added kong) holds the table while every person
        # answers in turn; `window` is that hold (or a network host's answering beat) while it lasts.
        self.answer_in_turn = False
        self.window: ClaimWindow | None = None
        self._move_start = 0  # how many events the hand had before its last move
        # The hand in play's actions (by index) an AI made for a person: 托管, or a clock that ran out. The save
        # and the replay log keep them, so that a review rates what the person played, not what was played for them.
        self.stand_ins: set[int] = set()

    @classmethod
    def from_save(
        cls, rules: Ruleset, data: SaveData, agents: Sequence[Agent | None] | None = None, where: str = "save"
    ) -> MatchController:
        """The match of a save, at the very point it was saved (SaveError if it does not replay)."""
        ctl = cls(rules, str(data.head["seed"]), agents)
        ctl.resume(data, where)
        return ctl

    @classmethod
    def playing(cls, rnd: Round, agents: Sequence[Agent | None]) -> MatchController:
        """A controller for a hand already dealt (a copy being played out): no save, no match before it."""
        ctl = cls(rnd.rules, "", agents, keep_save=False, keep_ledgers=False)
        ctl.round = rnd
        return ctl

    def resume(self, data: SaveData, where: str = "save") -> None:
        """Put the match back to where `data` left it (SaveError if it does not replay); the hands it settled
        are in `finished`."""
        if self.rules.name != data.head.get("ruleset"):
            raise SaveError(f"{where}: saved with ruleset {data.head.get('ruleset')!r}, not {self.rules.name!r}")
        # The save's hands are played again here, by the one driver of a match, with nothing sent, saved or
        # logged on the way: what they give is checked against the digest each hand was saved with.
        self.match = Match(self.rules, str(data.head["seed"]), first_setup(data.head))
        self.finished, self.round = [], None
        self.stand_ins = set()
        for n, hand in enumerate(data.hands, 1):
            rnd = self.match.new_round()
            for i, action in enumerate(hand.actions, 1):
                try:
                    rnd.apply(action)
                except IllegalAction as exc:
                    raise SaveError(f"{where}: hand {n}, action {i} does not replay ({exc.reason})") from None
                except (ValueError, IndexError, KeyError, TypeError) as exc:
                    why = type(exc).__name__
                    raise SaveError(f"{where}: hand {n}, action {i} does not replay ({why})") from None
            if hand.settled:
                if not rnd.ended:
                    raise SaveError(f"{where}: hand {n} is marked settled but its actions do not end it")
                self.match.finish_round(rnd)
                self.finished.append(rnd)
            else:
                self.round = rnd
                self.stand_ins = {i for i in hand.stand_ins if i < len(hand.actions)}
            if hand.digest and (len(rnd.events) != hand.events or digest(rnd.events) != hand.digest):
                raise SaveError(f"{where}: hand {n} replays to other events than were saved (another game version?)")
        self.save = data
        self.window = None
        if self.feed is not None:
            for rnd in [*self.finished, *([self.round] if self.round is not None else [])]:
                self.feed.begin_hand()
                self.feed.add(rnd.events)
        # A save cut back by a take-back holds the hand's actions alone: its record is made again.
        self._stale = self.round is not None

    def replay_log(self, match_id: str) -> ReplayLog:
        """The replay log of this match, which starts from the match's own first deal."""
        from game.records.replaylog import ReplayLog  # the log's files and folders only where a match is kept

        def people() -> list[int]:
            return [seat for seat, agent in enumerate(self.agents) if agent is None]

        # The hand is logged as it settles, before the next is dealt: the stand-ins are still the settled hand's.
        return ReplayLog(match_id, self.rules, self.seed, self.match.first_setup, people, lambda: self.stand_ins)

    # ------------------------------------------------------------------ the save

    def save_data(self) -> SaveData:
        """The save, with the hand in play's record as it stands now."""
        if self.save is None:
            raise RuntimeError("this match keeps no save")
        if self._stale and self.round is not None:
            self._record(self.round, False)
        return self.save

    def _record(self, rnd: Round, settled: bool) -> None:
        assert self.save is not None
        rec = record(rnd, settled, self.stand_ins)
        hands = self.save.hands
        if len(hands) < self.match.hand_no:
            hands.append(rec)
        else:
            hands[self.match.hand_no - 1] = rec
        self._stale = False

    def _changed(self) -> None:
        if self.save is not None:
            self._stale = True
            if self.on_save is not None:
                self.on_save()

    # ------------------------------------------------------------------ a hand

    def start_hand(self) -> list[Event]:
        """Deal the next hand; returns its opening events (the whole truth)."""
        self.round = self.match.new_round()
        self.window = None
        self.stand_ins = set()
        if self.feed is not None:
            self.feed.begin_hand()
            self.feed.add(self.round.events)
        self._changed()
        return self.round.events

    @property
    def hand_over(self) -> bool:
        """True when the hand in play has ended and waits to be settled."""
        return self.round is not None and self.round.ended

    @property
    def people(self) -> list[int]:
        """Seats played by people (no agent behind them)."""
        return [seat for seat, agent in enumerate(self.agents) if agent is None]

    def to_move(self) -> list[int]:
        """Seats that must act now (none between hands; while the table is held, the next to answer alone)."""
        window = self.window
        if window is not None:
            return window.queue[:1]
        return [] if self.round is None else self.round.to_move()

    def observe(self, seat: int) -> Observation:
        """What `seat` sees now, with its legal actions (while the table is held: as it stood at the move)."""
        if self.round is None:
            raise RuntimeError("no hand is dealt")
        live = observe(self.round, seat)
        if self.window is None or not self.window.queue:
            return live
        return held_observation(self.round, self.window, live)

    def check(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None."""
        if self.round is None:
            return "no hand is dealt"
        window = self.window
        if window is not None and window.queue:
            if action.seat != window.queue[0]:
                return f"seat {action.seat} does not answer now"
            return None if action in self.observe(action.seat).legal_actions else "not one of the answers offered"
        return self.round.check(action)

    def submit(self, action: Action, stand_in: bool = False) -> list[Event]:
        """Carry out a legal action (IllegalAction otherwise); returns the events that followed (while seats
        answer in turn: none until the last has answered, then those since the held move). `stand_in`: an AI
        chose it for the person whose seat it is."""
        rnd = self.round
        if rnd is None:
            raise RuntimeError("no hand is dealt")
        if self.window is not None and self.window.queue:
            return self._answer(action, stand_in)
        if not self.answer_in_turn:
            return self._apply(rnd, action, stand_in)
        people = self.people
        before = {seat: observe(rnd, seat) for seat in people}
        events = self._apply(rnd, action, stand_in)
        if self.window is None:
            window = open_window(rnd, self._move_start, before, answer_order(action.seat, people, rnd.rules.players))
            self.window = window if window is not None and window.queue else None
        return events

    def _apply(self, rnd: Round, action: Action, stand_in: bool = False) -> list[Event]:
        self._move_start = len(rnd.events)
        index = len(rnd.actions)
        events = rnd.apply(action)
        if stand_in:
            self.stand_ins.add(index)
        if self.feed is not None:
            self.feed.add(events)
        self._changed()
        return events

    def _answer(self, action: Action, stand_in: bool = False) -> list[Event]:
        """An answer in turn: kept until the last has answered, then all go to the engine together and the
        table is let go."""
        window, rnd = self.window, self.round
        assert window is not None and rnd is not None
        reason = self.check(action)
        if reason is not None:
            raise ValueError(f"{action} is not an answer now: {reason}")
        if action in observe(rnd, action.seat).legal_actions:
            if stand_in:
                window.stand_ins.add(len(window.answers))
            window.answers.append(action)  # the engine asked this seat (a lone pass elsewhere is the table's alone)
        window.queue.pop(0)
        if window.queue:
            return []
        self.window = None
        for i, answer in enumerate(window.answers):
            self._apply(rnd, answer, i in window.stand_ins)
        return rnd.events[window.mark :]

    def shown_events(self) -> list[Event]:
        """The hand's events the table may show now: while it is held, those up to the held move."""
        if self.round is None:
            return []
        events = self.round.events
        return events if self.window is None else events[: self.window.mark]

    def hold(self) -> ClaimWindow | None:
        """Hold the table at the move just made until `release`, if it opens a claim window (a network host's
        answering beat): each viewer's view stops at the move meanwhile. None when no window opened."""
        rnd = self.round
        if self.window is not None or rnd is None or not rnd.actions:
            return None
        window = open_window(rnd, self._move_start, {}, [])
        if window is None:
            return None
        if self.feed is not None:
            # Each viewer's count up to the move: what it holds now less what it may see of the move's sequel.
            sequel = rnd.events[window.mark :]
            feed = self.feed
            window.shown = {
                v: len(feed.views[v]) - sum(1 for e in sequel if visible(e, v) is not None) for v in VIEWERS
            }
        self.window = window
        return window

    def release(self) -> None:
        """Let go of a held table (the answering beat is over)."""
        self.window = None

    def reopen(self) -> None:
        """At a shared screen, hold the table again at the hand's last move if nobody has answered it yet (a match
        resumed from a save): every person but the mover is asked, in the same order as in a fresh round."""
        rnd = self.round
        if not self.answer_in_turn or self.window is not None or rnd is None or rnd.ended or not rnd.actions:
            return
        if rnd.actions[-1].kind not in (ActionKind.DISCARD, ActionKind.ADDED_KONG):
            return
        # The hand just before the move, replayed: each person's view then, and where the move's events begin.
        earlier = Round(rnd.rules, rnd.seed, rnd.setup)
        for action in rnd.actions[:-1]:
            earlier.apply(action)
        people = self.people
        before = {seat: observe(earlier, seat) for seat in people}
        order = answer_order(rnd.actions[-1].seat, people, rnd.rules.players)
        window = open_window(rnd, len(earlier.events), before, order)
        self.window = window if window is not None and window.queue else None

    def play_for(self, seat: int, agent: Agent, stand_in: bool | None = None) -> list[Event]:
        """Let `agent` choose for `seat` and carry the choice out; the events that followed. The move is marked as
        made for a person (see `stand_ins`) where `stand_in` says so, by default at a seat with no agent of its own."""
        made_for = self.agents[seat] is None if stand_in is None else stand_in
        return self.submit(agent.choose(self.observe(seat)), stand_in=made_for)

    def step(self) -> list[Event]:
        """Let the agent of the first seat to move act; ValueError when a person must move."""
        seat = self.to_move()[0]
        agent = self.agents[seat]
        if agent is None:
            raise ValueError(f"seat {seat} is played by a person")
        return self.play_for(seat, agent)

    def run_agents(self) -> None:
        """Let the agents move until a person must or the hand ends."""
        rnd = self.round
        if rnd is None:
            raise RuntimeError("no hand is dealt")
        agents = self.agents
        # The plain loop when nothing is kept: the arena plays thousands of hands through it.
        keeps = self.save is not None or self.feed is not None
        if keeps or self.answer_in_turn or self.window is not None:
            # Through submit: each move is kept, and a held table waits for the people's answers.
            movers = self.to_move()
            while movers:  # nobody is to move once the hand has ended
                agent = agents[movers[0]]
                if agent is None:
                    return
                self.submit(agent.choose(self.observe(movers[0])))
                movers = self.to_move()
            return
        movers = rnd.to_move()
        while movers:
            seat = movers[0]
            agent = agents[seat]
            if agent is None:
                return
            rnd.apply(agent.choose(observe(rnd, seat)))
            movers = rnd.to_move()

    def settle(self) -> HandSettled:
        """Settle the ended hand: the deal moves on, the save and the replay log take it; the settlement event."""
        rnd = self.round
        if rnd is None or not rnd.ended:
            raise RuntimeError("the hand is not over")
        settled = self.match.finish_round(rnd)
        if self.feed is not None:
            self.feed.add([settled])
        if self.save is not None:
            self._record(rnd, True)
            if self.on_save is not None:
                self.on_save()
        if self.on_hand_done is not None:
            self.on_hand_done(rnd)
        self.round = None
        self.window = None
        return settled

    @property
    def ledger(self) -> Ledger:
        """The ledger of the hand settled last."""
        return self.match.ledgers[-1]

    def play_hand(self) -> HandSettled:
        """Deal, play and settle one hand with the agents alone (every seat must have one)."""
        self.start_hand()
        self.run_agents()
        if not self.hand_over:
            raise ValueError("a person must move: play_hand needs an agent at every seat")
        return self.settle()

    def view(self, events: list[Event], viewer: int) -> list[Event]:
        """`events` as `viewer` (a seat, or game.engine.visibility.SPECTATOR) may see them."""
        return visible_events(events, viewer)
