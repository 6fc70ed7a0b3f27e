"""The demo event's programme: one session that has ended (its recording is under replays), one
live now in the auditorium, one later today, one tomorrow, and their speakers (Speaker
activities linked by Speaker relations, each with a drawn picture, demo/portraits.py). Given the
demo's own video (media/demo.py), the ended and the live session stream it (`ConferenceType`
`Video`, played as if live), so the stage works without the internet; without it they fall back
to YouTube.

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
from venuely.demo.portraits import SIZE, portrait_png
from venuely.events.models import Event
from venuely.files.service import file_url, store_cleaned
from venuely.files.sniff import Kind
from venuely.files.storage import build_storage
from venuely.files.validate import Cleaned
from venuely.relations.models import Relation, RelationType

# Blender Foundation's "Big Buck Bunny" (CC BY 3.0) on YouTube and Vimeo's own player demo.
YOUTUBE_ID = "aqz-KE-bpKQ"
VIMEO_ID = "76979871"
# The session that is over by the time anyone looks: its recording is the demo's replay.
ENDED_SESSION = "demo-welcome"

SPEAKERS: dict[str, dict[str, Any]] = {
    "demo-speaker-maya": {
        "FirstName": "Maya",
        "LastName": "Chen",
        "Company": "Venuely Labs",
        "JobTitle": "Head of Hybrid Experiences",
        "Biography": "Maya designs events that work as well on a phone as in the front row.",
        "Links": [{"Label": "Website", "URL": "https://maya.example.com/"}],
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


def _sessions(now: datetime, video_id: str) -> dict[str, tuple[dict[str, Any], list[str]]]:
    start = now.replace(second=0, microsecond=0)
    ended = start - timedelta(hours=3)
    live = start - timedelta(minutes=30)
    later = start + timedelta(hours=2)
    tomorrow = start + timedelta(days=1)
    stream = (
        {"ConferenceType": "Video", "ConferenceID": video_id}
        if video_id
        else {"ConferenceType": "Youtube", "ConferenceID": YOUTUBE_ID}
    )
    return {
        ENDED_SESSION: (
            {
                "Title": "Welcome: a first walk through the venue",
                "Description": "The organizers show the lobby, the stage and the expo hall.",
                "PanoNodeID": "auditorium",
                "ScreenID": "auditorium-screen",
                "DateBegin": ended,
                "DateEnd": ended + timedelta(hours=1),
                **stream,
            },
            ["demo-speaker-amara"],
        ),
        "demo-keynote": (
            {
                "Title": "Opening keynote: events without walls",
                "Description": "Why the best events now happen in two places at once.",
                "PanoNodeID": "auditorium",
                "ScreenID": "auditorium-screen",
                "DateBegin": live,
                "DateEnd": live + timedelta(hours=2),
                **stream,
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


async def _portrait(session: AsyncSession, services: Services, name: str) -> str:
    """The speaker's drawn picture, stored like an uploaded one (content-addressed, so a re-seed
    stores nothing new); its same-origin path is the speaker's PictureURL."""
    data = portrait_png(name)
    cleaned = Cleaned(data, Kind.IMAGE, "image/png", "png", SIZE, SIZE)
    stored = await store_cleaned(session, services, build_storage(services.settings), cleaned)
    return file_url(stored.hash)


async def ensure_demo_sessions(
    session: AsyncSession, services: Services, event: Event, now: datetime, video_id: str = ""
) -> dict[str, Activity]:
    """The sessions by InternalName; `video_id`: the demo video they stream, if any."""
    speakers = {
        name: await _upsert(
            session,
            services,
            event,
            EntityType.SPEAKER,
            name,
            {**fields, "PictureURL": await _portrait(session, services, name)},
        )
        for name, fields in SPEAKERS.items()
    }
    talks: dict[str, Activity] = {}
    for name, (fields, speaker_names) in _sessions(now, video_id).items():
        doc = {**fields, "DateBegin": fields["DateBegin"].isoformat()}
        doc["DateEnd"] = fields["DateEnd"].isoformat()
        talks[name] = await _upsert(session, services, event, EntityType.SESSION, name, doc)
        await session.flush()
        for index, speaker_name in enumerate(speaker_names, start=1):
            await _link(session, event, talks[name], speakers[speaker_name], index, now)
    await session.flush()
    return talks
