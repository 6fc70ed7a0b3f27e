"""The demo's own video, drawn with Pillow and encoded with PyAV (H.264 + AAC in MP4).

PyAV's wheels carry FFmpeg's libraries (libx264 among them), so no system ffmpeg and no download
is needed: `venuely demo` makes a video that plays offline. The picture is a title card with the
event's name, a ball crossing the screen, a running clock and a progress bar, so a viewer sees
playback advance (and two viewers of the simulated live stream can compare clocks); the sound is
a quiet tone with a higher beep at each full second.

Rendering takes seconds, so the MP4 is cached like the demo tour (docs/subsystems/demo-tour.md):
in this process, then as `<data dir>/demo/demo-video-r<RENDER_VERSION>-<spec>.mp4`. A new process
renders the same bytes (fixed drawing, packets muxed in time order, no timestamps in the file), so
a seed on another machine finds the same SHA-256 and stores nothing new. Bump `RENDER_VERSION`
when a change to the drawing should reach existing installations.
"""

from __future__ import annotations

import hashlib
import io
import math
import os
import tempfile
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import av
import numpy as np
from PIL import Image, ImageDraw

from venuely.demo.tour.canvas import font
from venuely.settings import Environment, Settings

RENDER_VERSION = 1
SAMPLE_RATE = 48_000
AUDIO_FRAME = 1024  # samples per AAC frame
KEYFRAME_SECONDS = 2  # a keyframe every 2 s: seeking and HLS segments start on one
_memo: dict[VideoSpec, bytes] = {}


@dataclass(frozen=True, slots=True)
class VideoSpec:
    width: int
    height: int
    fps: int
    seconds: int
    title: str

    @property
    def frames(self) -> int:
        return self.fps * self.seconds

    def cache_name(self) -> str:
        tag = hashlib.sha256(self.title.encode()).hexdigest()[:8]
        size = f"{self.width}x{self.height}-{self.fps}fps-{self.seconds}s"
        return f"demo-video-r{RENDER_VERSION}-{size}-{tag}.mp4"


def video_spec(settings: Settings, title: str) -> VideoSpec:
    """A minute of 720p for people; under `VENUELY_ENV=test` a few seconds of a thumbnail, so
    test seeding stays fast while running the same code."""
    if settings.env is Environment.TEST:
        return VideoSpec(160, 90, 10, 4, title)
    return VideoSpec(1280, 720, 25, 60, title)


class _Painter:
    """Draws frame `n`: a static card made once, the moving parts per frame."""

    def __init__(self, spec: VideoSpec) -> None:
        self.spec = spec
        w, h = spec.width, spec.height
        # A vertical gradient, deep blue to violet, as the card's background.
        ramp = np.linspace(0.0, 1.0, h, dtype=np.float32)[:, None, None]
        top, bottom = np.array([18, 32, 74], np.float32), np.array([74, 28, 96], np.float32)
        pixels = np.broadcast_to(top + (bottom - top) * ramp, (h, w, 3)).astype(np.uint8)
        self.card = Image.fromarray(np.ascontiguousarray(pixels), "RGB")
        draw = ImageDraw.Draw(self.card)
        draw.text((w * 0.06, h * 0.1), spec.title, fill=(255, 255, 255), font=font(h // 12))
        subtitle = "Demo stream, made by venuely demo with PyAV"
        draw.text((w * 0.06, h * 0.22), subtitle, fill=(200, 210, 255), font=font(h // 26))
        self.clock_font = font(h // 5)
        self.track_y = int(h * 0.72)

    def frame(self, n: int) -> Image.Image:
        spec, image = self.spec, self.card.copy()
        w, h = spec.width, spec.height
        draw = ImageDraw.Draw(image)
        t = n / spec.fps
        # The ball crosses in 4 s and comes back: smooth, so dropped frames would show.
        phase = (t % 8) / 4
        x = (phase if phase <= 1 else 2 - phase) * (w * 0.8) + w * 0.1
        r = max(2, h // 18)
        y = self.track_y - int(abs(math.sin(t * math.pi)) * h * 0.08)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 196, 61))
        minutes, seconds = divmod(t, 60)
        clock = f"{int(minutes):02d}:{seconds:04.1f}"
        draw.text((w * 0.06, h * 0.34), clock, fill=(255, 255, 255), font=self.clock_font)
        bar = int((w * 0.88) * (n + 1) / spec.frames)
        draw.rectangle((w * 0.06, h * 0.9, w * 0.06 + bar, h * 0.9 + max(2, h // 60)), fill="white")
        return image


def poster_png(spec: VideoSpec) -> bytes:
    """The first frame as a PNG: the cinema's poster for the demo video."""
    out = io.BytesIO()
    _Painter(spec).frame(0).save(out, "PNG", optimize=True)
    return out.getvalue()


def _tone(spec: VideoSpec) -> np.ndarray:
    """A quiet 440 Hz tone with an 880 Hz beep during the first 0.1 s of every second."""
    t = np.arange(SAMPLE_RATE * spec.seconds, dtype=np.float64) / SAMPLE_RATE
    beep = (t % 1.0) < 0.1
    wave = np.where(beep, 0.25 * np.sin(2 * np.pi * 880 * t), 0.08 * np.sin(2 * np.pi * 440 * t))
    return wave.astype(np.float32)


def render_demo_video(spec: VideoSpec) -> bytes:
    """Encode the video; no caching (see `build_demo_video`)."""
    painter, samples = _Painter(spec), _tone(spec)
    with tempfile.TemporaryDirectory(prefix="venuely-demo-video-") as folder:
        path = Path(folder) / "demo.mp4"
        # faststart: the index goes first, so players start after one small byte range.
        with av.open(str(path), "w", format="mp4", options={"movflags": "+faststart"}) as out:
            video = out.add_stream("libx264", rate=spec.fps)
            video.width, video.height, video.pix_fmt = spec.width, spec.height, "yuv420p"
            gop = str(spec.fps * KEYFRAME_SECONDS)
            video.options = {
                "preset": "veryfast",
                "crf": "26",
                "g": gop,
                "keyint_min": gop,
                "sc_threshold": "0",
            }
            audio = out.add_stream("aac", rate=SAMPLE_RATE)
            audio.layout = "mono"
            packets: list[av.Packet[Any]] = []
            for n in range(spec.frames):
                picture = av.VideoFrame.from_ndarray(np.asarray(painter.frame(n)), format="rgb24")
                picture.pts, picture.time_base = n, Fraction(1, spec.fps)
                packets += video.encode(picture)
            packets += video.encode(None)
            for start in range(0, len(samples), AUDIO_FRAME):
                chunk = samples[start : start + AUDIO_FRAME]
                sound = av.AudioFrame.from_ndarray(chunk[None, :], format="flt", layout="mono")
                sound.sample_rate, sound.pts = SAMPLE_RATE, start
                packets += audio.encode(sound)
            packets += audio.encode(None)
            # Muxed in time order, whatever order the encoders returned packets in (which varies
            # with thread timing): the two tracks interleave evenly and the bytes never vary.
            packets.sort(key=lambda p: (float((p.dts or 0) * p.time_base), p.stream.index))
            out.mux(packets)
        return path.read_bytes()


def build_demo_video(spec: VideoSpec, cache_dir: Path | None = None) -> bytes:
    """The demo MP4: from this process's memory, else from `cache_dir`, else rendered (and then
    kept in both)."""
    if spec in _memo:
        return _memo[spec]
    cached = cache_dir / spec.cache_name() if cache_dir else None
    if cached is not None and cached.is_file():
        data = cached.read_bytes()
    else:
        data = render_demo_video(spec)
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(f".{os.getpid()}.tmp")
            partial.write_bytes(data)
            os.replace(partial, cached)  # atomic: a concurrent seed never reads half a file
    _memo[spec] = data
    return data
