"""The demo event's cinema: its own video (MP4 and HLS), two embeds, and a recording.

Called by `demo/seed.py` on every seed. The video is rendered by `demo/video.py` (cached), its
files are stored through the file service like any upload, and the videos are found again by
their source (the stored file's hash, or the YouTube / Vimeo id), so re-seeding adds nothing and
keeps an organizer's edits to titles or order. Our own files come first: the demo plays offline.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import anyio.to_thread
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.demo import VIMEO_ID, YOUTUBE_ID
from venuely.activities.models import Activity
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.demo.hls import hls_rendition
from venuely.demo.video import build_demo_video, poster_png, video_spec
from venuely.events.models import Event
from venuely.files.service import file_url, store_cleaned
from venuely.files.sniff import Kind
from venuely.files.storage import Storage, build_storage
from venuely.files.validate import Cleaned
from venuely.media.models import Recording, Video, VideoKind
from venuely.media.service import HLS_PLAYLIST_TYPE, MP4_TYPE

DESCRIPTION = (
    "Made by `venuely demo` with PyAV and served by this server, so it plays without the "
    "internet. The clock shows where you are; everyone watching the live session sees the same."
)


@dataclass(frozen=True, slots=True)
class DemoVideos:
    mp4: Video
    hls: Video


async def _store(
    session: AsyncSession, services: Services, storage: Storage, cleaned: Cleaned
) -> str:
    return (await store_cleaned(session, services, storage, cleaned)).hash


async def _video(
    session: AsyncSession, services: Services, event: Event, kind: VideoKind, **fields: object
) -> Video:
    """The demo's video with this source, made when missing (appended to the cinema)."""
    query = select(Video).where(Video.event_id == event.id, Video.kind == kind.value)
    if "file_hash" in fields:
        query = query.where(Video.file_hash == fields["file_hash"])
    else:
        query = query.where(Video.external_id == fields["external_id"])
    video = await session.scalar(query.order_by(Video.id).limit(1))
    if video is None:
        now = services.clock.now()
        last = await session.scalar(
            select(func.max(Video.position)).where(Video.event_id == event.id)
        )
        video = Video(
            id=new_id(),
            event_id=event.id,
            kind=kind.value,
            position=0 if last is None else last + 1,
            is_in_cinema=True,
            created_at=now,
            updated_at=now,
            **fields,
        )
        session.add(video)
        await session.flush()
    return video


async def ensure_demo_videos(session: AsyncSession, services: Services, event: Event) -> DemoVideos:
    settings = services.settings
    spec = video_spec(settings, event.title)
    # Seconds of CPU on a cold cache: off the event loop.
    data = await anyio.to_thread.run_sync(build_demo_video, spec, settings.data_dir / "demo")
    rendition = await anyio.to_thread.run_sync(hls_rendition, data)
    storage = build_storage(settings)
    duration_ms = spec.seconds * 1000
    mp4_hash = await _store(
        session,
        services,
        storage,
        Cleaned(data, Kind.VIDEO, MP4_TYPE, "mp4", spec.width, spec.height, duration_ms),
    )
    for segment in rendition.segments.values():
        await _store(session, services, storage, Cleaned(segment, Kind.VIDEO, "video/mp2t", "ts"))
    playlist = rendition.playlist(lambda b: file_url(hashlib.sha256(b).hexdigest())).encode()
    hls_hash = await _store(
        session, services, storage, Cleaned(playlist, Kind.VIDEO, HLS_PLAYLIST_TYPE, "m3u8")
    )
    poster = await anyio.to_thread.run_sync(poster_png, spec)
    poster_hash = await _store(
        session,
        services,
        storage,
        Cleaned(poster, Kind.IMAGE, "image/png", "png", spec.width, spec.height),
    )
    common = {
        "description": DESCRIPTION,
        "duration_seconds": float(spec.seconds),
        "poster_url": file_url(poster_hash),
    }
    mp4 = await _video(
        session, services, event, VideoKind.MP4, file_hash=mp4_hash, title="Demo stream", **common
    )
    hls = await _video(
        session,
        services,
        event,
        VideoKind.HLS,
        file_hash=hls_hash,
        title="Demo stream (HLS)",
        **common,
    )
    await _video(
        session,
        services,
        event,
        VideoKind.YOUTUBE,
        external_id=YOUTUBE_ID,
        title="Big Buck Bunny (YouTube)",
        description="Blender Foundation, CC BY 3.0. Needs the internet.",
    )
    await _video(
        session,
        services,
        event,
        VideoKind.VIMEO,
        external_id=VIMEO_ID,
        title="A video on Vimeo",
        description="Vimeo's player demo. Needs the internet.",
    )
    return DemoVideos(mp4=mp4, hls=hls)


async def ensure_demo_recording(
    session: AsyncSession, services: Services, activity: Activity, video: Video
) -> None:
    """`video` as the recording of the ended demo session `activity`."""
    recording = await session.get(Recording, activity.id)
    now = services.clock.now()
    if recording is None:
        recording = Recording(
            session_id=activity.id, event_id=activity.event_id, video_id=video.id, created_at=now
        )
        session.add(recording)
    recording.video_id, recording.updated_at = video.id, now
    await session.flush()
