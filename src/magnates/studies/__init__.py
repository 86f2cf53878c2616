"""Study and tuning tools: the scripts that made the designed numbers, kept to remake them.

They play many games with bots, so they sit above `magnates.bots` and `magnates.sim`; game
packages hold rules, views, heuristics and data only. Each module runs as a script:

- `python -m magnates.studies.magistrate_balance --games 1000`: Magistrate's win rates by seat and
  bot style, and how each action type is used (docs/rules/magistrate.md).
- `python -m magnates.studies.galactic_magnate_balance --players 2 --games 1000`: Galactic
  Magnate's game length and win rates by seat and by playing order (docs/rules/galactic-magnate.md).
- `python -m magnates.studies.galactic_magnate_heuristic_fit --games 2000`: the weights of Galactic
  Magnate's search heuristic, fitted on greedy self-play (needs numpy, the `rl` extra).
- `python -m magnates.studies.strong_balance GAME --players 3 --games 40 --bots hard`: any game's
  seat, order, length and key-line tables with Wilson 95% intervals, from a fresh batch or from
  saved records (`--records`); docs/studies/strong-bots-balance.md.
"""
