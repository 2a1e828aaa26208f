"""The coach: runs a lesson on the real round engine, says what to do and why, judges each move, and undoes.

The player is seat 0. Before each decision the coach names its move with the hint code's reason
(game.ai.hints); after it, it says whether the move was the one advised, an equal choice, or a mistake
and why. A mistake can be taken back: the round is rebuilt from the lesson's stacked wall and the
player's moves but the last are replayed (the other seats are deterministic, so the hand is the same).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.hints import DiscardHint, discard_table, reason_for
from game.ai.judgement.base import view_of
from game.core.hand import best_pattern, matching_patterns
from game.core.result import HandResult
from game.core.ruleset import PATTERN_NAMES, Ruleset
from game.core.settlement import Ledger, settle
from game.core.table_words import table_words
from game.core.tiles import format_tile, tile_name_zh
from game.engine.actions import Action, ActionKind, make
from game.engine.events import (
    Claimed,
    DealerChosen,
    DiceRolled,
    Event,
    HandWon,
    KongDeclared,
    ReadyDeclared,
    TilesDealt,
    WallBroken,
    WallExhausted,
)
from game.engine.observation import Observation, observe
from game.engine.round import Round
from game.learn.explain import Said, chicken_notes, explain_items, flip_note, seat_en, seat_zh
from game.learn.lessons import PLAYER, Lesson
from game.match.agents import Agent
from game.match.controller import MatchController
from game.rules.loader import load_ruleset

SEED = "lesson"


@dataclass(frozen=True, slots=True)
class Note:
    """Something the coach says; `kind` is "story" (what happened), "before", "good", "ok", "wrong" or "end"."""

    kind: str
    said: Said


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's move for the decision at hand, and why."""

    action: Action
    said: Said


@dataclass
class LessonRun:
    """One lesson in progress."""

    lesson: Lesson
    rules: Ruleset = field(init=False)
    table: MatchController = field(init=False)
    notes: list[Note] = field(default_factory=list)
    moves: list[Action] = field(default_factory=list)  # the player's moves so far
    choices: list[int] = field(default_factory=list)  # which of `moves` the player chose (the rest were forced)
    last_verdict: str = ""  # the kind of the note on the last move ("good", "ok", "wrong")

    def __post_init__(self) -> None:
        self._advice: tuple[tuple[int, int], Advice] | None = None
        self.rules = load_ruleset(self.lesson.ruleset)
        self._rebuild(())

    # ------------------------------------------------------------------ driving the round

    @property
    def round(self) -> Round:
        """The lesson's hand (the whole truth: the lesson shows every seat)."""
        rnd = self.table.round
        assert rnd is not None
        return rnd

    def _deal(self) -> MatchController:
        """The lesson's hand dealt afresh, the other seats played by the lesson's rule."""
        agents: list[Agent | None] = [None if s == PLAYER else LESSON_SEAT for s in range(self.rules.players)]
        table = MatchController(self.rules, SEED, agents, self.lesson.setup(self.rules), keep_save=False)
        table.start_hand()
        return table

    def _rebuild(self, moves: tuple[Action, ...]) -> None:
        self._advice = None
        self.table = self._deal()
        self.notes = [Note("story", self.lesson.intro)]
        self.moves, self.choices = [], []
        self._seen = 0
        self._advance(list(moves))

    def _advance(self, again: list[Action] | None = None) -> None:
        """Play the other seats and the player's forced moves until the player must decide or the hand ends; the
        player's moves in `again` (all of them, forced ones too, as `moves` keeps them) are made first, in turn."""
        table, rnd = self.table, self.round
        again = again or []
        while not rnd.ended:
            self._narrate()
            movers = rnd.to_move()
            if PLAYER in movers:
                legal = rnd.legal_actions(PLAYER)
                if len(legal) > 1:
                    if not again:
                        return
                    self.choices.append(len(self.moves))
                move = again.pop(0) if again else legal[0]
                self.moves.append(move)
                table.submit(move)
                continue
            seat = movers[0]
            action = _other_seat(table.observe(seat))
            waits = rnd.waits(PLAYER) if action.kind is ActionKind.DISCARD and rnd.state.turn == seat else frozenset()
            table.submit(action)
            if action.tile in waits:
                self._narrate()
                self._missed(seat, action.tile)
        self._narrate()

    def _missed(self, seat: int, tile: int) -> None:
        """Another seat threw a tile the player waits on: if the player may not take it, say why (docs/rules.md §6)."""
        rnd = self.round
        if rnd.ended or any(a.kind is ActionKind.WIN for a in rnd.legal_actions(PLAYER)):
            return
        counts = list(rnd.state.hands[PLAYER])
        counts[tile] += 1
        pattern = best_pattern(matching_patterns(counts, rnd.state.melds[PLAYER], tile), self.rules.pattern_values())
        name = PATTERN_NAMES[pattern] if pattern else ("无牌型", "no pattern")
        tz, te = tile_name_zh(tile), format_tile(tile)
        players = self.rules.players
        self.notes.append(
            Note(
                "story",
                Said(
                    f"{seat_zh(seat, players)}家打出{tz}，正是你要的牌，但这样胡是{name[0]}，你没有豆（通行证），"
                    "不能胡别人打的牌，只能自摸。",
                    f"{seat_en(seat, players)} threw {te}, a tile you wait on, but that win is a {name[1]} and you "
                    "have no kong (the pass): you may not take it off a discard, only draw it.",
                ),
            )
        )

    # ------------------------------------------------------------------ the player's side

    @property
    def waiting(self) -> bool:
        """True when the player must decide now."""
        return not self.round.ended and PLAYER in self.round.to_move()

    def observation(self) -> Observation:
        """The player's view of the hand."""
        return observe(self.round, PLAYER)

    def legal(self) -> list[Action]:
        """The player's legal moves now."""
        return self.round.legal_actions(PLAYER)

    def advice(self) -> Advice:
        """The coach's move now and the reason (the player must be waiting); worked out once per position."""
        key = (len(self.round.events), len(self.moves))
        cached = self._advice
        if cached is not None and cached[0] == key:
            return cached[1]
        obs = self.observation()
        action = coach_move(obs, self.lesson, self.rules)
        zh, en = reason_for(obs, action, self.rules)
        advice = Advice(action, _with_lesson_words(action, Said(zh, en), obs, self.lesson))
        self._advice = (key, advice)
        return advice

    def play(self, action: Action) -> Note:
        """Make the player's move: the engine checks it, the coach judges it; ValueError if it is illegal."""
        if action not in self.legal():
            raise ValueError(f"not a legal move now: {action}")
        note = self.judge(action)
        self.notes.append(note)
        self.last_verdict = note.kind
        self.choices.append(len(self.moves))
        self.moves.append(action)
        self.table.submit(action)
        self._advance()
        return note

    def play_advised(self) -> Note:
        """Make the coach's move (autoplay)."""
        return self.play(self.advice().action)

    def can_undo(self) -> bool:
        """True when a move of the player's own choosing can be taken back."""
        return bool(self.choices)

    def undo(self) -> bool:
        """Take back the player's last chosen move; False when there is none."""
        if not self.choices:
            return False
        keep = tuple(self.moves[: self.choices[-1]])
        self._rebuild(keep)
        self.notes.append(Note("story", Said("已悔一步，请重新选择。", "Move taken back: choose again.")))
        self.last_verdict = ""
        return True

    # ------------------------------------------------------------------ judging

    def judge(self, action: Action) -> Note:
        """The coach's verdict on `action` before it is made: good, an equal choice, or wrong and why."""
        obs = self.observation()
        best = coach_move(obs, self.lesson, self.rules)
        if action == best:
            zh, en = reason_for(obs, action, self.rules)
            return Note("good", Said(f"好！{zh}", f"Good: {en}"))
        kinds = {a.kind for a in obs.legal_actions}
        if best.kind is ActionKind.WIN:
            return Note(
                "wrong",
                Said("这里可以胡牌，你放过了。可以悔一步。", "You could have won here and let it pass. Take it back?"),
            )
        if best.kind in (ActionKind.PUNG, ActionKind.KONG) and action.kind is ActionKind.PASS:
            name_zh = "碰" if best.kind is ActionKind.PUNG else "杠"
            name_en = "pung" if best.kind is ActionKind.PUNG else "kong"
            return Note(
                "wrong",
                Said(
                    f"这一课要{name_zh}：{_claim_why(best.kind)[0]}可以悔一步。",
                    f"This lesson wants the {name_en}: {_claim_why(best.kind)[1]} Take it back?",
                ),
            )
        if best.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) and action.kind is ActionKind.DISCARD:
            return Note(
                "wrong",
                Said(
                    "你可以杠：豆有分，也是通行证。可以悔一步。",
                    "You could kong: a kong scores and is your pass. Take it back?",
                ),
            )
        if action.kind is ActionKind.DISCARD and ActionKind.DISCARD in kinds:
            return self._judge_discard(obs, action, best)
        zh, en = reason_for(obs, best, self.rules)
        return Note("wrong", Said(f"教练建议：{zh}。可以悔一步。", f"The coach would: {en}. Take it back?"))

    def _judge_discard(self, obs: Observation, action: Action, best: Action) -> Note:
        table = discard_table(view_of(obs, self.rules))
        mine = _row(table, action.tile)
        good = _row(table, best.tile)
        if mine is None or good is None:
            return Note("ok", Said("可以。", "Fine."))
        bz, be = tile_name_zh(good.tile), format_tile(good.tile)
        mz, me = tile_name_zh(mine.tile), format_tile(mine.tile)
        if mine.shanten > good.shanten:
            return Note(
                "wrong",
                Said(
                    f"打{mz}后离叫牌还差{mine.shanten}张；打{bz}只差{good.shanten}张"
                    f"{'（就叫牌了）' if good.shanten == 0 else ''}。可以悔一步。",
                    f"After {me} you are {mine.shanten} from ready; after {be}, {good.shanten}"
                    f"{' (ready)' if good.shanten == 0 else ''}. Take it back?",
                ),
            )
        if best.declare and not action.declare:
            return Note(
                "wrong",
                Said(
                    f"这一课要报听：打{bz}时选报听，牌就锁住，胡牌按报听算。可以悔一步。",
                    f"This lesson wants 报听: declare ready with {be}; the hand locks and a win counts as "
                    "declared. Take it back?",
                ),
            )
        if mine.live < good.live:
            return Note(
                "ok",
                Said(
                    f"也可以，但打{mz}后有效牌{mine.live}张，打{bz}有{good.live}张。想换可以悔一步。",
                    f"Fine, but after {me} {mine.live} tiles help, after {be} {good.live}. Undo to change?",
                ),
            )
        return Note("ok", Said(f"也可以：和打{bz}一样好。", f"Fine: as good as {be}."))

    # ------------------------------------------------------------------ the story

    def _narrate(self) -> None:
        events = self.round.events
        while self._seen < len(events):
            event = events[self._seen]
            self._seen += 1
            note = _story(event, self)
            if note is not None:
                self.notes.append(note)

    # ------------------------------------------------------------------ the end

    @property
    def ended(self) -> bool:
        """True once the hand is over."""
        return self.round.ended

    def result(self) -> HandResult:
        """The finished hand (the lesson must have ended)."""
        assert self.round.state.result is not None
        return self.round.state.result

    def ledger(self) -> Ledger:
        """The settlement of the finished hand."""
        return settle(self.result(), self.rules)

    def as_intended(self) -> bool:
        """True when the hand ended the way the lesson means it to."""
        return self.ended and self.lesson.intended(self.result(), self.ledger())

    def settlement_lines(self) -> list[Said]:
        """The settlement explained line by line: the flip, each chicken, each payment and its rule."""
        result, ledger = self.result(), self.ledger()
        lines = [flip_note(result, self.rules)]
        lines.extend(n.said for n in chicken_notes(result, self.rules, ledger))
        n = self.rules.players
        for note in explain_items(result, self.rules, ledger):
            i = note.item
            lines.append(
                Said(
                    f"{seat_zh(i.payer, n)}→{seat_zh(i.payee, n)} {i.label_zh} {i.amount}：{note.said.zh}",
                    f"{seat_en(i.payer, n)} → {seat_en(i.payee, n)} {i.label_en} {i.amount}: {note.said.en}",
                )
            )
        return lines


def _row(table: tuple[DiscardHint, ...], tile: int | None) -> DiscardHint | None:
    return next((r for r in table if r.tile == tile), None)


def _claim_why(kind: ActionKind) -> tuple[str, str]:
    if kind is ActionKind.PUNG:
        return "碰了就多一组，离胡更近。", "it makes a set at once and brings the hand closer."
    return "杠（豆）有分，也是平胡点胡的通行证。", "a kong scores and is the pass a plain hand needs."


def coach_move(obs: Observation, lesson: Lesson, rules: Ruleset) -> Action:
    """The coach's move: win when possible, claim or kong where the lesson teaches it, else the best discard."""
    legal = obs.legal_actions
    by_kind = {a.kind: a for a in legal}
    if ActionKind.WIN in by_kind:
        return by_kind[ActionKind.WIN]
    for kind in (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.PUNG):
        if kind in by_kind and lesson.claim:
            return by_kind[kind]
    if ActionKind.DISCARD not in by_kind:
        return by_kind.get(ActionKind.PASS, legal[0])
    table = discard_table(view_of(obs, rules))
    if not table:
        return next(a for a in legal if a.kind is ActionKind.DISCARD)
    best = table[0]
    if lesson.declare and best.may_declare:
        return make(ActionKind.DISCARD, obs.seat, best.tile, declare=True)
    return make(ActionKind.DISCARD, obs.seat, best.tile)


def _with_lesson_words(action: Action, said: Said, obs: Observation, lesson: Lesson) -> Said:
    """The hint's reason, with what the lesson is about when the move is its subject."""
    if action.kind is ActionKind.PUNG:
        return Said(
            f"{said.zh}。碰：别人打出你有一对的牌，拿来凑成三张。", f"{said.en}. Pung: take the discard to your pair."
        )
    if action.kind is ActionKind.KONG:
        return Said(
            f"{said.zh}。点豆：手里三张，杠别人打的第四张，打牌的人付分。",
            f"{said.en}. Exposed kong: three in hand take the fourth off a discard; the discarder pays.",
        )
    if action.kind is ActionKind.WIN and obs.last_discard is not None:
        return Said(f"{said.zh}：这张牌是你要的，点胡！", f"{said.en}: that discard completes your hand.")
    if action.kind is ActionKind.WIN:
        return Said(f"{said.zh}：摸到了要的牌，自摸！", f"{said.en}: you drew the tile you need.")
    if action.declare:
        return Said(
            f"{said.zh}。报听后不能换牌，摸什么打什么。",
            f"{said.en}. Once declared the hand is locked: each drawn tile goes out.",
        )
    return said


def _other_seat(obs: Observation) -> Action:
    """The lesson's other seats: discard the tile just drawn, claim nothing, never win."""
    legal = obs.legal_actions
    if obs.phase != "turn":
        return next(a for a in legal if a.kind is ActionKind.PASS)
    discards = [a for a in legal if a.kind is ActionKind.DISCARD and not a.declare]
    drawn = [a for a in discards if a.tile == obs.drawn]
    return (drawn or discards)[0]


class LessonSeat:
    """The lesson's other seats as an agent (see _other_seat)."""

    name = "lesson"

    def choose(self, obs: Observation) -> Action:
        """The lesson's move for this seat."""
        return _other_seat(obs)


LESSON_SEAT = LessonSeat()


def _seat(seat: int, players: int) -> tuple[str, str]:
    if seat == PLAYER:
        return "你", "you"
    return seat_zh(seat, players) + "家", seat_en(seat, players)


def _story(event: Event, run: LessonRun) -> Note | None:
    """What the coach says about an event, or None."""
    if run.lesson.explain_deal:
        note = _deal_story(event, run.rules.players)
        if note is not None:
            return note
    return _play_story(event, run.rules.players)


def _deal_story(event: Event, players: int) -> Note | None:
    """The dice, the dealer, the broken wall and the deal, told as they happen."""
    if isinstance(event, DiceRolled):
        a, b = event.dice
        wz, we = _seat(event.seat, players)
        if event.purpose == "first_dealer":
            roll_en, count_en = ("You roll", "count") if event.seat == PLAYER else (f"{we} rolls", "counts")
            return Note(
                "story",
                Said(
                    f"{wz}掷骰子：{a}+{b}={a + b}。从掷骰的人数起（自己算一）数{a + b}家，数到的人坐庄。",
                    f"{roll_en} {a}+{b}={a + b} and {count_en} {a + b} seats, the roller as one: that seat deals.",
                ),
            )
        return Note(
            "story",
            Said(
                f"庄家掷骰开牌：{a}+{b}={a + b}，数到哪一家就开那一家面前的牌墙，小的点数{min(a, b)}是跳过的墩数。",
                f"The dealer rolls {a}+{b}={a + b} to break the wall: the sum picks the side, the smaller die "
                f"({min(a, b)}) the stacks skipped.",
            ),
        )
    if isinstance(event, DealerChosen) and event.method == "dice":
        return Note(
            "story",
            Said(
                "数到了你：你是庄家，多抓一张，先出牌。", "It lands on you: you deal, hold one tile more and go first."
            ),
        )
    if isinstance(event, WallBroken):
        side_z, side_e = _seat(event.side, players)
        return Note(
            "story",
            Said(
                f"从{side_z}面前的牌墙跳过{event.skipped}墩，从下一墩开始抓牌。",
                f"On {side_e}'s side {event.skipped} stacks are skipped; the deal starts at the next stack.",
            ),
        )
    if isinstance(event, TilesDealt) and event.seat == PLAYER and len(event.places) == 2:
        return Note(
            "story",
            Said(
                "每人每次抓四张，抓三轮，庄家再跳两张：你有十四张，别人十三张。打出一张，你就叫牌了。",
                "Four tiles a grab for three rounds, then the dealer's jump: you hold fourteen, the others "
                "thirteen. One discard and you are ready.",
            ),
        )
    return None


def _play_story(event: Event, players: int) -> Note | None:
    """The player's own claims, kongs and 报听, and how the hand ended."""
    if isinstance(event, Claimed) and event.seat == PLAYER:
        if event.claim == "pung":
            return Note(
                "story",
                Said(
                    "碰了：三张亮在桌上，现在打一张（碰后不摸牌）。",
                    "Punged: the three lie open; now discard (no draw after a pung).",
                ),
            )
        return Note(
            "story",
            Said(
                "杠了：这是你的豆，也是通行证。从牌尾补一张。",
                "Konged: this is your kong (豆) and your pass. A replacement comes from the tail.",
            ),
        )
    if isinstance(event, KongDeclared) and event.seat == PLAYER:
        pays = table_words(players).each_pays
        return Note(
            "story",
            Said(
                f"暗杠：{pays.zh}闷豆分，它也是通行证。",
                f"Concealed kong: {pays.en} for it, and it is your pass.",
            ),
        )
    if isinstance(event, ReadyDeclared) and event.seat == PLAYER:
        return Note(
            "story",
            Said(
                "你报听了：从现在起摸到的牌直接打出，直到胡牌或黄庄。",
                "You declared ready: from now on each drawn tile goes straight out until you win or the wall is empty.",
            ),
        )
    if isinstance(event, HandWon):
        who_z, who_e = _seat(event.winners[0], players)
        return Note(
            "end",
            Said(f"{who_z}胡了！下面一行一行看结算。", f"{who_e.capitalize()} won! The settlement, line by line:"),
        )
    if isinstance(event, WallExhausted):
        return Note(
            "end",
            Said(
                "牌摸完了，没人胡：黄庄。每家亮牌查叫：没叫牌的人赔叫牌的人。",
                "The wall is empty, nobody won: a draw. Every hand is shown for 查叫: seats not ready pay the ready.",
            ),
        )
    return None
