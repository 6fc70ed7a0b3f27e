"""Counting the SQL statements a block runs: for tests that pin how many round trips a hot path
costs (a socket ticket, a batch of socket commands), so a change that adds one fails."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event as sa_event

from venuely.core.services import Services


@contextmanager
def counted_statements(services: Services) -> Iterator[list[str]]:
    """Every SQL statement the engine runs inside the block."""
    statements: list[str] = []

    def count(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        statements.append(statement)

    engine = services.db.engine.sync_engine
    sa_event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        sa_event.remove(engine, "before_cursor_execute", count)
