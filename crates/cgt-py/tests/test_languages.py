"""The reports in the lessons' languages: ``cgt.requests.text(…, lang=…)`` prints what
``cgt --lang … COMMAND`` prints, and the derivations of the lessons' games keep no English
sentence in Russian, Bulgarian or Chinese."""

import os
import pathlib
import subprocess

import pytest

import cgt
from cgt.requests import text

ROOT = pathlib.Path(__file__).resolve().parents[3]

# Questions of the lessons, as `text` keyword arguments and as the command line's arguments.
QUESTIONS = [
    ("nim", {"heaps": [3, 4, 5], "explain": True}, ["nim", "3", "4", "5", "--explain"]),
    ("nim", {"heaps": [1, 1, 1], "misere": True, "explain": True}, ["nim", "1", "1", "1", "--misere", "--explain"]),
    ("staircase", {"coins": [3, 1, 5], "explain": True}, ["staircase", "3", "1", "5", "--explain"]),
    ("moore", {"k": 2, "heaps": [3, 5, 6, 7], "explain": True}, ["moore", "-k", "2", "3", "5", "6", "7", "--explain"]),
    ("wythoff", {"position": [4, 9], "explain": True}, ["wythoff", "4", "9", "--explain"]),
    ("divisor", {"n": 12, "explain": True}, ["divisor", "12", "--explain"]),
    ("heaps", {"rules": "0.77", "heaps": [3, 5], "explain": True}, ["octal", "0.77", "--heaps", "3", "5", "--explain"]),
    # Partizan: the options down to the canonical form, stops, derived games, winning moves.
    ("game", {"expr": "{1|0} + *", "explain": True, "cool": ["1"], "compare": "1"}, ["game", "{1|0} + *", "--explain", "--cool", "1", "--compare", "1"]),
    ("clobber", {"board": "xo/ox", "explain": True, "misere": True}, ["clobber", "xo/ox", "--explain", "--misere"]),
    ("domineering", {"board": "2x3", "explain": True}, ["domineering", "2x3", "--explain"]),
    # Loopy games and Left dead ends: outcomes with draws, sides, divisors, comparisons.
    ("loopy", {"expr": "upon", "compare": "^"}, ["loopy", "upon", "--compare", "^"]),
    ("loopy", {"expr": "a = {b|}; b = {|a}"}, ["loopy", "a = {b|}; b = {|a}"]),
    ("loopy", {"backsliding": "T..F"}, ["loopy", "--backsliding", "T..F"]),
    ("dead-end", {"expr": "-2 + {|0,-3}", "compare": "-1"}, ["dead-end", "-2 + {|0,-3}", "--compare", "-1"]),
    # A misère quotient: presentation, P-portion, pretending function, the proof of periodicity.
    ("heaps", {"rules": "0.75", "misere_quotient": True, "upto": 24}, ["octal", "0.75", "--misere-quotient", "--upto", "24"]),
]


def command_line(lang, args):
    path = pathlib.Path(os.environ.get("CGT_BIN", ROOT / "target" / "debug" / "cgt"))
    out = subprocess.run([str(path), "--lang", lang, *args], capture_output=True, text=True, check=True)
    return out.stdout


def english_sentences(words):
    """The lines of English words (two words of three letters or more)."""
    return [
        line
        for line in words.splitlines()
        if sum(1 for w in "".join(c if c.isalpha() else " " for c in line).split() if len(w) >= 3) >= 2
    ]


@pytest.mark.parametrize("command,fields,args", QUESTIONS, ids=[" ".join(q[2]) for q in QUESTIONS])
def test_every_language_prints_what_the_command_line_prints(command, fields, args):
    english = text(command, **fields)
    assert english == command_line("en", args)
    sentences = english_sentences(english)
    assert len(sentences) >= 3
    for lang in ["ru", "bg", "zh"]:
        worded = text(command, lang=lang, **fields)
        assert worded == command_line(lang, args)
        assert len(worded.splitlines()) == len(english.splitlines())
        for line in sentences:
            assert line not in worded, (lang, line)


def test_an_unknown_language_is_refused_with_the_languages_there_are():
    with pytest.raises(cgt.InputError, match="en, ru, bg, zh"):
        text("nim", lang="fr", heaps=[1])


def test_a_refusal_the_library_words_is_in_the_language_asked():
    # A partizan search past its memory budget: English in every other function, the
    # language asked for in `text`.
    with pytest.raises(cgt.LimitError) as english:
        text("domineering", memory_limit=1 << 16, board="5x5")
    assert "memory limit" in str(english.value)
    for lang, words in [("ru", "предела памяти"), ("bg", "границата на паметта"), ("zh", "内存超过上限")]:
        with pytest.raises(cgt.LimitError) as worded:
            text("domineering", lang=lang, memory_limit=1 << 16, board="5x5")
        assert words in str(worded.value), (lang, str(worded.value))
        assert "memory limit" not in str(worded.value)
