"""Property-based fuzzing of every operation in the OpenAPI document (schemathesis).

Each operation is one test (so pytest-xdist spreads them over the cores) and gets a freshly seeded
world; its generated cases carry a master admin's token, and path and query parameters that name
an object point at a seeded one part of the time, so handlers get past their loaders and not only
into their 404 branches. Every response must be no server error, use a status code and content
type the document declares for the operation, and match the declared schema for that status.

Examples per operation are bounded and generation is derandomized: `make test` stays fast and
reproducible; run with VENUELY_FUZZ_EXAMPLES=500 for a deeper local hunt.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from tests.api.fuzz_support import BASE_URL, FuzzWorld, fuzz_world, seeded_values, send
from tests.conftest import BACKENDS, TEST_SECRET, fresh_database_url
from venuely.app import create_app
from venuely.settings import Environment, Settings

EXAMPLES = int(os.environ.get("VENUELY_FUZZ_EXAMPLES", "12"))


def _document() -> dict[str, Any]:
    # Building the app opens nothing: the engine connects lazily and is never used here.
    settings = Settings(
        env=Environment.TEST,
        data_dir=Path("unused"),
        database_url="sqlite+aiosqlite:///:memory:",
        secret_key=TEST_SECRET,
    )
    document: dict[str, Any] = create_app(settings).openapi()
    # A route declared with a set of methods lists them in hash order, which differs between
    # processes; xdist workers must collect the same tests in the same order.
    document["paths"] = {
        path: dict(sorted(operations.items())) for path, operations in document["paths"].items()
    }
    return document


DOCUMENT = _document()
schema = schemathesis.openapi.from_dict(DOCUMENT)
schema.config.generation.update(max_examples=EXAMPLES, deterministic=True)


@schema.hook
def flatmap_path_parameters(
    context: schemathesis.HookContext, path_parameters: dict[str, Any] | None
) -> st.SearchStrategy[dict[str, Any] | None]:
    return seeded_values(path_parameters)


@schema.hook
def flatmap_query(
    context: schemathesis.HookContext, query: dict[str, Any] | None
) -> st.SearchStrategy[dict[str, Any] | None]:
    return seeded_values(query)


def _deliberately_unavailable(case: schemathesis.Case[Any], response: httpx.Response) -> bool:
    """Zoom routes answer a documented 503 ZOOM_NOT_CONFIGURED on a server without Zoom
    credentials (the test server has none): a stated refusal, not a crash."""
    if response.status_code != 503:
        return False
    operation = DOCUMENT["paths"][case.operation.path][case.operation.method.lower()]
    return (
        "503" in operation["responses"]
        and response.json().get("Error", {}).get("Code") == "ZOOM_NOT_CONFIGURED"
    )


@pytest.fixture
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    # One backend, not each: PostgreSQL when configured (the production database, and the
    # stricter one: it refuses what SQLite silently stores), else SQLite. The API tests cover
    # both backends; fuzzing both would double the slowest file of the suite for little gain.
    return fresh_database_url(request, BACKENDS[-1], tmp_path)


@pytest.fixture
def world(settings: Settings) -> Iterator[FuzzWorld]:
    with fuzz_world(settings) as built:
        yield built


@pytest.mark.usefixtures("mailbox")
@schema.parametrize()
@hypothesis_settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    # One world per operation, shared by its examples on purpose (see fuzz_support).
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_operation_conforms(case: schemathesis.Case[Any], world: FuzzWorld) -> None:
    kwargs = case.as_transport_kwargs(
        base_url=BASE_URL, headers={"Authorization": f"Bearer {world.token}"}
    )
    response = send(world, kwargs)
    checks = [status_code_conformance, content_type_conformance, response_schema_conformance]
    if not _deliberately_unavailable(case, response):
        checks.append(not_a_server_error)
    case.validate_response(response, checks=checks)
