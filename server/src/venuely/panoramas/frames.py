"""The panorama frames (protocol/README.md §4, opcodes 17–21): variable sync and the uploader's
progress, success and error."""

from __future__ import annotations

from typing import Any, Literal

from venuely.core.errors import ErrorEnvelope
from venuely.realtime.frames import Outbound, outbound
from venuely.realtime.opcodes import Opcode


@outbound(Opcode.PANO_EVENT_VAR_SYNC)
class EventVarSync(Outbound):
    EventID: str
    # The tour reads string values; an organizer's stored document is passed on as it is.
    Vars: dict[str, Any]


@outbound(Opcode.PANO_ATTENDEE_VAR_SYNC)
class AttendeeVarSync(Outbound):
    EventID: str
    PersonID: str
    Vars: dict[str, str]


@outbound(Opcode.PANO_UPLOADER_PROGRESS)
class UploaderProgress(Outbound):
    PanoID: str
    Version: int
    Step: Literal["check", "images", "store"]
    Done: int
    Total: int


@outbound(Opcode.PANO_UPLOADER_SUCCESS)
class UploaderSuccess(Outbound):
    PanoID: str
    Version: int
    PanoURL: str


outbound(Opcode.PANO_UPLOADER_ERROR)(ErrorEnvelope)
