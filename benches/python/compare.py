"""Side by side with the Python anchors, in one run: cgt (this repository's package), cgt-py
(cgt-tools' bindings) and pycgt, each installed from its registry into a scratch virtual
environment, on the same positions, with the answers checked to agree.

    python3 -m venv /tmp/cmp && /tmp/cmp/bin/pip install ./crates/cgt-py cgt-py==0.11.0 pycgt==0.2.0 anywidget
    /tmp/cmp/bin/python benches/python/compare.py [--quick] [--timeout SECONDS]

Every measurement runs in a fresh interpreter (so no library reuses another row's caches) and
times the work as a notebook user sees it: the calls, from the first to the last answer,
interpreter start-up excluded. Rows: Domineering rectangles up to 4×6 and 5×5; canonical forms
of sums of three random games born by day 4; their thermographs. Answers must agree: the
canonical forms exactly between cgt and cgt-py (cgt reads cgt-py's notation), and stops,
temperature and birthday for all three.
"""

import argparse
import json
import random
import subprocess
import sys
import time

LIBRARIES = ("cgt", "cgt_py", "pycgt")

RECTANGLES = [(3, 4), (4, 4), (3, 6), (4, 5), (4, 6), (5, 5)]


def random_games(count, seed=7):
    """`count` random games born by day 4, in {L|R} notation (the same for every library)."""
    rng = random.Random(seed)
    days = [["0"]]
    for _ in range(4):
        older = [g for day in days for g in day]
        today = []
        for _ in range(12):
            left = rng.sample(older, rng.randint(0, min(2, len(older))))
            right = rng.sample(older, rng.randint(0, min(2, len(older))))
            today.append("{" + ",".join(left) + "|" + ",".join(right) + "}")
        days.append(today)
    born = [g for day in days[1:] for g in day]
    return [[rng.choice(born) for _ in range(3)] for _ in range(count)]


# Each snippet defines `work()` returning a list of answers: [canonical text or None, left stop,
# right stop, temperature, birthday] as strings.
SNIPPETS = {
    "cgt": """
import cgt
def fingerprint(g):
    return [str(g), str(g.left_stop), str(g.right_stop), str(g.temperature), str(g.birthday)]
def domineering(r, c):
    return [fingerprint(cgt.Game.domineering(f"{r}x{c}"))]
def sums(games):
    return [fingerprint(cgt.Game(a) + cgt.Game(b) + cgt.Game(c)) for a, b, c in games]
def thermographs(games):
    out = []
    for a, b, c in games:
        t = (cgt.Game(a) + cgt.Game(b) + cgt.Game(c)).thermograph()
        out.append([str(t.mast), str(t.temperature)])
    return out
""",
    "cgt_py": """
import cgt_py
def fingerprint(g):
    text = repr(g)[len("CanonicalForm('"):-2]
    return [text, str(g.left_stop)[len("DyadicRationalNumber('"):-2], str(g.right_stop)[len("DyadicRationalNumber('"):-2],
            repr(g.temperature)[len("DyadicRationalNumber('"):-2], str(g.birthday)]
def domineering(r, c):
    board = "|".join(["." * c] * r)
    return [fingerprint(cgt_py.Domineering(board).canonical_form)]
def sums(games):
    return [fingerprint(cgt_py.CanonicalForm(a) + cgt_py.CanonicalForm(b) + cgt_py.CanonicalForm(c)) for a, b, c in games]
def thermographs(games):
    out = []
    for a, b, c in games:
        g = cgt_py.CanonicalForm(a) + cgt_py.CanonicalForm(b) + cgt_py.CanonicalForm(c)
        g.thermograph
        out.append([None, repr(g.temperature)[len("DyadicRationalNumber('"):-2]])
    return out
""",
    "pycgt": """
import pycgt
from pycgt.rulesets import domineering as dom
def fingerprint(g):
    return [None, str(pycgt.left_stop(g)), str(pycgt.right_stop(g)), str(pycgt.temperature(g)), str(pycgt.birthday(g))]
def domineering(r, c):
    return [fingerprint(dom.rectangle(r, c))]
def sums(games):
    return [fingerprint(pycgt.add(pycgt.add(pycgt.parse(a), pycgt.parse(b)), pycgt.parse(c))) for a, b, c in games]
def thermographs(games):
    out = []
    for a, b, c in games:
        t = pycgt.thermograph(pycgt.add(pycgt.add(pycgt.parse(a), pycgt.parse(b)), pycgt.parse(c)))
        out.append([str(t.mast), str(t.temperature)])
    return out
""",
}


def measure(library, call, timeout):
    """Runs `call` (Python text) after the library's snippet in a fresh interpreter: seconds
    and answers, or None past `timeout`."""
    code = SNIPPETS[library] + f"""
import json, time
started = time.perf_counter()
answers = {call}
print(json.dumps({{"seconds": time.perf_counter() - started, "answers": answers}}))
"""
    try:
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, check=True
        )
    except subprocess.TimeoutExpired:
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])


def same_value(a, b):
    """Two canonical forms in notation, equal as games (read by cgt)."""
    import cgt

    return cgt.Game(a) == cgt.Game(b)


def check(row, results):
    """Every library that finished gives the same answers (where it gives one)."""
    finished = {lib: r["answers"] for lib, r in results.items() if r}
    reference = finished["cgt"]
    for lib, answers in finished.items():
        for ours, theirs in zip(reference, answers):
            for k, (x, y) in enumerate(zip(ours, theirs)):
                if x is None or y is None:
                    continue
                if k == 0 and lib == "cgt_py":
                    assert same_value(x, y), (row, lib, x, y)
                elif k > 0:
                    from fractions import Fraction
                    assert Fraction(x) == Fraction(y), (row, lib, k, x, y)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller rows (for a smoke test)")
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    rectangles = RECTANGLES[:3] if args.quick else RECTANGLES
    games = random_games(20 if args.quick else 100)
    rows = [(f"Domineering {r}x{c}", f"domineering({r}, {c})") for r, c in rectangles]
    rows.append((f"sums of 3 games born by day 4 (x{len(games)})", f"sums({games!r})"))
    rows.append((f"thermographs of those sums (x{len(games)})", f"thermographs({games!r})"))
    print(f"{'row':<44} {'cgt':>9} {'cgt-py':>9} {'pycgt':>9} {'cgt-py/cgt':>11} {'pycgt/cgt':>10}")
    for name, call in rows:
        results = {lib: measure(lib, call, args.timeout) for lib in LIBRARIES}
        check(name, results)
        t = {lib: (r["seconds"] if r else None) for lib, r in results.items()}

        def cell(x):
            return f"{x:9.4f}" if x is not None else f">{args.timeout:7.0f}s"

        def ratio(x):
            if t["cgt"] is None:
                return "?"
            return f"{x / t['cgt']:.1f}" if x is not None else f">{args.timeout / t['cgt']:.0f}"

        print(
            f"{name:<44} {cell(t['cgt'])} {cell(t['cgt_py'])} {cell(t['pycgt'])} "
            f"{ratio(t['cgt_py']):>11} {ratio(t['pycgt']):>10}",
            flush=True,
        )


if __name__ == "__main__":
    main()
