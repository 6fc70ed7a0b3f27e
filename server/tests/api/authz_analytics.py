"""Analytics in the authorization matrix (`analytics_rows()`, group `analytics` of
`authz_rows.GROUPS`): every member of event A may send tracker items (without a consent record
they are dropped, still 202); only organizers holding the `analytics` role read the dashboard
and its CSVs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.api.authz_rows import Row


def _items(_: Any) -> dict[str, Any]:
    return {"Events": [{"Kind": "page_view", "Screen": "start"}]}


def analytics_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import Row, event_admin, member

    return [
        Row("POST", "/events/{A}/analytics", member(202), _items),
        Row("GET", "/events/{A}/analytics/dashboard", event_admin()),
        Row("GET", "/events/{A}/analytics/attendance.csv", event_admin()),
        Row("GET", "/events/{A}/analytics/pageviews.csv", event_admin()),
        # Past the checks, a table that is not one.
        Row("GET", "/events/{A}/analytics/persons.csv", event_admin(422)),
    ]
