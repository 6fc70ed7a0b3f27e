"""The demo event's Wall of Fame: four categories, six approved projects by the keynote's
audience (one featured), each with one or two drawn pictures, and the demo attendee's own
project waiting for review, so the gallery has content, "My projects" shows a state and the
console's queue has work. Review stays required.

Called by `demo/seed.py`. Projects are found by author and title and made only when missing;
the categories and the setting only when the organizer has none — seeding again keeps what
organizers and attendees did since. Pictures go through vfiles' own image path, so they are
re-encoded and thumbnailed like an upload.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.demo.people import demo_person
from venuely.events.models import Attendee, Event
from venuely.files.storage import build_storage
from venuely.qna.demo import AUDIENCE
from venuely.vfiles import service as vfiles
from venuely.vfiles.models import VFile
from venuely.vfiles.schemas import ContentKind, UploadType
from venuely.vtables import service as vtables
from venuely.vtables.models import VTableRow
from venuely.vtables.schemas import WALL_OF_FAME_TAGS, VTableIn
from venuely.walloffame import state
from venuely.walloffame.categories import write_settings
from venuely.walloffame.demo_art import poster_png
from venuely.walloffame.models import ReviewState, WallOfFameSettings
from venuely.walloffame.schemas import SettingsIO
from venuely.walloffame.service import ensure_wall
from venuely.walloffame.store import ENTITY_TYPE, new_review

CATEGORIES = ("Best booth", "Innovation", "Community", "Sustainability")
ATTENDEE = -1  # the demo attendee instead of one of AUDIENCE


@dataclass(frozen=True, slots=True)
class DemoProject:
    author: int  # index into AUDIENCE, or ATTENDEE
    title: str
    category: str
    description: str
    link: str
    hours_ago: int
    pictures: int = 1
    featured: bool = False
    pending: bool = False


PROJECTS = (
    DemoProject(
        0,
        "Open-air robotics booth",
        "Best booth",
        "Our stand moved outside: visitors steered small rovers across a model city and"
        " programmed their routes on tablets at the counter. Over 300 people tried it.",
        "https://example.org/robotics-booth",
        hours_ago=30,
        pictures=2,
        featured=True,
    ),
    DemoProject(
        1,
        "Live captions in sign language",
        "Innovation",
        "An avatar signs the keynote's live captions, with a delay of about two seconds."
        " We are looking for deaf testers to tell us what to improve.",
        "https://example.org/sign-captions",
        hours_ago=26,
    ),
    DemoProject(
        2,
        "Mentors for first-timers",
        "Community",
        "Everyone attending for the first time was matched with a mentor who had been here"
        " before: a coffee on day one and a chat channel for the rest of the event.",
        "",
        hours_ago=22,
        pictures=2,
    ),
    DemoProject(
        3,
        "Zero-waste catering",
        "Sustainability",
        "Reusable cups and plates, a menu planned to the portion, and what was left over"
        " went to a local food bank each evening.",
        "https://example.org/zero-waste",
        hours_ago=18,
    ),
    DemoProject(
        0,
        "Solar charging lounge",
        "Sustainability",
        "A corner of the hall where phones and laptops charge from the panels on the roof,"
        " with a live display of how much the sun has given today.",
        "",
        hours_ago=12,
    ),
    DemoProject(
        1,
        "A booth you can visit in 360°",
        "Best booth",
        "Attendees at home walked through our stand in the virtual venue and booked demos"
        " with the team on site.",
        "https://example.org/booth-360",
        hours_ago=8,
        pictures=2,
    ),
    DemoProject(
        ATTENDEE,
        "Hallway-track podcast",
        "Community",
        "Short interviews recorded in the corridors between sessions: what people learned,"
        " what surprised them, and who they met.",
        "https://example.org/hallway-podcast",
        hours_ago=1,
        pending=True,
    ),
)


async def _author(session: AsyncSession, services: Services, event: Event, index: int) -> Person:
    email, first, last = AUDIENCE[index]
    person = await demo_person(session, email, first, last, services.clock.now())
    if await session.get(Attendee, (event.id, person.id)) is None:
        session.add(Attendee(event_id=event.id, person_id=person.id, created_at=person.created_at))
    return person


async def _pictures(
    session: AsyncSession, services: Services, event: Event, row: VTableRow, demo: DemoProject
) -> None:
    storage = build_storage(services.settings)
    for variant in range(demo.pictures):
        vfile = VFile(
            id=new_id(),
            event_id=event.id,
            entity_type=ENTITY_TYPE,
            entity_id=row.id,
            person_id=row.person_id,
            file_type=ContentKind.FILE.value,
            file_upload_type=UploadType.S3.value,
            created_at=row.created_at,
            updated_at=row.created_at,
        )
        session.add(vfile)
        data = poster_png(demo.title, demo.category, variant)
        name = f"{demo.title.lower().replace(' ', '-')}-{variant + 1}.png"
        await vfiles.set_public_image(session, services, storage, vfile, data=data, file_name=name)


async def _project(
    session: AsyncSession,
    services: Services,
    event: Event,
    author: Person,
    demo: DemoProject,
    admin: Person,
) -> None:
    table = await ensure_wall(session, services, event.id)
    rows = await session.scalars(select(VTableRow).where(VTableRow.vtable_id == table.id))
    if any(r.person_id == author.id and r.data.get("Title") == demo.title for r in rows.all()):
        return
    fields = {
        "Title": demo.title,
        "Category": demo.category,
        "Description": demo.description,
        "Link": demo.link,
    }
    row = await vtables.append_row(session, services, table, fields, author.id)
    row.created_at = row.updated_at = services.clock.now() - timedelta(hours=demo.hours_ago)
    review = new_review(row, event.id, ReviewState.PENDING, row.created_at)
    session.add(review)
    if not demo.pending:
        decided = row.created_at + timedelta(minutes=40)
        state.on_approve(review, admin.id, decided)
        review.featured = demo.featured
    await session.flush()
    await _pictures(session, services, event, row, demo)


async def ensure_demo_wall(
    session: AsyncSession, services: Services, event: Event, *, attendee: Person, admin: Person
) -> None:
    if await vtables.find_table(session, event.id, WALL_OF_FAME_TAGS) is None:
        rows = [{"Name": name} for name in CATEGORIES]
        body = VTableIn(VTableName=WALL_OF_FAME_TAGS, Rows=rows)
        await vtables.create_table(session, services, event.id, body)
    if await session.get(WallOfFameSettings, event.id) is None:
        await write_settings(session, services, event.id, SettingsIO(ReviewRequired=True))
    for demo in PROJECTS:
        author = (
            attendee
            if demo.author == ATTENDEE
            else await _author(session, services, event, demo.author)
        )
        await _project(session, services, event, author, demo, admin)
