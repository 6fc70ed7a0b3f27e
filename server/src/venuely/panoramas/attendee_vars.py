"""Attendee pano variables: validation and the one row per (event, person).

Keys are exactly the attendee variables of attendee-app.md §3; values are strings. The treasure
hunt score `Var_User_Game_01` is the server's: the person's score in the event's main hunt
(treasurehunt/pano.py writes it through `write_game_score`, also into the `game_score` column). A
save by anyone — the attendee or an organizer — cannot set it: the saved map keeps the server's
value (the key is replaced by the stored score, or dropped while there is none), so the
variable is ignored on input, never refused, and a tour that writes it back keeps working.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.events.models import Attendee
from venuely.files.upsert import insert_ignore
from venuely.panoramas.models import AttendeePanoVars
from venuely.panoramas.schemas import ATTENDEE_VAR_KEYS, GAME_SCORE_KEY, MAX_ATTENDEE_VAR_TEXT


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


def with_server_score(state: dict[str, str], score: int) -> dict[str, str]:
    """`state` with `Var_User_Game_01` set to the server's score, or without it while the score
    is 0 (nothing found, or only items since deleted)."""
    kept = {key: value for key, value in state.items() if key != GAME_SCORE_KEY}
    if score > 0:
        kept[GAME_SCORE_KEY] = str(score)
    return kept


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


async def _locked(session: AsyncSession, event_id: str, person_id: str) -> AttendeePanoVars | None:
    """The row read fresh and, on PostgreSQL, locked to the commit: a save and the server's
    score write each rewrite the whole map, so one must not start from what the other is
    replacing. (SQLite writers hold the one write lock already.)"""
    return await session.get(
        AttendeePanoVars, (event_id, person_id), with_for_update=True, populate_existing=True
    )


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
    row = await _locked(session, event_id, person_id)
    if row is None:
        row = AttendeePanoVars(event_id=event_id, person_id=person_id)
        row.state, row.game_score = with_server_score(state, 0), 0
        row.scored_at = row.updated_at = now
        try:
            async with session.begin_nested():
                session.add(row)
                await session.flush()
            return row
        except IntegrityError:
            # Another tab saved first: its row exists now, and this save replaces it below.
            row = await _locked(session, event_id, person_id)
            if row is None:
                raise
    row.state, row.updated_at = with_server_score(state, row.game_score), now
    await session.flush()
    return row


async def write_game_score(
    session: AsyncSession, services: Services, event_id: str, person_id: str, score: int
) -> dict[str, str] | None:
    """The server's write of a person's main hunt score: the map with the new value, for the
    caller to publish after its commit, or None when it already held it. Run under the lock the
    score was computed under (treasurehunt), so two writes of one person do not cross."""
    now = services.clock.now()
    if score > 0:
        blank = {"state": {}, "game_score": 0, "scored_at": now, "updated_at": now}
        await insert_ignore(
            session, AttendeePanoVars, {"event_id": event_id, "person_id": person_id} | blank
        )
    row = await _locked(session, event_id, person_id)
    if row is None:
        return None
    state = with_server_score(dict(row.state), score)
    if row.game_score == score and state == row.state:
        return None
    if score > row.game_score:
        row.scored_at = now
    row.state, row.game_score, row.updated_at = state, score, now
    await session.flush()
    return dict(state)
