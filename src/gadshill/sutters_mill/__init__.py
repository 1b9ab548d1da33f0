"""Sutter's Mill: the engine on the shared rule layer (game id ``sutters-mill``).

``state`` holds the position and the effects of moves, ``rules`` the rule book,
``moves`` the move notation, ``view`` the terminal pictures, ``spec`` the entry
the CLI uses.
"""
