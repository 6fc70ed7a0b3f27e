"""The demo event's polls: one open during the live keynote, one draft, one closed with results.

Called by `demo/seed.py` after the programme. Polls are found by their InternalName and made
only when missing, so seeding again changes nothing, and a poll an organizer edited, opened or
closed in the demo stays as they left it. The open poll is bound to the keynote session (its
`SessionID`), so it shows wherever the keynote is held (`activepolls` at the auditorium). The
closed poll is made with a ballot from each of the event's first few attendees; later seeds add
none, even when the event has more attendees by then. Definitions go through the API's
validation (`parse_activity`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import parse_activity
from venuely.activities.service import build_activity
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Attendee, Event
from venuely.polls.models import PollBallot, PollBallotChoice

KEYNOTE = "demo-keynote"
OPEN_POLL = "demo-poll-panel-topic"
DRAFT_POLL = "demo-poll-after-party"
CLOSED_POLL = "demo-poll-heard-about"
MAX_SEEDED_BALLOTS = 5


def _options(*texts: str) -> list[dict[str, str]]:
    return [{"ID": f"o{index}", "Text": text} for index, text in enumerate(texts, start=1)]


def _polls(keynote: Activity | None, now: datetime) -> dict[str, dict[str, Any]]:
    binding = {} if keynote is None else {"SessionID": keynote.id}
    return {
        OPEN_POLL: {
            "Title": "Panel topic",
            "Question": "Which topic should the panel take first?",
            "Options": _options(
                "Hybrid stages", "Community at a distance", "Streams that never drop"
            ),
            "Results": "live",
            "IsActive": True,
            **binding,
        },
        DRAFT_POLL: {
            "Title": "After-party",
            "Question": "What should the after-party be called?",
            "Options": _options("Afterglow", "Encore", "Backstage"),
            "AllowOther": True,
            "Results": "closed",
        },
        CLOSED_POLL: {
            "Title": "How you heard of us",
            "Question": "How did you hear about the conference?",
            "Options": _options("A colleague", "Social media", "Newsletter", "Last year's event"),
            "Multiple": True,
            "Results": "closed",
            "IsActive": True,
            "ClosesAt": now - timedelta(hours=1),
        },
    }


async def _poll(
    session: AsyncSession,
    services: Services,
    event: Event,
    internal_name: str,
    fields: dict[str, Any],
) -> tuple[Activity, bool]:
    """The poll, and whether it was made now."""
    existing = await session.scalar(
        select(Activity).where(
            Activity.event_id == event.id,
            Activity.entity_type == EntityType.POLL.value,
            Activity.internal_name == internal_name,
        )
    )
    if existing is not None:
        return existing, False
    parsed = parse_activity(EntityType.POLL, {"InternalName": internal_name, **fields})
    poll = build_activity(services, event, EntityType.POLL, parsed)
    session.add(poll)
    await session.flush()
    return poll, True


async def _seed_ballots(
    session: AsyncSession, services: Services, event: Event, poll: Activity
) -> None:
    """A ballot from each of the event's first attendees (by id), choosing options by their
    place in that order."""
    options = [str(option["ID"]) for option in poll.document.get("Options", [])]
    people = (
        await session.scalars(
            select(Attendee.person_id)
            .where(Attendee.event_id == event.id)
            .order_by(Attendee.person_id)
            .limit(MAX_SEEDED_BALLOTS)
        )
    ).all()
    now = services.clock.now()
    for index, person_id in enumerate(people):
        ballot = PollBallot(
            id=new_id(),
            poll_id=poll.id,
            event_id=event.id,
            person_id=person_id,
            other_text=None,
            created_at=now,
            updated_at=now,
        )
        session.add(ballot)
        await session.flush()
        chosen = {options[index % len(options)], options[(index * 2) % len(options)]}
        session.add_all(
            PollBallotChoice(ballot_id=ballot.id, option_id=option, poll_id=poll.id)
            for option in sorted(chosen)
        )


async def ensure_demo_polls(
    session: AsyncSession, services: Services, event: Event, sessions: Mapping[str, Activity]
) -> dict[str, Activity]:
    """The demo polls by InternalName; `sessions`: the demo's sessions by InternalName."""
    polls: dict[str, Activity] = {}
    for name, fields in _polls(sessions.get(KEYNOTE), services.clock.now()).items():
        polls[name], created = await _poll(session, services, event, name, fields)
        if created and name == CLOSED_POLL:
            await _seed_ballots(session, services, event, polls[name])
    await session.flush()
    return polls
