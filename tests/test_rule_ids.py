"""Every rule is findable by its id, for every registered game.

A newcomer greps a rulebook id (``SG-4.retire``) and lands on the code that does
it; a rule that no test names is a rule nobody checked. A *procedure* (a rule
without a predicate) is carried out outside the book, so its id must appear in
the game's code beyond the book itself; a checked rule's predicate is its code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import grimp
import pytest

from gadshill import registry

ROOT = Path(__file__).parents[1]
SRC = ROOT / "src"
SHARED = ("gadshill.rules", "gadshill.errors", "gadshill.registry", "gadshill.cli")


def _mentions(text: str, rule_id: str) -> bool:
    # "GH-R2" but not "GH-R2b"; "SM-2" but not "SM-2.pay-minimal"; a full stop may end a sentence
    pattern = rf"(?<![\w.-]){re.escape(rule_id)}(?![\w-]|\.\w)"
    return re.search(pattern, text) is not None


def _spelled(rule_id: str) -> str:
    return re.sub(r"[-.]", "_", rule_id).lower()


def _named_in_tests(text: str, rule_id: str, others: Iterable[str] = ()) -> bool:
    """A test names the id itself, or spells it as a test name (SM-2.pay-minimal ->
    sm_2_pay_minimal); a spelling that goes on into another rule's (sm_2 in
    sm_2_pay_minimal) names that rule, not this one."""
    if _mentions(text, rule_id):
        return True
    lowered, spelled = text.lower(), _spelled(rule_id)
    longer = [_spelled(o) for o in others if _spelled(o).startswith(spelled + "_")]
    for match in re.finditer(rf"(?<![a-z0-9]){re.escape(spelled)}(?![a-z0-9])", lowered):
        at = match.start()
        if not any(re.match(rf"{re.escape(o)}(?![a-z0-9])", lowered[at:]) for o in longer):
            return True
    return False


@cache
def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("gadshill", exclude_type_checking_imports=True)


def _code_of(game: str) -> dict[str, str]:
    """Source of every module the game's spec reaches, shared layers excluded: the game's
    package, its data loader and, for Gads Hill, the deduction solver."""
    spec_module = registry._module_of(game)
    graph = _graph()
    modules = {spec_module} | graph.find_upstream_modules(spec_module)
    out = {}
    for module in sorted(modules):
        if module.startswith(SHARED):
            continue
        path = SRC / (module.replace(".", "/") + ".py")
        if not path.exists():
            path = SRC / module.replace(".", "/") / "__init__.py"
        out[module] = path.read_text()
    return out


@cache
def _test_sources() -> str:
    return "\n".join(p.read_text() for p in (ROOT / "tests").rglob("*.py"))


@pytest.mark.parametrize("game", registry.game_ids())
def test_every_procedure_names_its_code(game: str) -> None:
    book = registry.get_spec(game).rulebook
    code = _code_of(game)
    book_module = next(m for m, text in code.items() if all(_mentions(text, i) for i in book.ids()))
    elsewhere = "\n".join(text for module, text in code.items() if module != book_module)
    missing = [r.id for r in book if r.breach is None and not _mentions(elsewhere, r.id)]
    assert not missing, f"{game}: procedures whose id appears nowhere in the code: {missing}"


@pytest.mark.parametrize("game", registry.game_ids())
def test_every_rule_is_named_by_a_test(game: str) -> None:
    book = registry.get_spec(game).rulebook
    sources = _test_sources().replace(Path(__file__).read_text(), "")
    ids = book.ids()
    missing = [rule_id for rule_id in ids if not _named_in_tests(sources, rule_id, ids)]
    assert not missing, f"{game}: rules without a test naming them: {missing}"


def test_a_sub_rules_test_name_does_not_name_its_parent() -> None:
    ids = ["SM-2", "SM-2.pay-minimal"]
    assert _named_in_tests("def test_sm_2_pay_minimal(): ...", "SM-2.pay-minimal", ids)
    assert not _named_in_tests("def test_sm_2_pay_minimal(): ...", "SM-2", ids)
    assert _named_in_tests("def test_sm_2_change(): ...", "SM-2", ids)
    assert _named_in_tests("# SM-2: pay", "SM-2", ids)


@pytest.mark.parametrize("game", registry.game_ids())
def test_every_rule_id_is_unique_and_cites_its_game(game: str) -> None:
    book = registry.get_spec(game).rulebook
    prefix = {"gads-hill": "GH-", "sutters-mill": "SM-", "sticky-gulch": "SG-"}.get(game)
    ids = book.ids()
    assert len(ids) == len(set(ids))
    if prefix:
        assert all(i.startswith(prefix) for i in ids)
    for rule in book:
        first_letter = next(c for c in rule.text if c.isalpha())
        assert first_letter.isupper(), rule.id
