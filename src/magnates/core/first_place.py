"""Values for a searcher that plays to win, not to rank well.

`State.returns()` scores a finished game by rank (+1 first, -1 last, the mean of its duels with
every rival between), so with three or more players a search judged by it gives a sure second
place the value of an even chance of first or last. A bot measured by how often it wins wants
another scale: +1 a sole win, -1 anything but a win, a shared first place `2 / k - 1` among `k`.
These functions give that scale for a finished game and, from the chances that each seat ends
ahead of each other, for an unfinished one.
"""

from __future__ import annotations

from magnates.core.game import State


def win_returns(state: State) -> list[float]:
    """Each seat's value of a finished game: +1 a sole win, 2/k - 1 a first place shared by k, else -1."""
    ranking = state.result().ranking
    winners = sum(1 for place in ranking if place == 1)
    share = 2.0 / winners - 1.0
    return [share if place == 1 else -1.0 for place in ranking]


def win_values(ahead: list[list[float]]) -> list[float]:
    """Each seat's value, on `win_returns`' scale, from `ahead[p][q]`, the chance that seat p ends
    above seat q (entries on the diagonal are ignored).

    A seat's chance of first place is taken as the product of its chances to end above each rival,
    as if those were independent, then the seats' chances are scaled to add up to one (at most one
    seat wins, and ties are rare).
    """
    n = len(ahead)
    firsts = []
    for p in range(n):
        chance = 1.0
        row = ahead[p]
        for q in range(n):
            if q != p:
                chance *= row[q]
        firsts.append(chance)
    total = sum(firsts)
    if total <= 0.0:
        return [2.0 / n - 1.0] * n
    return [2.0 * chance / total - 1.0 for chance in firsts]
