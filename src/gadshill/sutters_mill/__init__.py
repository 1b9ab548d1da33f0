"""Sutter's Mill: the engine on the shared rule layer (game id ``sutters-mill``).

One module per job, as in every game package: ``constants`` (ids, phases),
``moves`` (the notation), ``core`` (the position's data), ``rules`` (the rule
book), ``effects`` (what moves do), ``movegen`` (which moves exist), ``state``
(the protocol on the data), ``setup`` (``new_game``), ``view`` (terminal
pictures), ``bots``, ``heuristic`` and ``spec`` (the entry the CLI uses);
``tables`` holds the per-pack lookups and ``payments`` the arithmetic of paying
with chips (ruling SM-2).
"""
