"""Relations: filtered queries, client-defined ordering, writes, and persons by relation.

`SortFields` orders by keys of each relation's `SortFields` document. The values are JSON of any
type, which SQLite and PostgreSQL order differently, so ordering happens here, after a filtered
query whose size is capped (`MAX_SORTED`): sorted lists are per parent (a session's speakers, a
room's moderators), never whole events.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, and_, delete, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.admins.models import Admin, AdminType
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.pagination import page_after_item, page_by_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.relations.models import Relation
from venuely.relations.references import check_references
from venuely.relations.schemas import PersonByRelationOut, RelationIn, RelationOut
from venuely.relations.visibility import Reader, readable

MAX_SORTED = 10_000
PERSON_TYPE = "Person"
_SORT_ITEM = re.compile(r"^-?[A-Za-z0-9_]{1,40}$")


@dataclass(frozen=True, slots=True)
class RelationFilter:
    event_id: str
    parent_type: str | None = None
    parent_id: str | None = None
    relation_type: str | None = None
    child_type: str | None = None
    child_id: str | None = None

    def clauses(self) -> list[ColumnElement[bool]]:
        clauses = [Relation.event_id == self.event_id]
        for column, value in (
            (Relation.parent_type, self.parent_type),
            (Relation.parent_id, self.parent_id),
            (Relation.relation_type, self.relation_type),
            (Relation.child_type, self.child_type),
            (Relation.child_id, self.child_id),
        ):
            if value is not None:
                clauses.append(column == value)
        return clauses

    @property
    def narrowed(self) -> bool:
        """Whether anything besides the event is filtered on."""
        return any(
            v is not None
            for v in (
                self.parent_type,
                self.parent_id,
                self.relation_type,
                self.child_type,
                self.child_id,
            )
        )


def parse_sort_fields(raw: str | None) -> list[tuple[str, bool]]:
    """`"Index,-Name"` → [("Index", ascending), ("Name", descending)]."""
    if raw is None or not raw.strip():
        return []
    items = [part.strip() for part in raw.split(",") if part.strip()]
    bad = [item for item in items if not _SORT_ITEM.match(item)]
    if bad or len(items) > 5:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "SortFields is a comma-separated list of at most 5 keys, each optionally prefixed "
            "with '-' for descending order",
            {"SortFields": raw},
        )
    return [(item.lstrip("-"), item.startswith("-")) for item in items]


def _rank(value: Any) -> tuple[int, Any]:
    # Numbers (and booleans) before strings; each kind in its natural order.
    if isinstance(value, bool | int | float):
        return (0, float(value))
    return (1, str(value))


def sort_relations(rows: Sequence[Relation], order: list[tuple[str, bool]]) -> list[Relation]:
    """Stable multi-key sort; relations without a key come last in either direction, and ties
    keep id order."""
    result = sorted(rows, key=lambda r: r.id)
    for key, descending in reversed(order):
        present = [r for r in result if r.sort_fields.get(key) is not None]
        missing = [r for r in result if r.sort_fields.get(key) is None]
        present.sort(key=lambda r: _rank(r.sort_fields[key]), reverse=descending)
        result = present + missing
    return result


def relation_out(relation: Relation) -> RelationOut:
    return RelationOut(
        ID=relation.id,
        EventID=relation.event_id,
        ParentType=relation.parent_type,
        ParentID=relation.parent_id,
        RelationType=relation.relation_type,
        ChildType=relation.child_type,
        ChildID=relation.child_id,
        SortFields=dict(relation.sort_fields),
        CreatedAt=relation.created_at,
        UpdatedAt=relation.updated_at,
    )


async def find_relations(
    session: AsyncSession,
    filt: RelationFilter,
    reader: Reader,
    *,
    order: list[tuple[str, bool]],
    start_id: str | None,
    limit: int,
) -> list[Relation]:
    query = select(Relation).where(*filt.clauses(), readable(reader))
    if not order:
        return list((await session.scalars(page_by_id(query, Relation.id, start_id, limit))).all())
    rows = list((await session.scalars(query.limit(MAX_SORTED + 1))).all())
    if len(rows) > MAX_SORTED:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            f"More than {MAX_SORTED} relations match; narrow the filters to sort them",
            {"Limit": MAX_SORTED},
        )
    page = page_after_item(sort_relations(rows, order), start_id, limit, lambda r: r.id)
    if page is None:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "StartID is not one of the matching relations; start again without it",
            {"StartID": start_id},
        )
    return page


async def count_relations(session: AsyncSession, filt: RelationFilter, reader: Reader) -> int:
    query = select(func.count()).select_from(Relation).where(*filt.clauses(), readable(reader))
    return int(await session.scalar(query) or 0)


async def delete_relations(session: AsyncSession, filt: RelationFilter) -> int:
    if not filt.narrowed:
        # One forgotten parameter must not wipe every relation of an event.
        raise ApiError(
            ErrorCode.MISSING_PARAMETER,
            "Deleting relations needs EventID and at least one of ParentType, ParentID, "
            "RelationType, ChildType, ChildID",
            {"Operation": "delete_relations", "Parameters": ["ParentID"]},
        )
    ids = list((await session.scalars(select(Relation.id).where(*filt.clauses()))).all())
    if ids:
        await session.execute(delete(Relation).where(Relation.id.in_(ids)))
    return len(ids)


async def _check_body(session: AsyncSession, body: RelationIn) -> None:
    await check_references(
        session,
        body.EventID,
        (("ParentID", body.ParentType, body.ParentID), ("ChildID", body.ChildType, body.ChildID)),
    )


async def _duplicate(session: AsyncSession, body: RelationIn, exclude_id: str | None) -> None:
    query = select(Relation.id).where(
        *RelationFilter(
            body.EventID,
            body.ParentType,
            body.ParentID,
            body.RelationType,
            body.ChildType,
            body.ChildID,
        ).clauses()
    )
    if exclude_id is not None:
        query = query.where(Relation.id != exclude_id)
    existing = await session.scalar(query.limit(1))
    if existing is not None:
        raise ApiError(
            ErrorCode.CONFLICT,
            "This relation exists already",
            {"RelationID": existing},
        )


async def create_relation(session: AsyncSession, services: Services, body: RelationIn) -> Relation:
    if body.ID is not None:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR, "ID is assigned by the server on create", {"ID": body.ID}
        )
    await _check_body(session, body)
    await _duplicate(session, body, None)
    now = services.clock.now()
    relation = Relation(
        id=new_id(),
        event_id=body.EventID,
        parent_type=body.ParentType,
        parent_id=body.ParentID,
        relation_type=body.RelationType,
        child_type=body.ChildType,
        child_id=body.ChildID,
        sort_fields=dict(body.SortFields),
        created_at=now,
        updated_at=now,
    )
    session.add(relation)
    await session.flush()
    return relation


async def update_relation(
    session: AsyncSession, services: Services, relation: Relation, body: RelationIn
) -> Relation:
    if body.ID is not None and relation.id != body.ID:
        raise ApiError(ErrorCode.VALIDATION_ERROR, "ID does not match the path", {"ID": body.ID})
    if body.EventID != relation.event_id:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "A relation cannot move to another event",
            {"EventID": body.EventID},
        )
    await _check_body(session, body)
    await _duplicate(session, body, relation.id)
    relation.parent_type, relation.parent_id = body.ParentType, body.ParentID
    relation.relation_type = body.RelationType
    relation.child_type, relation.child_id = body.ChildType, body.ChildID
    relation.sort_fields = dict(body.SortFields)
    relation.updated_at = services.clock.now()
    await session.flush()
    return relation


def _grant_applies(event: Event) -> ColumnElement[bool]:
    return or_(
        Admin.admin_type == AdminType.MASTER.value,
        and_(Admin.admin_type == AdminType.CUSTOMER.value, Admin.customer_id == event.customer_id),
        and_(Admin.admin_type == AdminType.EVENT.value, Admin.event_id == event.id),
    )


async def persons_by_relation(
    session: AsyncSession,
    event: Event,
    filt: RelationFilter,
    reader: Reader,
    *,
    with_roles: bool,
    limit: int = 1000,
) -> list[PersonByRelationOut]:
    """Persons named as children of the matching relations, in relation order (by id).

    Only children of type "Person" count: those are checked to be the event's attendees or
    organizers when the relation is written (references.py), so a relation cannot be used to read
    the name and picture of someone outside the event through an id typed as something else."""
    rows = (
        await session.execute(
            select(Relation, Person)
            .join(Person, Person.id == Relation.child_id)
            .where(*filt.clauses(), Relation.child_type == PERSON_TYPE, readable(reader))
            .order_by(Relation.id)
            .limit(limit)
        )
    ).all()
    roles: dict[str, list[str]] = {}
    admins: set[str] = set()
    if with_roles and rows:
        grants = await session.scalars(
            select(Admin).where(
                Admin.person_id.in_({row[1].id for row in rows}), _grant_applies(event)
            )
        )
        for grant in grants:
            admins.add(grant.person_id)
            roles.setdefault(grant.person_id, []).extend(grant.roles)
    return [
        PersonByRelationOut(
            ID=person.id,
            PersonID=person.id,
            FirstName=person.first_name,
            LastName=person.last_name,
            FullName=person.full_name,
            PictureURL=person.picture_url,
            RelationID=relation.id,
            RelationType=relation.relation_type,
            SortFields=dict(relation.sort_fields),
            IsAdmin=(person.id in admins) if with_roles else None,
            Roles=sorted(set(roles.get(person.id, []))) if with_roles else None,
        )
        for relation, person in rows
    ]
