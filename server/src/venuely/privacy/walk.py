"""The generic part of erasure: every table with a foreign key to `persons.id` or an `email`
column, found in `Base.metadata` rather than listed, so a feature's new table (analytics'
presence, people's invitations) is erased without this package knowing it.

A row the person owns goes: a non-null reference, an `ON DELETE CASCADE` one, or one named
`person_id` (vfiles and Wall of Fame projects keep theirs nullable so an organizer's upload
survives its author, but an author's erasure takes their own). A mere mention (who decided a
request, who reviewed a project, who sent a chat message) is cleared, keeping the row for the
others it belongs to."""

from __future__ import annotations

from sqlalchemy import Column, ColumnElement, ForeignKey, Table, and_, delete, func, update
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.privacy.scope import Scope, in_event, tables

_PERSONS = Person.__tablename__


def _person_key(column: Column[object]) -> ForeignKey | None:
    for key in column.foreign_keys:
        if key.column.table.name == _PERSONS and key.column.name == "id":
            return key
    return None


def _owns(column: Column[object], key: ForeignKey) -> bool:
    return not column.nullable or key.ondelete == "CASCADE" or column.name == "person_id"


async def erase_references(session: AsyncSession, scope: Scope) -> None:
    for table in tables():
        if table.name == _PERSONS:
            continue  # the account row itself goes last (erase.py), with the whole account only
        where = in_event(table, scope.event_id)
        if where is None:
            continue  # the account's own tables (values, identities): not an event's data
        await _erase_in_table(session, table, scope, where)


async def _erase_in_table(
    session: AsyncSession, table: Table, scope: Scope, where: ColumnElement[bool]
) -> None:
    for column in table.columns:
        key = _person_key(column)
        if key is not None:
            named = and_(column == scope.person_id, where)
            if _owns(column, key):
                await session.execute(delete(table).where(named))
            else:
                await session.execute(update(table).where(named).values({column.name: None}))
        elif column.name == "email":
            mine = and_(func.lower(column) == scope.email, where)
            await session.execute(delete(table).where(mine))
