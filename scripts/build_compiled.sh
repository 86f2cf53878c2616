#!/usr/bin/env bash
# An optional compiled build of the engine's rules modules (mypyc), beside the pure-Python package.
#
#   scripts/build_compiled.sh [OUT]      # default OUT: build/compiled
#   PYTHONPATH=build/compiled magnates bench magistrate
#
# It copies src/magnates to OUT/magnates and compiles the listed rules modules there in place, so
# each compiled extension module shadows its .py in that copy only: src/ stays pure Python, and
# without OUT on the path (or without a C compiler to build it) everything runs as before. The copy
# is a snapshot: run the script again after changing the sources. Needs mypy (mypyc) and a C
# compiler. `python -c "from magnates.sim.compiled import compiled_modules as c; print(c())"`
# lists what the package on the path holds compiled.
#
# The modules are the rules' functions (flows, phases, legal-move generators, scoring), the engine
# contract (core/game.py) and every game's state classes (Magnate's with its deck, action-space and
# option tables). The action dataclasses (subclasses of an interpreted class), the games' factories,
# the encoders and the bots stay interpreted.
set -euo pipefail
OUT="$(realpath -m "${1:-$(dirname "$0")/../build/compiled}")"  # a given OUT is read from the caller's folder
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python}"
MODULES=(
  magnates/core/{chance,game}.py
  magnates/games/magnate/{cards,deeds,flow,income,options,placement,potential,roller,scoring,space,state}.py
  magnates/games/galactic_magnate/{auctions,debts,economy,flow,fortune,income,monopolies,movement,phases,player_auctions,prison,state,trading,turns}.py
  magnates/games/magistrate/{agents,battle,flow,income,judges,military,people,phases,position,resources,scoring,state,supply}.py
  magnates/games/magistratvm/{action_phase,bidding,circuit,elections,end_of_turn,flow,income,ledger,phases,position,promotion,scoring,state,treasury,upgrade}.py
)
rm -rf "$OUT"
mkdir -p "$OUT"
cp -r src/magnates "$OUT/magnates"
find "$OUT" -name __pycache__ -prune -exec rm -rf {} +
cd "$OUT"
"$PYTHON" -m mypyc --ignore-missing-imports "${MODULES[@]}"
rm -rf build
echo "compiled ${#MODULES[@]} modules into $OUT (use PYTHONPATH=$OUT)"
