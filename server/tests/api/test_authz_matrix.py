"""Authorization matrix: every operation of the OpenAPI document, asked by every kind of caller.

Each row of `authz_rows.py` names a route and the exact status each caller must get; the callers
are an anonymous client, an attendee of event A, an attendee of event B (another customer), an
event admin of A, a customer admin of A's customer, a customer admin of B's customer and a
master admin (`authz_world.py` seeds them and the objects rows name). A cell that answers
differently from the table fails the test, which lists every mismatching cell, so a 2xx where
the table expects 401/403/404 (an unexpected allow) cannot pass; so does a body that shows a
caller what a row's `BodyCheck` hides from them, or lacks it for a caller who should see it.

Rows are grouped by feature; a group shares one seeded world. After a destructive row's call
succeeded, the next call gets a fresh world, so each caller meets the object it is meant to meet.

`test_every_operation_has_a_row` resolves each row's method and path to the document's operation
the way the router picks a route (the first, in route order, whose path pattern and method fit)
and fails, listing them, on operations no row asks.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.routing import compile_path

from tests.api.authz_rows import API_PREFIX, GROUPS, ROWS, BodyCheck, Row
from tests.api.authz_world import CALLERS, ORGANIZERS_A, World, build_world
from tests.conftest import TEST_SECRET
from tests.factories import bearer, token_for
from venuely.app import create_app
from venuely.core.services import Services
from venuely.settings import Environment, Settings


async def _call(
    client: httpx.AsyncClient, services: Services, row: Row, world: World, caller: str
) -> httpx.Response:
    token = world.tokens.get(caller)
    if token is not None and row.own_session:
        token = await token_for(services, *world.logins[caller])
    kwargs: dict[str, Any] = {"headers": bearer(token) if token is not None else {}}
    if row.body is not None:
        kwargs["json"] = row.body(world)
    if row.form:
        kwargs["data"] = row.form
    if row.upload is not None:
        kwargs["files"] = {row.upload_field: row.upload}
    if row.raw is not None:
        kwargs["content"] = row.raw
    return await client.request(row.method, row.url(world), **kwargs)


def _body_problem(
    check: BodyCheck, world: World, caller: str, expected: int, response: httpx.Response
) -> str | None:
    """What is wrong with the body `caller` got, if anything."""
    hidden = caller in check.hidden_from
    if check.counted:
        if not 200 <= response.status_code < 300:
            return None
        count = response.json().get("Count")
        wanted = 0 if hidden else len(check.secret)
        return None if count == wanted else f"counts {count}, expected {wanted}"
    if hidden:
        shown = [s for s in check.secret if world.fill(s) in response.text]
        return f"shows {shown}" if shown else None
    if 200 <= expected < 300:
        lacking = [s for s in check.secret if world.fill(s) not in response.text]
        return f"lacks {lacking} (the check would pass vacuously)" if lacking else None
    return None


@pytest.mark.usefixtures("mailbox")
@pytest.mark.parametrize("group", list(GROUPS), ids=str)
async def test_authorization_matrix(
    client: httpx.AsyncClient, services: Services, group: str
) -> None:
    world, stale = await build_world(services, client), False
    mismatches = []
    for row in GROUPS[group]:
        for caller, expected in zip(CALLERS, row.expected, strict=True):
            if stale:
                # A destructive row's target is gone: the next call meets a world where it exists.
                world, stale = await build_world(services, client), False
            response = await _call(client, services, row, world, caller)
            if response.status_code != expected:
                mismatches.append(
                    f"{row} as {caller}: expected {expected}, got {response.status_code}"
                    f" {response.text[:200]}"
                )
            elif row.check is not None:
                problem = _body_problem(row.check, world, caller, expected, response)
                if problem:
                    mismatches.append(f"{row} as {caller}: the body {problem}")
            stale = row.destructive and 200 <= response.status_code < 300
    assert not mismatches, "unexpected answers:\n" + "\n".join(mismatches)


async def test_is_admin_answers_depend_on_the_caller(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services, client)
    path = f"/admins/getiseventorcustomerormasteradmin?EventID={world.ids['A']}"
    answers = {
        caller: (await client.get(path, headers=bearer(world.tokens[caller]))).json()
        for caller in CALLERS[1:]
    }
    assert answers == {
        "att_a": False,
        "att_b": False,
        "event_admin_a": True,
        "cust_admin_a": True,
        "cust_admin_b": False,
        "master": True,
    }


# --- coverage -------------------------------------------------------------------------------


@cache
def _documented_operations() -> list[tuple[str, re.Pattern[str], str]]:
    """The document's operations as (method, path regex, "METHOD /path"), in the document's
    order, which is the app's route order (FastAPI lists paths as it meets the routes)."""
    # Building the app opens nothing: the engine connects lazily and is never used here.
    settings = Settings(
        env=Environment.TEST,
        data_dir=Path("unused"),
        database_url="sqlite+aiosqlite:///:memory:",
        secret_key=TEST_SECRET,
    )
    document = create_app(settings).openapi()
    return [
        (method.upper(), compile_path(path)[0], f"{method.upper()} {path}")
        for path, methods in document["paths"].items()
        for method in methods
    ]


def _operation(row: Row) -> str | None:
    """The documented operation a row calls: its path (one id standing in for every world key)
    matched as the router matches a request, the first route whose path and method fit."""
    path = re.sub(r"\{[A-Z0-9_]+\}", "0" * 24, row.path.split("?", 1)[0])
    path = (API_PREFIX if row.in_api else "") + path
    for method, regex, name in _documented_operations():
        if method == row.method and regex.match(path):
            return name
    return None


def test_every_operation_has_a_row() -> None:
    operations = {name for _, _, name in _documented_operations()}
    covered = {_operation(row) for row in ROWS}
    missing = sorted(operations - covered)
    assert not missing, "operations without a row in authz_rows.py:\n" + "\n".join(missing)


def test_every_row_calls_a_documented_operation() -> None:
    operations = {name for _, _, name in _documented_operations()}
    strays = [f"{row} -> {_operation(row)}" for row in ROWS if _operation(row) not in operations]
    assert not strays, "rows that reach no documented operation:\n" + "\n".join(strays)


def test_body_checks_cannot_pass_vacuously() -> None:
    """A check hides its secret from someone, and event A's organizers are allowed and shown it
    (their bodies must contain it, so a check cannot pass because nothing was there to hide)."""
    for row in ROWS:
        if row.check is None:
            continue
        allowed = {c for c, s in zip(CALLERS, row.expected, strict=True) if 200 <= s < 300}
        assert row.check.hidden_from, row
        assert row.check.hidden_from <= set(CALLERS), row
        assert allowed - row.check.hidden_from >= ORGANIZERS_A, row
