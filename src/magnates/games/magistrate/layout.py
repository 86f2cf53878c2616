"""What stays fixed through a game of a given player count: the designed components, the action ids,
the seats' Home provinces and the Agent Ops cells closed by blocking chips.

The game builds it once per option set; every state of that game shares it.
"""

from __future__ import annotations

from dataclasses import dataclass

from magnates.games.magistrate.actions import ActionIds
from magnates.games.magistrate.components import Components


@dataclass(frozen=True)
class Layout:
    comp: Components
    ids: ActionIds
    players: int

    @property
    def homes(self) -> tuple[int, ...]:
        """Each seat's Home province, by seat."""
        return self.comp.homes[self.players]

    @property
    def blocked(self) -> tuple[int, ...]:
        """The Agent Ops cells under a blocking chip at this player count."""
        return self.comp.blocking_chips[self.players]
