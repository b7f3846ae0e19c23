"""Every front end, one answer: each ruleset of the registry and each command of
``cgt.requests`` is asked of the command line (text and ``--json``), of the web API
(``/api/NAME``, and ``/api/play/NAME`` for the games the playground plays) and of Python, and
the answers must agree. ``pytest -s`` prints the table of what was compared."""

import json
import os
import pathlib
import subprocess
import urllib.parse
import urllib.request

import pytest

import cgt
from cgt import play
from cgt.partizan import Game, Ruleset
from cgt.requests import answer

from test_registry import FILE_REQUESTS, REQUESTS

ROOT = pathlib.Path(__file__).resolve().parents[3]
BIN = pathlib.Path(os.environ.get("CGT_BIN", ROOT / "target" / "debug" / "cgt"))
TABLE = {}


def cgt_text(*args):
    return subprocess.run([str(BIN), *args], capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    """`cgt serve` on a free port: a function GET path → the JSON it answers."""
    tables = tmp_path_factory.mktemp("tables")
    server = subprocess.Popen(
        [str(BIN), "serve", "--bind", "127.0.0.1:0", "--tables", str(tables)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = server.stdout.readline()
    base = "http://" + line.split("http://")[1].split("/")[0]

    def get(path, **fields):
        query = urllib.parse.urlencode(fields)
        with urllib.request.urlopen(f"{base}{path}?{query}", timeout=60) as reply:
            return json.loads(reply.read())

    yield get
    server.terminate()
    server.wait(timeout=10)


def field(value):
    """A request's field as a query string writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value)


def same(a, b):
    for doc in (a, b):
        doc.pop("searched", None)  # positions searched depend on the cache
    return a == b


def mark(row, column, ok):
    TABLE.setdefault(row, {})[column] = "same" if ok else "DIFFERS"
    assert ok, (row, column)


@pytest.mark.parametrize("name,example", [(n, e) for n, _, _, e in cgt._cgt._ruleset_help()])
def test_every_ruleset_answers_alike_everywhere(cli, web, name, example):
    want = cli(name, example)
    text = cgt_text(name, example)
    mark(name, "cli text", f"value: {want['value']}" in text)
    mark(name, "web /api", same(web(f"/api/{name}", board=example), dict(want)))
    mark(name, "python report", same(Ruleset(name, example).report(), dict(want)))
    mark(name, "python value", Game.ruleset(name, example).canonical_form == want["value"])
    played = web(f"/api/play/{name}", board=example, side="left")
    session = play.ruleset(name, example, side="left")
    mark(name, "web /play = python play", played["value"] == session.value)


@pytest.mark.parametrize("command,fields,args", REQUESTS, ids=[r[0] for r in REQUESTS])
def test_every_request_answers_alike_everywhere(cli, web, command, fields, args):
    want = cli(*args)
    mark(command, "python answer", same(answer(command, **fields), dict(want)))
    query = {k: field(v) for k, v in fields.items()}
    mark(command, "web /api", same(web(f"/api/{command}", **query), dict(want)))
    mark(command, "cli text", cgt_text(*args).strip() != "")


@pytest.mark.parametrize("command,key,text,fields,flags", FILE_REQUESTS)
def test_every_request_of_a_file_answers_alike_everywhere(
    cli, web, tmp_path, command, key, text, fields, flags
):
    path = tmp_path / "input.txt"
    path.write_text(text)
    want = cli(command, str(path), *flags)
    for doc in [want]:
        for name in ("given", "position"):  # the file's name, or "<text>"
            doc.pop(name, None)

    def bare(doc):
        for name in ("given", "position"):
            doc.pop(name, None)
        return doc

    row = f"{command} (a file)"
    mark(row, "python answer", same(bare(answer(command, **{key: text}, **fields)), dict(want)))
    query = {k: field(v) for k, v in {key: text, **fields}.items()}
    mark(row, "web /api", same(bare(web(f"/api/{command}", **query)), dict(want)))
    mark(row, "cli text", cgt_text(command, str(path), *flags).strip() != "")


PLAYED = [
    ("nim", {"heaps": "3 4 6"}, lambda: play.nim([3, 4, 6])),
    ("staircase", {"heaps": "0 3 1"}, lambda: play.staircase([0, 3, 1])),
    ("wythoff", {"a": 9, "b": 7}, lambda: play.wythoff(9, 7)),
    ("divisor", {"n": 12}, lambda: play.divisor(12)),
    ("cycle", {"width": 4, "height": 4, "moves": "1,1r"}, lambda: play.cycle(["1,1r"], (4, 4))),
    ("bridgit", {"n": 3}, lambda: play.bridgit(3)),
    ("pig", {"n": 20, "seed": 3}, lambda: play.pig(20, seed=3)),
]


@pytest.mark.parametrize("game,query,start", PLAYED, ids=[p[0] for p in PLAYED])
def test_every_other_game_plays_alike(web, game, query, start):
    played = web(f"/api/play/{game}", **query)
    session = start()
    mark(game, "web /play = python play", played.get("value") == session.value)
    mark(game, "moves", len(played["moves"]) == len(session.legal_moves))


def test_pig_rolls_the_same_die_everywhere(web):
    """The die is the session's seed: the playground and Python roll the same faces."""
    session = play.pig(20, seed=3)
    turn = web("/api/play/pig", n=20, seed=3, play=0)["turn"]
    mark("pig", "the same die", session.play("roll").reply == turn["answer"])


def test_zz_print_the_table():
    columns = sorted({c for row in TABLE.values() for c in row})
    print("\n| game or command | " + " | ".join(columns) + " |")
    print("| --- |" + " --- |" * len(columns))
    for row, marks in TABLE.items():
        print(f"| {row} | " + " | ".join(marks.get(c, "") for c in columns) + " |")
    assert all(v == "same" for marks in TABLE.values() for v in marks.values())
