"""The data export: a zip of JSON files holding what the person wrote and what is stored about
them, plus the bytes of their uploads.

Only their own rows: their messages (with the room's name, never other people's messages or
names), their ballots, questions, projects, files, agenda, consents and values. An organizer's
export of one event (`Scope.event_id`) holds that event's rows and the profile.

Built in memory: the JSON is small, and file bytes are included up to `MAX_FILE_BYTES` in all;
files beyond it are listed in files.json with `Included: false` (ask the organizer)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import orjson
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person, PersonValue
from venuely.activities.models import Activity
from venuely.agenda.models import AgendaEntry
from venuely.chat.models import ChatMessage, ChatMessageReaction, Chatroom
from venuely.events.models import Attendee, Event
from venuely.files.storage import Storage, StorageError
from venuely.helpdesk.models import HelpdeskTicket
from venuely.polls.models import PollBallot, PollBallotChoice
from venuely.privacy.models import PersonConsent
from venuely.privacy.scope import Scope, event_rows
from venuely.qna.models import Question, Upvote
from venuely.vfiles.content import safe_file_name
from venuely.vfiles.models import VFile
from venuely.vtables.models import VTable, VTableRow

MAX_FILE_BYTES = 100 * 1024 * 1024
Rows = list[dict[str, Any]]

README = """Your data from Venuely{where}, exported {at}.

profile.json    your account: names, addresses, language, time zone, picture link
events.json     the events you registered for, and when
messages.json   the chat messages you wrote (text, room name, times, whether hidden)
reactions.json  your likes and dislikes of chat messages
ballots.json    your votes in polls and what you wrote under "other"
questions.json  your questions in session Q&A, and the questions you upvoted
projects.json   the Wall of Fame projects and other table rows you submitted
files.json      the files you uploaded; their bytes are in files/ (Included: false when the
                archive's size limit was reached)
agenda.json     the sessions in your personal agenda
tickets.json    your help desk requests (topic, state, times)
consents.json   your choices in the consent banner, per event
values.json     settings the app stored for you (account-wide; only in your own export)

Dates are UTC, ISO 8601. Messages of other people are never part of this archive.
"""


def _json(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS)


async def build_export(
    session: AsyncSession, storage: Storage, scope: Scope, now: datetime
) -> bytes:
    person = await session.get(Person, scope.person_id)
    if person is None:
        raise LookupError(scope.person_id)
    files, blobs = await _files(session, scope)
    parts: dict[str, bytes] = {
        "README.txt": README.format(
            where=f" for event {scope.event_id}" if scope.event_id else "", at=now.isoformat()
        ).encode(),
        "profile.json": _json(_profile(person)),
        "events.json": _json(await _events(session, scope)),
        "messages.json": _json(await _messages(session, scope)),
        "reactions.json": _json(await _reactions(session, scope)),
        "ballots.json": _json(await _ballots(session, scope)),
        "questions.json": _json(await _questions(session, scope)),
        "projects.json": _json(await _projects(session, scope)),
        "files.json": _json(files),
        "agenda.json": _json(await _agenda(session, scope)),
        "tickets.json": _json(await _tickets(session, scope)),
        "consents.json": _json(await _consents(session, scope)),
        "values.json": _json(await _values(session, scope)),
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
        for name, digest in blobs:
            try:
                chunks = await storage.open(digest)
            except (KeyError, StorageError):
                continue  # listed in files.json all the same
            with archive.open(f"files/{name}", "w") as target:
                async for chunk in chunks:
                    target.write(chunk)
    return buffer.getvalue()


def _profile(person: Person) -> dict[str, Any]:
    return {
        "ID": person.id,
        "LoginEMail": person.login_email,
        "EMail": person.email,
        "FirstName": person.first_name,
        "LastName": person.last_name,
        "Language": person.language,
        "PictureURL": person.picture_url,
        "TimezoneName": person.timezone_name,
        "TimezoneShift": person.timezone_shift,
        "IsVerified": person.is_verified,
        "HasPassword": person.password_hash is not None,
        "CreatedAt": person.created_at,
        "UpdatedAt": person.updated_at,
    }


async def _events(session: AsyncSession, scope: Scope) -> Rows:
    rows = await session.execute(
        select(Event.id, Event.internal_name, Event.title, Attendee.created_at)
        .join(Attendee, Attendee.event_id == Event.id)
        .where(
            Attendee.person_id == scope.person_id, event_rows(Attendee.__table__, scope.event_id)
        )
        .order_by(Attendee.created_at)
    )
    return [
        {"EventID": e, "InternalName": name, "Title": title, "RegisteredAt": at}
        for e, name, title, at in rows
    ]


async def _messages(session: AsyncSession, scope: Scope) -> Rows:
    rows = await session.execute(
        select(ChatMessage, Chatroom.title, Chatroom.kind)
        .join(Chatroom, Chatroom.id == ChatMessage.chatroom_id)
        .where(
            ChatMessage.sender_id == scope.person_id,
            event_rows(ChatMessage.__table__, scope.event_id),
        )
        .order_by(ChatMessage.created_at)
    )
    return [
        {
            "EventID": m.event_id,
            "ChatroomID": m.chatroom_id,
            "ChatroomTitle": title,
            "ChatroomType": kind,
            "ID": m.id,
            "Text": m.text,
            "RepliedToMessageID": m.replied_to_message_id,
            "CreatedAt": m.created_at,
            "EditedAt": m.edited_at,
            "IsDeletedByAuthor": m.is_deleted_by_author,
            "IsBanned": m.is_banned,
        }
        for m, title, kind in rows
    ]


async def _reactions(session: AsyncSession, scope: Scope) -> Rows:
    rows = await session.scalars(
        select(ChatMessageReaction).where(
            ChatMessageReaction.person_id == scope.person_id,
            event_rows(ChatMessageReaction.__table__, scope.event_id),
        )
    )
    return [{"ChatroomID": r.chatroom_id, "MessageID": r.message_id, "Kind": r.kind} for r in rows]


async def _ballots(session: AsyncSession, scope: Scope) -> Rows:
    rows = (
        await session.execute(
            select(PollBallot, Activity.title)
            .join(Activity, Activity.id == PollBallot.poll_id)
            .where(
                PollBallot.person_id == scope.person_id,
                event_rows(PollBallot.__table__, scope.event_id),
            )
        )
    ).all()
    ids = [ballot.id for ballot, _ in rows]
    choices: dict[str, list[str]] = {}
    for choice in await session.scalars(
        select(PollBallotChoice).where(PollBallotChoice.ballot_id.in_(ids))
    ):
        choices.setdefault(choice.ballot_id, []).append(choice.option_id)
    return [
        {
            "EventID": ballot.event_id,
            "PollID": ballot.poll_id,
            "PollTitle": title,
            "OptionIDs": sorted(choices.get(ballot.id, [])),
            "OtherText": ballot.other_text,
            "CreatedAt": ballot.created_at,
            "UpdatedAt": ballot.updated_at,
        }
        for ballot, title in rows
    ]


async def _questions(session: AsyncSession, scope: Scope) -> dict[str, Any]:
    asked = await session.scalars(
        select(Question).where(
            Question.person_id == scope.person_id,
            event_rows(Question.__table__, scope.event_id),
        )
    )
    upvoted = await session.scalars(
        select(Upvote.question_id).where(
            Upvote.person_id == scope.person_id, event_rows(Upvote.__table__, scope.event_id)
        )
    )
    return {
        "Asked": [
            {
                "EventID": q.event_id,
                "SessionID": q.session_id,
                "ID": q.id,
                "Text": q.text,
                "Anonymous": q.anonymous,
                "Status": q.status,
                "Answered": q.answered,
                "CreatedAt": q.created_at,
            }
            for q in asked
        ],
        "UpvotedQuestionIDs": sorted(upvoted),
    }


async def _projects(session: AsyncSession, scope: Scope) -> Rows:
    rows = await session.execute(
        select(VTableRow, VTable.name, VTable.event_id)
        .join(VTable, VTable.id == VTableRow.vtable_id)
        .where(
            VTableRow.person_id == scope.person_id,
            event_rows(VTableRow.__table__, scope.event_id),
        )
    )
    return [
        {
            "EventID": event_id,
            "Table": name,
            "ID": row.id,
            "Data": row.data,
            "CreatedAt": row.created_at,
            "UpdatedAt": row.updated_at,
        }
        for row, name, event_id in rows
    ]


async def _files(session: AsyncSession, scope: Scope) -> tuple[Rows, list[tuple[str, str]]]:
    """files.json's rows, and (archive name, blob hash) of the bytes to include."""
    found = await session.scalars(
        select(VFile)
        .where(VFile.person_id == scope.person_id, event_rows(VFile.__table__, scope.event_id))
        .order_by(VFile.id)
    )
    rows: Rows = []
    blobs: list[tuple[str, str]] = []
    budget = MAX_FILE_BYTES
    for vfile in found:
        name: str | None = None
        if vfile.file_hash is not None and vfile.file_bytes <= budget:
            name = f"{vfile.id}-{safe_file_name(vfile.file_name) or 'file'}"
            budget -= vfile.file_bytes
            blobs.append((name, vfile.file_hash))
        rows.append(
            {
                "EventID": vfile.event_id,
                "ID": vfile.id,
                "Title": vfile.title,
                "EntityType": vfile.entity_type,
                "EntityID": vfile.entity_id,
                "FileType": vfile.file_type,
                "URL": vfile.url,
                "FileName": vfile.file_name,
                "MimeType": vfile.mime_type,
                "FileBytes": vfile.file_bytes,
                "CreatedAt": vfile.created_at,
                "Included": name is not None or vfile.file_hash is None,
                "ArchiveName": f"files/{name}" if name else None,
            }
        )
    return rows, blobs


async def _agenda(session: AsyncSession, scope: Scope) -> Rows:
    rows = await session.execute(
        select(AgendaEntry, Activity.title)
        .join(Activity, Activity.id == AgendaEntry.session_id)
        .where(
            AgendaEntry.person_id == scope.person_id,
            event_rows(AgendaEntry.__table__, scope.event_id),
        )
    )
    return [
        {
            "EventID": entry.event_id,
            "SessionID": entry.session_id,
            "SessionTitle": title,
            "AddedAt": entry.created_at,
        }
        for entry, title in rows
    ]


async def _tickets(session: AsyncSession, scope: Scope) -> Rows:
    rows = await session.scalars(
        select(HelpdeskTicket).where(
            HelpdeskTicket.requester_id == scope.person_id,
            event_rows(HelpdeskTicket.__table__, scope.event_id),
        )
    )
    return [
        {
            "EventID": t.event_id,
            "ID": t.id,
            "ChatroomID": t.chatroom_id,
            "Topic": t.topic,
            "State": t.state,
            "CreatedAt": t.created_at,
            "ClosedAt": t.closed_at,
        }
        for t in rows
    ]


async def _consents(session: AsyncSession, scope: Scope) -> Rows:
    rows = await session.scalars(
        select(PersonConsent).where(
            PersonConsent.person_id == scope.person_id,
            event_rows(PersonConsent.__table__, scope.event_id),
        )
    )
    return [
        {
            "EventID": c.event_id,
            "Functional": c.functional,
            "Statistics": c.statistics,
            "UpdatedAt": c.updated_at,
        }
        for c in rows
    ]


async def _values(session: AsyncSession, scope: Scope) -> Sequence[dict[str, Any]]:
    if scope.event_id is not None:
        return []  # account-wide settings: not one event's data
    rows = await session.scalars(
        select(PersonValue).where(PersonValue.person_id == scope.person_id)
    )
    return [{"Key": v.key, "Value": v.value, "UpdatedAt": v.updated_at} for v in rows]
