"""What an admin grant's roles let it do, and which role each organizer route needs.

A customer or event grant may be limited to some of four roles; an empty list is the full admin
of its scope (all four), and master grants ignore roles. Holding any grant on an event still
makes one its organizer: organizer views (drafts, stream links, every room listed), the
whitelist not applying, preview. The roles decide what one may *change or run*:

- content: the event's settings, pages, navigation, theme, venue, schedule and speakers, media,
  and the authoring of polls, treasure hunts, Wall of Fame categories, photobooth and breakouts;
- moderation: chat, Q&A and Wall of Fame moderation, the help desk, breakouts during the event
  (open, close, move, broadcast), opening and closing polls, the sessions' interaction switches;
- people: who gets in (whitelist, restriction), the admins of the event or customer, attendees'
  accounts, a customer's sign-in providers and hand-off secret;
- analytics: exports (CSV) and, later, the dashboard.

`ROUTE_ROLES` names the role of every route behind the `EventAdmin` and `CustomerAdmin` policies;
the policies read it through the request's matched route (accounts/permissions.py), and
`tests/api/test_admin_roles.py` fails on such a route missing from it, so a new organizer route
cannot ship without a role. Checks inside features (a moderator deleting someone else's chat
message) ask `EventAccess.has_role`.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any, Final, Literal

from sqlalchemy import Boolean, ColumnElement, ColumnExpressionArgument, String, literal_column
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.functions import FunctionElement

from venuely.admins.models import Admin, AdminType


class Role(StrEnum):
    CONTENT = "content"
    MODERATION = "moderation"
    PEOPLE = "people"
    ANALYTICS = "analytics"


ALL_ROLES: Final = frozenset(Role)
_VALUES: Final = frozenset(role.value for role in Role)


def ordered(roles: Iterable[Role]) -> list[Role]:
    """`roles` in the canonical order (the enum's), each once."""
    held = set(roles)
    return [role for role in Role if role in held]


def roles_of(stored: Iterable[Any]) -> frozenset[Role]:
    """The roles a stored list grants: all four when it is empty, else those it names. Unknown
    strings grant nothing (the roles migration removed them; the API refuses them)."""
    listed = list(stored)
    if not listed:
        return ALL_ROLES
    return frozenset(Role(value) for value in listed if value in _VALUES)


def effective_roles(grant: Admin) -> frozenset[Role]:
    if grant.admin_type == AdminType.MASTER:
        return ALL_ROLES
    return roles_of(grant.roles)


# -- the same rule in SQL ---------------------------------------------------------------------


class _RoleGranted(FunctionElement[bool]):
    """Whether a stored roles list (JSON array) grants a role: empty, or naming it."""

    type = Boolean()
    inherit_cache = True
    name = "role_granted"


@compiles(_RoleGranted)
def _role_granted_sqlite(element: _RoleGranted, compiler: SQLCompiler, **kw: Any) -> str:
    roles, role = (compiler.process(clause, **kw) for clause in element.clauses)
    # Both pieces are compiled SQL of the statement's own clauses, never input.
    listed = f"SELECT 1 FROM json_each({roles}) WHERE json_each.value = {role}"  # noqa: S608
    return f"(json_array_length({roles}) = 0 OR EXISTS ({listed}))"


@compiles(_RoleGranted, "postgresql")
def _role_granted_postgresql(element: _RoleGranted, compiler: SQLCompiler, **kw: Any) -> str:
    roles, role = (compiler.process(clause, **kw) for clause in element.clauses)
    return f"(jsonb_array_length({roles}) = 0 OR {roles} @> jsonb_build_array({role}))"


def role_granted(roles: ColumnExpressionArgument[Any], role: Role) -> ColumnElement[bool]:
    """`roles_of(roles)` holds `role`, as a condition on a grant's `roles` column. Masters are
    the caller's condition to add (their roles are ignored). The role is written into the
    statement, not bound: it is one of four fixed words, and PostgreSQL could not type a bound
    one inside `jsonb_build_array`."""
    return _RoleGranted(roles, literal_column(f"'{role.value}'", String()))


# -- which role each organizer route needs ----------------------------------------------------

# Not roles. ORGANIZERS: routes every organizer of the event or customer needs whatever their
# roles (the console reads the event to show any of its pages). PER_FIELD: a route changing
# settings of more than one role; the policy admits every organizer and the route asks for the
# role of each field sent (named beside it).
ORGANIZERS: Final = "organizers"
PER_FIELD: Final = "per-field"
RouteNeed = Role | Literal["organizers", "per-field"]

_C, _M, _P, _A = Role.CONTENT, Role.MODERATION, Role.PEOPLE, Role.ANALYTICS

# "METHOD path" as the feature router declares it (without the /api/v1 prefix) → its role.
ROUTE_ROLES: Final[dict[str, RouteNeed]] = {
    # events
    "GET /events/{EventID}": ORGANIZERS,
    "PUT /events/{EventID}": PER_FIELD,  # events/access.py `check_event_update_roles`
    "DELETE /events/{EventID}": _C,  # and customer or master rights (events/access.py)
    "POST /events/{EventID}/values/{Key}": _C,
    "GET /events/{EventID}/prepublish-check": _C,
    "PUT /events/{EventID}/email-whitelist": _P,
    "POST /events/{EventID}/preview": ORGANIZERS,
    "GET /customers/{CustomerID}/events": _C,
    "POST /customers/{CustomerID}/events": _C,
    # customers
    "GET /customers/{CustomerID}": ORGANIZERS,
    "PUT /customers/{CustomerID}": _C,  # IsDisabled is a master's (customers/service.py)
    "POST /customers/{CustomerID}/locations": _C,
    "PUT /customers/{CustomerID}/locations/{LocationID}": _C,
    "DELETE /customers/{CustomerID}/locations/{LocationID}": _C,
    # who may sign in, and how (identity/)
    "GET /customers/{CustomerID}/sign-in-providers": _P,
    "POST /customers/{CustomerID}/sign-in-providers": _P,
    "PUT /customers/{CustomerID}/sign-in-providers/{ProviderID}": _P,
    "DELETE /customers/{CustomerID}/sign-in-providers/{ProviderID}": _P,
    "GET /customers/{CustomerID}/sso-secret": _P,
    "POST /customers/{CustomerID}/sso-secret": _P,
    "DELETE /customers/{CustomerID}/sso-secret": _P,
    # navigation and pages
    "POST /events/{EventID}/menu": _C,
    "PUT /events/{EventID}/menu/default": _C,
    "PUT /events/{EventID}/menu/{MenuItemID}": _C,
    "DELETE /events/{EventID}/menu/{MenuItemID}": _C,
    "PUT /events/{EventID}/faq": _C,
    "PUT /events/{EventID}/landing": _C,
    "PUT /events/{EventID}/photobooth": _C,
    "POST /events/{EventID}/webelement-image/{WebElementKey}": _C,
    "DELETE /events/{EventID}/webelement-image/{WebElementKey}": _C,
    # theme
    "GET /events/themes/global/{CustomerID}": _C,
    "GET /events/{EventID}/theme": _C,
    "PUT /events/{EventID}/theme/{SubThemeType}": _C,
    "PUT /events/{EventID}/theme/{ThemeComponent}/reset": _C,
    "POST /events/{EventID}/themes/{ThemeID}/apply": _C,
    "POST /events/{EventID}/themes/fonts/{FontGroup}": _C,
    "DELETE /events/{EventID}/themes/fonts/{FontGroup}/file-hash/{FileHash}": _C,
    "PUT /events/{EventID}/themes/fonts/{FontGroup}/re-order": _C,
    "POST /events/{EventID}/themes/media-assets/{MediaAssetName}": _C,
    "DELETE /events/{EventID}/themes/media-assets/{MediaAssetName}": _C,
    # schedule and speakers
    "POST /events/{EventID}/activities": _C,
    "POST /events/{EventID}/activitiesDUMMY": _C,
    "PUT /events/{EventID}/activities/{ActivityID}": _C,
    "DELETE /events/{EventID}/activities/{ActivityID}": _C,
    "POST /events/{EventID}/activities/{ActivityID}/createzoommeeting": _C,
    "DELETE /events/{EventID}/activities/{ActivityID}/deletemeeting": _C,
    "POST /events/{EventID}/activities/{ActivityID}/picture": _C,
    "DELETE /events/{EventID}/activities/{ActivityID}/picture": _C,
    "POST /events/{EventID}/activities/{ActivityID}/sync": _C,
    "POST /events/{EventID}/activities/{ActivityID}/values/{Key}": _C,
    # venue
    "POST /events/{EventID}/attendees/pano-variables/sync": _C,
    "DELETE /events/{EventID}/vfiles/{VFileID}/panovars": _C,
    # media
    "GET /events/{EventID}/videos": _C,
    "POST /events/{EventID}/videos": _C,
    "POST /events/{EventID}/videos/upload": _C,
    "PUT /events/{EventID}/videos/order": _C,
    "PUT /events/{EventID}/videos/{VideoID}": _C,
    "DELETE /events/{EventID}/videos/{VideoID}": _C,
    "POST /events/{EventID}/videos/{VideoID}/poster": _C,
    "PUT /events/{EventID}/recordings/{SessionID}": _C,
    "DELETE /events/{EventID}/recordings/{SessionID}": _C,
    # polls: authored by content, run by moderation
    "POST /events/{EventID}/polls": _C,
    "PUT /events/{EventID}/polls/{PollID}": _C,
    "DELETE /events/{EventID}/polls/{PollID}": _C,
    "POST /events/{EventID}/polls/{PollID}/open": _M,
    "POST /events/{EventID}/polls/{PollID}/close": _M,
    "GET /events/{EventID}/polls/{PollID}/ballots.csv": _A,
    # Q&A
    "PATCH /events/{EventID}/sessions/{SessionID}/questions/{QuestionID}": _M,
    "PUT /events/{EventID}/sessions/{SessionID}/interaction": _M,
    "GET /events/{EventID}/sessions/{SessionID}/questions.csv": _A,
    # breakouts: set up by content, run by moderation
    "POST /events/{EventID}/breakouts": _C,
    "PUT /events/{EventID}/breakouts/{RoomID}": _C,
    "DELETE /events/{EventID}/breakouts/{RoomID}": _C,
    "POST /events/{EventID}/breakouts/{RoomID}/open": _M,
    "POST /events/{EventID}/breakouts/{RoomID}/close": _M,
    "POST /events/{EventID}/breakouts/{RoomID}/move": _M,
    "POST /events/{EventID}/breakouts/broadcast": _M,
    # help desk
    "GET /events/{EventID}/helpdesk/agents": _M,
    "PUT /events/{EventID}/helpdesk/agents/{PersonID}": _M,
    "DELETE /events/{EventID}/helpdesk/agents/{PersonID}": _M,
    # Wall of Fame: categories and settings are content, the review queue moderation
    "PUT /events/{EventID}/walloffame/settings": _C,
    "PUT /events/{EventID}/walloffame/categories": _C,
    "POST /events/{EventID}/walloffame/projects/{ProjectID}/approve": _M,
    "POST /events/{EventID}/walloffame/projects/{ProjectID}/reject": _M,
    "PUT /events/{EventID}/walloffame/projects/{ProjectID}/featured": _M,
    # treasure hunts
    "POST /events/{EventID}/treasure-hunts/{TreasureHuntID}/items": _C,
    "PUT /events/{EventID}/treasure-hunts/{TreasureHuntID}/items/{ItemID}": _C,
    "DELETE /events/{EventID}/treasure-hunts/{TreasureHuntID}/items/{ItemID}": _C,
    "GET /events/{EventID}/treasure-hunts/{TreasureHuntID}/rankings.csv": _A,
    # analytics (the tracker itself is an attendee route)
    "GET /events/{EventID}/analytics/dashboard": _A,
    "GET /events/{EventID}/analytics/{Table}.csv": _A,
    # personal data rights (privacy/): an attendee's export or erasure on request
    "GET /events/{EventID}/people/{PersonID}/data-export": _P,
    "DELETE /events/{EventID}/people/{PersonID}/data": _P,
    # exports
    "GET /events/{EventID}/lists/speakerscsv": _A,
    "GET /events/{EventID}/lists/vfilescsv": _A,
    # attendee management (people/)
    "GET /events/{EventID}/people": _P,
    "GET /events/{EventID}/people/export": _P,
    "POST /events/{EventID}/invitations": _P,
    "DELETE /events/{EventID}/invitations/{Email}": _P,
    "PUT /events/{EventID}/people/{PersonID}/removal": _P,
    "DELETE /events/{EventID}/people/{PersonID}/removal": _P,
    "PUT /events/{EventID}/people/{PersonID}/chat-ban": _P,
    "DELETE /events/{EventID}/people/{PersonID}/chat-ban": _P,
    "POST /events/{EventID}/people/{PersonID}/password-reset": _P,
}


def route_key(method: str, path: str) -> str:
    return f"{method.upper()} {path}"


def route_need(method: str, path: str) -> RouteNeed | None:
    """The role a route needs; None for a route missing from the table, which the policies
    then open to full admins only (the test makes sure there is none)."""
    return ROUTE_ROLES.get(route_key(method, path))
