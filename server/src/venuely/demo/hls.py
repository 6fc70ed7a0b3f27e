"""An HLS rendition of the demo MP4: the same packets cut into MPEG-TS segments, no re-encoding.

FFmpeg's `hls` muxer (through PyAV) writes the playlist and its segments into a scratch folder;
the segments are then stored like any file, under their SHA-256, and the playlist is rewritten
to name them by their same-origin URLs (`/api/v1/files/<hash>`), so hls.js and native players
fetch everything from our server. A copy of packets takes milliseconds and gives the same bytes
for the same MP4, so it is made at every seed instead of being cached.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import av

SEGMENT_SECONDS = 4


@dataclass(frozen=True, slots=True)
class HlsRendition:
    # The playlist's lines; each segment's line is its file name in `segments`.
    lines: list[str]
    segments: dict[str, bytes]

    def playlist(self, url_of: Callable[[bytes], str]) -> str:
        """The playlist text with every segment named by `url_of(its bytes)`."""
        return "".join(
            (url_of(self.segments[line]) if line in self.segments else line) + "\n"
            for line in self.lines
        )


def hls_rendition(mp4: bytes, segment_seconds: int = SEGMENT_SECONDS) -> HlsRendition:
    with tempfile.TemporaryDirectory(prefix="venuely-demo-hls-") as folder:
        root = Path(folder)
        options = {
            "hls_time": str(segment_seconds),
            "hls_playlist_type": "vod",
            "hls_segment_type": "mpegts",
            "hls_segment_filename": str(root / "segment%03d.ts"),
            "hls_flags": "independent_segments",
        }
        with (
            av.open(io.BytesIO(mp4), "r", format="mp4") as source,
            av.open(str(root / "index.m3u8"), "w", format="hls", options=options) as target,
        ):
            streams = {s.index: target.add_stream_from_template(s) for s in source.streams}
            for packet in source.demux():
                if packet.dts is None:  # the demuxer's end-of-stream marker
                    continue
                packet.stream = streams[packet.stream.index]
                target.mux(packet)
        lines = (root / "index.m3u8").read_text(encoding="utf-8").splitlines()
        segments = {p.name: p.read_bytes() for p in sorted(root.glob("segment*.ts"))}
    return HlsRendition(lines, segments)
