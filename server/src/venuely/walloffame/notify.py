"""Who hears about a project: the event's organizers (the staff channel every organizer's
socket of the event listens on, `realtime/gateway.py`) and the project's author (their
`person:` channel). Never the whole event: a pending project is nobody else's business, and
the gallery re-reads on its own terms.

Service functions return the notice as an effect (`chat.publish`), delivered by the route after
its commit, so a frame never announces a change a rollback could still take back.
"""

from __future__ import annotations

from typing import cast

from venuely.chat.publish import Publication, publication
from venuely.realtime.hub import person_channel, staff_channel
from venuely.realtime.opcodes import Opcode
from venuely.walloffame.frames import ProjectNotice, StateName
from venuely.walloffame.store import Project


def project_notice(event_id: str, project: Project, *, deleted: bool = False) -> Publication:
    channels = [staff_channel(event_id)]
    author = project.author_id
    if author is not None:
        channels.append(person_channel(author))
    payload = ProjectNotice(
        EventID=event_id,
        ProjectID=project.id,
        # The stored values are the wire's (models.ReviewState).
        State=cast(StateName, project.review.state),
        Featured=project.review.featured,
        AuthorID=author or "",
        Deleted=deleted,
    )
    return publication(channels, Opcode.WALLOFFAME_PROJECT_NOTIFY, payload)
