"""Where a video plays from: the `URL` an organizer gives, checked for its kind.

- `mp4`: an http(s) URL, or `/api/v1/files/<hash>` of an MP4 we store (an upload's `URL`).
- `hls`: an http(s) URL whose path ends in `.m3u8`, or the path of an HLS playlist we store.
- `youtube`: the 11-character video id, or a youtube.com / youtu.be / youtube-nocookie.com URL
  naming one (watch?v=, /embed/, /shorts/, /live/).
- `vimeo`: the numeric id, or a vimeo.com or player.vimeo.com URL naming one.

Anything else is refused: `javascript:`, `data:`, `file:`, `ftp:` and relative URLs never reach a
player. What a client reads back (`VideoOut.URL`) is accepted again unchanged. Pure functions:
`schemas.py` validates with them, `service.py` stores what they return.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from venuely.files.service import file_url, stored_hash
from venuely.media.models import VideoKind

YOUTUBE_ID = re.compile(r"^[A-Za-z0-9_-]{11}$")
VIMEO_ID = re.compile(r"^[0-9]{1,12}$")
_YOUTUBE_HOSTS = frozenset(
    {
        "youtube.com",
        "www.youtube.com",
        "m.youtube.com",
        "youtube-nocookie.com",
        "www.youtube-nocookie.com",
    }
)
_YOUTUBE_PATHS = ("/embed/", "/shorts/", "/live/", "/v/")
_VIMEO_HOSTS = frozenset({"vimeo.com", "www.vimeo.com", "player.vimeo.com"})


@dataclass(frozen=True, slots=True)
class Source:
    url: str = ""
    file_hash: str | None = None
    external_id: str = ""


def http_url(value: str) -> str:
    """`value` when it is an absolute http(s) URL with a host and no whitespace."""
    parts = urlsplit(value)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ValueError("must be an http(s) URL (http:// or https://)")
    if any(c.isspace() for c in value):
        raise ValueError("a URL cannot contain whitespace")
    return value


def parse_source(kind: VideoKind, value: str) -> Source:
    """The source `value` names for a video of `kind`; ValueError with the reason otherwise."""
    value = value.strip()
    if not value:
        raise ValueError("a video needs a URL (or, for YouTube and Vimeo, the video id)")
    if kind is VideoKind.YOUTUBE:
        return Source(external_id=_youtube_id(value))
    if kind is VideoKind.VIMEO:
        return Source(external_id=_vimeo_id(value))
    digest = stored_hash(value)
    if digest is not None:
        return Source(file_hash=digest)
    url = http_url(value)
    if kind is VideoKind.HLS and not urlsplit(url).path.lower().endswith(".m3u8"):
        raise ValueError("an HLS video is an http(s) URL of a .m3u8 playlist")
    return Source(url=url)


def _youtube_id(value: str) -> str:
    if YOUTUBE_ID.match(value):
        return value
    parts = urlsplit(http_url(value))
    host = (parts.hostname or "").lower()
    candidate = ""
    if host == "youtu.be":
        candidate = parts.path.strip("/")
    elif host in _YOUTUBE_HOSTS:
        if parts.path == "/watch":
            candidate = parse_qs(parts.query).get("v", [""])[0]
        else:
            prefix = next((p for p in _YOUTUBE_PATHS if parts.path.startswith(p)), None)
            candidate = parts.path[len(prefix) :].strip("/") if prefix else ""
    if not YOUTUBE_ID.match(candidate):
        raise ValueError("not a YouTube video: give its 11-character id or a youtube.com URL")
    return candidate


def _vimeo_id(value: str) -> str:
    if VIMEO_ID.match(value):
        return value
    parts = urlsplit(http_url(value))
    host = (parts.hostname or "").lower()
    segments = [s for s in parts.path.split("/") if s]
    if host == "player.vimeo.com" and len(segments) >= 2 and segments[0] == "video":
        candidate = segments[1]
    elif host in _VIMEO_HOSTS and segments:
        candidate = segments[0]
    else:
        candidate = ""
    if not VIMEO_ID.match(candidate):
        raise ValueError("not a Vimeo video: give its numeric id or a vimeo.com URL")
    return candidate


def playable_url(kind: str, source: Source) -> str:
    """The URL a player loads: ours for stored files, the embed player for YouTube and Vimeo."""
    if source.file_hash:
        return file_url(source.file_hash)
    if kind == VideoKind.YOUTUBE.value:
        return f"https://www.youtube-nocookie.com/embed/{source.external_id}"
    if kind == VideoKind.VIMEO.value:
        return f"https://player.vimeo.com/video/{source.external_id}"
    return source.url


def poster_url(value: str) -> str:
    """A poster is an http(s) URL, the path of a stored image, or empty for none."""
    value = value.strip()
    if not value or stored_hash(value) is not None:
        return value
    return http_url(value)
