"""Words every game's log and pictures share, so counts read right everywhere.

>>> plural(1, "chip"), plural(3, "nugget"), plural(0, "point")
('1 chip', '3 nuggets', '0 points')
"""


def plural(count: int, word: str) -> str:
    """``1 chip``, ``2 chips``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
