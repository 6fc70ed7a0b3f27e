"""Every organizer route of the authorization matrix, asked by admins limited to one role.

For each row of `authz_rows.py` that calls an `EventAdmin` or `CustomerAdmin` route, the event
admin of A and the customer admin of A's customer are replaced by admins of the same scope
holding one role: the route's role (`admins/roles.py` ROUTE_ROLES) must get exactly what the full
admin gets in the matrix, and another role 403 naming the route's role. Routes every organizer
may call (ORGANIZERS) must answer every role like the full admin. Rows where the full admin is
refused anyway (another event's path, a customer route for an event admin, deleting an event as
its event admin) say nothing about roles and are skipped; `PER_FIELD` routes have their own test
in `test_admin_roles.py`.
"""

from __future__ import annotations

import httpx
import pytest

from tests.api.authz_rows import API_PREFIX, GROUPS, Row
from tests.api.authz_world import CALLERS, World, build_world
from tests.api.test_authz_matrix import _call, _operation
from tests.factories import grant_admin, make_person, token_for
from venuely.admins.models import AdminType
from venuely.admins.roles import ORGANIZERS, ROUTE_ROLES, Role, RouteNeed
from venuely.core.services import Services

ROLES = list(Role)
# The full admin whose matrix cell a limited admin of the same scope must match.
FULL = {"event": "event_admin_a", "customer": "cust_admin_a"}


def _need(row: Row) -> RouteNeed | None:
    operation = _operation(row)
    if operation is None:
        return None
    method, _, path = operation.partition(" ")
    if not path.startswith(API_PREFIX):
        return None
    return ROUTE_ROLES.get(f"{method} {path.removeprefix(API_PREFIX)}")


def _organizer_rows(group: str) -> list[tuple[Row, RouteNeed]]:
    rows: list[tuple[Row, RouteNeed]] = []
    for row in GROUPS[group]:
        need = _need(row)
        if need is not None and (isinstance(need, Role) or need == ORGANIZERS):
            rows.append((row, need))
    return rows


def _caller(scope: str, role: Role) -> str:
    return f"{scope} admin of A with {role.value}"


async def _limited_admins(services: Services, world: World) -> None:
    """Adds, for each scope and role, an admin of A holding only that role to the world's
    callers (tokens and logins, so rows ending their session get one of their own)."""
    for role in ROLES:
        for scope in FULL:
            person = await make_person(services)
            if scope == "event":
                await grant_admin(
                    services,
                    person,
                    AdminType.EVENT,
                    event_id=world.ids["A"],
                    customer_id=world.ids["C"],
                    roles=[role.value],
                )
            else:
                await grant_admin(
                    services,
                    person,
                    AdminType.CUSTOMER,
                    customer_id=world.ids["C"],
                    roles=[role.value],
                )
            name = _caller(scope, role)
            world.tokens[name] = await token_for(services, person)
            world.logins[name] = (person, None)


def _problem(
    row: Row, caller: str, response: httpx.Response, expected: int, need: Role | None
) -> str | None:
    """What is wrong with the answer, if anything (None: as expected)."""
    got = response.status_code
    if got != expected:
        return f"{row} as {caller}: expected {expected}, got {got} {response.text[:200]}"
    if need is not None and response.json()["Error"]["Data"].get("Role") != need.value:
        return f"{row} as {caller}: the refusal does not name the role {need}: {response.text}"
    return None


GROUP_NAMES = [group for group in GROUPS if _organizer_rows(group)]


@pytest.mark.usefixtures("mailbox")
@pytest.mark.parametrize("group", GROUP_NAMES, ids=str)
async def test_organizer_routes_need_their_role(
    client: httpx.AsyncClient, services: Services, group: str
) -> None:
    async def fresh_world() -> World:
        world = await build_world(services, client)
        await _limited_admins(services, world)
        return world

    world = await fresh_world()
    problems: list[str] = []
    for row, need in _organizer_rows(group):
        for scope, full in FULL.items():
            expected = row.expected[CALLERS.index(full)]
            if expected == 403:
                continue
            # (caller, expected status, the role the refusal must name); refusals first, as
            # they change nothing.
            asks: list[tuple[str, int, Role | None]]
            if isinstance(need, Role):
                other = ROLES[(ROLES.index(need) + 1) % len(ROLES)]
                asks = [(_caller(scope, other), 403, need), (_caller(scope, need), expected, None)]
            else:
                asks = [(_caller(scope, role), expected, None) for role in ROLES]
            for caller, status, named in asks:
                response = await _call(client, services, row, world, caller)
                problem = _problem(row, caller, response, status, named)
                if problem:
                    problems.append(problem)
                if row.destructive and 200 <= response.status_code < 300:
                    world = await fresh_world()
    assert not problems, "unexpected answers:\n" + "\n".join(problems)


def test_the_matrix_asks_every_role_of_the_table() -> None:
    """The rows above cover routes of every role, so no role goes untested here."""
    asked = {need for group in GROUP_NAMES for _, need in _organizer_rows(group)}
    assert asked >= set(Role) | {ORGANIZERS}
