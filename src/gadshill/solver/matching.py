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
    #: the buildings with an edge no maximum matching uses (``allowed[b] != rows[b]``)
    narrowed: int

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


def analyse_rows(rows: list[int], n_right: int) -> Analysis:
    """Match, then classify every edge (see the module docstring); ``rows[b]`` is the
    bitmask of building b's spaces, all below ``n_right``.

    Spaces are named by their bit throughout, never by an index; ``owns[b]`` is the
    space building b holds in the matching. The alternating graph is kept on the matched
    spaces: from the space a building holds to its other spaces (it can move there and
    push their building on), one mask per building, so no edge is visited on its own.
    """
    owns: list[int] = []  # the bit of the space each building holds, 0 for none
    matched = 0
    for row in rows:  # greedy first: most buildings match at once
        free = row & ~matched
        if free:
            free &= -free
            matched |= free
        owns.append(free)
    uncovered_left = pushed = 0
    arcs: dict[int, int] | None = None
    if 0 in owns:
        matched = _augment(rows, owns, matched)
        start = 0  # the spaces of the buildings left out (all matched: the matching is maximum)
        for b, own in enumerate(owns):
            if not own:
                uncovered_left |= 1 << b
                start |= rows[b]
        if start:
            # spaces whose building some maximum matching leaves out: reached from a free one
            arcs = _arcs(rows, owns)
            pushed = _closure(start, arcs)
            for b, own in enumerate(owns):
                if own & pushed:
                    uncovered_left |= 1 << b
    # spaces some maximum matching leaves empty: free now, or held by a building with a
    # marker on one found so far (shift along the path); sweeps until one adds none
    uncovered_right = ((1 << n_right) - 1) & ~matched
    while matched & ~uncovered_right:
        before = uncovered_right
        for row, own in zip(rows, owns, strict=True):
            if row & uncovered_right:
                uncovered_right |= own
        if uncovered_right == before:
            break
    claimed = matched & ~uncovered_right
    allowed = rows.copy()
    narrowed = 0
    if claimed:
        ahead: dict[int, int] = {}  # space bit -> every space reachable from it
        for b, own in enumerate(owns):
            # another building's claimed space: allowed on an alternating cycle back to b
            # (a building some maximum matching leaves out may take any of its spaces)
            rest = rows[b] & claimed & ~own
            if not rest or not own & ~pushed:
                continue
            row = rows[b]
            if own & claimed:
                if arcs is None:
                    arcs = _arcs(rows, owns)
                while rest:
                    low = rest & -rest
                    rest ^= low
                    reach = ahead.get(low)
                    if reach is None:
                        reach = ahead[low] = _closure(arcs[low], arcs)
                    if not reach & own:
                        row ^= low
            else:  # nothing reachable from a claimed space leads to a free one
                row ^= rest
            if row != allowed[b]:
                allowed[b] = row
                narrowed |= 1 << b
    return Analysis(
        rows,
        n_right,
        matched.bit_count(),
        uncovered_left,
        uncovered_right,
        allowed,
        claimed,
        narrowed,
    )


def _arcs(rows: list[int], owns: list[int]) -> dict[int, int]:
    """The alternating graph: a held space -> the other spaces of its building."""
    return {own: row ^ own for row, own in zip(rows, owns, strict=True) if own}


def _augment(rows: list[int], owns: list[int], matched: int) -> int:
    """Complete a greedy matching to a maximum one: one augmenting-path search per building
    left over (Kuhn; on graphs this small it beats Hopcroft-Karp's bookkeeping). Updates
    ``owns``; returns the matched spaces. Which maximum matching it is does not matter:
    the analysis is about all of them."""
    holder = {own: u for u, own in enumerate(owns) if own}  # space bit -> its building
    seen = 0

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
                if augment(holder[low]):
                    break
            else:
                return False
        owns[b] = low
        holder[low] = b
        return True

    for u, own in enumerate(owns):
        if not own and rows[u]:
            seen = 0
            augment(u)
    return matched


def _closure(start: int, arcs: dict[int, int]) -> int:
    """``start`` and every vertex reachable from it along ``arcs`` (bit -> successors); only
    asked from spaces whose every path stays on held spaces (from a free building's spaces,
    the matching being maximum; from a claimed space)."""
    seen = frontier = start
    while frontier:
        step = 0
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            step |= arcs[low]
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
