"""Problems as codes (game.handfile.codes): every code the game can emit has English for `settle FILE` and the
client's words in Chinese and English, each filled in from the code's own arguments."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from game.core.tiles import parse_tile, parse_tiles
from game.handfile import Problem
from game.handfile.codes import ARG_KINDS, ENGLISH, english
from game.rules.loader import load_ruleset
from ui.calculator.problems import WORDS, problem_text
from ui.words import strings as S

RULES = load_ruleset("guiyang-classic")
ROOT = Path(__file__).resolve().parent.parent

# One value of each kind of argument, as the game gives it.
SAMPLES: dict[str, object] = {
    "seat": 2,
    "tile": parse_tile("1s"),
    "tiles": (parse_tile("1s"), parse_tile("8p")),
    "hand": tuple(parse_tiles("234m 678s 11s")),
    "over": ((parse_tile("1s"), 5),),
    "ruleset": RULES.name,
    "suit": "m",
    "pattern": "qingyise",
    "how": "after_kong",
    "count": 3,
    "text": "12x3m",
}


def _names(template: str) -> set[str]:
    """The argument names a str.format template reads."""
    return {name.split("!")[0] for _text, name, _spec, _conv in string.Formatter().parse(template) if name}


def _args(code: str) -> dict[str, object]:
    """Sample arguments for `code`: every name its English reads, by its kind."""
    return {name: SAMPLES[ARG_KINDS[name]] for name in _names(ENGLISH[code]) - {"field"}}


def test_every_argument_name_has_a_kind() -> None:
    names = set().union(*(_names(t) for t in ENGLISH.values())) - {"field"}
    assert names <= set(ARG_KINDS)
    assert set(ARG_KINDS.values()) <= set(SAMPLES)


def test_the_client_words_exactly_the_codes_the_game_emits() -> None:
    assert set(WORDS) == set(ENGLISH)


@pytest.mark.parametrize("code", sorted(ENGLISH))
def test_every_code_reads_in_english_and_in_both_client_languages(code: str) -> None:
    """The English `settle FILE` prints and the client's Chinese and English all fill in from the code's
    arguments, with nothing left over."""
    args = _args(code)
    problem = Problem("seats[2]", code, args, 2)
    assert problem.message == english(code, "seats[2]", args)
    assert problem.message.strip() and "{field}" not in problem.message
    zh, en = WORDS[code]
    assert _names(zh) <= set(args) and _names(en) <= set(args), "the client reads an argument the game never gives"
    for lang in ("zh", "en"):
        S.set_language(lang)
        try:
            text = problem_text(problem, RULES)
        finally:
            S.set_language("zh")
        assert text.strip() and "{" not in text and "}" not in text
        assert RULES.name not in text  # the ruleset is called by its title
        if lang == "zh":
            assert "seat" not in text and "found" not in text, text


def test_an_unknown_code_is_refused_where_it_is_made() -> None:
    with pytest.raises(ValueError, match="no problem code"):
        Problem("win", "no_such_problem")


def test_the_client_reads_no_sentences() -> None:
    """The words come from the codes: nothing in the calculator's problems parses the game's English."""
    source = (ROOT / "ui" / "calculator" / "problems.py").read_text(encoding="utf-8")
    assert "import re" not in source and "re.compile" not in source
