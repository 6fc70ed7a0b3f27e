"""QUESTION_NOTIFY: which connections hear about a question, and what they read of it.

Called after the commit (architecture.md §5); a lost frame is repaired by the client re-reading
`GET .../questions`. A frame carries the question's whole state, so a client simply replaces what
it holds by ID, and hearing one twice (a socket on two of the channels) is harmless.

- visible: the question to `event:{EventID}` (organizers and the author are on it too);
- pending: the question to the author's `person:{PersonID}` and to `staff:{EventID}`;
- hidden: to the event the question with `Text` "" and `AuthorName` null (clients drop it), and
  the question itself to its author and to staff.

A hidden question goes to the event first and to the author and staff after: their sockets are
on the event channel too, so the full frame must be the last they get. `AuthorName` is null for
an anonymous question in every frame (organizers read names over REST). Deletions go the same
way with `Deleted` true.
"""

from __future__ import annotations

from venuely.core.services import Services
from venuely.qna.frames import QuestionNotice, QuestionStatus
from venuely.qna.models import Question, Status
from venuely.realtime.hub import event_channel, person_channel, staff_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish

_WIRE_STATUS: dict[str, QuestionStatus] = {
    Status.PENDING: "pending",
    Status.VISIBLE: "visible",
    Status.HIDDEN: "hidden",
}


def wire_status(question: Question) -> QuestionStatus:
    return _WIRE_STATUS[question.status]


def question_notice(
    question: Question, author_name: str, *, deleted: bool = False, blank: bool = False
) -> QuestionNotice:
    return QuestionNotice(
        ID=question.id,
        EventID=question.event_id,
        SessionID=question.session_id,
        Text="" if blank else question.text,
        AuthorName=None if blank or question.anonymous else author_name,
        Anonymous=question.anonymous,
        Status=wire_status(question),
        Answered=question.answered,
        Pinned=question.pinned,
        Votes=question.votes,
        CreatedAt=question.created_at,
        Deleted=deleted,
    )


async def publish_question(
    services: Services, question: Question, author_name: str, *, deleted: bool = False
) -> None:
    full = question_notice(question, author_name, deleted=deleted)
    private = [person_channel(question.person_id), staff_channel(question.event_id)]
    everyone = event_channel(question.event_id)
    if question.status == Status.VISIBLE:
        await publish(services.hub, everyone, Opcode.QUESTION_NOTIFY, full)
        return
    if question.status == Status.HIDDEN:
        blank = question_notice(question, author_name, deleted=deleted, blank=True)
        await publish(services.hub, everyone, Opcode.QUESTION_NOTIFY, blank)
    await publish(services.hub, private, Opcode.QUESTION_NOTIFY, full)
