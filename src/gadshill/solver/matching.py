"""Maximum bipartite matching and which edges some maximum matching uses.

The fast path of the deduction solver. Left vertices are buildings with
markers, right vertices are the free building spaces, one edge per marker.
Everything is plain lists and int bitmasks: the graphs are tiny (at most 22 x
19), so constant factors decide the speed, not asymptotics.

:func:`analyse_rows` answers, from one maximum matching M, which
edges lie in *some* maximum matching (Dulmage-Mendelsohn / Régin). Orient the
matched edges space -> building and the unmatched ones building -> space. An
edge (b, s) lies in some maximum matching exactly when

* it is in M, or
* b is reachable from an M-free building (an even alternating path from a free
  building ends at b; shifting it frees b's partner and gives b the space s), or
* s reaches an M-free space (shift the path so s becomes free, then b takes it), or
* b and s lie on one directed cycle (an even alternating cycle through the edge).

Because every matched space has exactly one outgoing arc (to its partner), the
directed graph is contracted to buildings: b -> M(s) for each unmatched edge (b, s)
to a matched space. Only three reachability questions are asked, each a
breadth-first closure over bitmasks: what the free buildings reach, what reaches
a building with a free space, and for an edge (b, s) of neither kind whether
M(s) reaches b (b -> M(s) is an arc, so that closes the cycle). A board's graph
is given as one bitmask of spaces per building (``rows``).

:func:`hopcroft_karp` (on adjacency lists) finds the refuting layouts of
:func:`matching_with`, whose exact choice the explanations show.
"""

from __future__ import annotations

from dataclasses import dataclass

INF = 1 << 30


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, ascending."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def hopcroft_karp(adj: list[list[int]], n_right: int) -> tuple[list[int], list[int], int]:
    """A maximum matching: (partner of each left vertex or -1, of each right vertex, size)."""
    n = len(adj)
    match_l = [-1] * n
    match_r = [-1] * n_right
    size = 0
    for u in range(n):  # greedy start: most vertices match at once on these graphs
        for v in adj[u]:
            if match_r[v] < 0:
                match_l[u] = v
                match_r[v] = u
                size += 1
                break
    if size == n:
        return match_l, match_r, size
    dist = [INF] * n

    def augment(u: int) -> bool:
        du = dist[u] + 1
        for v in adj[u]:
            w = match_r[v]
            if w < 0 or (dist[w] == du and augment(w)):
                match_l[u] = v
                match_r[v] = u
                return True
        dist[u] = INF
        return False

    while True:
        queue = [u for u in range(n) if match_l[u] < 0]
        for u in range(n):
            dist[u] = INF
        for u in queue:
            dist[u] = 0
        found = False
        head = 0
        while head < len(queue):
            u = queue[head]
            head += 1
            d = dist[u] + 1
            for v in adj[u]:
                w = match_r[v]
                if w < 0:
                    found = True
                elif dist[w] == INF:
                    dist[w] = d
                    queue.append(w)
        if not found:
            return match_l, match_r, size
        for u in range(n):
            if match_l[u] < 0 and augment(u):
                size += 1


@dataclass(slots=True)
class Analysis:
    """One maximum matching and what every maximum matching can and must do.

    ``rows[b]`` is the bitmask of building b's spaces (its edges); ``allowed[b]``
    the bitmask of spaces s whose edge (b, s) lies in some maximum matching;
    ``uncovered_left`` the buildings some maximum matching leaves unplaced;
    ``uncovered_right`` the spaces (with markers) some maximum matching leaves
    empty; ``claimed`` the spaces every maximum matching fills.
    """

    rows: list[int]
    n_right: int
    size: int
    uncovered_left: int
    uncovered_right: int
    allowed: list[int]
    claimed: int

    def users(self) -> list[int]:
        """For each space, the bitmask of buildings whose edge to it is allowed."""
        out = [0] * self.n_right
        for b, mask in enumerate(self.allowed):
            for v in bits(mask):
                out[v] |= 1 << b
        return out


def analyse(adj: list[list[int]], n_right: int) -> Analysis:
    """:func:`analyse_rows` of a graph given as adjacency lists."""
    rows = []
    for vs in adj:
        mask = 0
        for v in vs:
            mask |= 1 << v
        rows.append(mask)
    return analyse_rows(rows, n_right)


def _max_matching(rows: list[int]) -> tuple[list[int], dict[int, int], int]:
    """Some maximum matching of a graph given as bitmask rows: (space of each building or
    -1, building of each matched space, mask of the matched spaces).

    Greedy, then one augmenting-path search per building left over (Kuhn): on graphs
    this small that beats Hopcroft-Karp's bookkeeping. Which maximum matching it is
    does not matter: the analysis is about all of them.
    """
    match_l = [-1] * len(rows)
    match_r: dict[int, int] = {}
    matched = seen = 0

    def augment(b: int) -> bool:
        # a space is marked seen when a search first lists it: the search that listed it
        # tries it (a free one at once), so every space an alternating path reaches is tried
        nonlocal seen, matched
        options = rows[b] & ~seen
        seen |= options
        free = options & ~matched
        if free:
            low = free & -free
            matched |= low
        else:
            while options:
                low = options & -options
                options ^= low
                if augment(match_r[low.bit_length() - 1]):
                    break
            else:
                return False
        v = low.bit_length() - 1
        match_l[b] = v
        match_r[v] = b
        return True

    loose: list[int] = []
    for u, row in enumerate(rows):
        free = row & ~matched
        if free:
            low = free & -free
            v = low.bit_length() - 1
            match_l[u] = v
            match_r[v] = u
            matched |= low
        elif row:
            loose.append(u)
    for u in loose:
        seen = 0
        augment(u)
    return match_l, match_r, matched


def analyse_rows(rows: list[int], n_right: int) -> Analysis:
    """Match, then classify every edge (see the module docstring); ``rows[b]`` is the
    bitmask of building b's spaces, all below ``n_right``.

    The alternating graph is kept on the matched spaces: u -> v when the building on u
    has a marker on v (it can move there and push v's building on), so each building's
    arcs are one mask and no edge is visited on its own.
    """
    match_l, _, matched = _max_matching(rows)
    arcs = [0] * n_right
    start = 0  # matched spaces a free building has a marker on
    exits = 0  # matched spaces whose building has a marker on a free space
    size = 0
    for b, row in enumerate(rows):
        own = match_l[b]
        if own < 0:
            start |= row
        else:
            size += 1
            arcs[own] = row & matched & ~(1 << own)
            if row & ~matched:
                exits |= 1 << own
    # spaces whose building some maximum matching leaves out: reached from a free building
    pushed = _closure(start, arcs) if start else 0
    # spaces some maximum matching leaves empty: free now, or one whose building reaches
    # a building with a free space (shift along the path)
    uncovered_right = ((1 << n_right) - 1) & ~matched
    if exits:
        uncovered_right |= _reaching(exits, arcs, matched)
    allowed = [0] * len(rows)
    uncovered_left = 0
    ahead: dict[int, int] = {}  # space -> every space reachable from it
    for b, row in enumerate(rows):
        own = match_l[b]
        if own < 0 or (pushed >> own) & 1:
            uncovered_left |= 1 << b
            allowed[b] = row
            continue
        mask = row & ((1 << own) | uncovered_right)
        rest = row & ~mask
        while rest:  # another building's space: allowed on an alternating cycle back to b
            low = rest & -rest
            rest ^= low
            v = low.bit_length() - 1
            reach = ahead.get(v)
            if reach is None:
                reach = ahead[v] = _closure(arcs[v], arcs)
            if (reach >> own) & 1:
                mask |= low
        allowed[b] = mask
    return Analysis(
        rows, n_right, size, uncovered_left, uncovered_right, allowed, matched & ~uncovered_right
    )


def _reaching(targets: int, arcs: list[int], nodes: int) -> int:
    """``targets`` and every vertex of ``nodes`` with a path into them along ``arcs``: passes
    over the vertices until none is added (paths here are a few arcs long)."""
    found = targets
    rest = [(1 << u, arcs[u]) for u in bits(nodes & ~targets)]
    while rest:
        left = []
        for bit, out in rest:
            if out & found:
                found |= bit
            else:
                left.append((bit, out))
        if len(left) == len(rest):
            break
        rest = left
    return found


def _closure(start: int, arcs: list[int]) -> int:
    """``start`` and every vertex reachable from it along ``arcs`` (bitmask successors)."""
    seen = frontier = start
    while frontier:
        step = 0
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            step |= arcs[low.bit_length() - 1]
        frontier = step & ~seen
        seen |= frontier
    return seen


def tight_closure(analysis: Analysis, users: list[int], space: int) -> tuple[int, int]:
    """The smallest set of buildings that every maximum matching uses to fill ``space``.

    Returns (buildings mask T, spaces mask N(T)). Every space of N(T) is
    filled by a building of T in every maximum matching, and T holds exactly
    the buildings with markers on N(T) that some maximum matching puts there.
    Any set T' with that property and ``space`` in N(T') must contain every
    building some maximum matching puts on a space of N(T') and every space
    of its buildings, so it contains this closure: the closure is the unique
    minimum. ``space`` must be covered by every maximum matching.
    """
    rows = analysis.rows
    tight = spaces = 0
    todo = 1 << space
    while todo:
        spaces |= todo
        new = 0
        for v in bits(todo):
            new |= users[v]
        new &= ~tight
        tight |= new
        reached = 0
        for b in bits(new):
            reached |= rows[b]
        todo = reached & ~spaces
    return tight, spaces


def matching_with(adj: list[list[int]], n_right: int, left: int, right: int) -> list[int]:
    """A maximum matching among those that use the edge (left, right), as match_l."""
    rest = [[] if u == left else [v for v in vs if v != right] for u, vs in enumerate(adj)]
    match_l, _, _ = hopcroft_karp(rest, n_right)
    match_l[left] = right
    return match_l
