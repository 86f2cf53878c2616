"""What an environment does with an action of its action space that the rules do not allow now.

Gymnasium's contract is that `step` accepts any action of `action_space`, and generic tools
(`gymnasium.utils.env_checker.check_env`, a learner without masks) step with unmasked ones. So by
default (`illegal_action="lose"`) such an action ends the episode at once, as PettingZoo's
`TerminateIllegalWrapper` does: the actor gets `ILLEGAL_PENALTY` (-1, the return of a lost game),
every other seat 0, and the actor's `info["illegal_action"]` holds the engine's message saying
what was wrong and what was allowed. The game itself is left as it was (the engine refuses the
action before any change). `illegal_action="raise"` raises `magnates.IllegalAction` instead and
changes nothing, which is the mode to debug an agent with. Something that is not an action of the
space at all (a string, an id past the end) always raises.
"""

from __future__ import annotations

from magnates.core.errors import OptionError

ILLEGAL_MODES = ("lose", "raise")
ILLEGAL_PENALTY = -1.0


def checked_mode(mode: str) -> str:
    """`mode` if it is one of `ILLEGAL_MODES`, else an OptionError naming them."""
    if mode not in ILLEGAL_MODES:
        raise OptionError(f"illegal_action must be one of {', '.join(ILLEGAL_MODES)}, not {mode!r}")
    return mode
