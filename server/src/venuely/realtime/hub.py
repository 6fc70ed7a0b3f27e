"""The fan-out seam between features and the realtime gateway.

Features publish frames to named channels (through `realtime.publish`); the gateway decides
which sockets listen to which channel. Channel names:

- `event:{EventID}`   every connection of that event (ACTIVITY_SYNC_NOTIFY, PANO_EVENT_VAR_SYNC)
- `person:{PersonID}` every connection of that person (PANO_ATTENDEE_VAR_SYNC, own notifications)
- `room:{ChatroomID}` every connection whose person is a member of the chat room
- `staff:{EventID}`   the event's connections whose person organizes it (drafts, moderation)
- features name channels of their own and say who joins them through `membership.py` (the
  help desk's `helpdesk:{EventID}`: the connections of the event's agents)

Publishing only signals (architecture.md §5): the database stays the source of truth, so a
publish happens after the commit and a lost signal is repaired by the client's catch-up.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

from venuely.realtime.errors import CloseCode

if TYPE_CHECKING:
    from venuely.core.services import Services
    from venuely.realtime.connection import Connection, Outbox
    from venuely.settings import Settings

log = logging.getLogger("venuely.realtime")


def event_channel(event_id: str) -> str:
    return f"event:{event_id}"


def person_channel(person_id: str) -> str:
    return f"person:{person_id}"


def room_channel(chatroom_id: str) -> str:
    return f"room:{chatroom_id}"


def staff_channel(event_id: str) -> str:
    return f"staff:{event_id}"


class Publisher(Protocol):
    """The part of a hub that publishing needs (`realtime.publish`)."""

    async def publish(self, channel: str, frame: bytes) -> None:
        """Deliver `frame` to every connection listening on `channel`, on every process.
        Features call `realtime.publish.publish`, which encodes and checks the payload."""


class Hub(Publisher, Protocol):
    """Everything a hub does, for the app (start, stop), features (publish, membership, closes)
    and the gateway (tickets, admission, attaching sockets). `InProcessHub` and `RedisHub`
    implement it; tests may stand in a recording hub for the feature-facing part."""

    @property
    def outbound_budget(self) -> int:
        """Bytes a socket may have waiting before it is closed as a slow consumer."""

    @property
    def outbox(self) -> Outbox:
        """Where this hub's connections collect a turn's messages (connection.py)."""

    @property
    def max_connections(self) -> int:
        """Sockets one person may hold to one event."""

    async def start(self) -> None:
        """Start background work (idle sweeper, broker subscription); called by the app."""

    async def stop(self) -> None:
        """Close every socket with 1001 and stop background work."""

    async def add_member(self, channel: str, person_id: str) -> None:
        """Make the open connections of `person_id` (on every process) listen on `channel`."""

    async def remove_member(self, channel: str, person_id: str) -> None:
        """Stop them listening; used when someone leaves or is removed from a chat room."""

    async def close_person(
        self, person_id: str, session_id: str | None = None, code: int = CloseCode.TOKEN_REVOKED
    ) -> None:
        """Close the person's sockets on every process (only `session_id`'s when given)."""

    async def claim_ticket(self, nonce: bytes) -> bool:
        """True the first time a ticket's nonce is presented, on any process."""

    async def admit(self, conn: Connection) -> bool:
        """Count `conn` against its person's connection limit; False when at the limit."""

    async def attach(self, conn: Connection, channels: list[str]) -> None:
        """Register an admitted connection and make it listen on `channels`."""

    async def detach(self, conn: Connection) -> None:
        """Forget a closed connection: its channels, its place in the count."""

    async def broker_problem(self) -> str | None:
        """Why frames cannot reach other processes now, or None (always None in-process): the
        readiness probe's question (`ops/health.py`)."""


def build_hub(settings: Settings) -> Hub:
    """Redis pub/sub when `VENUELY_REDIS_URL` is set (several processes), else in-process."""
    if settings.redis_url:
        from venuely.realtime.redishub import RedisHub

        return RedisHub(settings)
    from venuely.realtime.localhub import InProcessHub

    return InProcessHub(settings)


async def close_person_connections(
    services: Services,
    person_id: str,
    session_id: str | None = None,
    code: int = CloseCode.TOKEN_REVOKED,
) -> None:
    """Close the person's sockets on every process — only those opened with `session_id` when
    given. Call it after the commit that revoked the token. Never raises: the revocation itself
    is already durable, and each socket re-checks its session row on its next command anyway."""
    try:
        await services.hub.close_person(person_id, session_id, code)
    except Exception:
        log.exception("realtime: closing a person's sockets failed", extra={"person_id": person_id})
