"""The demo keynote's Q&A: a few questions from people in the audience (docs/subsystems/qna.md).

**Decision:** the keynote is unmoderated, so what the demo attendee asks appears at once, as on
most stages. One question is still pending: it was asked while the organizers had moderation on,
and it waits in the demo admin's queue to be approved or hidden. Of the visible ones, one is
pinned (the speaker is on it now) and one is answered. One is anonymous: the attendee sees no name
on it, the admin does.

The askers are four audience members with demo addresses and no password (nobody logs in as
them), attendees of the demo event. Each seed finds the questions by session, asker and text and
puts them back in this state: re-centred on the current time like the sessions, with the same
upvotes, whatever a demo visitor did to them. Questions visitors asked are left alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.activities.models import Activity
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.demo.people import demo_person
from venuely.events.models import Attendee, Event
from venuely.qna.models import Question, Status, Upvote
from venuely.qna.schemas import InteractionIn
from venuely.qna.settings import write_interaction

# The live session of the demo's programme (activities/demo.py).
KEYNOTE = "demo-keynote"
# (email, first name, last name)
AUDIENCE = (
    ("sam.rivera@demo.venuely.example", "Sam", "Rivera"),
    ("priya.nair@demo.venuely.example", "Priya", "Nair"),
    ("jordan.lee@demo.venuely.example", "Jordan", "Lee"),
    ("lena.fischer@demo.venuely.example", "Lena", "Fischer"),
)


@dataclass(frozen=True, slots=True)
class DemoQuestion:
    asker: int  # index into AUDIENCE
    text: str
    minutes_ago: int
    status: Status = Status.VISIBLE
    anonymous: bool = False
    answered: bool = False
    pinned: bool = False
    upvoters: tuple[int, ...] = ()


QUESTIONS = (
    DemoQuestion(
        0,
        "Will the recordings of today's sessions be available afterwards?",
        minutes_ago=24,
        answered=True,
        upvoters=(2,),
    ),
    DemoQuestion(
        1,
        "How do you keep remote attendees as involved as the people in the front row?",
        minutes_ago=17,
        anonymous=True,
        pinned=True,
        upvoters=(0, 2, 3),
    ),
    DemoQuestion(
        2,
        "Which streaming setup would you recommend for a small team on a tight budget?",
        minutes_ago=9,
        upvoters=(1, 3),
    ),
    DemoQuestion(
        3,
        "Is there a way to meet the speakers one-on-one after the keynote?",
        minutes_ago=4,
        status=Status.PENDING,
    ),
)


async def _audience(session: AsyncSession, services: Services, event: Event) -> list[Person]:
    now = services.clock.now()
    people = []
    for email, first, last in AUDIENCE:
        person = await demo_person(session, email, first, last, now)
        if await session.get(Attendee, (event.id, person.id)) is None:
            session.add(Attendee(event_id=event.id, person_id=person.id, created_at=now))
        people.append(person)
    return people


async def ensure_demo_questions(
    session: AsyncSession, services: Services, event: Event, keynote_session: Activity
) -> None:
    now = services.clock.now()
    # Q&A and reactions on, unmoderated (also what a session without the fields reads as).
    write_interaction(
        keynote_session,
        InteractionIn(QnaEnabled=True, QnaModerated=False, ReactionsEnabled=True),
        services,
    )
    people = await _audience(session, services, event)
    kept: list[str] = []
    for spec in QUESTIONS:
        asker = people[spec.asker]
        question = await session.scalar(
            select(Question).where(
                Question.session_id == keynote_session.id,
                Question.person_id == asker.id,
                Question.text == spec.text,
            )
        )
        if question is None:
            question = Question(
                id=new_id(),
                event_id=event.id,
                session_id=keynote_session.id,
                person_id=asker.id,
                text=spec.text,
            )
            session.add(question)
        asked = now - timedelta(minutes=spec.minutes_ago)
        question.anonymous, question.status = spec.anonymous, spec.status.value
        question.answered, question.pinned = spec.answered, spec.pinned
        question.answered_at = asked + timedelta(minutes=5) if spec.answered else None
        question.created_at = question.updated_at = asked
        question.votes = len(spec.upvoters)
        await session.flush()
        await _upvotes(session, question, [people[i].id for i in spec.upvoters], asked)
        kept.append(question.id)
    # One pinned question per session: a visitor's pin gives way to the demo's.
    await session.execute(
        update(Question)
        .where(Question.session_id == keynote_session.id, Question.id.not_in(kept))
        .values(pinned=False)
    )


async def _upvotes(
    session: AsyncSession, question: Question, voters: list[str], asked_at: datetime
) -> None:
    stored = set(
        (
            await session.scalars(select(Upvote.person_id).where(Upvote.question_id == question.id))
        ).all()
    )
    for person_id in stored - set(voters):
        found = await session.get(Upvote, (question.id, person_id))
        if found is not None:
            await session.delete(found)
    for person_id in set(voters) - stored:
        session.add(Upvote(question_id=question.id, person_id=person_id, created_at=asked_at))
