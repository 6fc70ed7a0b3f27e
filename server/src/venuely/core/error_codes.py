"""The error catalogue: every code the server sends, over REST or a realtime socket, declared once.

Each `ErrorCode` member carries its `ErrorSpec`: the HTTP status REST answers it with, what it
becomes on a realtime socket, the `Data` fields that explain it and, for codes of the realtime
protocol, the layer protocol/README.md §6 lists it under. Everything else is derived from here:
`ApiError`'s status and envelope, the gateway's closes, the TypeScript list the web app switches
on (`python -m venuely.core.error_codes_ts`) and the tests that hold protocol §6 to it.

To add a code: one line below, then regenerate the TypeScript file. No FastAPI in this module:
the frame codec and the Python client import it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum, auto
from typing import Any, Self


class Realtime(StrEnum):
    """What an error raised while serving a socket command becomes."""

    # An error frame with this code: ERROR, or the command's own *_ERROR opcode.
    FRAME = "frame"
    # The socket closes with the close code of the same name (`realtime.errors.CloseCode`):
    # the caller is no longer who the socket was opened for.
    CLOSE = "close"


class Layer(StrEnum):
    """The layer column of protocol/README.md §6 (codes REST shares say so there as well)."""

    FRAME = "frame"
    DISPATCH = "dispatch"
    CHAT = "chat"


@dataclass(frozen=True, slots=True)
class ErrorSpec:
    # None: never answered over HTTP (frame-layer codes, and codes REST spells differently).
    status: int | None
    realtime: Realtime = Realtime.FRAME
    # `Data` fields that give the code its meaning (identifiers a request echoes come on top).
    data: tuple[str, ...] = ()
    # None: a REST code; the realtime protocol does not list it, though a handler may send it.
    layer: Layer | None = None
    # REST answers with this code and message instead: NOT_A_MEMBER on the socket is
    # CHATROOM_NOT_FOUND over REST, so a URL never confirms that someone else's room exists.
    rest_as: str | None = None
    rest_message: str | None = None


_RETRY = ("RetryAfterMs",)


class ErrorCode(StrEnum):
    spec: ErrorSpec

    @staticmethod
    def _generate_next_value_(name: str, start: int, count: int, last_values: list[Any]) -> str:
        return name  # the wire spelling is the member's name

    def __new__(cls, value: str, spec: ErrorSpec | None = None) -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        if spec is not None:
            member.spec = spec
        return member

    # -- the realtime frame layer (protocol §5): the frame is dropped, ERROR with Data {} ----------
    FRAME_HEADER = auto(), ErrorSpec(None, layer=Layer.FRAME)
    FRAME_TOO_LARGE = auto(), ErrorSpec(None, layer=Layer.FRAME)
    BAD_MAGIC = auto(), ErrorSpec(None, layer=Layer.FRAME)
    BAD_VERSION = auto(), ErrorSpec(None, layer=Layer.FRAME)
    BAD_CHECKSUM = auto(), ErrorSpec(None, layer=Layer.FRAME)
    UNKNOWN_OPCODE = auto(), ErrorSpec(None, layer=Layer.FRAME)
    BAD_COMPRESSION = auto(), ErrorSpec(None, layer=Layer.FRAME)
    PAYLOAD_TOO_LARGE = auto(), ErrorSpec(None, layer=Layer.FRAME)
    BAD_PAYLOAD = auto(), ErrorSpec(None, layer=Layer.FRAME)
    # -- dispatch: a well-formed frame or a request the server will not act on ---------------------
    OPCODE_NOT_ACCEPTED = auto(), ErrorSpec(None, layer=Layer.DISPATCH)
    BAD_REQUEST = auto(), ErrorSpec(400)
    VALIDATION_ERROR = auto(), ErrorSpec(422, data=("Operation", "Problems"), layer=Layer.DISPATCH)
    MISSING_PARAMETER = (
        auto(),
        ErrorSpec(422, data=("Operation", "Parameters", "Problems"), layer=Layer.DISPATCH),
    )
    BODY_TOO_LARGE = auto(), ErrorSpec(413)
    # Uploads: a type we never accept, or a file that does not decode as its type.
    UNSUPPORTED_MEDIA_TYPE = auto(), ErrorSpec(415)
    INVALID_FILE = auto(), ErrorSpec(422)
    # An invitation import with bad rows and no Confirm: nothing stored; `Rows` is the report.
    INVITATION_IMPORT_INVALID = auto(), ErrorSpec(422, data=("Rows",))
    # -- 401: who are you --------------------------------------------------------------------------
    NOT_AUTHENTICATED = auto(), ErrorSpec(401)
    JWT_EXPIRED = auto(), ErrorSpec(401, realtime=Realtime.CLOSE)
    TOKEN_INVALID = auto(), ErrorSpec(401)
    TOKEN_REVOKED = auto(), ErrorSpec(401, realtime=Realtime.CLOSE)
    NOT_WHITELISTED = auto(), ErrorSpec(401, realtime=Realtime.CLOSE)
    # -- 403 / 404 / 405 / 409 / 410 ---------------------------------------------------------------
    FORBIDDEN = auto(), ErrorSpec(403, layer=Layer.CHAT)
    # The event's customer is disabled by a master admin: no logins, tickets or attendee calls
    # (customers/status.py); the event's admins and masters still pass to fix it.
    CUSTOMER_DISABLED = auto(), ErrorSpec(403, data=("CustomerID",))
    # An organizer removed the person from the event (people/): no login, ticket or member
    # call there until they restore them.
    ATTENDEE_REMOVED = auto(), ErrorSpec(403, data=("EventID",))
    # Deleting one's own account takes its password (privacy/): a token alone is not enough.
    PASSWORD_INCORRECT = auto(), ErrorSpec(403)
    NOT_FOUND = auto(), ErrorSpec(404)
    ROUTE_NOT_FOUND = auto(), ErrorSpec(404)
    METHOD_NOT_ALLOWED = auto(), ErrorSpec(405)
    EVENT_NOT_FOUND = auto(), ErrorSpec(404, data=("EventID",))
    CUSTOMER_NOT_FOUND = auto(), ErrorSpec(404)
    EVENT_REQUEST_NOT_FOUND = auto(), ErrorSpec(404, data=("RequestID",))
    PERSON_NOT_FOUND = auto(), ErrorSpec(404, layer=Layer.CHAT)
    ADMIN_NOT_FOUND = auto(), ErrorSpec(404)
    MENU_ITEM_NOT_FOUND = auto(), ErrorSpec(404)
    VALUE_NOT_FOUND = auto(), ErrorSpec(404)
    FILE_NOT_FOUND = auto(), ErrorSpec(404)
    THEME_NOT_FOUND = auto(), ErrorSpec(404)
    ACTIVITY_NOT_FOUND = auto(), ErrorSpec(404)
    RELATION_NOT_FOUND = auto(), ErrorSpec(404)
    LOCATION_NOT_FOUND = auto(), ErrorSpec(404)
    VFILE_NOT_FOUND = auto(), ErrorSpec(404)
    VTABLE_NOT_FOUND = auto(), ErrorSpec(404)
    # Media (media/): a cinema video, or a session's recording, not in the event named.
    VIDEO_NOT_FOUND = auto(), ErrorSpec(404, data=("VideoID",))
    RECORDING_NOT_FOUND = auto(), ErrorSpec(404, data=("SessionID",))
    CONFLICT = auto(), ErrorSpec(409)
    INTERNAL_NAME_TAKEN = auto(), ErrorSpec(409)
    EMAIL_ALREADY_USED = auto(), ErrorSpec(409)
    CONFERENCE_TYPE_MISMATCH = auto(), ErrorSpec(409)
    # Listing an event its pre-publish check finds errors in (events/prepublish/listing.py).
    PREPUBLISH_FAILED = auto(), ErrorSpec(409, data=("Codes", "Findings"))
    # A stream asked for outside its session's time; the web app shows media_expired.
    MEDIA_EXPIRED = auto(), ErrorSpec(410)
    # A byte range that starts past the end of a stored file (files/ranges.py).
    RANGE_NOT_SATISFIABLE = auto(), ErrorSpec(416, data=("Size",))
    # -- chat rules (protocol §6), over both wires -------------------------------------------------
    NOT_A_MEMBER = (
        auto(),
        ErrorSpec(
            None,
            layer=Layer.CHAT,
            rest_as="CHATROOM_NOT_FOUND",
            rest_message="No such chat room in this event",
        ),
    )
    CHATROOM_NOT_FOUND = auto(), ErrorSpec(404, layer=Layer.CHAT)
    MESSAGE_NOT_FOUND = auto(), ErrorSpec(404, layer=Layer.CHAT)
    TEXT_EMPTY = auto(), ErrorSpec(422, layer=Layer.CHAT)
    TEXT_TOO_LONG = auto(), ErrorSpec(422, data=("MaxLength",), layer=Layer.CHAT)
    CANNOT_INVITE_SELF = auto(), ErrorSpec(422, layer=Layer.CHAT)
    TOO_MANY_MEMBERS = auto(), ErrorSpec(422, data=("MaxMembers",), layer=Layer.CHAT)
    # Mutes and blocks (chat/mutes.py): one's own list of persons one no longer hears from.
    CANNOT_MUTE_SELF = auto(), ErrorSpec(422, data=("PersonID",), layer=Layer.CHAT)
    TOO_MANY_MUTES = auto(), ErrorSpec(409, data=("MaxMutes",), layer=Layer.CHAT)
    CHAT_MUTE_NOT_FOUND = auto(), ErrorSpec(404, data=("PersonID",), layer=Layer.CHAT)
    # A block between the two persons: no direct chat, no invitation of a blocker into a group.
    CHAT_PERSON_BLOCKED = auto(), ErrorSpec(403, data=("PersonID",), layer=Layer.CHAT)
    # An organizer banned the person from the event's chat (people/): reading stays allowed.
    CHAT_BANNED = auto(), ErrorSpec(403, data=("EventID",), layer=Layer.CHAT)
    # -- live interaction (polls/, qna/, reactions/), over both wires ----------------------------
    # A poll an attendee may not see (a draft, another event's, none) is one that does not exist.
    POLL_NOT_FOUND = auto(), ErrorSpec(404, data=("PollID",))
    POLL_NOT_OPEN = auto(), ErrorSpec(409, data=("PollID", "State"))
    # Opening a poll that has no question or fewer than two options.
    POLL_INCOMPLETE = auto(), ErrorSpec(409, data=("PollID", "Problems"))
    POLL_OPTION_UNKNOWN = auto(), ErrorSpec(422, data=("OptionIDs",))
    # A single-choice ballot with other than one choice, or an empty ballot.
    POLL_CHOICE_INVALID = auto(), ErrorSpec(422, data=("Multiple",))
    POLL_OTHER_NOT_ALLOWED = auto(), ErrorSpec(422)
    # A second ballot on a poll whose ballots cannot be changed.
    POLL_BALLOT_LOCKED = auto(), ErrorSpec(409, data=("PollID",))
    QUESTION_NOT_FOUND = auto(), ErrorSpec(404, data=("QuestionID",))
    # The session takes no questions (Q&A switched off by its organizers).
    QNA_CLOSED = auto(), ErrorSpec(409, data=("SessionID",))
    ALREADY_UPVOTED = auto(), ErrorSpec(409, data=("QuestionID",))
    # Reactions switched off for the session, or the session is not running.
    REACTIONS_OFF = auto(), ErrorSpec(409, data=("SessionID",))
    # -- breakout rooms (breakouts/), over both wires ---------------------------------------------
    # Unknown, another event's, or an activity of another type.
    BREAKOUT_ROOM_NOT_FOUND = auto(), ErrorSpec(404, data=("RoomID",))
    # Not open now: `State` is "scheduled" (before its OpensAt) or "closed".
    BREAKOUT_ROOM_CLOSED = auto(), ErrorSpec(409, data=("RoomID", "State"))
    # Every seat is taken; nothing changed (the person stays where they were).
    BREAKOUT_ROOM_FULL = auto(), ErrorSpec(409, data=("RoomID", "Capacity"))
    # An organizer's move of someone who is in no breakout room of the event.
    BREAKOUT_NOT_PRESENT = auto(), ErrorSpec(409, data=("PersonID",))
    # -- the help desk (helpdesk/), over both wires -----------------------------------------------
    # An agent's action (the queue, claiming) asked by someone who is neither an admin of the
    # event nor one of its named agents.
    HELPDESK_NOT_AGENT = auto(), ErrorSpec(403, data=("EventID",))
    # Unknown, another event's, or another person's ticket (the same answer, so ids cannot be
    # probed).
    HELPDESK_TICKET_NOT_FOUND = auto(), ErrorSpec(404, data=("TicketID",))
    # A message into a closed conversation (nothing stored), or claiming a closed ticket.
    HELPDESK_TICKET_CLOSED = auto(), ErrorSpec(409, data=("TicketID",))
    # A person has as many tickets not closed in the event as one may (`Data.MaxOpen`).
    HELPDESK_TOO_MANY_OPEN = auto(), ErrorSpec(409, data=("MaxOpen",))
    # -- the Wall of Fame (walloffame/) ------------------------------------------------------------
    # Unknown, another event's, or another person's project the caller may not see (pending or
    # rejected): the same answer, so ids cannot be probed.
    WALLOFFAME_PROJECT_NOT_FOUND = auto(), ErrorSpec(404, data=("ProjectID",))
    # A person has as many projects in the event as one may (`Data.MaxProjects`).
    WALLOFFAME_TOO_MANY_PROJECTS = auto(), ErrorSpec(409, data=("MaxProjects",))
    # The project has as many pictures as one may (`Data.MaxPictures`).
    WALLOFFAME_TOO_MANY_PICTURES = auto(), ErrorSpec(409, data=("ProjectID", "MaxPictures"))
    # A moderation step the project's state does not allow (approving an approved one, featuring
    # one that is not approved); `Data.State` is the state it is in.
    WALLOFFAME_INVALID_STATE = auto(), ErrorSpec(409, data=("ProjectID", "State"))
    # -- the treasure hunt (treasurehunt/) ---------------------------------------------------------
    # Unknown, or not an item of this hunt in this event.
    TREASURE_ITEM_NOT_FOUND = auto(), ErrorSpec(404, data=("ItemID",))
    # The caller found this item before: it counted once, nothing changed.
    TREASURE_ITEM_ALREADY_FOUND = auto(), ErrorSpec(409, data=("ItemID",))
    # A find outside the hunt's DateBegin..DateEnd; `Data.State` is "scheduled" or "ended".
    TREASURE_HUNT_CLOSED = auto(), ErrorSpec(409, data=("TreasureHuntID", "State"))
    # The hunt holds as many items as one may (`Data.MaxItems`).
    TREASURE_HUNT_FULL = auto(), ErrorSpec(409, data=("TreasureHuntID", "MaxItems"))
    # -- sign-in with OpenID Connect and the SSO hand-offs (identity/) -----------------------------
    # Browser steps answer most of these as `/{event}/login?sso_error=<CODE>` (auth.md).
    # Not a provider of this customer, or not offered for the event.
    SIGN_IN_PROVIDER_NOT_FOUND = auto(), ErrorSpec(404, data=("ProviderID",))
    # The callback's `state` is unknown, used, late, or was started in another browser.
    SSO_STATE_INVALID = auto(), ErrorSpec(400)
    # The provider is down, too slow, misconfigured, or refused the sign-in or the code.
    SSO_PROVIDER_FAILED = auto(), ErrorSpec(502)
    # The ID token failed a check: signature, issuer, audience, expiry, nonce.
    SSO_TOKEN_INVALID = auto(), ErrorSpec(401)
    # The provider does not vouch for the email address (`email_verified` is not true).
    SSO_EMAIL_UNVERIFIED = auto(), ErrorSpec(403)
    # The address belongs to an account a customer's own provider may not sign in: an admin of
    # something else, or (on the first sign-in) an attendee of another customer's events.
    SSO_ACCOUNT_ELSEWHERE = auto(), ErrorSpec(403)
    # A test sign-in through a disabled provider by someone who does not organize the event.
    SSO_PROVIDER_DISABLED = auto(), ErrorSpec(403)
    ACCOUNT_DISABLED = auto(), ErrorSpec(403)
    # The hand-off cookie or a portal's hand-off token is missing, used, late or not for this
    # event.
    SSO_HANDOFF_INVALID = auto(), ErrorSpec(401)
    # -- 429 / 5xx ---------------------------------------------------------------------------------
    RATE_LIMITED = auto(), ErrorSpec(429, data=_RETRY, layer=Layer.DISPATCH)
    MAIL_FAILED = auto(), ErrorSpec(502)
    STORAGE_FAILED = auto(), ErrorSpec(502)
    # The server lacks configuration the call needs; retrying will not help until an operator
    # sets it, but the request itself was fine (so not a 4xx).
    ZOOM_NOT_CONFIGURED = auto(), ErrorSpec(503)
    ZOOM_FAILED = auto(), ErrorSpec(502)
    # A server-side fetch of a user-supplied URL failed (core/outbound.py).
    UPSTREAM_FAILED = auto(), ErrorSpec(502)
    # Overloaded (the database could not take a write in time); retry after Retry-After.
    SERVER_BUSY = auto(), ErrorSpec(503, data=_RETRY, layer=Layer.DISPATCH)
    INTERNAL_ERROR = auto(), ErrorSpec(500, layer=Layer.DISPATCH)

    @property
    def rest_code(self) -> ErrorCode:
        """The code a REST answer carries: this one, unless the catalogue names another."""
        alias = self.spec.rest_as
        return self if alias is None else ErrorCode[alias]

    @property
    def http_status(self) -> int:
        """The HTTP status of a REST answer. A code REST never sends reaching it is a bug: 500."""
        status = self.rest_code.spec.status
        return 500 if status is None else status


def error_envelope(
    code: ErrorCode, message: str, data: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The one error body, for REST answers and every ERROR / *_ERROR frame alike."""
    return {"Error": {"Code": code.value, "Message": message, "Data": dict(data) if data else {}}}
