"""gadshill: engines, solver and validator for three Wild-West tabletop games."""

__version__ = "0.1.0"
