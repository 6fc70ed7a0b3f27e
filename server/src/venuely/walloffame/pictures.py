"""A project's pictures: vfiles of EntityType `WallOfFame` whose EntityID is the project, made
with vfiles' own functions (`create_vfile`, which holds the pictures' limit and who may attach,
and `set_public_image`, which decodes, re-encodes and thumbnails), so an upload here and one
through the vfiles routes obey the same rules.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.chat.publish import Effect
from venuely.core.services import Services
from venuely.files.storage import Storage
from venuely.vfiles import service as vfiles
from venuely.vfiles.access import vfile_not_found
from venuely.vfiles.content import safe_file_name
from venuely.vfiles.images import image_format, not_an_image
from venuely.vfiles.models import VFile
from venuely.vfiles.schemas import ContentKind, VFileIn
from venuely.walloffame import rules
from venuely.walloffame.schemas import PictureOut
from venuely.walloffame.store import ENTITY_TYPE, Project
from venuely.walloffame.views import picture_out


async def add_picture(
    session: AsyncSession,
    services: Services,
    storage: Storage,
    access: EventAccess,
    project: Project,
    *,
    data: bytes,
    file_name: str,
) -> tuple[PictureOut, list[Effect]]:
    """Under `access.project_for_change`. A file that is not an image is refused before
    anything is made (415), one that does not decode rolls back with its 422."""
    if image_format(data) is None:
        raise not_an_image()
    body = VFileIn(EntityType=ENTITY_TYPE, EntityID=project.id, FileType=ContentKind.FILE)
    vfile = await vfiles.create_vfile(session, services, access, body)
    await vfiles.set_public_image(
        session, services, storage, vfile, data=data, file_name=safe_file_name(file_name)
    )
    effects = await rules.author_changed(session, services, access, project.row)
    assert vfile.file_hash is not None  # set_public_image stored it
    return picture_out(vfile, {vfile.file_hash}), effects


async def remove_picture(
    session: AsyncSession, access: EventAccess, project: Project, vfile_id: str
) -> None:
    """Under `access.project_for_change`: a vfile attached to this project, whoever made it
    (removing is no new content, so the project keeps its state)."""
    vfile = await session.scalar(
        select(VFile).where(
            VFile.id == vfile_id,
            VFile.event_id == access.event.id,
            VFile.entity_type == ENTITY_TYPE,
            VFile.entity_id == project.id,
        )
    )
    if vfile is None:
        raise vfile_not_found(vfile_id)
    await session.delete(vfile)
    await session.flush()
