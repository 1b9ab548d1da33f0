"""Test-wide settings.

Hypothesis runs derandomized with no per-example deadline: CI must give the same
verdict on every run, and a loaded machine must not turn a slow example into a
failure. Set HYPOTHESIS_PROFILE=explore for fresh random examples when hunting bugs.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("explore", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
