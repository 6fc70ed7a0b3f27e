"""Whose data, and where: the whole account, or what it has in one event.

Erasure and export select rows through the same scope, so what one event's organizer may erase
is exactly what they may export."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Column, ColumnElement, FromClause, Table, select, true

from venuely.core.db import Base


@dataclass(frozen=True, slots=True)
class Scope:
    person_id: str
    # Lower-cased login address: whitelists and invitations name the person by it.
    email: str
    # None: every event and the account itself.
    event_id: str | None = None

    @property
    def whole_account(self) -> bool:
        return self.event_id is None


def event_column(table: Table) -> Column[str] | None:
    return table.columns.get("event_id")


def in_event(table: Table, event_id: str | None) -> ColumnElement[bool] | None:
    """A condition keeping `table`'s rows of the event: its own `event_id`, else through a foreign
    key into a table that has one (a reaction through its message, an upvote through its
    question). True for the whole account; None when the table has no way to an event (the
    account's own tables: values, identities), which an event's scope then leaves alone."""
    if event_id is None:
        return true()
    own = event_column(table)
    if own is not None:
        return own == event_id
    for column in table.columns:
        for key in column.foreign_keys:
            target = key.column.table
            target_event = event_column(target) if isinstance(target, Table) else None
            if target_event is not None:
                return column.in_(select(key.column).where(target_event == event_id))
    return None


def event_rows(table: FromClause, event_id: str | None) -> ColumnElement[bool]:
    """`in_event` for a model's table known to belong to events (chat, relations, vfiles...)."""
    where = in_event(table, event_id) if isinstance(table, Table) else None
    if where is None:
        raise TypeError(f"{table} has no way to an event")
    return where


def tables() -> list[Table]:
    """Every table, children before parents, so deletes never wait for a cascade's order."""
    return list(reversed(Base.metadata.sorted_tables))
