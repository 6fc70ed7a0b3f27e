"""Wire shapes of the Q&A routes (docs/subsystems/qna.md).

`Text` is a plain string here on purpose: an empty or overlong question is the service's
TEXT_EMPTY / TEXT_TOO_LONG, as in chat, not a generic validation error. The body size limit
bounds it before that.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict

from venuely.qna.frames import QuestionStatus


def _encodable(value: str) -> str:
    # JSON may carry a lone UTF-16 surrogate ("\ud800"), which no database can store as text.
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("must be Unicode text (it holds a lone surrogate)") from None
    return value


class QuestionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    Text: Annotated[str, AfterValidator(_encodable)]
    # Other attendees do not learn who asked; organizers still do.
    Anonymous: bool = False


class QuestionPatch(BaseModel):
    """What organizers change; fields left out stay as they are. Pinning needs a question that is
    visible after the change; hiding one unpins it."""

    model_config = ConfigDict(extra="forbid")

    Status: Literal["visible", "hidden"] | None = None
    Answered: bool | None = None
    Pinned: bool | None = None


class QuestionOut(BaseModel):
    """A question as the caller may read it: QUESTION_NOTIFY's fields without `Deleted`, plus
    whether the caller upvoted it and whether the caller asked it. `AuthorName` is null for an
    anonymous question, except to organizers and its author."""

    ID: str
    EventID: str
    SessionID: str
    Text: str
    AuthorName: str | None
    Anonymous: bool
    Status: QuestionStatus
    Answered: bool
    Pinned: bool
    Votes: int
    CreatedAt: datetime
    Upvoted: bool
    Mine: bool


class InteractionIn(BaseModel):
    """The session's interaction switches, all three (a PUT replaces them)."""

    model_config = ConfigDict(extra="forbid")

    QnaEnabled: bool
    QnaModerated: bool
    ReactionsEnabled: bool


class InteractionOut(BaseModel):
    SessionID: str
    QnaEnabled: bool
    QnaModerated: bool
    ReactionsEnabled: bool
