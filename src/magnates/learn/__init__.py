"""Self-play training of learned bots (the optional `magnates[train]` extra).

Layout: `selfplay` plays games and turns them into training samples (numpy only); `network` is the
torch policy-value network and its export to the numpy `.npz` that `magnates.bots.learned` plays
with; `training` is the loop behind `magnates train` (checkpoints, resume, CSV log, plot); `ppo` is
the self-play recipe with masked PPO, a league and a curriculum, in numpy alone
(`python -m magnates.learn.ppo GAME`, docs/guides/ai.md). Importing this package imports no torch:
only `network` and `training` need it.
"""
