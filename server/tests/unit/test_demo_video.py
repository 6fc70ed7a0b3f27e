"""The demo video: PyAV renders a decodable H.264 + AAC MP4 of the expected length whose picture
changes over time, the same bytes every time, cached on disk; the HLS rendition covers it."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import av
import numpy as np
import pytest
from PIL import Image

from venuely.demo import video as demo_video
from venuely.demo.hls import hls_rendition
from venuely.demo.video import VideoSpec, build_demo_video, poster_png, render_demo_video
from venuely.settings import Environment, Settings

SPEC = VideoSpec(96, 54, 10, 3, "Unit Test Conference")


@pytest.fixture(scope="module")
def rendered() -> bytes:
    return render_demo_video(SPEC)


def test_it_decodes_to_the_expected_length_and_tracks(rendered: bytes) -> None:
    with av.open(io.BytesIO(rendered), "r") as container:
        assert container.duration is not None
        assert container.duration / av.time_base == pytest.approx(3.0, abs=0.05)
        video, audio = container.streams.video[0], container.streams.audio[0]
        assert (video.codec_context.name, audio.codec_context.name) == ("h264", "aac")
        assert (video.codec_context.width, video.codec_context.height) == (96, 54)
        frames = [f.to_ndarray(format="rgb24") for f in container.decode(video=0)]
    assert len(frames) == 30
    # Playback visibly advances: the clock and the ball move between the first and last second.
    assert np.abs(frames[0].astype(int) - frames[-1].astype(int)).mean() > 1.0
    with av.open(io.BytesIO(rendered), "r") as container:
        sound = np.concatenate([f.to_ndarray().ravel() for f in container.decode(audio=0)])
    assert len(sound) == pytest.approx(3 * 48_000, rel=0.03)
    assert np.abs(sound).max() > 0.05  # a tone, not silence


def _render_in_a_new_process() -> bytes:
    # A seed is a new process, and that is where the bytes must repeat (a re-seed on another
    # machine stores nothing new). Within one long test process, state left by other tests' PyAV
    # use has been seen to change the encoder's rate statistics, so the check starts clean.
    spec = f"VideoSpec({SPEC.width}, {SPEC.height}, {SPEC.fps}, {SPEC.seconds}, {SPEC.title!r})"
    code = (
        "import sys\n"
        "from venuely.demo.video import VideoSpec, render_demo_video\n"
        f"sys.stdout.buffer.write(render_demo_video({spec}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, check=True, timeout=300
    )
    return done.stdout


def test_the_index_comes_first_and_the_bytes_never_vary(rendered: bytes) -> None:
    assert rendered[4:8] == b"ftyp"
    assert rendered.index(b"moov") < rendered.index(b"mdat")
    first = _render_in_a_new_process()
    assert first[4:8] == b"ftyp"
    assert _render_in_a_new_process() == first


def test_it_is_cached_on_disk_and_in_memory(tmp_path: Path, rendered: bytes) -> None:
    spec = VideoSpec(96, 54, 10, 3, "Unit Test Conference")
    demo_video._memo.pop(spec, None)
    data = build_demo_video(spec, tmp_path)
    cached = tmp_path / spec.cache_name()
    assert cached.read_bytes() == data
    assert data[4:8] == b"ftyp"
    assert len(data) == pytest.approx(len(rendered), rel=0.2)
    demo_video._memo.pop(spec, None)
    cached.write_bytes(b"from the cache")  # a second build reads the file, not the renderer
    assert build_demo_video(spec, tmp_path) == b"from the cache"
    demo_video._memo.pop(spec, None)


def test_the_hls_rendition_covers_the_video(rendered: bytes) -> None:
    rendition = hls_rendition(rendered, segment_seconds=2)
    assert len(rendition.segments) == 2  # keyframes every 2 s: 0-2 s and 2-3 s
    playlist = rendition.playlist(lambda data: f"/files/{len(data)}")
    durations = [
        float(line[8:].rstrip(",")) for line in playlist.splitlines() if line.startswith("#EXTINF:")
    ]
    assert sum(durations) == pytest.approx(3.0, abs=0.05)
    assert "#EXT-X-ENDLIST" in playlist
    for data in rendition.segments.values():
        assert f"/files/{len(data)}" in playlist
        assert data[0] == 0x47
    assert hls_rendition(rendered, segment_seconds=2).segments == rendition.segments


def test_the_poster_is_the_title_card() -> None:
    with Image.open(io.BytesIO(poster_png(SPEC))) as image:
        assert image.format == "PNG"
        assert image.size == (96, 54)


def test_tests_render_small_and_people_get_720p(tmp_path: Path) -> None:
    test = video_settings(tmp_path, Environment.TEST)
    dev = video_settings(tmp_path, Environment.DEV)
    small = demo_video.video_spec(test, "T")
    assert small.width * small.height <= 160 * 90
    assert small.seconds <= 5
    big = demo_video.video_spec(dev, "T")
    assert (big.width, big.height, big.seconds) == (1280, 720, 60)


def video_settings(tmp_path: Path, env: Environment) -> Settings:
    return Settings(env=env, data_dir=tmp_path, secret_key="k" * 40)
