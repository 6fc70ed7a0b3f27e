"""`GET /activities/activitiesbyrelation`: the activities on the other side of matching relations.

Given `ParentID` the answer is the children (a session's speakers); given only `ChildID` it is
the parents (a speaker's sessions). Relations pointing at something that is not an activity of
this event (a person, a deleted activity) are skipped, and so are relations the reader may not
read (relations/visibility.py: a private chat room's business stays its members'). Order: the
relations' `SortFields` when asked, else relation creation order.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.core.errors import ApiError, ErrorCode
from venuely.relations.models import Relation
from venuely.relations.service import MAX_SORTED, RelationFilter, sort_relations
from venuely.relations.visibility import Reader, readable

MAX_RESULTS = 1000


async def activities_by_relation(
    session: AsyncSession,
    filt: RelationFilter,
    reader: Reader,
    entity_type: EntityType | None,
    order: list[tuple[str, bool]],
) -> list[Activity]:
    if filt.parent_id is None and filt.child_id is None:
        raise ApiError(
            ErrorCode.MISSING_PARAMETER,
            "Missing required parameter ParentID or ChildID for operation activities_by_relation",
            {"Operation": "activities_by_relation", "Parameters": ["ParentID", "ChildID"]},
        )
    other_side = Relation.child_id if filt.parent_id is not None else Relation.parent_id
    query = (
        select(Relation, Activity)
        .join(Activity, Activity.id == other_side)
        .where(*filt.clauses(), readable(reader), Activity.event_id == filt.event_id)
    )
    if entity_type is not None:
        query = query.where(Activity.entity_type == entity_type.value)
    rows = (await session.execute(query.order_by(Relation.id).limit(MAX_SORTED))).all()
    by_relation = {relation.id: activity for relation, activity in rows}
    relations = [relation for relation, _ in rows]
    if order:
        relations = sort_relations(relations, order)
    seen: set[str] = set()
    result: list[Activity] = []
    for relation in relations:
        activity = by_relation[relation.id]
        if activity.id not in seen:
            seen.add(activity.id)
            result.append(activity)
    return result[:MAX_RESULTS]
