"""ACTIVITY_SYNC_NOTIFY's payload (protocol/README.md §4, opcode 22)."""

from __future__ import annotations

from pydantic import ConfigDict

from venuely.realtime.frames import Outbound, outbound
from venuely.realtime.opcodes import Opcode


@outbound(Opcode.ACTIVITY_SYNC_NOTIFY)
class ActivitySync(Outbound):
    """One activity as an attendee reads it from the REST list at publish time: these four
    fields always, then the type's own (a session's stream fields only while it plays,
    `visibility.hidden_fields`). `InternalName` "DELETED" marks a removal, which carries only
    these four."""

    # Activities are documents whose fields depend on their type; the protocol passes them on.
    model_config = ConfigDict(extra="allow")

    ID: str
    EventID: str
    Type: str
    InternalName: str
