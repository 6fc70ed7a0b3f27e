"""The demo event's programme: one session live now in the auditorium, one later today, one
tomorrow, and their speakers (Speaker activities linked by Speaker relations).

Called by `demo/seed.py` on every seed: sessions are found by their InternalName and their times
re-centred on now, so the demo always has something on stage. Everything goes through the same
validation as the API, so the demo cannot hold a session the API would refuse.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import parse_activity
from venuely.activities.service import apply_document, build_activity
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.relations.models import Relation, RelationType

# Blender Foundation's "Big Buck Bunny" (CC BY 3.0) on YouTube and Vimeo's own player demo.
YOUTUBE_ID = "aqz-KE-bpKQ"
VIMEO_ID = "76979871"

SPEAKERS: dict[str, dict[str, Any]] = {
    "demo-speaker-maya": {
        "FirstName": "Maya",
        "LastName": "Chen",
        "Company": "Venuely Labs",
        "JobTitle": "Head of Hybrid Experiences",
        "Biography": "Maya designs events that work as well on a phone as in the front row.",
    },
    "demo-speaker-jonas": {
        "FirstName": "Jonas",
        "LastName": "Weber",
        "Company": "Stagecraft GmbH",
        "JobTitle": "Streaming Engineer",
        "Biography": "Jonas has run the video for more than 300 conferences.",
    },
    "demo-speaker-amara": {
        "FirstName": "Amara",
        "LastName": "Okafor",
        "Company": "Community Works",
        "JobTitle": "Community Lead",
        "Biography": "Amara helps attendees find each other, online and off.",
    },
}


def _sessions(now: datetime) -> dict[str, tuple[dict[str, Any], list[str]]]:
    start = now.replace(second=0, microsecond=0)
    live = start - timedelta(minutes=30)
    later = start + timedelta(hours=2)
    tomorrow = start + timedelta(days=1)
    return {
        "demo-keynote": (
            {
                "Title": "Opening keynote: events without walls",
                "Description": "Why the best events now happen in two places at once.",
                "PanoNodeID": "auditorium",
                "ScreenID": "auditorium-screen",
                "DateBegin": live,
                "DateEnd": live + timedelta(hours=2),
                "ConferenceType": "Youtube",
                "ConferenceID": YOUTUBE_ID,
            },
            ["demo-speaker-maya"],
        ),
        "demo-streaming-workshop": (
            {
                "Title": "Workshop: a stream that never drops",
                "Description": "Encoders, backup paths and what to do when it still fails.",
                "PanoNodeID": "auditorium",
                "ScreenID": "auditorium-screen",
                "DateBegin": later,
                "DateEnd": later + timedelta(hours=1),
                "ConferenceType": "Vimeo",
                "ConferenceID": VIMEO_ID,
            },
            ["demo-speaker-jonas", "demo-speaker-amara"],
        ),
        "demo-community-panel": (
            {
                "Title": "Panel: building community at a distance",
                "Description": "Three organizers on chat, breakout rooms and good moderation.",
                "PanoNodeID": "auditorium",
                "ScreenID": "auditorium-screen",
                "DateBegin": tomorrow,
                "DateEnd": tomorrow + timedelta(hours=1),
                "ConferenceType": "Iframe",
                "ConferenceJoinURL": f"https://www.youtube-nocookie.com/embed/{YOUTUBE_ID}",
            },
            ["demo-speaker-amara", "demo-speaker-maya", "demo-speaker-jonas"],
        ),
    }


async def _upsert(
    session: AsyncSession,
    services: Services,
    event: Event,
    entity_type: EntityType,
    internal_name: str,
    fields: dict[str, Any],
) -> Activity:
    parsed = parse_activity(entity_type, {"InternalName": internal_name, **fields})
    existing = await session.scalar(
        select(Activity).where(
            Activity.event_id == event.id,
            Activity.entity_type == entity_type.value,
            Activity.internal_name == internal_name,
        )
    )
    if existing is None:
        existing = build_activity(services, event, entity_type, parsed)
        session.add(existing)
    else:
        apply_document(existing, parsed, services.clock.now())
    return existing


async def _link(
    session: AsyncSession,
    event: Event,
    parent: Activity,
    child: Activity,
    index: int,
    now: datetime,
) -> None:
    relation = await session.scalar(
        select(Relation).where(
            Relation.event_id == event.id,
            Relation.parent_id == parent.id,
            Relation.relation_type == RelationType.SPEAKER.value,
            Relation.child_id == child.id,
        )
    )
    if relation is None:
        session.add(
            Relation(
                id=new_id(),
                event_id=event.id,
                parent_type=EntityType.SESSION.value,
                parent_id=parent.id,
                relation_type=RelationType.SPEAKER.value,
                child_type=EntityType.SPEAKER.value,
                child_id=child.id,
                sort_fields={"Index": index},
                created_at=now,
                updated_at=now,
            )
        )


async def ensure_demo_sessions(
    session: AsyncSession, services: Services, event: Event, now: datetime
) -> None:
    speakers = {
        name: await _upsert(session, services, event, EntityType.SPEAKER, name, fields)
        for name, fields in SPEAKERS.items()
    }
    for name, (fields, speaker_names) in _sessions(now).items():
        doc = {**fields, "DateBegin": fields["DateBegin"].isoformat()}
        doc["DateEnd"] = fields["DateEnd"].isoformat()
        talk = await _upsert(session, services, event, EntityType.SESSION, name, doc)
        await session.flush()
        for index, speaker_name in enumerate(speaker_names, start=1):
            await _link(session, event, talk, speakers[speaker_name], index, now)
    await session.flush()
