"""HTTP routes of the treasurehunt feature: the leaderboard (admin-api.md §7 "Relations")."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Query

from venuely.accounts.permissions import EventMember
from venuely.core.deps import SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN
from venuely.core.pagination import LastIdQuery
from venuely.events.schemas import as_utc
from venuely.treasurehunt import service
from venuely.treasurehunt.schemas import RankingOut

router = APIRouter(tags=["treasurehunt"])

MAX_LIMIT = 200


@router.get(
    "/events/{EventID}/treasure-hunts/{TreasureHuntID}/rankings",
    response_model=list[RankingOut],
)
async def get_rankings(
    access: EventMember,
    session: SessionDep,
    hunt_id: Annotated[str, Path(alias="TreasureHuntID", pattern=ID_PATTERN)],
    last_score: Annotated[int | None, Query(alias="LastScore", ge=-(2**31), lt=2**31)] = None,
    last_id: LastIdQuery = None,
    last_updated_at: Annotated[datetime | None, Query(alias="LastUpdatedAt")] = None,
    limit: Annotated[int, Query(alias="Limit", ge=1, le=MAX_LIMIT)] = 50,
) -> list[RankingOut]:
    """One page of the ranking; pass the last row's Score, UpdatedAt and PersonID to go on."""
    await service.check_treasure_hunt(session, access.event, hunt_id)
    cursor = None
    if last_score is not None and last_updated_at is not None and last_id is not None:
        cursor = service.Cursor(last_score, as_utc(last_updated_at), last_id)
    elif last_score is not None or last_updated_at is not None or last_id is not None:
        missing = [
            name
            for name, value in (
                ("LastScore", last_score),
                ("LastUpdatedAt", last_updated_at),
                ("LastID", last_id),
            )
            if value is None
        ]
        raise ApiError(
            ErrorCode.MISSING_PARAMETER,
            f"Missing required parameter {', '.join(missing)}: the paging cursor is"
            " LastScore, LastUpdatedAt and LastID together",
            {"Parameters": missing},
        )
    return await service.rankings(session, access.event.id, cursor, limit)
