"""The OpenAPI description matches the server (issue 30): Schemathesis generates requests
from it for every operation and checks each answer against it (no 500, every status and
body documented, a 422's ``detail`` a string), with valid and invalid data. Bounded: 25
examples per operation, derandomized, against the app in-process (about 20 s)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from gadshill.web.app import create_app
from gadshill.web.table import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis.specs.openapi.checks import positive_data_acceptance

#: the bots of games Schemathesis starts play fast, and few games run at once
APP = create_app(Store(bot_ms=5, max_games=20, reaction_ms=5))
#: every operation but the two that make puzzles: a new date or seed is a new puzzle, the
#: solver's work of seconds (a best-play daily: over 10 s), not the table's; their
#: answers are checked by tests/web/test_puzzles_api.py
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP).exclude(
    method="GET", path_regex="^/api/puzzles"
)
EXAMPLES = 25


@SCHEMA.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)
def test_the_api_answers_as_its_openapi_description_says(case: Any) -> None:
    # every check but "schema-valid data is accepted": a move's legality, a seat kind's
    # fit to the game, a record's moves hang on the game and the rule book, which no
    # schema states; such a request is a one-line 422 (and that answer is checked)
    case.call_and_validate(excluded_checks=[positive_data_acceptance])


def test_a_422_detail_is_documented_as_a_string() -> None:
    schema = APP.openapi()
    error = schema["components"]["schemas"]["Error"]
    assert error["properties"]["detail"]["type"] == "string"
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status in ("400", "403", "404", "409", "413", "422", "503"):
                assert status in operation["responses"], (method, path, status)
    body = schema["paths"]["/api/replays"]["post"]["requestBody"]
    assert body["required"] and "text/plain" in body["content"]


pytestmark = pytest.mark.filterwarnings("ignore")
