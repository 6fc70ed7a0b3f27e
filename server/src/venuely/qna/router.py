"""HTTP routes of Q&A and the session's interaction switches, under
/events/{EventID}/sessions/{SessionID} (docs/subsystems/qna.md).

Attendees and organizers (`EventMember`) read the board, ask, upvote and delete their own
questions; organizers (`EventAdmin`) moderate, switch Q&A and reactions, and export.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Path, Response

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.lists import csvexport
from venuely.qna import export, service
from venuely.qna.access import access_qna_session, access_question
from venuely.qna.schemas import (
    InteractionIn,
    InteractionOut,
    QuestionIn,
    QuestionOut,
    QuestionPatch,
)
from venuely.qna.settings import set_interaction

router = APIRouter(tags=["qna"])

BASE = "/events/{EventID}/sessions/{SessionID}"
QUESTIONS = BASE + "/questions"
QUESTION = QUESTIONS + "/{QuestionID}"

SessionIdPath = Annotated[str, Path(alias="SessionID", pattern=ID_PATTERN)]
QuestionIdPath = Annotated[str, Path(alias="QuestionID", pattern=ID_PATTERN)]

_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
_CSV_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {"text/csv": {"schema": {"type": "string"}}},
        "description": "UTF-8 CSV with BOM",
    }
}


@router.get(QUESTIONS, response_model=list[QuestionOut])
async def list_questions(
    access: EventMember, session_id: SessionIdPath, session: SessionDep
) -> list[QuestionOut]:
    """The session's questions, pinned first, then by upvotes, then oldest: attendees get the
    visible ones and their own, organizers all."""
    activity = await access_qna_session(session, access.event, session_id)
    return await service.list_questions(session, activity, service.viewer_of(access))


@router.post(QUESTIONS, response_model=QuestionOut, status_code=201)
async def ask_question(
    access: EventMember,
    session_id: SessionIdPath,
    body: QuestionIn,
    session: SessionDep,
    services: ServicesDep,
) -> QuestionOut:
    """Asks a question: visible at once, or pending until an organizer approves it when the
    session is moderated."""
    activity = await access_qna_session(session, access.event, session_id)
    return await service.ask_question(session, services, access, activity, body)


@router.put(QUESTION + "/vote", response_model=QuestionOut)
async def upvote_question(
    access: EventMember,
    session_id: SessionIdPath,
    question_id: QuestionIdPath,
    session: SessionDep,
    services: ServicesDep,
) -> QuestionOut:
    activity = await access_qna_session(session, access.event, session_id)
    question = await access_question(session, access, activity, question_id)
    return await service.upvote(session, services, access, activity, question)


@router.delete(QUESTION + "/vote", response_model=QuestionOut)
async def remove_upvote(
    access: EventMember,
    session_id: SessionIdPath,
    question_id: QuestionIdPath,
    session: SessionDep,
    services: ServicesDep,
) -> QuestionOut:
    """Takes the caller's upvote back; 200 also when there was none."""
    activity = await access_qna_session(session, access.event, session_id)
    question = await access_question(session, access, activity, question_id)
    return await service.remove_upvote(session, services, access, activity, question)


@router.patch(QUESTION, response_model=QuestionOut)
async def moderate_question(
    access: EventAdmin,
    session_id: SessionIdPath,
    question_id: QuestionIdPath,
    body: QuestionPatch,
    session: SessionDep,
    services: ServicesDep,
) -> QuestionOut:
    """Approves or hides a question, marks it answered, pins it (unpinning the other one)."""
    activity = await access_qna_session(session, access.event, session_id)
    question = await access_question(session, access, activity, question_id)
    return await service.moderate(session, services, access, activity, question, body)


@router.delete(QUESTION, status_code=204)
async def delete_question(
    access: EventMember,
    session_id: SessionIdPath,
    question_id: QuestionIdPath,
    session: SessionDep,
    services: ServicesDep,
) -> Response:
    """Its author, or an organizer, deletes a question."""
    activity = await access_qna_session(session, access.event, session_id)
    question = await access_question(session, access, activity, question_id)
    await service.delete_question(session, services, access, question)
    return Response(status_code=204)


@router.get(QUESTIONS + ".csv", response_class=Response, responses=_CSV_RESPONSE)
async def questions_csv(
    access: EventAdmin, session_id: SessionIdPath, session: SessionDep
) -> Response:
    """Every question of the session with its author, for the organizers' records."""
    activity = await access_qna_session(session, access.event, session_id)
    body = csvexport.render(export.EXPORT_COLUMNS, await export.export_rows(session, activity))
    name = _UNSAFE_NAME.sub("-", f"{access.event.internal_name}-{activity.internal_name}")
    return csvexport.csv_response(body, f"questions-{name.strip('-.')}.csv")


@router.put(BASE + "/interaction", response_model=InteractionOut)
async def set_session_interaction(
    access: EventAdmin,
    session_id: SessionIdPath,
    body: InteractionIn,
    session: SessionDep,
    services: ServicesDep,
) -> InteractionOut:
    """Switches the session's Q&A, its moderation and its reactions; attendees hear it through
    ACTIVITY_SYNC_NOTIFY."""
    activity = await access_qna_session(session, access.event, session_id)
    return await set_interaction(session, services, activity, body)
