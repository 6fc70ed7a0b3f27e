"""HTTP routes for relations and `GET /personsbyrelation`.

The event is a query parameter here (admin-api.md §7), so every route uses the `Authenticated`
policy and `access.py` applies the event rules. Reads: members of the event, each seeing the
relations `visibility.py` lets them read; writes: its admins.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Response

from venuely.accounts.permissions import Authenticated
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.core.pagination import MaxCountQuery, StartIdQuery
from venuely.relations import service
from venuely.relations.access import access_event_by_id, access_relation, reader_of
from venuely.relations.schemas import (
    REF_PATTERN,
    TYPE_PATTERN,
    CountOut,
    DeletedOut,
    PersonByRelationOut,
    RelationIn,
    RelationOut,
)

router = APIRouter(tags=["relations"])

EventIdQuery = Annotated[str, Query(alias="EventID", pattern=ID_PATTERN)]
ParentType = Annotated[str | None, Query(alias="ParentType", pattern=TYPE_PATTERN)]
ParentID = Annotated[str | None, Query(alias="ParentID", pattern=REF_PATTERN)]
RelationTypeQ = Annotated[str | None, Query(alias="RelationType", pattern=TYPE_PATTERN)]
ChildType = Annotated[str | None, Query(alias="ChildType", pattern=TYPE_PATTERN)]
ChildID = Annotated[str | None, Query(alias="ChildID", pattern=REF_PATTERN)]
RelationIdPath = Annotated[str, Path(alias="RelationID", pattern=ID_PATTERN)]


async def _relation_filter(
    event_id: EventIdQuery,
    parent_type: ParentType = None,
    parent_id: ParentID = None,
    relation_type: RelationTypeQ = None,
    child_type: ChildType = None,
    child_id: ChildID = None,
) -> service.RelationFilter:
    """The filter query parameters that count, delete and list share."""
    return service.RelationFilter(
        event_id, parent_type, parent_id, relation_type, child_type, child_id
    )


FilterDep = Annotated[service.RelationFilter, Depends(_relation_filter)]


@router.get("/relations/count", response_model=CountOut)
async def count_relations(
    principal: Authenticated,
    session: SessionDep,
    filt: FilterDep,
) -> CountOut:
    access = await access_event_by_id(session, principal, filt.event_id, admin=False)
    return CountOut(Count=await service.count_relations(session, filt, reader_of(access)))


@router.delete("/relations", response_model=DeletedOut)
async def delete_relations(
    principal: Authenticated,
    session: SessionDep,
    filt: FilterDep,
) -> DeletedOut:
    await access_event_by_id(session, principal, filt.event_id, admin=True)
    return DeletedOut(Deleted=await service.delete_relations(session, filt))


@router.get("/relations", response_model=list[RelationOut])
async def list_relations(
    principal: Authenticated,
    session: SessionDep,
    filt: FilterDep,
    max_count: MaxCountQuery = 100,
    start_id: StartIdQuery = None,
    sort_fields: Annotated[str | None, Query(alias="SortFields", max_length=300)] = None,
) -> list[RelationOut]:
    access = await access_event_by_id(session, principal, filt.event_id, admin=False)
    order = service.parse_sort_fields(sort_fields)
    rows = await service.find_relations(
        session, filt, reader_of(access), order=order, start_id=start_id, limit=max_count
    )
    return [service.relation_out(r) for r in rows]


@router.post("/relations", response_model=RelationOut, status_code=201)
async def create_relation(
    principal: Authenticated, body: RelationIn, session: SessionDep, services: ServicesDep
) -> RelationOut:
    await access_event_by_id(session, principal, body.EventID, admin=True)
    return service.relation_out(await service.create_relation(session, services, body))


@router.get("/relations/{RelationID}", response_model=RelationOut)
async def get_relation(
    principal: Authenticated, relation_id: RelationIdPath, session: SessionDep
) -> RelationOut:
    relation, _ = await access_relation(session, principal, relation_id, admin=False)
    return service.relation_out(relation)


@router.put("/relations/{RelationID}", response_model=RelationOut)
async def update_relation(
    principal: Authenticated,
    relation_id: RelationIdPath,
    body: RelationIn,
    session: SessionDep,
    services: ServicesDep,
) -> RelationOut:
    relation, _ = await access_relation(session, principal, relation_id, admin=True)
    updated = await service.update_relation(session, services, relation, body)
    return service.relation_out(updated)


@router.delete("/relations/{RelationID}", status_code=204)
async def delete_relation(
    principal: Authenticated, relation_id: RelationIdPath, session: SessionDep
) -> Response:
    relation, _ = await access_relation(session, principal, relation_id, admin=True)
    await session.delete(relation)
    return Response(status_code=204)


@router.get("/personsbyrelation", response_model=list[PersonByRelationOut])
async def persons_by_relation(
    principal: Authenticated,
    session: SessionDep,
    event_id: EventIdQuery,
    parent_id: Annotated[str, Query(alias="ParentID", pattern=REF_PATTERN)],
    parent_type: ParentType = None,
    relation_type: RelationTypeQ = None,
    with_roles: Annotated[bool, Query(alias="WithRoles")] = False,
) -> list[PersonByRelationOut]:
    access = await access_event_by_id(session, principal, event_id, admin=False)
    filt = service.RelationFilter(event_id, parent_type, parent_id, relation_type)
    return await service.persons_by_relation(
        session, access.event, filt, reader_of(access), with_roles=with_roles
    )
