"""The keyset rule of `core/pagination.py`, against a real SQLite table: pages are strictly after
the cursor, never longer than the limit, in order, and walking them yields every row once."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Column, Connection, Integer, MetaData, String, Table, create_engine, select

from venuely.core.pagination import Key, after, keyset_page, page_after_item, page_by_id

metadata = MetaData()
rows = Table(
    "rows",
    metadata,
    Column("id", String(24), primary_key=True),
    Column("score", Integer, nullable=False),
)


@pytest.fixture
def db() -> Iterator[Connection]:
    engine = create_engine("sqlite://")
    metadata.create_all(engine)
    with engine.connect() as conn:
        yield conn
    engine.dispose()


def _fill(conn: Connection, data: Sequence[tuple[str, int]]) -> None:
    conn.execute(rows.delete())
    if data:
        conn.execute(rows.insert(), [{"id": i, "score": s} for i, s in data])


def _id(n: int) -> str:
    return f"{n:024x}"


def test_page_by_id_starts_strictly_after_the_cursor(db: Connection) -> None:
    _fill(db, [(_id(2 * n), 0) for n in range(1, 8)])
    first = db.scalars(page_by_id(select(rows.c.id), rows.c.id, None, 3)).all()
    assert first == [_id(2), _id(4), _id(6)]
    second = db.scalars(page_by_id(select(rows.c.id), rows.c.id, first[-1], 3)).all()
    assert second == [_id(8), _id(10), _id(12)]
    # A cursor no row has (a deleted row, say) works the same: the next larger ids.
    rest = db.scalars(page_by_id(select(rows.c.id), rows.c.id, _id(9), 10)).all()
    assert rest == [_id(10), _id(12), _id(14)]


def test_descending_pages_go_back_from_the_cursor(db: Connection) -> None:
    _fill(db, [(_id(n), 0) for n in range(1, 8)])
    newest = db.scalars(page_by_id(select(rows.c.id), rows.c.id, None, 2, descending=True)).all()
    assert newest == [_id(7), _id(6)]
    older = db.scalars(
        page_by_id(select(rows.c.id), rows.c.id, newest[-1], 10, descending=True)
    ).all()
    assert older == [_id(5), _id(4), _id(3), _id(2), _id(1)]


def test_the_filter_stays_and_the_last_page_is_empty(db: Connection) -> None:
    _fill(db, [(_id(n), n % 2) for n in range(1, 8)])
    odd = select(rows.c.id).where(rows.c.score == 1)
    assert db.scalars(page_by_id(odd, rows.c.id, _id(3), 10)).all() == [_id(5), _id(7)]
    assert db.scalars(page_by_id(odd, rows.c.id, _id(7), 10)).all() == []


ORDER = (Key(rows.c.score, descending=True), Key(rows.c.id))


def _walk(conn: Connection, limit: int) -> list[tuple[str, int]]:
    """Every page in turn, each asked for with the previous page's last row as the cursor."""
    seen: list[tuple[str, int]] = []
    cursor: tuple[Any, ...] | None = None
    while True:
        query = keyset_page(select(rows.c.id, rows.c.score), ORDER, cursor, limit)
        page = [(r.id, r.score) for r in conn.execute(query)]
        assert len(page) <= limit
        if not page:
            return seen
        seen += page
        cursor = (page[-1][1], page[-1][0])


@settings(max_examples=60, deadline=None)
@given(
    scores=st.lists(st.integers(min_value=0, max_value=3), max_size=25),
    limit=st.integers(min_value=1, max_value=7),
)
def test_walking_pages_of_a_mixed_order_yields_each_row_once_in_order(
    scores: list[int], limit: int
) -> None:
    # Few distinct scores, so most rows tie on the first key and the id must settle the order.
    engine = create_engine("sqlite://")
    metadata.create_all(engine)
    data = [(_id(n), s) for n, s in enumerate(scores)]
    with engine.connect() as conn:
        _fill(conn, data)
        walked = _walk(conn, limit)
    engine.dispose()
    assert walked == sorted(data, key=lambda r: (-r[1], r[0]))


def test_after_reads_each_key_in_its_direction(db: Connection) -> None:
    _fill(db, [(_id(1), 5), (_id(2), 5), (_id(3), 9), (_id(4), 1)])
    beyond = db.scalars(select(rows.c.id).where(after(ORDER, (5, _id(1))))).all()
    assert sorted(beyond) == [_id(2), _id(4)]  # same score and a later id, or a lower score


def test_a_cursor_must_name_every_key() -> None:
    with pytest.raises(ValueError, match="one value per key"):
        after(ORDER, (5,))


def test_page_after_item_in_memory() -> None:
    ordered = ["c", "a", "d", "b"]  # an order that is not the ids' own
    assert page_after_item(ordered, None, 2, str) == ["c", "a"]
    assert page_after_item(ordered, "a", 5, str) == ["d", "b"]
    assert page_after_item(ordered, "b", 5, str) == []
    assert page_after_item(ordered, "z", 5, str) is None
