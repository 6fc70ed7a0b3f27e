"""Attendee pano variables: validation and the one row per (event, person).

Keys are exactly the attendee variables of attendee-app.md §3; values are strings. The treasure
hunt score `Var_User_Game_01` is copied into the indexed `game_score` column on every save (0
when missing or not an integer), so rankings never parse JSON.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.events.models import Attendee
from venuely.panoramas.models import AttendeePanoVars
from venuely.panoramas.schemas import ATTENDEE_VAR_KEYS, GAME_SCORE_KEY, MAX_ATTENDEE_VAR_TEXT

_INTEGER = re.compile(r"^\s*[+-]?[0-9]{1,9}\s*$")


def check_state(state: dict[str, Any]) -> dict[str, str]:
    checked: dict[str, str] = {}
    for key, value in state.items():
        if key not in ATTENDEE_VAR_KEYS:
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                f"Unknown attendee variable '{key[:80]}'",
                {"Name": "state", "Key": key[:80], "Allowed": sorted(ATTENDEE_VAR_KEYS)},
            )
        if not isinstance(value, str):
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                f"Attendee variable {key} must be a string",
                {"Name": "state", "Key": key},
            )
        if len(value) > MAX_ATTENDEE_VAR_TEXT or "\x00" in value:
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                f"Attendee variable {key} must be at most {MAX_ATTENDEE_VAR_TEXT} characters"
                " without NUL",
                {"Name": "state", "Key": key},
            )
        checked[key] = value
    return checked


def game_score(state: dict[str, str]) -> int:
    """The treasure hunt score: an integer string, else 0 (attendee-app.md §6)."""
    value = state.get(GAME_SCORE_KEY, "")
    return int(value) if _INTEGER.match(value) else 0


async def require_person(session: AsyncSession, person_id: str) -> None:
    if await session.get(Person, person_id) is None:
        raise ApiError(
            ErrorCode.PERSON_NOT_FOUND, f"Person {person_id} not found", {"PersonID": person_id}
        )


async def require_attendee(session: AsyncSession, event_id: str, person_id: str) -> None:
    """An organizer acts on the variables of the event's attendees only: anyone else's would be
    stored under this event and pushed to sockets of a person who is not part of it. Not found,
    whether the person exists or not, so the answer tells nothing about other events' people."""
    if await session.get(Attendee, (event_id, person_id)) is None:
        raise ApiError(
            ErrorCode.PERSON_NOT_FOUND,
            f"Person {person_id} is not an attendee of this event",
            {"PersonID": person_id},
        )


async def load(session: AsyncSession, event_id: str, person_id: str) -> AttendeePanoVars | None:
    return await session.get(AttendeePanoVars, (event_id, person_id))


async def load_all(session: AsyncSession, event_id: str) -> list[AttendeePanoVars]:
    query = select(AttendeePanoVars).where(AttendeePanoVars.event_id == event_id)
    return list((await session.scalars(query.order_by(AttendeePanoVars.person_id))).all())


async def save(
    session: AsyncSession,
    services: Services,
    event_id: str,
    person_id: str,
    state: dict[str, str],
) -> AttendeePanoVars:
    now = services.clock.now()
    row = await load(session, event_id, person_id)
    if row is None:
        row = AttendeePanoVars(event_id=event_id, person_id=person_id)
        row.state, row.game_score = state, game_score(state)
        row.scored_at = row.updated_at = now
        try:
            async with session.begin_nested():
                session.add(row)
                await session.flush()
            return row
        except IntegrityError:
            # Another tab saved first: its row exists now, and this save replaces it below.
            row = await load(session, event_id, person_id)
            if row is None:
                raise
    score = game_score(state)
    if score != row.game_score:
        row.scored_at = now
    row.state, row.game_score, row.updated_at = state, score, now
    await session.flush()
    return row
