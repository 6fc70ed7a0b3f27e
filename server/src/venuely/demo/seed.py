"""`venuely demo`: create or refresh the demo event. Safe to run any number of times.

Each run re-centres the event's dates on today so the demo is always "running now". Later
features add their demo content by appending a step to `DEMO_STEPS` (a coroutine receiving the
session and the `DemoContext`); steps must be idempotent too.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from pydantic import TypeAdapter
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.admins.models import Admin, AdminType
from venuely.core.ids import new_id
from venuely.core.migrate import upgrade_async
from venuely.core.security import hash_password
from venuely.core.services import Services, build_services
from venuely.demo import content
from venuely.demo.people import demo_person
from venuely.events.menu import MenuItemIn, MenuItemVariant
from venuely.events.menu_service import create_menu_item
from venuely.events.models import Attendee, Customer, Event, MenuItem, WhitelistEntry
from venuely.settings import Environment, Settings

if TYPE_CHECKING:
    from venuely.media.demo import DemoVideos


@dataclass(slots=True)
class DemoContext:
    services: Services
    customer: Customer
    event: Event
    attendee: Person
    admin: Person
    now: datetime
    # The demo's own video (media/demo.py), which its sessions stream; set by `_ensure_videos`.
    videos: DemoVideos | None = None


DemoStep = Callable[[AsyncSession, DemoContext], Awaitable[None]]
_MENU_ITEM: TypeAdapter[MenuItemVariant] = TypeAdapter(MenuItemIn)


async def _ensure_customer(session: AsyncSession, now: datetime) -> Customer:
    customer = await session.scalar(
        select(Customer).where(Customer.name == content.DEMO_CUSTOMER_NAME)
    )
    if customer is None:
        customer = Customer(
            id=new_id(), name=content.DEMO_CUSTOMER_NAME, created_at=now, updated_at=now
        )
        session.add(customer)
    return customer


async def _ensure_event(session: AsyncSession, customer: Customer, now: datetime) -> Event:
    begin = now.replace(hour=7, minute=0, second=0, microsecond=0) - timedelta(days=1)
    event = await session.scalar(
        select(Event).where(Event.internal_name == content.DEMO_INTERNAL_NAME)
    )
    if event is None:
        event = Event(
            id=new_id(),
            customer_id=customer.id,
            internal_name=content.DEMO_INTERNAL_NAME,
            title=content.DEMO_TITLE,
            description=content.DEMO_DESCRIPTION,
            time_zone=content.DEMO_TIME_ZONE,
            default_language="en",
            is_listed=True,
            created_at=now,
            date_begin=begin,
            date_end=begin + timedelta(days=3),
            updated_at=now,
        )
        session.add(event)
    event.date_begin, event.date_end, event.updated_at = begin, begin + timedelta(days=3), now
    await session.flush()
    # The demo is open to everyone: no whitelist entries.
    await session.execute(delete(WhitelistEntry).where(WhitelistEntry.event_id == event.id))
    return event


async def _ensure_person(
    session: AsyncSession, email: str, password: str, first: str, last: str, now: datetime
) -> Person:
    person = await demo_person(session, email, first, last, now)
    # Reset each run so the printed logins always work, even after someone changed them.
    person.password_hash = hash_password(password)
    person.is_verified, person.is_disabled = True, False
    await session.flush()
    return person


async def _ensure_attendance(session: AsyncSession, ctx: DemoContext) -> None:
    for person in (ctx.attendee, ctx.admin):
        if await session.get(Attendee, (ctx.event.id, person.id)) is None:
            session.add(Attendee(event_id=ctx.event.id, person_id=person.id, created_at=ctx.now))


async def _ensure_admin_grant(session: AsyncSession, ctx: DemoContext) -> None:
    grant = await session.scalar(
        select(Admin).where(
            Admin.person_id == ctx.admin.id,
            Admin.admin_type == AdminType.CUSTOMER.value,
            Admin.customer_id == ctx.customer.id,
        )
    )
    if grant is None:
        session.add(
            Admin(
                id=new_id(),
                person_id=ctx.admin.id,
                admin_type=AdminType.CUSTOMER.value,
                customer_id=ctx.customer.id,
                roles=[],
                created_at=ctx.now,
            )
        )


async def _ensure_menu(session: AsyncSession, ctx: DemoContext) -> None:
    existing = await session.scalar(select(MenuItem.id).where(MenuItem.event_id == ctx.event.id))
    if existing is not None:
        return  # organizers may have edited the demo menu; keep their version
    # Through the same validation and service the menu API uses, so demo items look exactly
    # like items an organizer creates.
    created = [
        await create_menu_item(session, ctx.services, ctx.event, _MENU_ITEM.validate_python(doc))
        for doc in content.menu_items(ctx.services.settings.public_url)
    ]
    ctx.event.default_page = created[0].id  # the lobby


_WELCOME_MESSAGES = (
    ("demo-welcome-1", "Welcome to the Venuely Demo Conference! This is the event's chat."),
    ("demo-welcome-2", "Say hello here, or open a direct chat from someone's profile."),
)


async def _ensure_chat(session: AsyncSession, ctx: DemoContext) -> None:
    # Fixed TmpIDs make the welcome idempotent: a send with a known (sender, TmpID) is a no-op.
    from venuely.chat.messages import post_message
    from venuely.chat.service import ensure_broadcast_room

    room = await ensure_broadcast_room(session, ctx.event.id, ctx.now)
    for tmp_id, text in _WELCOME_MESSAGES:
        await post_message(
            session, ctx.services, room, sender_id=ctx.admin.id, tmp_id=tmp_id, text=text
        )


async def _ensure_pages(session: AsyncSession, ctx: DemoContext) -> None:
    # The landing page, the FAQ and the photobooth; what exists is the organizers' and stays.
    from venuely.events.pages_models import EventPage, Photobooth

    if await session.get(Photobooth, ctx.event.id) is None:
        session.add(
            Photobooth(
                event_id=ctx.event.id,
                settings=dict(content.PHOTOBOOTH),
                api_key=content.PHOTOBOOTH_KEY,
                updated_at=ctx.now,
            )
        )

    for kind, title, text in (
        ("landing", content.LANDING_TITLE, content.LANDING_TEXT),
        ("faq", content.FAQ_TITLE, content.FAQ_TEXT),
    ):
        if await session.get(EventPage, (ctx.event.id, kind)) is None:
            session.add(
                EventPage(
                    event_id=ctx.event.id, kind=kind, title=title, content=text, updated_at=ctx.now
                )
            )


async def _ensure_videos(session: AsyncSession, ctx: DemoContext) -> None:
    # The cinema's videos, the demo's own among them, before the sessions that stream it.
    from venuely.media.demo import ensure_demo_videos

    ctx.videos = await ensure_demo_videos(session, ctx.services, ctx.event)


async def _ensure_sessions(session: AsyncSession, ctx: DemoContext) -> None:
    from venuely.activities.demo import ENDED_SESSION, ensure_demo_sessions
    from venuely.media.demo import ensure_demo_recording

    video = ctx.videos.mp4 if ctx.videos else None
    talks = await ensure_demo_sessions(
        session, ctx.services, ctx.event, ctx.now, video.id if video else ""
    )
    if video is not None:
        # The session that has ended has its recording: the demo's replay.
        await ensure_demo_recording(session, ctx.services, talks[ENDED_SESSION], video)


async def _ensure_tour(session: AsyncSession, ctx: DemoContext) -> None:
    # The venue the sessions play in: the auditorium's screen is their PanoNodeID/ScreenID.
    from venuely.demo.tour.install import ensure_demo_tour

    await ensure_demo_tour(session, ctx.services, ctx.customer, ctx.event)


async def _ensure_polls(session: AsyncSession, ctx: DemoContext) -> None:
    # After the sessions: the open poll is bound to the live keynote.
    from venuely.activities.models import Activity, EntityType
    from venuely.polls.demo import ensure_demo_polls

    sessions = await session.scalars(
        select(Activity).where(
            Activity.event_id == ctx.event.id, Activity.entity_type == EntityType.SESSION.value
        )
    )
    by_name = {activity.internal_name: activity for activity in sessions.all()}
    await ensure_demo_polls(session, ctx.services, ctx.event, by_name)


async def _ensure_questions(session: AsyncSession, ctx: DemoContext) -> None:
    # The live keynote's Q&A, once the sessions step has placed the keynote.
    from venuely.activities.models import Activity, EntityType
    from venuely.qna.demo import KEYNOTE, ensure_demo_questions

    keynote = await session.scalar(
        select(Activity).where(
            Activity.event_id == ctx.event.id,
            Activity.entity_type == EntityType.SESSION.value,
            Activity.internal_name == KEYNOTE,
        )
    )
    if keynote is not None:
        await ensure_demo_questions(session, ctx.services, ctx.event, keynote)


async def _ensure_breakout_rooms(session: AsyncSession, ctx: DemoContext) -> None:
    from venuely.breakouts.demo import ensure_demo_rooms

    await ensure_demo_rooms(session, ctx.services, ctx.event)


async def _ensure_helpdesk(session: AsyncSession, ctx: DemoContext) -> None:
    # The named agent gets a published login, reset each run like the others.
    from venuely.helpdesk.demo import ensure_demo_helpdesk

    first, last = content.AGENT_NAME
    agent = await _ensure_person(
        session, content.AGENT_EMAIL, content.AGENT_PASSWORD, first, last, ctx.now
    )
    await ensure_demo_helpdesk(session, ctx.services, ctx.event, agent=agent, attendee=ctx.attendee)


async def _ensure_treasure_hunt(session: AsyncSession, ctx: DemoContext) -> None:
    # After the tour: the stars are hidden at its nodes.
    from venuely.treasurehunt.demo import ensure_demo_hunt

    await ensure_demo_hunt(session, ctx.services, ctx.event, ctx.attendee)


async def _ensure_wall_of_fame(session: AsyncSession, ctx: DemoContext) -> None:
    # After the Q&A step, whose audience authors the projects.
    from venuely.walloffame.demo import ensure_demo_wall

    await ensure_demo_wall(session, ctx.services, ctx.event, attendee=ctx.attendee, admin=ctx.admin)


async def _ensure_platform(session: AsyncSession, ctx: DemoContext) -> None:
    # The master login and a pending event request (the console's platform screens).
    from venuely.demo.platform import ensure_demo_platform

    await ensure_demo_platform(session, ctx.now, requester=ctx.attendee)


async def _ensure_analytics(session: AsyncSession, ctx: DemoContext) -> None:
    # Last: a day of attendance for the people and sessions every other step has added.
    from venuely.analytics.demo import ensure_demo_analytics

    await ensure_demo_analytics(session, ctx.event, ctx.now)


DEMO_STEPS: list[DemoStep] = [
    _ensure_attendance,
    _ensure_admin_grant,
    _ensure_menu,
    _ensure_chat,
    _ensure_pages,
    _ensure_videos,
    _ensure_sessions,
    _ensure_tour,
    # Before the polls: it adds the audience whose ballots the closed poll shows from the start.
    _ensure_questions,
    _ensure_polls,
    _ensure_breakout_rooms,
    _ensure_helpdesk,
    _ensure_treasure_hunt,
    _ensure_wall_of_fame,
    _ensure_platform,
    _ensure_analytics,
]


async def seed_demo(services: Services) -> DemoContext:
    now = services.clock.now()
    async with services.db.session() as session:
        customer = await _ensure_customer(session, now)
        await session.flush()
        event = await _ensure_event(session, customer, now)
        attendee = await _ensure_person(
            session, content.ATTENDEE_EMAIL, content.ATTENDEE_PASSWORD, "Alex", "Attendee", now
        )
        admin = await _ensure_person(
            session, content.ADMIN_EMAIL, content.ADMIN_PASSWORD, "Olivia", "Organizer", now
        )
        ctx = DemoContext(services, customer, event, attendee, admin, now)
        for step in DEMO_STEPS:
            await step(session, ctx)
    return ctx


def _summary(settings: Settings) -> str:
    base = settings.public_url
    return "\n".join(
        [
            "",
            f"Demo event '{content.DEMO_TITLE}' is ready.",
            f"  Event:          {base}/{content.DEMO_INTERNAL_NAME}",
            f"  Metadata:       {base}/api/v1/events/name/{content.DEMO_INTERNAL_NAME}/metadata",
            f"  API docs:       {base}/api/docs",
            f"  Attendee login: {content.ATTENDEE_EMAIL} / {content.ATTENDEE_PASSWORD}",
            f"  Admin login:    {content.ADMIN_EMAIL} / {content.ADMIN_PASSWORD}",
            f"  Agent login:    {content.AGENT_EMAIL} / {content.AGENT_PASSWORD} (help desk)",
            f"  Master login:   {content.MASTER_EMAIL} / {content.MASTER_PASSWORD} (console: "
            "customers, event requests)",
            f"  Mail (no SMTP): {settings.mail_dir}/*.eml",
            "",
        ]
    )


async def run_demo_seed(settings: Settings) -> int:
    if settings.env is Environment.PRODUCTION:
        print("venuely demo: refused in production (it creates accounts with published passwords)")
        return 2
    await upgrade_async(settings.effective_database_url)
    services = build_services(settings)
    try:
        await seed_demo(services)
    finally:
        await services.db.dispose()
    print(_summary(settings))
    return 0
