"""Who may read which relation: the one rule every relation read applies.

Relations are the event's wiring, and most of it is public inside the event: a session's speakers,
who moderates the broadcast room. Some of it is not: the membership of a direct or group chat
tells who talks to whom. So the rule follows the *context* a relation names, not only its type:

- Organizers of the event (its admins of any level) read every relation.
- Everyone else who may read the event (its attendees) reads a relation unless it names, as
  parent or child, a private context they are not part of: a direct or group chat room they are
  not a member of. Every relation type follows this, the ones the product defines (`Speaker`,
  `Moderator`, `ChatroomAdmin`, `ChatroomAttendee`) and those organizers make up.

Private contexts are declared by the features that own them (`register_private_context`: chat
declares its rooms), because relations sit below those features and must not import them.
Lists and counts leave hidden rows out; a single hidden row is "not found", like one that does
not exist, so a probe cannot tell the two apart. docs/subsystems/permissions.md has the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import ColumnElement, Select, and_, not_, true

from venuely.relations.models import Relation

# (event id, person id) -> the ids of that event's contexts of one type the person may NOT read.
HiddenContexts = Callable[[str, str], Select[str]]

_PRIVATE_CONTEXTS: dict[str, HiddenContexts] = {}


def register_private_context(context_type: str, hidden: HiddenContexts) -> HiddenContexts:
    """Declare that relations naming a `context_type` object (as ParentType or ChildType) are
    readable only by those the object admits; `hidden` selects the ids a person may not read."""
    _PRIVATE_CONTEXTS[context_type] = hidden
    return hidden


def private_context_types() -> frozenset[str]:
    return frozenset(_PRIVATE_CONTEXTS)


@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads: a person of an event, organizer or not."""

    event_id: str
    person_id: str
    is_organizer: bool


def readable(reader: Reader) -> ColumnElement[bool]:
    """The SQL condition a relation row must meet for `reader` to see it."""
    if reader.is_organizer:
        return true()
    clauses: list[ColumnElement[bool]] = []
    for context_type, hidden in _PRIVATE_CONTEXTS.items():
        ids = hidden(reader.event_id, reader.person_id)
        for side_type, side_id in (
            (Relation.parent_type, Relation.parent_id),
            (Relation.child_type, Relation.child_id),
        ):
            clauses.append(not_(and_(side_type == context_type, side_id.in_(ids))))
    return and_(true(), *clauses)
