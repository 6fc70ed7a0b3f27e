"""The stream rule: which fields of an activity a viewer gets, and when a session is playable.

A session's join URL (often carrying a token or a password), conference id and stream id are
what lets someone watch it. The stream routes (`stream.py`) refuse attendees outside the
session's time with 410 `MEDIA_EXPIRED`; the activity itself must not hand out the same data
earlier, or reading the list would bypass them. So every answer that carries an activity to a
client (REST, lists, the ACTIVITY_SYNC_NOTIFY frame) goes through `hidden_fields`, with the time
from the services' clock.

This module depends only on the model, so `schemas.py` and `stream.py` can both use it.
"""

from __future__ import annotations

from datetime import datetime

from venuely.activities.models import Activity

STREAM_FIELDS = frozenset({"ConferenceJoinURL", "ConferenceID", "ConferencePassword", "StreamID"})
# The Vimeo stream call hands the password out while the session plays; lists never carry it,
# so one read of the list cannot be kept and replayed as the way in.
NEVER_LISTED = frozenset({"ConferencePassword"})
_NOTHING: frozenset[str] = frozenset()


def is_active(activity: Activity, now: datetime) -> bool:
    """Playable: virtual, and `DateBegin <= now < DateEnd` (attendee-app.md §4). Activities
    without dates (every type but Session) are never playable."""
    if not activity.document.get("IsVirtual", False):
        return False
    begin, end = activity.date_begin, activity.date_end
    return begin is not None and end is not None and begin <= now < end


def hidden_fields(activity: Activity, now: datetime, *, for_admin: bool) -> frozenset[str]:
    """The document fields this viewer does not get. Organizers (`for_admin`) get everything:
    they configure and preview the stream at any time."""
    if for_admin:
        return _NOTHING
    if is_active(activity, now):
        return NEVER_LISTED
    return STREAM_FIELDS
