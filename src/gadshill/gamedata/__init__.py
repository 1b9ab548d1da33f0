"""gamedata."""
