"""The cinema library: videos of an event, their order, their uploaded files and posters.

Recordings and replays are in `replays.py`, the simulated live stream in `live.py`. Writes are
checked completely before anything is stored, so a refused request changes nothing.
"""

from __future__ import annotations

from fastapi import UploadFile
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import ConferenceType
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.files.models import StoredFile
from venuely.files.service import file_url, load_file, store_upload, stored_hash
from venuely.files.sniff import Kind
from venuely.files.storage import Storage
from venuely.media.models import Video, VideoKind
from venuely.media.schemas import OrderIn, StoredVideoOut, VideoIn, VideoOut
from venuely.media.sources import Source, parse_source, playable_url

MP4_TYPE = "video/mp4"
HLS_PLAYLIST_TYPE = "application/vnd.apple.mpegurl"
# The stored file a video of each kind may name.
_STORED_TYPES = {VideoKind.MP4: MP4_TYPE, VideoKind.HLS: HLS_PLAYLIST_TYPE}


def video_out(video: Video) -> VideoOut:
    source = Source(video.url, video.file_hash, video.external_id)
    return VideoOut(
        ID=video.id,
        EventID=video.event_id,
        Title=video.title,
        Description=video.description,
        Kind=VideoKind(video.kind),
        URL=playable_url(video.kind, source),
        FileHash=video.file_hash,
        ExternalID=video.external_id,
        DurationSeconds=video.duration_seconds,
        PosterURL=video.poster_url,
        Position=video.position,
        IsInCinema=video.is_in_cinema,
        CreatedAt=video.created_at,
        UpdatedAt=video.updated_at,
    )


async def list_videos(session: AsyncSession, event_id: str, *, cinema_only: bool) -> list[Video]:
    query = select(Video).where(Video.event_id == event_id)
    if cinema_only:
        query = query.where(Video.is_in_cinema.is_(True))
    return list((await session.scalars(query.order_by(Video.position, Video.id))).all())


async def _stored_source(session: AsyncSession, kind: VideoKind, source: Source) -> StoredFile:
    assert source.file_hash is not None
    stored = await load_file(session, source.file_hash)
    wanted = _STORED_TYPES.get(kind)
    if stored.content_type != wanted:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            f"URL names a stored {stored.content_type} file, not a {kind.value} video",
            {"Field": "URL", "ContentType": stored.content_type},
        )
    return stored


async def _poster(session: AsyncSession, poster: str) -> str:
    digest = stored_hash(poster)
    if digest is not None:
        stored = await load_file(session, digest)
        if stored.kind != Kind.IMAGE.value:
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                "PosterURL names a stored file that is not an image",
                {"Field": "PosterURL"},
            )
    return poster


def _check_identity(video: Video | None, event: Event, body: VideoIn) -> None:
    if body.ID is not None and (video is None or video.id != body.ID):
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "ID is assigned by the server" if video is None else "ID does not match the path",
            {"ID": body.ID},
        )
    if body.EventID is not None and body.EventID != event.id:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR, "EventID does not match", {"EventID": body.EventID}
        )


async def _apply(session: AsyncSession, video: Video, body: VideoIn) -> None:
    source = parse_source(body.Kind, body.URL)  # validated by the schema already
    duration = body.DurationSeconds
    if source.file_hash is not None:
        stored = await _stored_source(session, body.Kind, source)
        if duration is None and stored.duration_ms:
            duration = stored.duration_ms / 1000  # the file knows its length
    video.poster_url = await _poster(session, body.PosterURL)
    video.title, video.description, video.kind = body.Title, body.Description, body.Kind.value
    video.url, video.file_hash, video.external_id = (
        source.url,
        source.file_hash,
        source.external_id,
    )
    video.duration_seconds, video.is_in_cinema = duration, body.IsInCinema
    if body.Position is not None:
        video.position = body.Position


async def create_video(
    session: AsyncSession, services: Services, event: Event, body: VideoIn
) -> Video:
    _check_identity(None, event, body)
    now = services.clock.now()
    last = await session.scalar(select(func.max(Video.position)).where(Video.event_id == event.id))
    video = Video(
        id=new_id(),
        event_id=event.id,
        position=0 if last is None else last + 1,
        created_at=now,
        updated_at=now,
    )
    await _apply(session, video, body)
    session.add(video)
    await session.flush()
    return video


async def update_video(
    session: AsyncSession, services: Services, event: Event, video: Video, body: VideoIn
) -> Video:
    _check_identity(video, event, body)
    await _apply(session, video, body)
    video.updated_at = services.clock.now()
    await session.flush()
    return video


async def sessions_playing(session: AsyncSession, event_id: str, video_id: str) -> list[str]:
    """Ids of the event's `Video` sessions that play this video. The link is inside the session's
    document, so it is read in Python (an event has a programme, not millions of sessions)."""
    sessions = await session.scalars(
        select(Activity).where(
            Activity.event_id == event_id, Activity.entity_type == EntityType.SESSION.value
        )
    )
    return [
        s.id
        for s in sessions
        if s.document.get("ConferenceType") == ConferenceType.VIDEO.value
        and s.document.get("ConferenceID") == video_id
    ]


async def delete_video(session: AsyncSession, video: Video) -> None:
    """Refused while a session streams it (its players would go dark); its recordings go too."""
    playing = await sessions_playing(session, video.event_id, video.id)
    if playing:
        raise ApiError(
            ErrorCode.CONFLICT,
            "Sessions stream this video; give them another stream first",
            {"VideoID": video.id, "SessionIDs": playing},
        )
    await session.delete(video)
    await session.flush()


async def reorder_videos(
    session: AsyncSession, services: Services, event: Event, body: OrderIn
) -> list[Video]:
    videos = await list_videos(session, event.id, cinema_only=False)
    if len(set(body.VideoIDs)) != len(body.VideoIDs):
        raise ApiError(
            ErrorCode.VALIDATION_ERROR, "VideoIDs names a video twice", {"Field": "VideoIDs"}
        )
    known = {v.id: v for v in videos}
    missing = sorted(known.keys() - set(body.VideoIDs))
    unknown = sorted(set(body.VideoIDs) - known.keys())
    if missing or unknown:
        # The list changed since the client read it (or names another event's videos).
        raise ApiError(
            ErrorCode.CONFLICT,
            "VideoIDs must name every video of the event exactly once",
            {"Missing": missing, "Unknown": unknown},
        )
    now = services.clock.now()
    for position, video_id in enumerate(body.VideoIDs):
        video = known[video_id]
        if video.position != position:
            video.position, video.updated_at = position, now
    await session.flush()
    return [known[video_id] for video_id in body.VideoIDs]


async def upload_video(
    session: AsyncSession, services: Services, storage: Storage, upload: UploadFile
) -> StoredVideoOut:
    stored = await store_upload(
        session,
        services,
        storage,
        upload,
        {Kind.VIDEO},
        limit=services.settings.max_video_upload_bytes,
    )
    return StoredVideoOut(
        URL=file_url(stored.hash),
        FileHash=stored.hash,
        ContentType=stored.content_type,
        Size=stored.size,
        Width=stored.width,
        Height=stored.height,
        DurationSeconds=stored.duration_ms / 1000,
    )


async def set_poster(
    session: AsyncSession,
    services: Services,
    storage: Storage,
    video: Video,
    upload: UploadFile,
) -> Video:
    stored = await store_upload(session, services, storage, upload, {Kind.IMAGE})
    video.poster_url, video.updated_at = file_url(stored.hash), services.clock.now()
    await session.flush()
    return video
