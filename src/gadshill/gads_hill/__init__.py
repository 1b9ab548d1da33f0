"""Gads Hill 1874: the engine that checks and plays the game with the deduction solver."""
