"""The Mother Lode of Sticky Gulch: the engine on ``gadshill.rules``.

Modules, top down: ``spec`` (the game as the CLI sees it), ``bots`` and ``heuristic``,
``view`` (words and pictures), ``setup`` (``new_game``), ``state`` (the protocol),
``effects`` (what moves do; the roll in ``prospecting``, the turn's flow in ``turns``,
the board's changes in ``board``), ``movegen`` (legal moves), ``rules`` (the rule
book), ``core`` (the position's data), ``moves`` (the notation) and ``constants``.
"""
