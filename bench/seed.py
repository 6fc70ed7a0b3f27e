"""Seed a benchmark database: one event, N attendees with tokens, small groups, and what the
storm scenarios act on (an open poll, a running session with 50 questions, an organizer token),
and what the HTTP reads page through (30 sessions, 200 broadcast messages).

Goes through the models and the service layer directly instead of N HTTP logins (argon2 would
cost ~50 ms per person): every person shares one password hash computed once, and tokens are
issued with `issue_token`, exactly as a login does. Writes a JSON file the load generator reads.

    python bench/seed.py --database sqlite+aiosqlite:////tmp/x/bench.db --attendees 10000 \
        --group-size 5 --out /tmp/x/seed.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy.ext.asyncio import create_async_engine

from venuely.accounts.models import Person
from venuely.accounts.passwords import hash_password_async
from venuely.accounts.tokens import issue_token
from venuely.activities.models import EntityType
from venuely.activities.schemas import parse_activity
from venuely.activities.service import build_activity
from venuely.admins.models import Admin, AdminType
from venuely.breakouts.rooms import ensure_room
from venuely.chat.models import ChatMessage
from venuely.chat.service import create_group_room, ensure_broadcast_room
from venuely.core.db import Base
from venuely.core.ids import NULL_ID, new_id
from venuely.core.services import Services, build_services
from venuely.events.models import Attendee, Customer, Event
from venuely.models import import_all_models
from venuely.privacy.models import PersonConsent
from venuely.qna.models import Question, Status
from venuely.settings import Environment, Settings

BATCH = 1000
STORM_QUESTIONS = 50
BREAKOUT_ROOMS = 100
BREAKOUT_CAPACITY = 50
READ_SESSIONS = 30
READ_MESSAGES = 200


async def seed(settings: Settings, attendees: int, group_size: int) -> dict[str, object]:
    services = build_services(settings)
    now = datetime.now(UTC)
    password_hash = await hash_password_async("bench-password-" + uuid.uuid4().hex)
    async with services.db.session() as session:
        customer = Customer(id=new_id(), name="Bench", created_at=now, updated_at=now)
        session.add(customer)
        event = Event(
            id=new_id(),
            customer_id=customer.id,
            internal_name="bench",
            title="Benchmark",
            date_begin=now - timedelta(hours=1),
            date_end=now + timedelta(days=1),
            created_at=now,
            updated_at=now,
        )
        session.add(event)
        await session.flush()
        room = await ensure_broadcast_room(session, event.id, now)
        event_id, room_id = event.id, room.id

    people: list[dict[str, str]] = []
    for start in range(0, attendees, BATCH):
        async with services.db.session() as session:
            batch: list[Person] = []
            for n in range(start, min(start + BATCH, attendees)):
                person = Person(
                    id=new_id(),
                    login_email=f"bench-{n}@bench.invalid",
                    email=f"bench-{n}@bench.invalid",
                    first_name="Bench",
                    last_name=str(n),
                    language="en",
                    password_hash=password_hash,
                    is_verified=True,
                    created_at=now,
                    updated_at=now,
                )
                session.add(person)
                batch.append(person)
            await session.flush()
            for person in batch:
                session.add(Attendee(event_id=event_id, person_id=person.id, created_at=now))
                # Statistics consent: the analytics scenarios' pings are all kept (issue 21).
                session.add(
                    PersonConsent(
                        person_id=person.id,
                        event_id=event_id,
                        functional=True,
                        statistics=True,
                        updated_at=now,
                    )
                )
            await session.flush()
            for person in batch:
                token = await issue_token(session, services, person, event_id)
                people.append({"PersonID": person.id, "Token": token})

    # Small groups: consecutive attendees, the first of each group its creator.
    groups: list[dict[str, object]] = []
    if group_size > 1:
        async with services.db.session() as session:
            event_row = await session.get(Event, event_id)
            assert event_row is not None
            for start in range(0, attendees - group_size + 1, group_size):
                members = [p["PersonID"] for p in people[start : start + group_size]]
                out, _ = await create_group_room(
                    session,
                    services,
                    event=event_row,
                    creator_id=members[0],
                    title=f"group {start // group_size}",
                    member_ids_in=members[1:],
                    tmp_id=str(uuid.uuid4()),
                )
                groups.append(
                    {"ChatroomID": out.ID, "Members": list(range(start, start + group_size))}
                )
    storms = await seed_storms(services, event_id, people, password_hash, now)
    await seed_reads(services, event_id, room_id, people, now)
    await services.db.dispose()
    return {
        "EventID": event_id,
        "BroadcastRoomID": room_id,
        "People": people,
        "Groups": groups,
        **storms,
    }


async def seed_reads(
    services: Services, event_id: str, room_id: str, people: list[dict[str, str]], now: datetime
) -> None:
    """What the HTTP reads scenario pages through (`http_reads.py`): a day's programme of
    READ_SESSIONS sessions and READ_MESSAGES messages in the broadcast room."""
    async with services.db.session() as session:
        event = await session.get(Event, event_id)
        assert event is not None
        for n in range(READ_SESSIONS):
            begin = now + timedelta(minutes=30 * n)
            session.add(
                build_activity(
                    services,
                    event,
                    EntityType.SESSION,
                    parse_activity(
                        EntityType.SESSION,
                        {
                            "InternalName": f"talk-{n}",
                            "Title": f"Talk {n}: what a conference learns from its attendees",
                            "DateBegin": begin.isoformat(),
                            "DateEnd": (begin + timedelta(minutes=25)).isoformat(),
                        },
                    ),
                )
            )
        for n in range(READ_MESSAGES):
            session.add(
                ChatMessage(
                    chatroom_id=room_id,
                    id=new_id(),
                    event_id=event_id,
                    sender_id=people[n % len(people)]["PersonID"],
                    tmp_id=f"read-{n}",
                    text=f"Message {n}: looking forward to the keynote",
                    created_at=now - timedelta(seconds=READ_MESSAGES - n),
                )
            )


async def seed_storms(
    services: Services, event_id: str, people: list[dict[str, str]], password_hash: str, now: datetime
) -> dict[str, object]:
    """An organizer (for the recount over REST), an open poll with live results, a running
    session whose Q&A holds STORM_QUESTIONS visible questions from the first attendees, and
    BREAKOUT_ROOMS open breakout rooms of BREAKOUT_CAPACITY seats."""
    async with services.db.session() as session:
        event = await session.get(Event, event_id)
        assert event is not None
        admin = Person(
            id=new_id(),
            login_email="bench-admin@bench.invalid",
            email="bench-admin@bench.invalid",
            first_name="Bench",
            last_name="Organizer",
            language="en",
            password_hash=password_hash,
            is_verified=True,
            created_at=now,
            updated_at=now,
        )
        session.add(admin)
        await session.flush()
        session.add(
            Admin(
                id=new_id(),
                person_id=admin.id,
                admin_type=AdminType.EVENT.value,
                customer_id=event.customer_id,
                event_id=event.id,
                roles=[],
                created_at=now,
            )
        )
        options = [{"ID": f"o{n}", "Text": f"Option {n}"} for n in range(1, 5)]
        poll_doc = {"InternalName": "storm-poll", "Question": "Storm?", "Options": options}
        poll = build_activity(
            services,
            event,
            EntityType.POLL,
            parse_activity(EntityType.POLL, {**poll_doc, "IsActive": True, "Results": "live"}),
        )
        talk = build_activity(
            services,
            event,
            EntityType.SESSION,
            parse_activity(
                EntityType.SESSION,
                {
                    "InternalName": "storm-session",
                    "Title": "Storm session",
                    "DateBegin": (now - timedelta(hours=1)).isoformat(),
                    "DateEnd": (now + timedelta(days=1)).isoformat(),
                },
            ),
        )
        session.add_all([poll, talk])
        await session.flush()
        questions = [
            Question(
                id=new_id(),
                event_id=event.id,
                session_id=talk.id,
                person_id=people[n % len(people)]["PersonID"],
                text=f"Storm question {n}",
                anonymous=False,
                status=Status.VISIBLE.value,
                answered=False,
                pinned=False,
                votes=0,
                created_at=now,
                updated_at=now,
            )
            for n in range(STORM_QUESTIONS)
        ]
        session.add_all(questions)
        await session.flush()
        rooms = []
        for n in range(BREAKOUT_ROOMS):
            parsed = parse_activity(
                EntityType.BREAKOUT_ROOM,
                {
                    "InternalName": f"storm-room-{n}",
                    "Title": f"Room {n}",
                    "Capacity": BREAKOUT_CAPACITY,
                    "ConferenceType": "Iframe",
                    "ConferenceJoinURL": f"https://calls.bench.invalid/room-{n}",
                },
            )
            room = build_activity(services, event, EntityType.BREAKOUT_ROOM, parsed)
            session.add(room)
            await session.flush()
            await ensure_room(session, room, now)
            rooms.append(room)
        admin_token = await issue_token(session, services, admin, NULL_ID)
        await session.commit()
        return {
            "AdminToken": admin_token,
            "PollID": poll.id,
            "PollOptions": [o["ID"] for o in options],
            "SessionID": talk.id,
            "QuestionIDs": [q.id for q in questions],
            "BreakoutRoomIDs": [room.id for room in rooms],
            "BreakoutCapacity": BREAKOUT_CAPACITY,
        }


async def create_tables(database_url: str) -> None:
    engine = create_async_engine(database_url)
    async with engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all)
    await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", required=True)
    parser.add_argument("--secret", required=True)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--attendees", type=int, required=True)
    parser.add_argument("--group-size", type=int, default=5)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    import_all_models()
    asyncio.run(create_tables(args.database))
    settings = Settings(
        env=Environment.TEST,
        database_url=args.database,
        secret_key=args.secret,
        data_dir=Path(args.data_dir),
    )
    result = asyncio.run(seed(settings, args.attendees, args.group_size))
    Path(args.out).write_text(json.dumps(result))


if __name__ == "__main__":
    main()
