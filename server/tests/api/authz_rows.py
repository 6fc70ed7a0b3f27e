"""The rows of the authorization matrix (`test_authz_matrix.py`): every operation of the OpenAPI
document, asked by the seven callers of `authz_world.CALLERS`, with the exact status each gets.

A row names its route on event A (or customer A, or an object of theirs) by the keys of the
seeded world (`{A}`, `{ROOM}`, ...: `authz_world.py` lists them). Where a route names an object,
rows ask about an own one (attendee A's, event A's) and a foreign one (another attendee's of A,
event B's, customer B's). Calls the table allows send, where a success would have side effects
the world must not get (a new account, mail, a stored upload), a deliberately unusable body:
the 4xx it gets proves the call got past the permission checks.

A `BodyCheck` pins what the bodies show, for rules a status cannot express: attendees of an
event must not read relations naming a private chat room they are not in, nor the stream link
of a session that has not started yet, which organizers do read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.api.authz_admin_roles import admin_roles_rows
from tests.api.authz_analytics import analytics_rows
from tests.api.authz_breakouts import breakout_rows
from tests.api.authz_chat import chat_people_rows
from tests.api.authz_customers import customer_rows
from tests.api.authz_helpdesk import helpdesk_rows
from tests.api.authz_identity import identity_rows
from tests.api.authz_media import REC_SECRET, video_body
from tests.api.authz_people import people_rows
from tests.api.authz_polls import poll_rows
from tests.api.authz_privacy import privacy_rows
from tests.api.authz_qna import qna_rows
from tests.api.authz_treasurehunt import treasurehunt_rows
from tests.api.authz_walloffame import walloffame_rows
from tests.api.authz_world import (
    CALLERS,
    NOT_AN_UPLOAD,
    PDF,
    STREAM_SECRETS,
    World,
    event_body,
    menu_item,
    relation_body,
)
from venuely.core.ids import new_id

Expected = tuple[int, int, int, int, int, int, int]
API_PREFIX = "/api/v1"
# Paths served outside the API prefix (a tour's files, at its PanoURL; the probes; the metrics).
OUTSIDE_API = ("/tours/", "/healthz", "/readyz", "/metrics")


# The policies of accounts/permissions.py as rows of expectations, `ok` being the allowed answer.
#                                                 anon att_a att_b evadm custA custB master
def public(ok: int = 200) -> Expected:
    """No policy at all: every caller, the anonymous one included, gets the same answer."""
    return (ok, ok, ok, ok, ok, ok, ok)


def member(ok: int = 200) -> Expected:
    """Event A's admins and its attendee."""
    return (401, ok, 403, ok, ok, 403, ok)


def event_admin(ok: int = 200) -> Expected:
    return (401, 403, 403, ok, ok, 403, ok)


def customer_admin(ok: int = 200) -> Expected:
    """Admins of A's customer; an admin of one event of it is not one."""
    return (401, 403, 403, 403, ok, 403, ok)


def any_admin(ok: int = 200) -> Expected:
    return (401, 403, 403, ok, ok, ok, ok)


def master_only(ok: int = 200) -> Expected:
    return (401, 403, 403, 403, 403, 403, ok)


def authenticated(ok: int = 200) -> Expected:
    return (401, ok, ok, ok, ok, ok, ok)


def customer_object(ok: int = 200) -> Expected:
    """An object of A's customer behind `AnyAdmin` (panos): other admins are told it does not
    exist."""
    return (401, 403, 403, 404, ok, 404, ok)


def theme_write(ok: int = 200) -> Expected:
    """Changing customer A's global theme: its admins; event A's admin may read it only (403);
    customer B's admin is told it does not exist."""
    return (401, 403, 403, 403, ok, 404, ok)


def private_room(ok: int = 200) -> Expected:
    """A direct or group room of two other attendees of A: event A's admins may look in (to
    moderate); attendee A is told it does not exist (NOT_A_MEMBER is CHATROOM_NOT_FOUND over
    REST)."""
    return (401, 404, 403, ok, ok, 403, ok)


# Something of event B named through event A's path: members of A find nothing there.
FOREIGN_IN_A: Expected = (401, 404, 403, 404, 404, 403, 404)
# A relation of a private room of A: organizers read it; for everyone else it does not exist.
PRIVATE_RELATION: Expected = (401, 404, 404, 200, 200, 404, 200)


@dataclass(frozen=True)
class BodyCheck:
    """The bodies `hidden_from` callers get must contain none of `secret` (world ids written
    `{KEY}`, or literal text); every other caller the row allows (2xx) must get all of them, so
    the check cannot pass because nothing was there to hide. With `counted`, the body is a
    `{"Count": n}` of a filter matching exactly the secret rows: those who see them count
    `len(secret)`, the others 0."""

    secret: tuple[str, ...]
    hidden_from: frozenset[str]
    counted: bool = False


def attendee_a_must_not_see(*secret: str, counted: bool = False) -> BodyCheck:
    return BodyCheck(secret, frozenset({"att_a"}), counted)


@dataclass(frozen=True)
class Row:
    method: str
    path: str
    expected: Expected
    body: Callable[[World], Any] | None = None
    # The target is gone after a success: the next caller gets a fresh world.
    destructive: bool = False
    form: dict[str, str] = field(default_factory=dict)
    upload: tuple[str, bytes, str] | None = None
    upload_field: str = "file"
    raw: bytes | None = None
    check: BodyCheck | None = None
    # The call ends the caller's session (logout): it is made with a session of its own.
    own_session: bool = False

    def __str__(self) -> str:
        return f"{self.method} {self.path}"

    @property
    def in_api(self) -> bool:
        return not self.path.startswith(OUTSIDE_API)

    def url(self, world: World) -> str:
        """The URL to request, relative to the test client's base (the API prefix)."""
        filled = world.fill(self.path)
        return filled if self.in_api else f"http://venuely.test{filled}"


def _relation(
    event: str, parent: tuple[str, str], kind: str, child: tuple[str, str]
) -> Callable[[World], dict[str, Any]]:
    """A relation body whose ids are world keys."""

    def body(w: World) -> dict[str, Any]:
        return relation_body(
            w.ids[event], (parent[0], w.ids[parent[1]]), kind, (child[0], w.ids[child[1]])
        )

    return body


UPLOAD_PARAMS = f"FileName=cv.pdf&MimeType=application/pdf&FileBytes={len(PDF)}&FileTimeAsInt=1"
# Relations of the private direct room, filtered down to P3's membership.
DM_MEMBERSHIP = "EventID={A}&ParentID={DM}&ChildID={P3}&RelationType=ChatroomAttendee"
GROUP_MEMBERSHIP = "EventID={A}&ParentID={GROUP}&ChildID={P3}&RelationType=ChatroomAttendee"
# What attendees must not read of a session that has not started yet.
STREAM_LINK = BodyCheck(STREAM_SECRETS, frozenset({"att_a"}))
# A Wall of Fame project as the attendee app's form sends it.
PROJECT = {"Title": "Mine", "Category": "Art", "Description": "A thing", "Link": ""}

GROUPS: dict[str, list[Row]] = {
    # Logging in and out, registration and password reset: public, apart from logout; every
    # caller gets the same answer. The logins are real (a session more harms nothing); bodies
    # that would change an account are refused (422) or name none (an unknown address, a token
    # that was never issued).
    "accounts": [
        Row("GET", "/backendversion", public()),
        Row("POST", "/registernewaccount?EventID={A}", public(422), lambda w: {}),
        Row("POST", "/confirmemailaddress?loginEMail={EMAIL}&token=never-issued", public()),
        Row("POST", "/forgottenpassword?loginEMail=nobody@example.com&EventID={A}", public()),
        Row(
            "POST",
            "/resetpassword",
            public(),
            lambda w: {
                "LoginEMail": w.ids["EMAIL"],
                "Password": "another horse battery staple",
                "Token": "never-issued",
            },
        ),
        Row(
            "POST",
            "/login?EventID={A}",
            public(),
            lambda w: {"LoginEMail": w.ids["EMAIL"], "Password": w.ids["PASSWORD"]},
        ),
        Row(
            "POST",
            "/loginadmin",
            public(),
            lambda w: {"LoginEMail": w.ids["MASTER_EMAIL"], "Password": w.ids["PASSWORD"]},
        ),
        Row("POST", "/logout", authenticated(204), own_session=True),
    ],
    "events": [
        Row("GET", "/events/{A}", event_admin()),
        Row("GET", "/events/{B}", (401, 403, 403, 403, 403, 200, 200)),
        Row("PUT", "/events/{A}", event_admin(), lambda w: {"Title": "T2"}),
        Row("DELETE", "/events/{A}", (401, 403, 403, 403, 204, 403, 204), destructive=True),
        Row("GET", "/events/{A}/public", member()),
        Row("GET", "/events/{A}/email-whitelist", member()),
        Row("PUT", "/events/{A}/email-whitelist", event_admin(), lambda w: {"Entries": []}),
        Row("GET", "/events/{A}/values/k", member()),
        Row("POST", "/events/{A}/values/k", event_admin(), lambda w: [1]),
        Row("GET", "/events/{A}/attendees/ids", member()),
        Row("POST", "/events/{A}/menu", event_admin(201), lambda w: menu_item()),
        Row("PUT", "/events/{A}/menu/{ITEM}", event_admin(), lambda w: menu_item()),
        Row("PUT", "/events/{A}/menu/{ITEM_B}", event_admin(404), lambda w: menu_item()),
        Row("DELETE", "/events/{A}/menu/{ITEM}", event_admin(204), destructive=True),
        Row("DELETE", "/events/{A}/menu/{ITEM_B}", event_admin(404)),
        Row("PUT", "/events/{A}/menu/default", event_admin(), lambda w: {"ID": w.ids["ITEM"]}),
        Row("GET", "/customers/{C}/events", customer_admin()),
        Row("GET", "/customers/{CB}/events", (401, 403, 403, 403, 403, 200, 200)),
        Row("POST", "/customers/{C}/events", customer_admin(201), lambda w: event_body()),
        Row("GET", "/events/getallevents", master_only()),
        # The console's lists: each admin gets what they manage, never another customer's.
        Row(
            "GET",
            "/events/managed",
            any_admin(),
            check=BodyCheck(("{A}",), frozenset({"cust_admin_b"})),
        ),
        Row(
            "GET",
            "/customers",
            any_admin(),
            check=BodyCheck(("{C}",), frozenset({"cust_admin_b"})),
        ),
        # Preview as attendee: a token only the event's organizers get.
        Row("POST", "/events/{A}/preview", event_admin(201)),
        # Before login: what the login screen and the event listing read.
        Row("GET", "/events/id/{A}/metadata", public()),
        Row("GET", "/events/name/{NAME}/metadata", public()),
        Row("GET", "/events/name/{NAME}/isolations", public()),
        Row("GET", "/events/getallevents/metadata", public()),
        Row("GET", "/events/past", public()),
        Row("GET", "/events/upcoming", public()),
        # Anyone logged in may ask for an event; an empty request is refused after the policy.
        Row("POST", "/events/event-request", authenticated(422), lambda w: {}),
        # The organizer console's pre-publish check: event A's admins; B's is B's admins' own.
        Row("GET", "/events/{A}/prepublish-check", event_admin()),
        Row("GET", "/events/{B}/prepublish-check", (401, 403, 403, 403, 403, 200, 200)),
    ],
    "admins": [
        Row("GET", "/admins", any_admin()),
        Row("GET", "/admins/listadmins/Event?EventID={A}", any_admin()),
        Row(
            "POST",
            "/admins",
            customer_admin(201),
            lambda w: {"PersonID": w.ids["SPARE"], "AdminType": "Event", "EventID": w.ids["A"]},
            destructive=True,
        ),
        Row("GET", "/admins/{GRANT}", (401, 403, 403, 200, 200, 404, 200)),
        Row("GET", "/admins/{GRANT_B}", (401, 403, 403, 404, 404, 200, 200)),
        Row("PUT", "/admins/{GRANT}", (401, 403, 403, 403, 200, 404, 200), lambda w: {"Roles": []}),
        Row("DELETE", "/admins/{GRANT}", (401, 403, 403, 403, 204, 404, 204), destructive=True),
        Row("POST", "/admins/{GRANT}/sendnewadmininfomail", (401, 403, 403, 403, 202, 404, 202)),
        Row("GET", "/admins/getismasteradmin", authenticated()),
        Row("GET", "/admins/getiscustomerormasteradmin?CustomerID={C}", authenticated()),
        Row("GET", "/admins/getiscustomerormasteradminfromeventid?EventID={A}", authenticated()),
        Row("GET", "/admins/getiseventorcustomerormasteradmin?EventID={A}", authenticated()),
    ],
    # Persons: attendee A's own record, and attendee B's. Outside their scope, admins and
    # attendees get 404.
    "persons": [
        Row("GET", "/persons", any_admin()),
        Row(
            "POST",
            "/persons",
            (401, 403, 403, 201, 201, 403, 201),
            lambda w: {
                "FirstName": "New",
                "LastName": "Person",
                "LoginEMail": f"new-{new_id()}@example.com",
                "EventID": w.ids["A"],
            },
        ),
        Row("GET", "/personbyemail?EMail={EMAIL}", (401, 403, 403, 200, 200, 404, 200)),
        Row("GET", "/persons/{P}", (401, 200, 404, 200, 200, 404, 200)),
        Row("GET", "/persons/{PB}", (401, 404, 200, 404, 404, 200, 200)),
        Row(
            "PUT", "/persons/{P}", (401, 200, 404, 200, 200, 404, 200), lambda w: {"FirstName": "X"}
        ),
        Row("DELETE", "/persons/{P}", (401, 204, 404, 403, 204, 404, 204), destructive=True),
        Row("GET", "/persons/{P}/values/k", (401, 200, 404, 200, 200, 404, 200)),
        Row("POST", "/persons/{P}/values/k", (401, 200, 404, 200, 200, 404, 200), lambda w: 2),
    ],
    # Stored files and tour files are public: their URLs are content hashes and version paths.
    "files and tours": [
        Row("GET", "/files/{FILE}", public()),
        Row("GET", "/tours/{PANO}/1/pano.xml", public()),
        Row("HEAD", "/tours/{PANO}/1/pano.xml", public()),
    ],
    # The probes and the metrics answer anyone: a balancer or a scraper has no token
    # (ops/health.py, ops/metrics.py); the reverse proxy keeps them off the outside.
    "operations": [
        Row("GET", "/healthz", public()),
        Row("GET", "/readyz", public()),
        Row("GET", "/metrics", public()),
    ],
    # Global themes belong to customer A: its admins change them, event A's admin may only read
    # them (to apply one), other customers' admins are told they do not exist. The default theme
    # is the master's.
    "themes": [
        Row("GET", "/events/themes/default", any_admin()),
        Row("GET", "/events/themes/json-schemas", any_admin()),
        Row("PUT", "/events/themes/default/MainTheme", master_only(), lambda w: {}),
        Row("POST", "/events/themes/default/fonts/regular", master_only(415), upload=NOT_AN_UPLOAD),
        # The default theme holds no fonts nor logo: past the policy, the master learns so.
        Row("DELETE", "/events/themes/default/fonts/regular/file-hash/{FILE}", master_only(404)),
        Row("PUT", "/events/themes/default/fonts/regular/re-order", master_only(), lambda w: []),
        Row(
            "POST",
            "/events/themes/default/media-assets/logo",
            master_only(415),
            upload=NOT_AN_UPLOAD,
        ),
        Row("DELETE", "/events/themes/default/media-assets/logo", master_only(404)),
        Row("GET", "/events/themes/global", any_admin()),
        Row(
            "POST",
            "/events/themes/global",
            customer_admin(201),
            lambda w: {"CustomerID": w.ids["C"], "Name": "New"},
        ),
        Row("GET", "/events/themes/global/{C}", customer_admin()),
        Row("GET", "/events/themes/{THEME}", (401, 403, 403, 200, 200, 404, 200)),
        Row("GET", "/events/themes/{THEME_B}", (401, 403, 403, 404, 404, 200, 200)),
        Row("PUT", "/events/themes/{THEME}/HeaderTheme", theme_write(), lambda w: {}),
        Row("DELETE", "/events/themes/{THEME}", theme_write(204), destructive=True),
        Row("POST", "/events/themes/{THEME}/fonts/regular", theme_write(415), upload=NOT_AN_UPLOAD),
        Row(
            "DELETE",
            "/events/themes/{THEME}/fonts/regular/file-hash/{FILE}",
            theme_write(),
            destructive=True,
        ),
        Row(
            "PUT",
            "/events/themes/{THEME}/fonts/regular/re-order",
            theme_write(),
            lambda w: [w.ids["FILE"]],
        ),
        Row(
            "POST",
            "/events/themes/{THEME}/media-assets/logo",
            theme_write(415),
            upload=NOT_AN_UPLOAD,
        ),
        Row("DELETE", "/events/themes/{THEME}/media-assets/logo", theme_write(), destructive=True),
        Row("GET", "/events/{A}/theme", event_admin()),
        Row("PUT", "/events/{A}/theme/ChatTheme", event_admin(), lambda w: {}),
        Row("PUT", "/events/{A}/theme/MainTheme/reset", event_admin()),
        Row("POST", "/events/{A}/themes/{THEME}/apply", event_admin()),
        # Customer B's theme cannot be applied to event A: it is not one of A's customer.
        Row("POST", "/events/{A}/themes/{THEME_B}/apply", event_admin(404)),
        Row("GET", "/events/{A}/public/theme", member()),
        Row("POST", "/events/{A}/themes/fonts/bold", event_admin(415), upload=NOT_AN_UPLOAD),
        Row("DELETE", "/events/{A}/themes/fonts/bold/file-hash/{FILE}", event_admin(404)),
        Row("PUT", "/events/{A}/themes/fonts/bold/re-order", event_admin(), lambda w: []),
        Row("POST", "/events/{A}/themes/media-assets/logo", event_admin(415), upload=NOT_AN_UPLOAD),
        # No banner is set: past the policy, admins learn the asset does not exist.
        Row("DELETE", "/events/{A}/themes/media-assets/banner", event_admin(404)),
    ],
    "event pages": [
        Row("PUT", "/events/{A}/faq", event_admin(), form={"Title": "FAQ", "Content": "Q?"}),
        Row("PUT", "/events/{A}/landing", event_admin(), form={"Title": "Hi", "Content": "x"}),
        Row(
            "PUT",
            "/events/{A}/photobooth",
            event_admin(),
            lambda w: {"Slug": "booth", "Domain": "https://booth.example.com"},
        ),
        Row("POST", "/events/{A}/webelement-image/hero", event_admin(415), upload=NOT_AN_UPLOAD),
        Row("DELETE", "/events/{A}/webelement-image/hero", event_admin(204)),
    ],
    # Activities of event A: the running session ACT, the session FUTURE that starts tomorrow,
    # and event B's activity ACT_B named through A's path.
    "activities": [
        Row("GET", "/events/{A}/activities", member(), check=STREAM_LINK),
        Row("GET", "/events/{A}/activities/count", member()),
        Row("GET", "/events/{A}/activities/activepolls?Node=lobby", member()),
        Row(
            "POST",
            "/events/{A}/activities?EntityType=Poll",
            event_admin(201),
            lambda w: {"InternalName": "poll", "Title": "Poll"},
        ),
        Row(
            "POST",
            "/events/{A}/activitiesDUMMY?EntityType=Poll",
            event_admin(),
            lambda w: {"InternalName": "poll", "Title": "Poll"},
        ),
        Row("GET", "/events/{A}/activities/{ACT}", member()),
        Row("GET", "/events/{A}/activities/{FUTURE}", member(), check=STREAM_LINK),
        Row("GET", "/events/{A}/activities/{ACT_B}", FOREIGN_IN_A),
        # The speaker's sessions: FUTURE, with its stream link for organizers only.
        Row(
            "GET",
            "/events/{A}/activities/activitiesbyrelation?ChildID={SPEAKER}",
            member(),
            check=STREAM_LINK,
        ),
        # The activity pinned to the private direct room of P2 and P3: not attendee A's to read.
        Row(
            "GET",
            "/events/{A}/activities/activitiesbyrelation?ParentID={DM}",
            member(),
            check=attendee_a_must_not_see("{DM_ACT}"),
        ),
        Row(
            "PUT",
            "/events/{A}/activities/{ACT}",
            event_admin(),
            lambda w: {**w.session_body, "Title": "Opening"},
        ),
        Row("DELETE", "/events/{A}/activities/{ACT}", event_admin(204), destructive=True),
        Row("DELETE", "/events/{A}/activities/{ACT_B}", (401, 403, 403, 404, 404, 403, 404)),
        Row("GET", "/events/{A}/activities/{ACT}/values/k", member()),
        Row("POST", "/events/{A}/activities/{ACT}/values/k", event_admin(), lambda w: 2),
        Row("POST", "/events/{A}/activities/{ACT}/sync", event_admin()),
        # The test server has no Zoom credentials: past the policy, a stated 503.
        Row("POST", "/events/{A}/activities/{ACT}/createzoommeeting", event_admin(503)),
        Row(
            "POST",
            "/events/{A}/activities/{ACT_B}/createzoommeeting",
            (401, 403, 403, 404, 404, 403, 404),
        ),
        # ACT has no Zoom meeting to delete.
        Row("DELETE", "/events/{A}/activities/{ACT}/deletemeeting", event_admin(404)),
        # The speaker's picture: a text file gets past the policy to a stated 415, storing
        # nothing; SPEAKER has no picture, so clearing it is a 204 that changes nothing.
        Row(
            "POST",
            "/events/{A}/activities/{SPEAKER}/picture",
            event_admin(415),
            upload=NOT_AN_UPLOAD,
        ),
        Row(
            "POST",
            "/events/{A}/activities/{ACT_B}/picture",
            (401, 403, 403, 404, 404, 403, 404),
            upload=NOT_AN_UPLOAD,
        ),
        Row("DELETE", "/events/{A}/activities/{SPEAKER}/picture", event_admin(204)),
        Row(
            "DELETE", "/events/{A}/activities/{ACT_B}/picture", (401, 403, 403, 404, 404, 403, 404)
        ),
        Row("GET", "/events/{A}/stream/iframe/{ACT}", member()),
        # Not started: attendees are told it expired, organizers may preview it.
        Row(
            "GET",
            "/events/{A}/stream/iframe/{FUTURE}",
            (401, 410, 403, 200, 200, 403, 200),
            check=attendee_a_must_not_see(STREAM_SECRETS[0]),
        ),
        Row("GET", "/events/{A}/stream/iframe/{ACT_B}", FOREIGN_IN_A),
        # ACT streams in an iframe, not on Vimeo: past the policy, a 409.
        Row("GET", "/events/{A}/stream/vimeo/{ACT}", member(409)),
    ],
    # Relations name their event in the query or the relation: members read, admins write. The
    # private rooms' relations (DM_REL, GROUP_REL: P3's memberships; DM_PIN) are the organizers'
    # and the rooms' members' to read: for attendee A, single rows do not exist and lists and
    # counts leave them out.
    "relations": [
        Row(
            "GET",
            "/relations?EventID={A}",
            member(),
            check=attendee_a_must_not_see("{DM_REL}", "{GROUP_REL}", "{DM_PIN}"),
        ),
        Row(
            "GET",
            f"/relations?{DM_MEMBERSHIP}",
            member(),
            check=attendee_a_must_not_see("{DM_REL}", "{P3}"),
        ),
        Row(
            "GET",
            f"/relations?{GROUP_MEMBERSHIP}",
            member(),
            check=attendee_a_must_not_see("{GROUP_REL}", "{P3}"),
        ),
        Row("GET", "/relations/count?EventID={A}", member()),
        Row(
            "GET",
            f"/relations/count?{DM_MEMBERSHIP}",
            member(),
            check=attendee_a_must_not_see("{DM_REL}", counted=True),
        ),
        Row(
            "GET",
            f"/relations/count?{GROUP_MEMBERSHIP}",
            member(),
            check=attendee_a_must_not_see("{GROUP_REL}", counted=True),
        ),
        Row(
            "POST",
            "/relations",
            event_admin(201),
            lambda w: {
                "EventID": w.ids["A"],
                "ParentType": "Chatroom",
                "ParentID": w.ids["ROOM"],
                "RelationType": "ChatroomAttendee",
                "ChildType": "Person",
                "ChildID": w.ids["P2"],
            },
            destructive=True,
        ),
        # Event B's room named in a relation of event A: not an object of A (references.py).
        Row(
            "POST",
            "/relations",
            event_admin(422),
            lambda w: {
                "EventID": w.ids["A"],
                "ParentType": "Chatroom",
                "ParentID": w.ids["ROOM_B"],
                "RelationType": "Moderator",
                "ChildType": "Person",
                "ChildID": w.ids["P2"],
            },
        ),
        Row(
            "DELETE",
            "/relations?EventID={A}&ParentType=Chatroom",
            event_admin(),
            destructive=True,
        ),
        Row("GET", "/relations/{REL}", (401, 200, 404, 200, 200, 404, 200)),
        Row("GET", "/relations/{REL_B}", (401, 404, 200, 404, 404, 200, 200)),
        Row("GET", "/relations/{DM_REL}", PRIVATE_RELATION),
        Row("GET", "/relations/{GROUP_REL}", PRIVATE_RELATION),
        Row(
            "PUT",
            "/relations/{REL}",
            (401, 403, 404, 200, 200, 404, 200),
            _relation("A", ("Chatroom", "ROOM"), "Moderator", ("Person", "P")),
        ),
        # A change refused with 403 would confirm that the hidden row exists.
        Row(
            "PUT",
            "/relations/{DM_REL}",
            PRIVATE_RELATION,
            _relation("A", ("Chatroom", "DM"), "ChatroomAttendee", ("Person", "P3")),
        ),
        Row("DELETE", "/relations/{REL}", (401, 403, 404, 204, 204, 404, 204), destructive=True),
        Row("DELETE", "/relations/{DM_REL}", (401, 404, 404, 204, 204, 404, 204), destructive=True),
        Row("GET", "/personsbyrelation?EventID={A}&ParentID={ROOM}", member()),
        Row(
            "GET",
            "/personsbyrelation?EventID={A}&ParentID={DM}&RelationType=ChatroomAttendee",
            member(),
            check=attendee_a_must_not_see("{DM_REL}", "{P3}"),
        ),
        Row(
            "GET",
            "/personsbyrelation?EventID={A}&ParentID={GROUP}&RelationType=ChatroomAttendee",
            member(),
            check=attendee_a_must_not_see("{GROUP_REL}", "{P3}"),
        ),
    ],
    "lists": [
        Row("GET", "/events/{A}/lists/agenda?DayNumber=1", member()),
        Row("GET", "/events/{A}/lists/agenda?DayNumber={FUTURE_DAY}", member(), check=STREAM_LINK),
        Row("GET", "/events/{A}/lists/speakers?DayNumber={FUTURE_DAY}", member()),
        Row("POST", "/events/{A}/lists/attendees", member(), lambda w: [w.ids["P2"]]),
        Row("GET", "/events/{A}/lists/speakerscsv", event_admin()),
        Row("GET", "/events/{A}/lists/vfilescsv?EntityType=Person", event_admin()),
    ],
    # The personal agenda and calendar URL are the caller's own (no route names another person):
    # every member of A acts on theirs; a session of B, or a speaker, is not one of A's sessions.
    "agenda": [
        Row("GET", "/events/{A}/agenda/personal", member()),
        Row("PUT", "/events/{A}/agenda/personal/{ACT}", member(201)),
        Row("PUT", "/events/{A}/agenda/personal/{ACT_B}", FOREIGN_IN_A),
        Row("PUT", "/events/{A}/agenda/personal/{SPEAKER}", member(404)),
        Row("DELETE", "/events/{A}/agenda/personal/{ACT}", member(204)),
        Row("DELETE", "/events/{A}/agenda/personal/{ACT_B}", FOREIGN_IN_A),
        Row("GET", "/events/{A}/agenda/sessions/{FUTURE}.ics", member()),
        Row("GET", "/events/{A}/agenda/sessions/{ACT_B}.ics", FOREIGN_IN_A),
        Row("GET", "/events/{A}/agenda/calendar", member()),
        Row("POST", "/events/{A}/agenda/calendar", member(201)),
        Row("DELETE", "/events/{A}/agenda/calendar", member(204)),
        # No token counts here, only the secret: a wrong one is the same 404 for everyone.
        Row("GET", "/events/{A}/agenda/calendar/not-the-secret.ics", public(404)),
    ],
    # Locations of customer A: its admins see all; others read through one event of A (their
    # token's, or the EventID they pass). The event admin's login names no event.
    "locations": [
        Row("GET", "/customers/{C}/locations", (401, 200, 403, 403, 200, 403, 200)),
        Row("GET", "/customers/{C}/locations?EventID={A}", member()),
        Row("GET", "/customers/{C}/locations?EventID={B}", (401, 403, 403, 403, 200, 403, 200)),
        Row(
            "POST",
            "/customers/{C}/locations",
            customer_admin(201),
            lambda w: {"LocationType": "VirtualSpace", "Name": "Foyer"},
        ),
        Row("GET", "/customers/{C}/locations/{LOC}", (401, 200, 403, 403, 200, 403, 200)),
        Row("GET", "/customers/{C}/locations/{LOC}?EventID={A}", member()),
        # Customer A's location named under customer B: B's attendee and admins find nothing.
        Row("GET", "/customers/{CB}/locations/{LOC}", (401, 403, 404, 403, 403, 404, 404)),
        Row(
            "PUT",
            "/customers/{C}/locations/{LOC}",
            customer_admin(),
            lambda w: {"LocationType": "VirtualSpace", "Name": "Hall 2", "EventID": w.ids["A"]},
        ),
        Row("DELETE", "/customers/{C}/locations/{LOC}", customer_admin(204), destructive=True),
    ],
    # Event A's broadcast room ROOM (attendee A's messages MSG_OWN, MSG_OWN2; P2's MSG_OTHER),
    # the private direct room DM of P2 and P3 (MSG_DM, MSG_DM2), group room GROUP, and event B's
    # room ROOM_B (MSG_B), which does not exist under event A's path. Attendee A moderates ROOM.
    "chat": [
        Row("GET", "/events/{A}/chat-rooms/{ROOM}/chat-messages", member()),
        Row("GET", "/events/{A}/chat-rooms/{DM}/chat-messages", private_room()),
        Row("GET", "/events/{A}/chat-rooms/{ROOM_B}/chat-messages", FOREIGN_IN_A),
        Row(
            "POST",
            "/events/{A}/chat-rooms/{ROOM}/chat-messages",
            member(201),
            lambda w: {"TmpID": new_id(), "Text": "hello"},
        ),
        # Admins may read a private room, not write in it.
        Row(
            "POST",
            "/events/{A}/chat-rooms/{DM}/chat-messages",
            FOREIGN_IN_A,
            lambda w: {"TmpID": new_id(), "Text": "hello"},
        ),
        Row("GET", "/events/{A}/chat-rooms/{ROOM}/chat-messages/count", member()),
        Row("GET", "/events/{A}/chat-rooms/{DM}/chat-messages/count", private_room()),
        Row("GET", "/events/{A}/chat-rooms/{ROOM}/chat-messages/chronologically", member()),
        Row("GET", "/events/{A}/chat-rooms/{ROOM_B}/chat-messages/chronologically", FOREIGN_IN_A),
        Row("GET", "/events/{A}/chat-rooms/{ROOM}/chat-messages/{MSG_OTHER}", member()),
        Row("GET", "/events/{A}/chat-rooms/{DM}/chat-messages/{MSG_DM}", private_room()),
        Row("GET", "/events/{A}/chat-rooms/{ROOM}/chat-messages/{MSG_B}", FOREIGN_IN_A),
        # Only the author edits; any member reacts; moderators ban.
        Row(
            "PUT",
            "/events/{A}/chat-rooms/{ROOM}/chat-messages/{MSG_OWN}",
            (401, 200, 403, 403, 403, 403, 403),
            lambda w: {"Text": "edited"},
        ),
        Row(
            "PUT",
            "/events/{A}/chat-rooms/{ROOM}/chat-messages/{MSG_OTHER}",
            member(),
            lambda w: {"Reaction": "Like"},
        ),
        Row(
            "PUT",
            "/events/{A}/chat-rooms/{DM}/chat-messages/{MSG_DM}",
            private_room(),
            lambda w: {"IsBanned": True},
            destructive=True,
        ),
        # A repeated delete answers 204 again: no fresh world needed.
        Row("DELETE", "/events/{A}/chat-rooms/{ROOM}/chat-messages/{MSG_OWN2}", member(204)),
        Row("DELETE", "/events/{A}/chat-rooms/{DM}/chat-messages/{MSG_DM2}", private_room(204)),
        Row("DELETE", "/events/{A}/chat-rooms/{ROOM_B}/chat-messages/{MSG_B}", FOREIGN_IN_A),
        # Read status: one's own; an admin's, anybody's in the room.
        Row("GET", "/events/{A}/chat-rooms/{ROOM}/chatpersonstatus?PersonID={P}", member()),
        Row("GET", "/events/{A}/chatrooms/{ROOM}/chatpersonstatus?PersonID={P}", member()),
        Row(
            "GET",
            "/events/{A}/chat-rooms/{ROOM}/chatpersonstatus?PersonID={P2}",
            (401, 403, 403, 200, 200, 403, 200),
        ),
        Row("GET", "/events/{A}/chat-rooms/{DM}/chatpersonstatus?PersonID={P2}", private_room()),
        Row(
            "PUT",
            "/events/{A}/chat-rooms/{ROOM}/chatpersonstatus"
            "?PersonID={P}&LastReadChatMessageID={MSG_OTHER}",
            member(),
        ),
        Row(
            "PUT",
            "/events/{A}/chat-rooms/{DM}/chatpersonstatus"
            "?PersonID={P2}&LastReadChatMessageID={MSG_DM}",
            private_room(),
        ),
        Row(
            "DELETE",
            "/events/{A}/chat-rooms/{ROOM}/chatpersonstatus?ChatPersonStatusID={STATUS_OWN}",
            member(204),
            destructive=True,
        ),
        Row(
            "DELETE",
            "/events/{A}/chat-rooms/{ROOM}/chatpersonstatus?ChatPersonStatusID={STATUS_OTHER}",
            (401, 403, 403, 204, 204, 403, 204),
            destructive=True,
        ),
        # Rooms: a person's list is their own; a room is read as its messages are.
        Row("GET", "/events/{A}/activities/chatrooms/attendees/{P}", member()),
        Row(
            "GET",
            "/events/{A}/activities/chatrooms/attendees/{P2}",
            (401, 403, 403, 200, 200, 403, 200),
        ),
        Row("GET", "/events/{A}/activities/chatrooms/{ROOM}", member()),
        Row("GET", "/events/{A}/activities/chatrooms/{DM}", private_room()),
        Row("GET", "/events/{A}/activities/chatrooms/{ROOM_B}", FOREIGN_IN_A),
        # The broadcast room belongs to its event: past the checks, a 409.
        Row(
            "DELETE", "/events/{A}/activities/chatrooms/{ROOM}", (401, 403, 403, 409, 409, 403, 409)
        ),
        Row(
            "DELETE",
            "/events/{A}/activities/chatrooms/{GROUP}",
            private_room(204),
            destructive=True,
        ),
        Row("GET", "/events/{A}/lists/chatmessageschronologically?ChatroomID={ROOM}", member()),
        Row("GET", "/events/{A}/lists/chatmessageschronologically?ChatroomID={DM}", private_room()),
        Row("GET", "/events/{A}/relations/chatrooms/{ROOM}/attendees/ids", member()),
        Row("GET", "/events/{A}/relations/chatrooms/{DM}/attendees/ids", private_room()),
    ],
    # Tickets for a realtime connection: an attendee's token names its event; admins name one.
    "realtime": [
        Row("POST", "/amvproto/authenticate", authenticated()),
        Row("POST", "/amvproto/authenticate?EventID={A}", member()),
        Row("POST", "/amvproto/authenticate?EventID={B}", (401, 403, 200, 403, 403, 200, 200)),
    ],
    "panoramas": [
        Row("GET", "/panos", any_admin()),
        Row("GET", "/panos?CustomerID={C}", customer_admin()),
        Row(
            "POST", "/panos", customer_admin(201), lambda w: {"CustomerID": w.ids["C"], "Name": "N"}
        ),
        Row(
            "POST",
            "/panos",
            (401, 403, 403, 403, 403, 201, 201),
            lambda w: {"CustomerID": w.ids["CB"], "Name": "N"},
        ),
        Row("GET", "/panos/{PANO}", customer_object()),
        Row("GET", "/panos/{PANO_B}", (401, 403, 403, 404, 404, 200, 200)),
        Row("PUT", "/panos/{PANO}", customer_object(), lambda w: {"Name": "Renamed"}),
        Row("DELETE", "/panos/{PANO}", customer_object(204), destructive=True),
        Row(
            "PUT",
            "/panos/{PANO}/preview-upload",
            customer_object(415),
            upload=NOT_AN_UPLOAD,
            upload_field="preview",
        ),
        # Removing a preview that is not set is a no-op: no fresh world needed.
        Row("DELETE", "/panos/{PANO}/preview-upload", customer_object()),
        Row("POST", "/panos/{PANO}/upload", customer_object(422), upload=NOT_AN_UPLOAD),
        Row("PUT", "/panos/{PANO}/upload", customer_object(422), upload=NOT_AN_UPLOAD),
        Row("PUT", "/panos/{PANO}/versions/1/panovars", customer_object(), lambda w: {}),
        Row("GET", "/panos/{PANO}/versions/1/usage", customer_object()),
        Row("GET", "/events/pano/{PANO}/1", customer_object()),
        Row("DELETE", "/panos/{PANO}/versions/1", customer_object(204), destructive=True),
        # Attendee variables: attendee A's own, and another attendee's of the same event.
        Row("GET", "/events/{A}/attendees/{P}/pano-variables", member()),
        Row(
            "POST",
            "/events/{A}/attendees/{P}/pano-variables",
            member(),
            lambda w: {"Var_User_01": "open"},
        ),
        Row("POST", "/events/{A}/attendees/{P}/pano-variables/sync", member()),
        Row("GET", "/events/{A}/attendees/{P2}/pano-variables", event_admin()),
        Row(
            "POST",
            "/events/{A}/attendees/{P2}/pano-variables",
            event_admin(),
            lambda w: {"Var_User_01": "open"},
        ),
        Row("POST", "/events/{A}/attendees/{P2}/pano-variables/sync", event_admin()),
        Row("POST", "/events/{A}/attendees/pano-variables/sync", event_admin()),
    ],
    # Vfiles of event A: attendee A's own, another attendee's (with content), and event B's.
    "vfiles": [
        Row("GET", "/events/{A}/vfiles", member()),
        Row("GET", "/events/{A}/vfiles/count", member()),
        Row("GET", "/events/{A}/vfiles/walloffame", member()),
        Row(
            "POST",
            "/events/{A}/vfiles",
            member(201),
            lambda w: {"EntityType": "Person", "EntityID": w.ids["P"], "Title": "Mine"},
        ),
        Row(
            "POST",
            "/events/{A}/vfiles",
            event_admin(201),
            lambda w: {"EntityType": "Person", "EntityID": w.ids["P2"], "Title": "Theirs"},
        ),
        # The caller's own picture: not an image (4xx), or a URL the outbound guard refuses
        # before any connection (422).
        Row("POST", "/events/{A}/vfiles/personpicture", member(415), upload=NOT_AN_UPLOAD),
        Row(
            "POST",
            "/events/{A}/vfiles/personpicture/fromurl",
            member(422),
            lambda w: {"url": "ftp://127.0.0.1:9/x.png"},
        ),
        Row("GET", "/events/{A}/vfiles/{VF_OTHER}", member()),
        Row("GET", "/events/{A}/vfiles/{VF_B}", FOREIGN_IN_A),
        Row("GET", "/events/{A}/vfiles/{VF_OTHER}/file", member()),
        Row(
            "PUT",
            "/events/{A}/vfiles/{VF_OWN}",
            member(),
            lambda w: {"EntityType": "Person", "EntityID": w.ids["P"], "Title": "New"},
        ),
        Row(
            "PUT",
            "/events/{A}/vfiles/{VF_OTHER}",
            event_admin(),
            lambda w: {"EntityType": "Person", "EntityID": w.ids["P2"], "Title": "New"},
        ),
        Row(
            "PUT",
            f"/events/{{A}}/vfiles/{{VF_OWN}}/uploadcontent?{UPLOAD_PARAMS}",
            member(),
            raw=PDF,
        ),
        Row(
            "PUT",
            f"/events/{{A}}/vfiles/{{VF_OTHER}}/uploadcontent?{UPLOAD_PARAMS}",
            event_admin(),
            raw=PDF,
        ),
        # Thumbnails are made of images only: past the checks, a 415.
        Row("POST", "/events/{A}/vfiles/{VF_OWN}/createthumbnail", member(415)),
        Row("POST", "/events/{A}/vfiles/{VF_OTHER}/createthumbnail", event_admin(415)),
        Row("DELETE", "/events/{A}/vfiles/{VF_OTHER}/panovars", event_admin()),
        Row("DELETE", "/events/{A}/vfiles/{VF_OWN}", member(204), destructive=True),
        Row("DELETE", "/events/{A}/vfiles/{VF_OTHER}", event_admin(204), destructive=True),
    ],
    # Event A's tables (VT; the wall of fame WOF with attendee A's row WOF_OWN and another
    # attendee's WOF_OTHER), event B's VT_B, and global tables (GVT with row GVT_ROW).
    "vtables": [
        Row("GET", "/events/{A}/vtables", member()),
        Row("GET", "/events/{A}/vtables/walloffametags", member()),
        Row(
            "POST",
            "/events/{A}/vtables",
            event_admin(201),
            lambda w: {"VTableName": f"t-{new_id()}"},
        ),
        Row("GET", "/events/{A}/vtables/{VT}", member()),
        Row("GET", "/events/{A}/vtables/{VT_B}", FOREIGN_IN_A),
        Row("PUT", "/events/{A}/vtables/{VT}", event_admin(), lambda w: {"VTableName": "scores"}),
        Row("POST", "/events/{A}/vtables?VTableID={VT}", event_admin(201), lambda w: {"Score": 1}),
        Row("POST", "/events/{A}/vtables?VTableID={WOF}", member(201), lambda w: PROJECT),
        Row(
            "PUT",
            "/events/{A}/vtables/{WOF}?RowID={WOF_OWN}",
            member(),
            lambda w: PROJECT,
        ),
        Row(
            "PUT",
            "/events/{A}/vtables/{WOF}?RowID={WOF_OTHER}",
            event_admin(),
            lambda w: PROJECT,
        ),
        Row("DELETE", "/events/{A}/vtables/{WOF}?RowID={WOF_OWN}", member(204), destructive=True),
        Row(
            "DELETE",
            "/events/{A}/vtables/{WOF}?RowID={WOF_OTHER}",
            event_admin(204),
            destructive=True,
        ),
        Row("DELETE", "/events/{A}/vtables/{VT}", event_admin(204), destructive=True),
        Row("GET", "/vtables", authenticated()),
        Row("GET", "/vtables/count", authenticated()),
        Row("POST", "/vtables", master_only(201), lambda w: {"VTableName": f"g-{new_id()}"}),
        Row("GET", "/vtables/{GVT}", authenticated()),
        # Before the table is replaced, which drops its rows.
        Row("PUT", "/vtables/{GVT}?RowID={GVT_ROW}", master_only(), lambda w: {"N": 2}),
        Row("PUT", "/vtables/{GVT}", master_only(), lambda w: {"VTableName": f"g-{new_id()}"}),
        Row("DELETE", "/vtables/{GVT}", master_only(204), destructive=True),
    ],
    # Videos VIDEO (in the cinema), VIDEO_REC (the recording of FUTURE, which has not ended) and
    # VIDEO_B; sessions ENDED (recording VIDEO) and LIVE (streams VIDEO): `authz_media.py`.
    "media": [
        Row("GET", "/events/{A}/videos", event_admin()),
        # Before any row adds a video: the order names every video of the event.
        Row(
            "PUT",
            "/events/{A}/videos/order",
            event_admin(),
            lambda w: {"VideoIDs": [w.ids["VIDEO_REC"], w.ids["VIDEO"]]},
        ),
        Row("POST", "/events/{A}/videos", event_admin(201), lambda w: video_body()),
        # Past the checks, a text file is not a video: 415.
        Row("POST", "/events/{A}/videos/upload", event_admin(415), upload=NOT_AN_UPLOAD),
        Row("GET", "/events/{A}/videos/{VIDEO}", member()),
        # A recording waiting for its session to end: attendees are told it does not exist.
        Row("GET", "/events/{A}/videos/{VIDEO_REC}", (401, 404, 403, 200, 200, 403, 200)),
        Row("GET", "/events/{A}/videos/{VIDEO_B}", FOREIGN_IN_A),
        Row("PUT", "/events/{A}/videos/{VIDEO}", event_admin(), lambda w: video_body()),
        Row("PUT", "/events/{A}/videos/{VIDEO_B}", event_admin(404), lambda w: video_body()),
        Row("POST", "/events/{A}/videos/{VIDEO}/poster", event_admin(415), upload=NOT_AN_UPLOAD),
        Row("GET", "/events/{A}/cinema", member()),
        Row("GET", "/events/{A}/replays", member(), check=attendee_a_must_not_see(REC_SECRET)),
        Row(
            "GET",
            "/events/{A}/replays?DayNumber={FUTURE_DAY}",
            member(),
            check=attendee_a_must_not_see("{FUTURE}", "{VIDEO_REC}"),
        ),
        Row("GET", "/events/{A}/stream/video/{LIVE}", member()),
        # Not running: attendees 410 MEDIA_EXPIRED; organizers preview and meet the wrong type.
        Row("GET", "/events/{A}/stream/video/{FUTURE}", (401, 410, 403, 409, 409, 403, 409)),
        Row("GET", "/events/{A}/stream/video/{ACT_B}", FOREIGN_IN_A),
        Row(
            "PUT",
            "/events/{A}/recordings/{ACT}",
            event_admin(),
            lambda w: {"VideoID": w.ids["VIDEO"]},
        ),
        Row(
            "PUT",
            "/events/{A}/recordings/{ACT_B}",
            event_admin(404),
            lambda w: {"VideoID": w.ids["VIDEO"]},
        ),
        Row(
            "PUT",
            "/events/{A}/recordings/{ACT}",
            event_admin(404),
            lambda w: {"VideoID": w.ids["VIDEO_B"]},
        ),
        Row("DELETE", "/events/{A}/recordings/{ENDED}", event_admin(204), destructive=True),
        Row("DELETE", "/events/{A}/recordings/{HUNT}", event_admin(404)),
        # LIVE streams it: refused until the session streams something else.
        Row("DELETE", "/events/{A}/videos/{VIDEO}", event_admin(409)),
        Row("DELETE", "/events/{A}/videos/{VIDEO_B}", event_admin(404)),
        Row("DELETE", "/events/{A}/videos/{VIDEO_REC}", event_admin(204), destructive=True),
    ],
    # A URL the outbound guard refuses as invalid before any connection (so no network happens)
    # with a 422, which no permission check answers: the call got past the policy.
    "proxy": [
        Row("GET", "/proxy?url=ftp://127.0.0.1:9/x.png", authenticated(422)),
    ],
}

# Chat's mutes and group invitations: `authz_chat.py` (its rows use the helpers above).
GROUPS["chat people"] = chat_people_rows()
# Q&A: `authz_qna.py` (its rows use the helpers above).
GROUPS["qna"] = qna_rows()
# Polls: `authz_polls.py` (its rows use the helpers above).
GROUPS["polls"] = poll_rows()
# Breakout rooms: `authz_breakouts.py` (its rows use the helpers above).
GROUPS["breakouts"] = breakout_rows()
# The help desk: `authz_helpdesk.py`.
GROUPS["helpdesk"] = helpdesk_rows()
# The treasure hunt: `authz_treasurehunt.py`.
GROUPS["treasure hunt"] = treasurehunt_rows()
# The Wall of Fame: `authz_walloffame.py`.
GROUPS["walloffame"] = walloffame_rows()
# Customers and event requests: `authz_customers.py`.
GROUPS["customers"] = customer_rows()

# The caller's own admin roles: `authz_admin_roles.py`.
GROUPS["admin roles"] = admin_roles_rows()

# Sign-in providers, SSO hand-offs: `authz_identity.py`.
GROUPS["identity"] = identity_rows()

# Attendee management: `authz_people.py`.
GROUPS["people"] = people_rows()
# Analytics: `authz_analytics.py`.
GROUPS["analytics"] = analytics_rows()
# Personal data rights: `authz_privacy.py`.
GROUPS["privacy"] = privacy_rows()

ROWS = [row for rows in GROUPS.values() for row in rows]
assert all(len(row.expected) == len(CALLERS) for row in ROWS)
