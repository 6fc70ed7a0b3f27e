"""The fan-out seam between features and the realtime gateway.

Features publish already-encoded frames to named channels; the gateway decides which sockets
listen to which channel. Channel names:

- `event:{EventID}`   every connection of that event (ACTIVITY_SYNC_NOTIFY, PANO_EVENT_VAR_SYNC)
- `person:{PersonID}` every connection of that person (PANO_ATTENDEE_VAR_SYNC, own notifications)
- `room:{ChatroomID}` every connection whose person is a member of the chat room

Publishing only signals (architecture.md §5): the database stays the source of truth, so a
publish happens after the commit and a lost signal is repaired by the client's catch-up.
"""

from __future__ import annotations

from typing import Protocol


def event_channel(event_id: str) -> str:
    return f"event:{event_id}"


def person_channel(person_id: str) -> str:
    return f"person:{person_id}"


def room_channel(chatroom_id: str) -> str:
    return f"room:{chatroom_id}"


class Hub(Protocol):
    async def publish(self, channel: str, frame: bytes) -> None:
        """Deliver `frame` to every connection listening on `channel`, on every process."""

    async def add_member(self, channel: str, person_id: str) -> None:
        """Make the open connections of `person_id` (on every process) listen on `channel`."""

    async def remove_member(self, channel: str, person_id: str) -> None:
        """Stop them listening; used when someone leaves or is removed from a chat room."""
