"""Realtime frames of the panoramas feature (payloads in `frames.py`).

- PANO_UPLOADER_PROGRESS / _SUCCESS / _ERROR to the uploader's `person:{PersonID}` channel;
- PANO_ATTENDEE_VAR_SYNC to `person:{PersonID}` (the attendee's other tabs and devices);
- PANO_EVENT_VAR_SYNC to `event:{EventID}` when the event's PanoEventVars change.

Publishing only signals (architecture.md §5): state frames go out after their commit, and a
failed publish is logged, never raised (`realtime.publish`), because the write itself has
already happened.
"""

from __future__ import annotations

from typing import Any

from venuely.core.errors import ApiError, ErrorEnvelope
from venuely.core.services import Services
from venuely.panoramas.frames import (
    AttendeeVarSync,
    EventVarSync,
    UploaderProgress,
    UploaderSuccess,
)
from venuely.realtime.hub import event_channel, person_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish


class UploadReporter:
    """Carries one upload's progress to the uploader's connections."""

    def __init__(self, services: Services, person_id: str, pano_id: str, version: int) -> None:
        self.services = services
        self.channel = person_channel(person_id)
        self.pano_id = pano_id
        self.version = version

    async def progress(self, step: str, done: int, total: int) -> None:
        payload = UploaderProgress.model_validate(
            {"PanoID": self.pano_id, "Version": self.version, "Step": step, "Done": done}
            | {"Total": total}
        )
        await publish(self.services.hub, self.channel, Opcode.PANO_UPLOADER_PROGRESS, payload)

    async def success(self, version: int, pano_url: str) -> None:
        payload = UploaderSuccess(PanoID=self.pano_id, Version=version, PanoURL=pano_url)
        await publish(self.services.hub, self.channel, Opcode.PANO_UPLOADER_SUCCESS, payload)

    async def error(self, error: ApiError) -> None:
        # The upload's REST error in the one envelope, naming the upload in Data.
        data = {"PanoID": self.pano_id, "Version": self.version} | {
            k: v for k, v in error.data.items() if k == "Entry"
        }
        payload = ErrorEnvelope.of(error.code, error.message, data)
        await publish(self.services.hub, self.channel, Opcode.PANO_UPLOADER_ERROR, payload)


async def publish_attendee_vars(
    services: Services, event_id: str, person_id: str, state: dict[str, str]
) -> bool:
    payload = AttendeeVarSync(EventID=event_id, PersonID=person_id, Vars=state)
    return await publish(
        services.hub, person_channel(person_id), Opcode.PANO_ATTENDEE_VAR_SYNC, payload
    )


async def publish_event_vars(services: Services, event_id: str, pano_vars: dict[str, Any]) -> bool:
    payload = EventVarSync(EventID=event_id, Vars=pano_vars)
    return await publish(services.hub, event_channel(event_id), Opcode.PANO_EVENT_VAR_SYNC, payload)
