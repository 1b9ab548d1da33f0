"""Maximum bipartite matching and which edges some maximum matching uses.

The fast path of the deduction solver. Left vertices are buildings with
markers, right vertices are the free building spaces, one edge per marker.
Everything is plain lists and int bitmasks: the graphs are tiny (at most 22 x
19), so constant factors decide the speed, not asymptotics.

:func:`analyse` answers, from one maximum matching M (Hopcroft-Karp), which
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
to a matched space. Reachability is a bitmask transitive closure (Warshall),
which costs ~n^2 word operations for n <= 22 buildings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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

    ``allowed[b]`` is the bitmask of spaces s whose edge (b, s) lies in some
    maximum matching; ``uncovered_left`` the buildings some maximum matching
    leaves unplaced; ``uncovered_right`` the spaces some maximum matching
    leaves empty (so ``claimed`` = the other spaces with markers: every maximum
    matching fills them).
    """

    adj: list[list[int]]
    n_right: int
    match_l: list[int]
    match_r: list[int]
    size: int
    reach: list[int]
    uncovered_left: int
    uncovered_right: int
    allowed: list[int]
    #: ``claimed`` once worked out (every card checked on one board asks for it)
    _claimed: int | None = field(default=None, compare=False, repr=False)

    @property
    def claimed(self) -> int:
        if self._claimed is None:
            matched = 0
            for v, u in enumerate(self.match_r):
                if u >= 0:
                    matched |= 1 << v
            self._claimed = matched & ~self.uncovered_right
        return self._claimed

    def users(self) -> list[int]:
        """For each space, the bitmask of buildings whose edge to it is allowed."""
        out = [0] * self.n_right
        for b, mask in enumerate(self.allowed):
            for v in bits(mask):
                out[v] |= 1 << b
        return out


def analyse(adj: list[list[int]], n_right: int) -> Analysis:
    """Match, then classify every edge (see the module docstring)."""
    match_l, match_r, size = hopcroft_karp(adj, n_right)
    n = len(adj)
    reach = [0] * n
    has_free = 0
    free_left = 0
    for b in range(n):
        own = match_l[b]
        succ = 0
        for v in adj[b]:
            w = match_r[v]
            if w < 0:
                has_free |= 1 << b
            elif v != own:
                succ |= 1 << w
        reach[b] = succ
        if own < 0:
            free_left |= 1 << b
    for k in range(n):  # Warshall on bitmasks: reach[i] = everything i reaches
        bit = 1 << k
        rk = reach[k]
        if not rk:
            continue
        for i in range(n):
            if reach[i] & bit:
                reach[i] |= rk
    uncovered_left = free_left
    for b in bits(free_left):
        uncovered_left |= reach[b]
    uncovered_right = 0
    for v in range(n_right):
        if match_r[v] < 0:
            uncovered_right |= 1 << v
    if has_free:
        for b in range(n):
            if match_l[b] >= 0 and (reach[b] | (1 << b)) & has_free:
                uncovered_right |= 1 << match_l[b]
    allowed = [0] * n
    for b in range(n):
        if (uncovered_left >> b) & 1:
            mask = 0
            for v in adj[b]:
                mask |= 1 << v
            allowed[b] = mask
            continue
        own = match_l[b]
        rb = reach[b]
        mask = 0
        for v in adj[b]:
            if v == own or (uncovered_right >> v) & 1:
                mask |= 1 << v
            else:
                w = match_r[v]
                if (rb >> w) & 1 and (reach[w] >> b) & 1:
                    mask |= 1 << v
        allowed[b] = mask
    return Analysis(
        adj, n_right, match_l, match_r, size, reach, uncovered_left, uncovered_right, allowed
    )


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
    adj = analysis.adj
    tight = 0
    spaces = 0
    todo = [space]
    while todo:
        v = todo.pop()
        if (spaces >> v) & 1:
            continue
        spaces |= 1 << v
        new = users[v] & ~tight
        tight |= new
        for b in bits(new):
            for w in adj[b]:
                if not (spaces >> w) & 1:
                    todo.append(w)
    return tight, spaces


def matching_with(adj: list[list[int]], n_right: int, left: int, right: int) -> list[int]:
    """A maximum matching among those that use the edge (left, right), as match_l."""
    rest = [[] if u == left else [v for v in vs if v != right] for u, vs in enumerate(adj)]
    match_l, _, _ = hopcroft_karp(rest, n_right)
    match_l[left] = right
    return match_l
