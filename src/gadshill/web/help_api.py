"""The help panel's API: a game's help (summary, rule-book entries, bots), one rule
by id, and Gads Hill's first-game walkthrough (a replay with its steps).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from gadshill.errors import GadshillError
from gadshill.registry import get_spec, resolve
from gadshill.web import learn
from gadshill.web.app_state import store_of

router = APIRouter()


@router.get("/api/help/{game}")
def game_help(game: str) -> dict[str, Any]:
    """A game's help: its summary in our words with rule ids, every rule-book entry,
    what each bot does, and whether a walkthrough exists."""
    return learn.help_for(game)


@router.get("/api/help/{game}/walkthrough")
def walkthrough(request: Request, game: str) -> dict[str, Any]:
    """Gads Hill's first-game walkthrough: a replay of a real game and the steps
    (a version to show, words, rule ids) at the draft, a card play and a STOP."""
    if get_spec(resolve(game)).id != "gads-hill":
        raise GadshillError("only Gads Hill has a walkthrough")
    record = learn.walkthrough_record()
    table = store_of(request).import_record(record.to_jsonl())
    return {"replay": table.id, "steps": learn.walkthrough_steps(record)}


@router.get("/api/rules/{game}/{rule_id}")
def rule(game: str, rule_id: str) -> dict[str, Any]:
    """One rule-book entry, as ``gadshill rules GAME ID`` shows it."""
    return learn.rule(game, rule_id)
