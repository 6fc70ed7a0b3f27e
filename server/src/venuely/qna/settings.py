"""A session's interaction switches: Q&A on, Q&A moderated, reactions on.

They are fields of the session's own document (`SessionIn`), not a table of their own: they
reach attendees the way every other session field does, in the session's attendee view and in
ACTIVITY_SYNC_NOTIFY, and an organizer editing the session sees and keeps them. Documents stored
before the fields existed lack them; `interaction_of` reads them as the defaults (Q&A on and
unmoderated, reactions on), which are also `SessionIn`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity
from venuely.activities.sync import publish_activity
from venuely.core.services import Services
from venuely.qna.schemas import InteractionIn, InteractionOut

_DEFAULTS = {"QnaEnabled": True, "QnaModerated": False, "ReactionsEnabled": True}


@dataclass(frozen=True, slots=True)
class Interaction:
    qna_enabled: bool
    qna_moderated: bool
    reactions_enabled: bool


def _flag(document: Mapping[str, Any], name: str) -> bool:
    value = document.get(name)
    return value if isinstance(value, bool) else _DEFAULTS[name]


def interaction_of(activity: Activity) -> Interaction:
    return interaction_from(activity.document)


def interaction_from(document: Mapping[str, Any]) -> Interaction:
    """The switches of a session's stored document."""
    return Interaction(
        qna_enabled=_flag(document, "QnaEnabled"),
        qna_moderated=_flag(document, "QnaModerated"),
        reactions_enabled=_flag(document, "ReactionsEnabled"),
    )


def interaction_out(activity: Activity) -> InteractionOut:
    flags = interaction_of(activity)
    return InteractionOut(
        SessionID=activity.id,
        QnaEnabled=flags.qna_enabled,
        QnaModerated=flags.qna_moderated,
        ReactionsEnabled=flags.reactions_enabled,
    )


def write_interaction(activity: Activity, body: InteractionIn, services: Services) -> None:
    """Store the switches in the session's document (not committed). A new dict, so the JSON
    column is seen as changed."""
    activity.document = {**activity.document, **body.model_dump()}
    activity.updated_at = services.clock.now()


async def set_interaction(
    session: AsyncSession, services: Services, activity: Activity, body: InteractionIn
) -> InteractionOut:
    """Store, commit, then tell the event's connections (ACTIVITY_SYNC_NOTIFY with the session's
    attendee view, which carries the three fields)."""
    write_interaction(activity, body, services)
    await session.commit()
    await publish_activity(services, activity)
    return interaction_out(activity)
