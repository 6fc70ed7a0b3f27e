"""A poll's state and who sees its tally, computed from the stored definition at a given time.

The state is never stored as text (docs/subsystems/polls.md): three columns of the poll's
activity row decide it — `is_active` (opened by hand), `date_begin` (`OpensAt`) and `date_end`
(`ClosesAt`) — so a scheduled poll opens and closes without anyone writing, and every reader at
the same instant agrees. `activities.service.poll_open_at` is the same rule in SQL.

`PollDefinition` reads the document leniently: polls stored before the polls feature existed (or
made straight in the database) lack most fields and get the defaults `PollIn` declares.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, get_args

from venuely.activities.models import Activity
from venuely.polls.frames import PollState, ResultsMode

DRAFT: PollState = "draft"
OPEN: PollState = "open"
CLOSED: PollState = "closed"
_RESULTS_MODES: tuple[ResultsMode, ...] = get_args(ResultsMode)


def poll_state(
    is_active: bool, opens_at: datetime | None, closes_at: datetime | None, now: datetime
) -> PollState:
    """closed once `ClosesAt` has passed; else open when opened by hand or `OpensAt` has
    passed; else draft."""
    if closes_at is not None and closes_at <= now:
        return CLOSED
    if is_active or (opens_at is not None and opens_at <= now):
        return OPEN
    return DRAFT


def state_of(poll: Activity, now: datetime) -> PollState:
    return poll_state(poll.is_active, poll.date_begin, poll.date_end, now)


def state_before(columns: Mapping[str, Any], now: datetime) -> PollState:
    """The state the columns taken before a write (`activities.service.columns_of`) give."""
    return poll_state(bool(columns["is_active"]), columns["date_begin"], columns["date_end"], now)


@dataclass(frozen=True, slots=True)
class PollDefinition:
    question: str
    options: tuple[tuple[str, str], ...]  # (ID, Text) in the organizer's order
    multiple: bool
    allow_other: bool
    allow_change: bool
    results: ResultsMode
    session_id: str | None

    @property
    def option_ids(self) -> tuple[str, ...]:
        return tuple(option_id for option_id, _ in self.options)

    def problems(self) -> list[str]:
        """Why the poll cannot open: the fields it lacks."""
        found = []
        if not self.question.strip():
            found.append("Question")
        if len(self.options) < 2:
            found.append("Options")
        return found


def _flag(document: Mapping[str, Any], name: str, default: bool) -> bool:
    value = document.get(name, default)
    return value if isinstance(value, bool) else default


def _results_mode(value: Any) -> ResultsMode:
    for mode in _RESULTS_MODES:
        if value == mode:
            return mode
    return "live"


def definition_of(poll: Activity) -> PollDefinition:
    return definition_from(poll.document)


def definition_from(document: Mapping[str, Any]) -> PollDefinition:
    options = tuple(
        (str(option["ID"]), str(option.get("Text", "")))
        for option in document.get("Options") or ()
        if isinstance(option, dict) and isinstance(option.get("ID"), str)
    )
    session_id = document.get("SessionID")
    return PollDefinition(
        question=str(document.get("Question") or ""),
        options=options,
        multiple=_flag(document, "Multiple", False),
        allow_other=_flag(document, "AllowOther", False),
        allow_change=_flag(document, "AllowChange", True),
        results=_results_mode(document.get("Results")),
        session_id=session_id if isinstance(session_id, str) else None,
    )


def results_visible(results: ResultsMode, state: PollState) -> bool:
    """Whether attendees may see the tally now: `live` once the poll is open (and after it
    closed), `closed` once it has closed, `hidden` never. Organizers always may."""
    if results == "live":
        return state != DRAFT
    if results == "closed":
        return state == CLOSED
    return False
