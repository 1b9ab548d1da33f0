"""Gads Hill puzzles (docs/puzzles.md): stop, solo and best-play, generated, graded by a
ladder of human techniques, proved with CP-SAT, explained step by step, and checked.

``ladder`` (the techniques), ``stop_steps`` and ``solo_steps`` (the step solvers),
``best_play`` (a turn's plays and their points), ``clues`` (cards made explicit),
``uniqueness`` (the CP-SAT proofs), ``puzzle_file`` (the format), ``analyse`` (solve,
grade, prove), ``document`` (a puzzle's whole JSON), ``generate``, ``answers`` (reading
answers), ``check``, ``hints``, ``codes`` (a puzzle's content as a short code),
``verify`` (every field of a file), ``daily`` and ``pool`` (the shipped puzzles).
"""
