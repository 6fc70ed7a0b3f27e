"""Keyset pagination: the one rule every list endpoint pages by.

A page is the rows strictly after a cursor in a fixed total order, at most `limit` of them. The
order is a sequence of keys (a column and its direction) that ends in a unique column, so no two
rows tie; the cursor is the last row's values of those keys, which a client sends back for the
next page. A feature says which filter and which columns; this module says what "after" means.

Paging by id alone (`page_by_id`) is the common case: ids are time-ordered (`core/ids.py`), so
"after this id" also means "created later" (or earlier, descending).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar, TypeVarTuple

from fastapi import Query
from sqlalchemy import BindParameter, ColumnElement, Select, SQLColumnExpression, and_, or_

from venuely.core.ids import ID_PATTERN

Row = TypeVarTuple("Row")
Item = TypeVar("Item")

MAX_PAGE = 1000

# The cursor and size parameters as the spec names them: StartID + MaxCount on most lists,
# LastID + Limit on a few; each endpoint gives its own default page size.
StartIdQuery = Annotated[str | None, Query(alias="StartID", pattern=ID_PATTERN)]
LastIdQuery = Annotated[str | None, Query(alias="LastID", pattern=ID_PATTERN)]
MaxCountQuery = Annotated[int, Query(alias="MaxCount", ge=1, le=MAX_PAGE)]
LimitQuery = Annotated[int, Query(alias="Limit", ge=1, le=MAX_PAGE)]


@dataclass(frozen=True)
class Key:
    """One column of a page order."""

    column: SQLColumnExpression[Any]
    descending: bool = False


def after(keys: Sequence[Key], cursor: Sequence[Any]) -> ColumnElement[bool]:
    """Rows strictly after the cursor row in the order of `keys`.

    Spelled out as (a beyond x) OR (a = x AND b beyond y) OR ... rather than a row-value
    comparison, because the keys may run in different directions and not every database
    compares row values.
    """
    if len(keys) != len(cursor) or not keys:
        raise ValueError("a cursor has one value per key")
    branches: list[ColumnElement[bool]] = []
    for index, key in enumerate(keys):
        value = cursor[index]
        beyond = key.column < value if key.descending else key.column > value
        ties = [k.column == v for k, v in zip(keys[:index], cursor[:index], strict=True)]
        branches.append(and_(*ties, beyond) if ties else beyond)
    return or_(*branches) if len(branches) > 1 else branches[0]


def keyset_page(
    query: Select[*Row], keys: Sequence[Key], cursor: Sequence[Any] | None, limit: int
) -> Select[*Row]:
    """`query` narrowed to the page after `cursor` (the first page without one), in order."""
    if cursor is not None:
        query = query.where(after(keys, cursor))
    order = [k.column.desc() if k.descending else k.column.asc() for k in keys]
    return query.order_by(*order).limit(limit)


def page_by_id(
    query: Select[*Row],
    id_column: SQLColumnExpression[Any],
    after_id: str | BindParameter[str] | None,
    limit: int,
    *,
    descending: bool = False,
) -> Select[*Row]:
    """The page of `query` after the row whose id is `after_id` (a value, or a parameter bound
    at each execution of a statement built once), ordered by id."""
    cursor = None if after_id is None else (after_id,)
    return keyset_page(query, (Key(id_column, descending),), cursor, limit)


def page_after_item(
    ordered: Sequence[Item], cursor_id: str | None, limit: int, id_of: Callable[[Item], str]
) -> list[Item] | None:
    """The same rule for rows already loaded and sorted in memory: those after the row whose id
    is `cursor_id`. None when no row has that id (the order has no place for the cursor)."""
    if cursor_id is None:
        return list(ordered[:limit])
    for index, item in enumerate(ordered):
        if id_of(item) == cursor_id:
            return list(ordered[index + 1 : index + 1 + limit])
    return None
