"""game."""
