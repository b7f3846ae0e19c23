#!/usr/bin/env bash
# Side by side, in one run: `cgt hidden … --cfr N` against OpenSpiel's CFR+ (its C++ solver
# through the `pyspiel` bindings, Apache-2.0, from PyPI) on Kuhn poker and Leduc hold'em, the
# same iterations, whole command against whole command (start-up included), with the
# exploitability each reports (OpenSpiel's NashConv is the same sum of both best responses'
# gains). OpenSpiel deals suited cards (Leduc: 936 information sets); cgt deals ranks (288),
# the same game.
#
# The anchor is installed in a scratch virtual environment OUTSIDE the repository; nothing of
# it is committed. The script below only calls its public API.
#
#   benches/compare/open_spiel.sh [SCRATCH_DIR] [ITERATIONS]
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="${1:-/tmp/open-spiel-anchor}"
iterations="${2:-1000}"
if [ ! -x "$scratch/bin/python" ]; then
  python3 -m venv "$scratch"
  "$scratch/bin/pip" install --quiet open_spiel
fi
cat > "$scratch/cfr_plus.py" <<'PY'
import sys
import pyspiel
game = pyspiel.load_game(sys.argv[1])
solver = pyspiel.CFRPlusSolver(game)
for _ in range(int(sys.argv[2])):
    solver.evaluate_and_update_policy()
print(f"exploitability {pyspiel.nash_conv(game, solver.average_policy()):.6f}")
PY
cargo build --release --quiet -p cgt-cli --manifest-path "$repo/Cargo.toml"
cgt="${CARGO_TARGET_DIR:-$repo/target}/release/cgt"
seconds() { /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -1; }
echo "| game | iterations | cgt (s) | OpenSpiel (s) | ratio | cgt exploitability | OpenSpiel exploitability |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for pair in "kuhn kuhn_poker" "leduc leduc_poker"; do
  set -- $pair
  ours=$(seconds "$cgt" hidden "$1" --cfr "$iterations")
  theirs=$(seconds "$scratch/bin/python" "$scratch/cfr_plus.py" "$2" "$iterations")
  ours_x=$("$cgt" hidden "$1" --cfr "$iterations" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["exploitability"])')
  theirs_x=$("$scratch/bin/python" "$scratch/cfr_plus.py" "$2" "$iterations" | awk '{print $2}')
  ratio=$(python3 -c "print(f'{max($theirs, 0.01) / max($ours, 0.01):.1f}')")
  echo "| $1 | $iterations | $ours | $theirs | $ratio | $ours_x | $theirs_x |"
done
