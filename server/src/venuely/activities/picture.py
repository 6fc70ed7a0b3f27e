"""An activity's picture (a speaker's `PictureURL`): uploaded, cleared, and checked on writes.

The upload is stored like every image (`files.service.store_upload`: sniffed, re-encoded, named
by its hash) and `PictureURL` becomes its same-origin path `/api/v1/files/<hash>`, which keeps
working when the site moves to another domain. Every check runs before the file store or the
database is touched, so a refused request changes nothing.
"""

from __future__ import annotations

from fastapi import UploadFile
from fastapi.exceptions import RequestValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import PICTURE_FIELD, ActivityIn, has_picture
from venuely.activities.sync import commit_and_publish
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.files.models import StoredFile
from venuely.files.service import file_url, store_upload, stored_hash
from venuely.files.sniff import Kind
from venuely.files.storage import Storage


def _check_type(activity: Activity) -> None:
    """**Decision:** 422, not 409: an activity cannot change its type, so no later state of the
    server would make the request succeed; it is wrong for this activity, not conflicting."""
    if not has_picture(EntityType(activity.entity_type)):
        accepted = sorted(t.value for t in EntityType if has_picture(t))
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            f"A {activity.entity_type} has no picture; only {', '.join(accepted)} activities do",
            {"EntityType": activity.entity_type, "Accepted": accepted},
        )


def _set(activity: Activity, url: str, services: Services) -> None:
    # A new dict, so the JSON column is seen as changed whatever its mutation tracking.
    activity.document = {**activity.document, PICTURE_FIELD: url}
    activity.updated_at = services.clock.now()


async def set_picture(
    session: AsyncSession,
    services: Services,
    storage: Storage,
    activity: Activity,
    upload: UploadFile,
) -> Activity:
    _check_type(activity)
    stored = await store_upload(session, services, storage, upload, {Kind.IMAGE})
    _set(activity, file_url(stored.hash), services)
    await commit_and_publish(session, services, activity)
    return activity


async def clear_picture(session: AsyncSession, services: Services, activity: Activity) -> None:
    """Removing a picture that is not there changes nothing (a repeated click is harmless). The
    file stays stored: content-addressed files may be used elsewhere (files/service.py)."""
    _check_type(activity)
    if not activity.document.get(PICTURE_FIELD):
        return
    _set(activity, "", services)
    await commit_and_publish(session, services, activity)


async def check_picture(session: AsyncSession, parsed: ActivityIn) -> None:
    """A `PictureURL` naming a stored file must name a stored image: the schema checked the
    path's form only, and a picture of a font or a file never stored would show nothing."""
    value = getattr(parsed, PICTURE_FIELD, "")
    digest = stored_hash(value) if isinstance(value, str) else None
    if digest is None:
        return
    stored = await session.get(StoredFile, digest)
    if stored is None or stored.kind != Kind.IMAGE.value:
        problem = (
            "names no stored file" if stored is None else "names a stored file that is not an image"
        )
        raise RequestValidationError(
            [
                {
                    "type": "value_error",
                    "loc": ("body", PICTURE_FIELD),
                    "msg": f"{PICTURE_FIELD} {problem}",
                    "input": value,
                }
            ]
        )
