"""Tracker items from sockets, checked a batch at a time (docs/subsystems/analytics.md).

Over HTTP a ping cost about 4.5 ms of CPU, most of it the framework's route matching and
dependency resolution and the ORM loads of the caller's session, person and event: 10,000
attendees pinging every 15 s (about 670 a second) needed three cores. Over the socket the frame
is already routed and the caller known by its auth session, so what is left is checking the
caller and reading consent, and both are done for everything that arrived within a quarter
second at once: the items queue on the process's batcher (core/batching.py), and each batch
takes one statement per event for its callers (`resolve_command_callers`, REST's rules: a
revoked token, a removed attendee or a disabled account is refused) and one for their
consents. Nothing is written here: the kept items go to the collector, which the flush stores
every 10 s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from venuely.accounts.permissions import resolve_command_callers
from venuely.analytics.schemas import TrackOut
from venuely.analytics.track import accept
from venuely.core.batching import Batcher
from venuely.core.errors import ApiError
from venuely.core.services import Services
from venuely.privacy.consent import statistics_consenters

NAME = "analytics.track"
# Nobody waits on a tracker frame's answer: a quarter second gathers some 170 frames at 10,000
# attendees, checked with the same two statements as one (core/batching.py, `gather`).
GATHER_SECONDS = 0.25


@dataclass(frozen=True, slots=True)
class SocketItems:
    """One ANALYTICS_TRACK frame: the socket's event and auth session, and the raw items."""

    event_id: str
    session_id: str
    events: list[dict[str, Any]]


def _batcher(services: Services) -> Batcher[SocketItems, TrackOut]:
    async def check(batch: Sequence[SocketItems]) -> list[TrackOut | ApiError]:
        return await take_batch(services, batch)

    # The process's one batcher of this name; `check` is used only when it is first made.
    return services.background.batcher(NAME, check, gather=GATHER_SECONDS)


async def take_socket_items(services: Services, items: SocketItems) -> TrackOut:
    """Keep what the frame's caller may send; raises the caller's refusal (`ApiError`)."""
    return await _batcher(services).submit(items)


async def take_batch(services: Services, batch: Sequence[SocketItems]) -> list[TrackOut | ApiError]:
    async with services.db.session() as session:
        callers = await resolve_command_callers(
            session, services, [(frame.event_id, frame.session_id) for frame in batch]
        )
        persons: dict[str, set[str]] = {}
        for frame, caller in zip(batch, callers, strict=True):
            if not isinstance(caller, ApiError):
                persons.setdefault(frame.event_id, set()).add(caller.person_id)
        consenting = {
            event_id: await statistics_consenters(session, event_id, people)
            for event_id, people in persons.items()
        }
    outcomes: list[TrackOut | ApiError] = []
    for frame, caller in zip(batch, callers, strict=True):
        if isinstance(caller, ApiError):
            outcomes.append(caller)
            continue
        consented = caller.person_id in consenting[frame.event_id]
        outcomes.append(
            accept(
                services,
                frame.event_id,
                caller.person_id,
                frame.events,
                consented=consented,
                via="socket",
            )
        )
    return outcomes
