"""HTTP routes of the media feature: the cinema library, recordings, replays and `Video` streams.

Organizers (EventAdmin) manage videos and recordings; members of the event (EventMember) read
the cinema, the replays and the stream of a running `Video` session. The fixed paths
(`videos/upload`, `videos/order`) are declared before `videos/{VideoID}`, which they would
otherwise match first. Request and answer shapes: docs/subsystems/media.md.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Path, Query, Response, UploadFile

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.files.limits import upload_route, video_upload_route
from venuely.files.service import StorageDep
from venuely.media import live, replays, service
from venuely.media.access import access_video, access_video_for
from venuely.media.schemas import (
    LiveVideoOut,
    OrderIn,
    RecordingIn,
    ReplayOut,
    StoredVideoOut,
    VideoIn,
    VideoOut,
)

router = APIRouter(tags=["media"])

BASE = "/events/{EventID}"
VIDEOS = BASE + "/videos"
ONE = VIDEOS + "/{VideoID}"

VideoIdPath = Annotated[str, Path(alias="VideoID", pattern=ID_PATTERN)]
SessionIdPath = Annotated[str, Path(alias="SessionID", pattern=ID_PATTERN)]
StreamSessionIdPath = Annotated[str, Path(alias="sessionID", pattern=ID_PATTERN)]
DayNumberQuery = Annotated[int | None, Query(alias="DayNumber", ge=1, le=366)]
NoStore = {"Cache-Control": "no-store"}


@router.get(VIDEOS, response_model=list[VideoOut])
async def list_all_videos(access: EventAdmin, session: SessionDep) -> list[VideoOut]:
    """Every video of the event, in cinema order, listed in the cinema or not."""
    videos = await service.list_videos(session, access.event.id, cinema_only=False)
    return [service.video_out(v) for v in videos]


@router.post(VIDEOS, response_model=VideoOut, status_code=201)
async def create_video(
    access: EventAdmin, body: VideoIn, session: SessionDep, services: ServicesDep
) -> VideoOut:
    video = await service.create_video(session, services, access.event, body)
    return service.video_out(video)


@router.post(VIDEOS + "/upload", response_model=StoredVideoOut, status_code=201)
@video_upload_route
async def upload_video(
    access: EventAdmin,
    file: Annotated[UploadFile, File(alias="file", description="An MP4 video")],
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> StoredVideoOut:
    """Store an MP4 (checked and rewritten, docs/subsystems/files.md); make it a video by
    creating one with the answer's `URL`."""
    return await service.upload_video(session, services, storage, file)


@router.put(VIDEOS + "/order", response_model=list[VideoOut])
async def reorder_videos(
    access: EventAdmin, body: OrderIn, session: SessionDep, services: ServicesDep
) -> list[VideoOut]:
    videos = await service.reorder_videos(session, services, access.event, body)
    return [service.video_out(v) for v in videos]


@router.get(ONE, response_model=VideoOut)
async def get_video(
    access: EventMember, video_id: VideoIdPath, session: SessionDep, services: ServicesDep
) -> VideoOut:
    """Attendees: a video of the cinema, or the recording of a session that has ended."""
    video = await access_video_for(session, access, video_id, services.clock.now())
    return service.video_out(video)


@router.put(ONE, response_model=VideoOut)
async def update_video(
    access: EventAdmin,
    video_id: VideoIdPath,
    body: VideoIn,
    session: SessionDep,
    services: ServicesDep,
) -> VideoOut:
    video = await access_video(session, access.event, video_id)
    updated = await service.update_video(session, services, access.event, video, body)
    return service.video_out(updated)


@router.delete(ONE, status_code=204)
async def delete_video(access: EventAdmin, video_id: VideoIdPath, session: SessionDep) -> Response:
    video = await access_video(session, access.event, video_id)
    await service.delete_video(session, video)
    return Response(status_code=204)


@router.post(ONE + "/poster", response_model=VideoOut)
@upload_route
async def upload_poster(
    access: EventAdmin,
    video_id: VideoIdPath,
    file: Annotated[UploadFile, File(alias="file", description="PNG, JPEG, WebP or GIF")],
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> VideoOut:
    video = await access_video(session, access.event, video_id)
    updated = await service.set_poster(session, services, storage, video, file)
    return service.video_out(updated)


@router.get(BASE + "/cinema", response_model=list[VideoOut])
async def cinema(access: EventMember, session: SessionDep) -> list[VideoOut]:
    """The cinema library: videos listed in the cinema, in their order."""
    videos = await service.list_videos(session, access.event.id, cinema_only=True)
    return [service.video_out(v) for v in videos]


@router.get(BASE + "/replays", response_model=list[ReplayOut])
async def list_replays(
    access: EventMember,
    session: SessionDep,
    services: ServicesDep,
    day_number: DayNumberQuery = None,
) -> list[ReplayOut]:
    """Recordings by session begin; attendees get those of ended sessions only."""
    return await replays.list_replays(session, access, day_number, services.clock.now())


@router.put(BASE + "/recordings/{SessionID}", response_model=ReplayOut)
async def attach_recording(
    access: EventAdmin,
    session_id: SessionIdPath,
    body: RecordingIn,
    session: SessionDep,
    services: ServicesDep,
) -> ReplayOut:
    return await replays.attach_recording(session, services, access.event, session_id, body)


@router.delete(BASE + "/recordings/{SessionID}", status_code=204)
async def detach_recording(
    access: EventAdmin, session_id: SessionIdPath, session: SessionDep
) -> Response:
    await replays.detach_recording(session, access.event, session_id)
    return Response(status_code=204)


@router.get(
    BASE + "/stream/video/{sessionID}",
    response_model=LiveVideoOut,
    responses={410: {"description": "MEDIA_EXPIRED: the session is not running"}},
)
async def stream_video(
    access: EventMember,
    session_id: StreamSessionIdPath,
    session: SessionDep,
    services: ServicesDep,
    response: Response,
) -> LiveVideoOut:
    """The running `Video` session's video and where in it everyone is now."""
    response.headers.update(NoStore)
    return await live.live_video(session, access, session_id, services.clock.now())
