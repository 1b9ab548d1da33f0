"""Bridges to research frameworks, above the games: OpenSpiel, PettingZoo, Ray.

Each module imports its framework at the top, so it needs its optional extra
(``pip install 'gadshill[openspiel]'``, ``[pettingzoo]``, ``[ray]``); the core
package never imports this one.
"""
