"""The Mother Lode of Sticky Gulch: the engine on ``gadshill.rules``.

Modules, top down: ``spec`` (the game as the CLI sees it), ``bots`` and ``heuristic``,
``view`` (words and pictures), ``setup`` (``new_game``), ``state`` (the position),
``effects`` (what moves do), ``movegen`` (legal moves), ``rules`` (the rule book),
``moves`` (the notation) and ``constants``.
"""
