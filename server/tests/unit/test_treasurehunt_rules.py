"""The treasure hunt's pure rules: when a hunt is open, how a hunt's times are read from its
activity document, and the attendee variables with the server's score in place."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from venuely.panoramas.attendee_vars import with_server_score
from venuely.treasurehunt.hunts import Hunt, document_time

NOON = datetime(2026, 5, 9, 12, 0, tzinfo=UTC)


def _hunt(begin: datetime | None, end: datetime | None) -> Hunt:
    return Hunt("h", "e", "Stars", begin, end, is_main=True)


@pytest.mark.parametrize(
    ("begin", "end", "state"),
    [
        (None, None, "open"),
        (NOON, None, "open"),  # DateBegin itself is inside
        (NOON + timedelta(seconds=1), None, "scheduled"),
        (None, NOON, "ended"),  # DateEnd itself is outside
        (None, NOON + timedelta(seconds=1), "open"),
        (NOON - timedelta(hours=1), NOON + timedelta(hours=1), "open"),
    ],
)
def test_a_hunt_is_open_between_its_times(
    begin: datetime | None, end: datetime | None, state: str
) -> None:
    hunt = _hunt(begin, end)
    assert hunt.state(NOON) == state
    assert hunt.is_open(NOON) is (state == "open")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2026-05-09T12:00:00Z", NOON),
        ("2026-05-09T14:00:00+02:00", NOON),
        ("2026-05-09T12:00:00", NOON),  # no zone: UTC
        (" 2026-05-09T12:00:00Z ", NOON),
        (NOON, NOON),
        ("", None),
        ("tomorrow", None),
        (None, None),
        (1778328000, None),
    ],
)
def test_times_are_read_from_the_activity_document(value: object, expected: object) -> None:
    assert document_time(value) == expected


def test_the_score_variable_is_always_the_servers() -> None:
    sent = {"Var_User_Game_01": "9999", "Var_User_Lang": "de"}
    assert with_server_score(sent, 40) == {"Var_User_Lang": "de", "Var_User_Game_01": "40"}
    assert with_server_score(sent, 0) == {"Var_User_Lang": "de"}
    assert with_server_score({"Var_User_Lang": "de"}, 5) == {
        "Var_User_Lang": "de",
        "Var_User_Game_01": "5",
    }
    assert sent == {"Var_User_Game_01": "9999", "Var_User_Lang": "de"}  # not changed in place
