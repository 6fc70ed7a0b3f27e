"""Check an uploaded MP4 and rewrite its container, with PyAV (FFmpeg's libraries in a wheel).

Videos are not re-encoded like images: that would take minutes of CPU per upload. Instead the
file must open as MP4, hold a video track in a codec browsers play, and its first frame must
decode; then its tracks are copied, packet for packet, into a new MP4 the server writes itself
(`+faststart`: the index first, so a player starts after one small byte range instead of fetching
the end of the file). Nothing outside the copied tracks survives: metadata, unknown boxes,
trailing bytes, other tracks. CPU-bound; callers run it in a worker thread.
"""

from __future__ import annotations

import io
import tempfile
from dataclasses import dataclass
from pathlib import Path

import av
import av.error

# What `<video>` plays in current browsers inside MP4.
VIDEO_CODECS = frozenset({"h264", "hevc", "av1", "vp9"})
AUDIO_CODECS = frozenset({"aac", "mp3", "opus", "flac"})


class InvalidVideo(Exception):
    """The bytes are not an MP4 we serve."""


@dataclass(frozen=True, slots=True)
class CheckedVideo:
    data: bytes
    width: int
    height: int
    duration_ms: int


def check_mp4(data: bytes, max_pixels: int) -> CheckedVideo:
    try:
        return _check(data, max_pixels)
    except InvalidVideo:
        raise
    # FFmpeg reports malformed input through many error classes (and Python ones for odd
    # timestamps): every one means "not a file we can serve".
    except (av.error.FFmpegError, ValueError, OSError, EOFError, StopIteration) as exc:
        raise InvalidVideo("not a readable MP4 video") from exc


def _check(data: bytes, max_pixels: int) -> CheckedVideo:
    # The format is fixed: FFmpeg must not guess another demuxer for these bytes.
    with av.open(io.BytesIO(data), mode="r", format="mp4") as source:
        if not source.streams.video:
            raise InvalidVideo("the file has no video track")
        video = source.streams.video[0]
        if video.codec_context.name not in VIDEO_CODECS:
            raise InvalidVideo(
                f"video codec {video.codec_context.name} is not one browsers play "
                f"({', '.join(sorted(VIDEO_CODECS))})"
            )
        width, height = video.codec_context.width, video.codec_context.height
        if width < 1 or height < 1 or width * height > max_pixels:
            raise InvalidVideo(f"video is {width}x{height}; at most {max_pixels} pixels allowed")
        audio = next(
            (s for s in source.streams.audio if s.codec_context.name in AUDIO_CODECS), None
        )
        duration_ms = _duration_ms(source)
        if duration_ms <= 0:
            raise InvalidVideo("the video states no duration")
        next(source.decode(video))  # the first picture must decode
        source.seek(0)
        remuxed = _remux(source, video, audio)
    return CheckedVideo(remuxed, width, height, duration_ms)


def _duration_ms(source: av.container.InputContainer) -> int:
    if source.duration is not None:
        return int(source.duration * 1000 // av.time_base)
    video = source.streams.video[0]
    if video.duration is not None and video.time_base is not None:
        return int(video.duration * video.time_base * 1000)
    return 0


def _remux(
    source: av.container.InputContainer,
    video: av.VideoStream,
    audio: av.AudioStream | None,
) -> bytes:
    # `+faststart` moves the index in a second pass over the written file, which PyAV can only
    # do on a real file, not on a memory buffer.
    with tempfile.TemporaryDirectory(prefix="venuely-video-") as folder:
        path = Path(folder) / "out.mp4"
        with av.open(
            str(path), mode="w", format="mp4", options={"movflags": "+faststart"}
        ) as target:
            streams: dict[int, av.VideoStream | av.AudioStream] = {
                video.index: target.add_stream_from_template(video)
            }
            if audio is not None:
                streams[audio.index] = target.add_stream_from_template(audio)
            pictures = 0
            for packet in source.demux([s for s in (video, audio) if s is not None]):
                if packet.dts is None:  # the demuxer's end-of-stream marker
                    continue
                pictures += packet.stream.index == video.index
                packet.stream = streams[packet.stream.index]
                target.mux(packet)
        # The index lists every picture; fewer in the file means it was cut off (an upload
        # that broke off, a partial copy), which would play and then stop short.
        if video.frames and pictures < video.frames:
            raise InvalidVideo(f"the file is truncated: {pictures} of {video.frames} pictures")
        return path.read_bytes()
