"""The moves an AI makes for a person (托管, or a network clock run out) are kept as the AI's: the save and the replay
log mark them, a resume and a take-back keep the marks, and the review rates only what the person played."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.ai.levels.normal import NormalAgent
from game.cli.review import review_text
from game.match.agents import SimpleAgent
from game.match.controller import MatchController
from game.records.gamelog import read_log
from game.records.replaylog import replay_dir
from game.records.savefile import SaveError, dumps, loads, take_back
from game.review.cache import cache_path, review_replay
from game.review.report import hand_from_json, hand_json
from game.review.run import read_match, review_match
from game.rules.loader import load_ruleset
from tests.cut_rig import drawn_texts
from tests.review_rig import keep_match
from tests.ui_host import HeadlessHost, headless_display
from ui.review.scene import ReviewScene
from ui.settings.values import Settings
from ui.words import strings as S

RULES = load_ruleset("guiyang-classic")
ROLLOUTS = 4


def _half_in_tuoguan(seed: str = "stand-in") -> tuple[MatchController, set[int]]:
    """A hand to its end where the person at East plays their first five moves and 托管 plays the rest (as it
    plays a person's seat at a network host: `play_for`); the controller and the indices of 托管's moves."""
    control = MatchController(RULES, seed, [None, SimpleAgent(), SimpleAgent(), SimpleAgent()])
    person = NormalAgent(rules=RULES)
    control.start_hand()
    control.run_agents()
    rnd = control.round
    assert rnd is not None
    played_for: set[int] = set()
    moves = 0
    while not control.hand_over:
        moves += 1
        if moves > 5:
            played_for.add(len(rnd.actions))
            control.play_for(0, person)
        else:
            control.submit(person.choose(control.observe(0)))
        control.run_agents()
    return control, played_for


def test_the_ais_moves_for_a_person_are_marked_and_no_others() -> None:
    control, played_for = _half_in_tuoguan()
    rnd = control.round
    assert rnd is not None and played_for
    assert control.stand_ins == played_for
    assert all(rnd.actions[i].seat == 0 for i in control.stand_ins)
    # An AI's own seat is its own: moving it through play_for marks nothing.
    other = MatchController(RULES, "own", [SimpleAgent()] * 4)
    other.start_hand()
    for _ in range(10):
        other.step()
    assert other.stand_ins == set()


def test_the_save_keeps_the_marks_through_a_resume_and_a_take_back() -> None:
    control, played_for = _half_in_tuoguan()
    data = loads(dumps(control.save_data()))
    assert data.hands[-1].stand_ins == played_for
    again = MatchController.from_save(RULES, data, [None, SimpleAgent(), SimpleAgent(), SimpleAgent()])
    assert again.stand_ins == played_for
    cut = take_back(data, 0)
    assert cut is not None
    kept = len(cut.hands[-1].actions)
    assert cut.hands[-1].stand_ins == {i for i in played_for if i < kept}
    back = MatchController.from_save(RULES, cut, [None, SimpleAgent(), SimpleAgent(), SimpleAgent()])
    assert back.stand_ins == {i for i in played_for if i < kept}
    # A mark that is not a flag is named, action and all.
    text = dumps(control.save_data()).replace('"stand_in":true', '"stand_in":"yes"', 1)
    with pytest.raises(SaveError, match=r"test\.save: hand 1, action \d+: an action's stand_in must be true or false"):
        loads(text, "test.save")


def test_the_replay_log_marks_the_ais_moves_and_reads_them_back(player_home: Path) -> None:
    control, played_for = _half_in_tuoguan()
    keeper = control.replay_log("marks")
    control.on_hand_done = lambda rnd: keeper(rnd, False)
    control.settle()
    path = replay_dir() / keeper.file_name
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    actions = [line for line in lines if line["type"] == "action"]
    assert {i for i, a in enumerate(actions) if a.get("stand_in")} == played_for
    assert read_log(path).stand_ins == [played_for]


def test_answers_in_turn_keep_their_marks_through_the_held_table() -> None:
    """Two people at one screen answer each discard in turn (the held table); South is in 托管 throughout, so each
    of South's answers is kept in the window until the last person answers, and must keep its mark."""
    control = MatchController(RULES, "in-turn", [None, None, SimpleAgent(), SimpleAgent()])
    control.answer_in_turn = True
    east, south = NormalAgent(rules=RULES), NormalAgent(rules=RULES)
    control.start_hand()
    rnd = control.round
    assert rnd is not None
    held_answers = 0
    while not control.hand_over:
        movers = control.to_move()
        seat = movers[0]
        if seat == 1:
            held_answers += control.window is not None
            control.play_for(1, south)
        elif seat == 0:
            control.submit(east.choose(control.observe(0)))
        else:
            control.step()
    assert held_answers > 0
    assert control.stand_ins == {i for i, a in enumerate(rnd.actions) if a.seat == 1}


def test_the_review_rates_only_what_the_person_played(player_home: Path) -> None:
    """Hand 1: the person plays their first four moves and 托管 the rest; hand 2: 托管 throughout. The review prices
    the four alone (numbered among all the hand's decisions), counts the rest as 托管's, and leaves hand 2 out of
    the points lost per hand."""
    path = keep_match("half", hands=2, tuoguan=lambda hand, move: hand == 2 or move > 4)
    match = read_match(path)
    review = review_match(match, 0, ROLLOUTS)
    first, second = review.hands
    assert second.decisions == () and second.played_for > 0
    assert first.decisions and first.played_for > 0
    # The same match with nothing marked: every decision is priced, and the marked ones are those left out.
    whole = review_match(type(match)(match.rules, match.seed, match.setup, match.hands), 0, ROLLOUTS)
    assert [len(h.decisions) for h in whole.hands] == [
        len(first.decisions) + first.played_for,
        second.played_for,
    ]
    assert {d.number for d in first.decisions} <= {d.number for d in whole.hands[0].decisions}
    assert max(d.number for d in first.decisions) <= 4 < max(d.number for d in whole.hands[0].decisions)
    assert review.played_for == first.played_for + second.played_for
    assert review.own_hands == [first]
    assert review.lost_per_hand == pytest.approx(first.lost)
    read = hand_from_json(json.loads(json.dumps(hand_json(first))), "hand")  # the cache's form (prices rounded)
    assert (read.played_for, [d.number for d in read.decisions]) == (
        first.played_for,
        [d.number for d in first.decisions],
    )


def _review_drawn(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ReviewScene, list[str]]:
    """The review screen of seat 0 in the match at `path`, once its review is done, and every text of its frame."""
    headless_display((1280, 720))
    host = HeadlessHost(Settings(), (1280, 720))
    scene = ReviewScene(host, path, 0, 4, rollouts=ROLLOUTS)
    host.stack.push(scene)
    assert scene.worker.join(60)
    drawn = drawn_texts(monkeypatch, "fit")
    host.stack.update(1 / 60)
    screen = pygame.display.get_surface()
    assert screen is not None
    host.stack.draw(screen)
    return scene, drawn


def test_the_review_screen_says_how_many_decisions_the_ai_made(
    player_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    S.set_language("en")
    scene, drawn = _review_drawn(keep_match("half", hands=1, tuoguan=lambda hand, move: move > 4), monkeypatch)
    assert scene.review is not None and scene.review.played_for > 0
    head = next(t for t in drawn if "decision" in t)
    assert f"{scene.review.played_for} more made by auto-play, not rated" in head


def test_a_match_played_wholly_by_tuoguan_has_nothing_to_review_and_says_why(
    player_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    S.set_language("zh")
    scene, drawn = _review_drawn(keep_match("all", hands=1, tuoguan=lambda hand, move: True), monkeypatch)
    assert not scene.rows
    assert S.tr("rv_all_played_for") in drawn


def test_a_review_kept_before_moves_were_marked_is_still_used(player_home: Path) -> None:
    """A match with no move of the AI's has the keys it had before the marks were kept, and a review kept then (no
    count of the AI's decisions in it) is read as it is: nothing is priced again, and nothing the player had lost."""
    path = keep_match("old", hands=2)
    first = review_replay(path, 0, ROLLOUTS)
    kept = cache_path(path)
    data = json.loads(kept.read_text(encoding="utf-8"))
    for hand in data["hands"]:
        del hand["played_for"]  # as a review was kept before
    kept.write_text(json.dumps(data), encoding="utf-8")
    to_price: list[int] = []
    again = review_replay(path, 0, ROLLOUTS, progress=lambda done, todo: to_price.append(todo))
    assert to_price == [0]
    assert [(d.hand, d.number, d.played) for d in again.decisions] == [
        (d.hand, d.number, d.played) for d in first.decisions
    ]
    assert again.played_for == 0


def test_the_printed_review_says_what_the_ai_made_and_claims_no_agreement_with_nothing(player_home: Path) -> None:
    """`main.py review LOG`: the seat's own decisions are counted apart from 托管's, and a match wholly in 托管 says
    it has none to rate rather than an agreement of 100%."""
    half = review_replay(keep_match("half", hands=1, tuoguan=lambda hand, move: move > 4), 0, ROLLOUTS)
    text = review_text(half, "half.jsonl")
    own = len(half.decisions)
    assert text[1].startswith(f"1 hand, {own} decision{'s' if own != 1 else ''}: agreement with the expert")
    assert text[2] == f"{half.played_for} more made by auto-play (托管) for the seat, not rated"
    whole = review_replay(keep_match("all", hands=1, tuoguan=lambda hand, move: True), 0, ROLLOUTS)
    assert review_text(whole, "all.jsonl")[1:3] == [
        "1 hand, no decision of the seat's own to rate",
        f"{whole.played_for} more made by auto-play (托管) for the seat, not rated",
    ]
