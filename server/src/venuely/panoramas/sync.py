"""Realtime frames of the panoramas feature (payloads in protocol/README.md, "Panorama frames").

- PANO_UPLOADER_PROGRESS / _SUCCESS / _ERROR to the uploader's `person:{PersonID}` channel;
- PANO_ATTENDEE_VAR_SYNC to `person:{PersonID}` (the attendee's other tabs and devices);
- PANO_EVENT_VAR_SYNC to `event:{EventID}` when the event's PanoEventVars change.

Publishing only signals (architecture.md §5): state frames go out after their commit, and a
failed publish is logged, never raised, because the write itself has already happened.
"""

from __future__ import annotations

import logging
from typing import Any

from venuely.core.errors import ApiError
from venuely.core.services import Services
from venuely.realtime.codec import encode_json_frame
from venuely.realtime.hub import event_channel, person_channel
from venuely.realtime.opcodes import Opcode

log = logging.getLogger("venuely.panoramas.sync")


async def publish(services: Services, channel: str, opcode: Opcode, payload: Any) -> bool:
    hub = getattr(services, "hub", None)
    if hub is None:
        return False
    try:
        await hub.publish(channel, encode_json_frame(opcode, payload))
    except Exception:
        log.exception("%s to %s not published", opcode.name, channel)
        return False
    return True


class UploadReporter:
    """Carries one upload's progress to the uploader's connections."""

    def __init__(self, services: Services, person_id: str, pano_id: str, version: int) -> None:
        self.services = services
        self.channel = person_channel(person_id)
        self.pano_id = pano_id
        self.version = version

    async def progress(self, step: str, done: int, total: int) -> None:
        await publish(
            self.services,
            self.channel,
            Opcode.PANO_UPLOADER_PROGRESS,
            {
                "PanoID": self.pano_id,
                "Version": self.version,
                "Step": step,
                "Done": done,
                "Total": total,
            },
        )

    async def success(self, version: int, pano_url: str) -> None:
        await publish(
            self.services,
            self.channel,
            Opcode.PANO_UPLOADER_SUCCESS,
            {"PanoID": self.pano_id, "Version": version, "PanoURL": pano_url},
        )

    async def error(self, error: ApiError) -> None:
        # The error envelope every *_ERROR frame uses, naming the upload in Data.
        data = {"PanoID": self.pano_id, "Version": self.version} | {
            k: v for k, v in error.data.items() if k == "Entry"
        }
        await publish(
            self.services,
            self.channel,
            Opcode.PANO_UPLOADER_ERROR,
            {"Error": {"Code": error.code.value, "Message": error.message, "Data": data}},
        )


async def publish_attendee_vars(
    services: Services, event_id: str, person_id: str, state: dict[str, str]
) -> bool:
    return await publish(
        services,
        person_channel(person_id),
        Opcode.PANO_ATTENDEE_VAR_SYNC,
        {"EventID": event_id, "PersonID": person_id, "Vars": state},
    )


async def publish_event_vars(services: Services, event_id: str, pano_vars: dict[str, Any]) -> bool:
    return await publish(
        services,
        event_channel(event_id),
        Opcode.PANO_EVENT_VAR_SYNC,
        {"EventID": event_id, "Vars": pano_vars},
    )
