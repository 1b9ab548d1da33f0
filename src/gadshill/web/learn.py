"""Help and learning on the page: a short summary of each game in the project's own
words (each part citing the rule-book ids it sums up), every rule-book entry as
``gadshill rules GAME ID`` shows it, what each bot does (its docstring, one place:
:func:`gadshill.rules.bots.bot_help`) and, for Gads Hill, a first-game walkthrough:
steps over a real game (a record played by bots, kept as a replay) at the draft, a
card play and a STOP claim, each with the version to show and the rules it teaches.
"""

from __future__ import annotations

import random
import threading
from typing import Any

from gadshill.errors import GadshillError
from gadshill.registry import get_spec, resolve
from gadshill.rules.bots import bot_help, make_bot
from gadshill.rules.records import Record, is_refusal, new_record

#: per game, the summary: (title, text, rule ids), written for this project
SUMMARIES: dict[str, tuple[tuple[str, str, tuple[str, ...]], ...]] = {
    "gads-hill": (
        (
            "The idea",
            "A town's buildings have been given places, but nobody knows where. Clue "
            "cards narrow each building down to a few spaces, shown by markers; a player "
            "collects the markers the clues rule out. Most markers at the end wins.",
            ("GH-C", "GH-1", "GH-9"),
        ),
        (
            "Setting up",
            "Each player gets five clue cards and, in a draft round twice around the "
            "table, two buildings of their own: the 'my building' of their cards.",
            ("GH-3", "GH-3.draft"),
        ),
        (
            "Your turn",
            "Do one thing: play one or two cards (one from locomotive 16 on), discard two "
            "cards to take a marker from the board, or pass. You may buy a building for "
            "two markers once a turn. Then draw a card from the pile you like.",
            ("GH-4", "GH-7", "GH-4.buy-price", "GH-4.draw", "GH-T1.sixteen"),
        ),
        (
            "What a card does",
            "A card says where a building stood. An unmarked building gets a marker on "
            "each space the clue allows (one to five, or the card cannot be played); a "
            "marked one loses the markers outside it, and those go to you. A building "
            "left with one marker is built there, which may settle others in turn.",
            ("GH-5", "GH-6", "GH-R1a", "GH-R2", "GH-R3", "GH-R6a"),
        ),
        (
            "STOP!",
            "A marker no possible layout of the town can use may be claimed: by the "
            "player whose turn it is, then by each other player in their STOP window. "
            "A wrong claim is told to the whole table and ends your window.",
            ("GH-8", "GH-8.window", "GH-8.refused", "GH-8.overlooked"),
        ),
        (
            "The end",
            "The game ends when the locomotive reaches 22, or when the piles are spent and "
            "a round passes with no change. Each collected marker is a point.",
            ("GH-9",),
        ),
    ),
    "sutters-mill": (
        (
            "The idea",
            "Prospectors pan gold chips out of a vein that runs past three camps; in town, "
            "cards raised on buildings win their deeds and the actions they grant. Points "
            "are nuggets, plus own cards taken back, less cards and prospectors left out.",
            ("SM-2.vein", "SM-end.scoring"),
        ),
        (
            "Your turn",
            "Either prospect in the current camp (move prospectors, one chip each, then "
            "the chips your deeds earn) and run your businesses, or act in town: up to "
            "five actions, the first free and each further one dearer.",
            ("SM-3.sequence", "SM-4.next-section", "SM-B.businesses", "SM-1.cost"),
        ),
        (
            "Deeds",
            "A building's deed goes to the highest total of cards there, ties broken by "
            "the highest card and then the earliest. The holder alone uses its free action.",
            ("SM-5.deed", "SM-6.free", "SM-6.holder"),
        ),
        (
            "Paying",
            "Pay with chips worth at least the price; the bank gives change where it can, "
            "and you may not hand over more than you must.",
            ("SM-2.change", "SM-2.pay-minimal", "SM-2.least-overpayment"),
        ),
        (
            "Winding down and the end",
            "Once, you may switch to winding down: your unplayed cards and idle "
            "prospectors leave. The game ends the moment the vein's last chip is taken.",
            ("SM-3.winddown", "SM-end.vein-empty", "SM-6.tie"),
        ),
    ),
    "sticky-gulch": (
        (
            "The idea",
            "Stake camps on the sites of location cards; when the die names a site, the "
            "camp there claims the next lode of that location and its dollars. The richest "
            "player when enough locations are worked out wins.",
            ("SG-1", "SG-2", "SG-5.end"),
        ),
        (
            "Your turn",
            "Spend three action points: draw location cards, set up camps, hire drifters "
            "or buy an extra roll, within the per-turn limits. The turn ends with a free "
            "prospecting roll on a location of your choice.",
            ("SG-3.action-points", "SG-3.limit-draws", "SG-3.final-roll"),
        ),
        (
            "Prospecting",
            "Roll the die for a location: the camp on that site, whoever owns it, takes the "
            "next lode. A location with every lode claimed retires and its camps go home.",
            ("SG-4.prospect", "SG-4.retire"),
        ),
        (
            "Drifters",
            "Hired drifters are kept hidden; using one costs its price. Some act after a "
            "die roll: every player is asked in turn whether to use one, whatever they hold.",
            ("SG-3.hire-keep", "SG-2.pay", "SG-R.drifter-timing", "SG-R.reaction-window"),
        ),
    ),
}

#: the walkthrough's game: two bots, a seed that shows a card play and a STOP claim
WALK_SEED = 5
WALK_BOTS = ["sharp", "greedy"]

#: the walkthrough's steps: (the kind of event shown, title, what it teaches, rule ids)
WALK_STEPS = (
    (
        "start",
        "The town and your cards",
        "The board is empty; each player holds five clue cards. Look at a card: its small "
        "plan shows the spaces it means.",
        ("GH-1", "GH-3"),
    ),
    (
        "draft",
        "The draft",
        "In turn, each player takes a building from beside the board, and a second one in "
        "a second round: these are 'my buildings' for district and condition cards.",
        ("GH-3", "GH-3.draft"),
    ),
    (
        "play",
        "A card play",
        "A card names a building and where it stood: markers appear on the spaces it "
        "allows (or the ones outside go to the player). Click a card, then its building.",
        ("GH-5", "GH-6", "GH-R1a"),
    ),
    (
        "claim",
        "STOP!",
        "This marker could not be used by any layout of the town, so a player claimed it. "
        "In your STOP window press STOP! and click the marker; a wrong try is told to all.",
        ("GH-8", "GH-8.window", "GH-8.refused"),
    ),
)


def rule(game: str, rule_id: str) -> dict[str, Any]:
    """One rule-book entry (``gadshill rules GAME ID``); an unknown id is a one-line
    error naming the game."""
    spec = get_spec(resolve(game))
    try:
        return spec.rulebook[rule_id].to_json()
    except KeyError:
        raise GadshillError(f"{spec.id} has no rule {rule_id!r}") from None


def help_for(game: str) -> dict[str, Any]:
    """What the help panel shows for a game (the walkthrough comes separately: it needs
    a replay)."""
    spec = get_spec(resolve(game))
    book = {r.id for r in spec.rulebook}
    summary = []
    for title, text, ids in SUMMARIES.get(spec.id, ()):
        assert set(ids) <= book, set(ids) - book  # the tests hold every id to the book
        summary.append({"title": title, "text": text, "rules": list(ids)})
    return {
        "game": spec.id,
        "title": spec.title,
        "summary": summary,
        "rules": [{"id": r.id, "text": r.text} for r in spec.rulebook],
        "bots": bot_help(spec),
        "walkthrough": spec.id == "gads-hill",
    }


_walk_lock = threading.Lock()
_walk_record: Record | None = None


def walkthrough_record() -> Record:
    """The walkthrough's game, played once by the bots (seeded: the same every time)."""
    global _walk_record
    with _walk_lock:
        if _walk_record is None:
            spec = get_spec("gads-hill")
            options = spec.resolve_options({})
            state = spec.new_game(len(WALK_BOTS), WALK_SEED, None, options)
            record = new_record(spec, list(WALK_BOTS), WALK_SEED, None, options)
            bots = [make_bot(spec, kind) for kind in WALK_BOTS]
            rng = random.Random(WALK_SEED)
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None
                move = bots[seat].choose(state, rng)
                record.moves.append(move.to_json())
                state.apply(move)
            _walk_record = record
        return _walk_record


def walkthrough_steps(record: Record) -> list[dict[str, Any]]:
    """The steps over the walkthrough's record: the version each one shows (the state
    after that event, whose pieces ``?since`` gives; 0 before any) with its words and
    rules."""
    firsts: dict[str, int] = {"start": 0}
    for n, raw in enumerate(record.moves, start=1):
        kind = "" if is_refusal(raw) else str(raw.get("move", ""))
        if kind == "draft":
            firsts[kind] = n  # the draft is shown done: after its last pick
        firsts.setdefault(kind, n)
    steps = []
    for kind, title, text, ids in WALK_STEPS:
        if kind not in firsts:
            raise GadshillError(f"the walkthrough's game has no {kind}: change WALK_SEED")
        steps.append({"title": title, "text": text, "rules": list(ids), "version": firsts[kind]})
    return steps
