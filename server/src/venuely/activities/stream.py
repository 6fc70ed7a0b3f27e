"""What the player gets for a session: an iframe page (Iframe, Zoom) or Vimeo's URL and password.

Attendees get them only while the session is active (`visibility.is_active`, attendee-app.md §4:
virtual, and now between DateBegin and DateEnd); otherwise 410 `MEDIA_EXPIRED`, which the web app
shows as "please reload". Admins may preview at any time. Activity answers hide the stream fields
by the same rule (`visibility.hidden_fields`), so reading the list is no way around this.
"""

from __future__ import annotations

import base64
import hashlib
import html
from datetime import datetime
from urllib.parse import urlsplit

from venuely.activities.models import Activity
from venuely.activities.schemas import ConferenceType
from venuely.activities.visibility import is_active
from venuely.core.errors import ApiError, ErrorCode

_STYLE = "html,body{margin:0;height:100%;background:#000}iframe{border:0;width:100%;height:100%}"
_STYLE_HASH = base64.b64encode(hashlib.sha256(_STYLE.encode()).digest()).decode()
_IFRAME_TYPES = (ConferenceType.IFRAME.value, ConferenceType.ZOOM.value)


def check_playable(activity: Activity, now: datetime, *, is_admin: bool) -> None:
    if is_admin or is_active(activity, now):
        return
    raise ApiError(
        ErrorCode.MEDIA_EXPIRED,
        "The request to view this content has expired; reload the page",
        {"SessionID": activity.id},
    )


def _mismatch(activity: Activity, wanted: str) -> ApiError:
    return ApiError(
        ErrorCode.CONFERENCE_TYPE_MISMATCH,
        f"Session {activity.id} does not stream through {wanted}",
        {"SessionID": activity.id, "ConferenceType": activity.document.get("ConferenceType")},
    )


def _http_url(value: object) -> str | None:
    # Stored URLs were validated on write; checked again because this one lands in HTML.
    if not isinstance(value, str):
        return None
    parts = urlsplit(value)
    return value if parts.scheme in ("http", "https") and parts.netloc else None


def _zoom_web_client(url: str) -> str:
    # Zoom's join links (/j/<id>) open the desktop app; /wc/join/<id> is the in-browser client.
    parts = urlsplit(url)
    if parts.path.startswith("/j/"):
        return parts._replace(path="/wc/join/" + parts.path[3:]).geturl()
    return url


def iframe_target(activity: Activity) -> str:
    kind = activity.document.get("ConferenceType")
    url = _http_url(activity.document.get("ConferenceJoinURL"))
    if kind not in _IFRAME_TYPES or url is None:
        raise _mismatch(activity, "an iframe")
    return _zoom_web_client(url) if kind == ConferenceType.ZOOM.value else url


def content_security_policy(target: str) -> str:
    parts = urlsplit(target)
    origin = f"{parts.scheme}://{parts.netloc}"
    return (
        f"default-src 'none'; frame-src {origin}; style-src 'sha256-{_STYLE_HASH}'; "
        "base-uri 'none'; form-action 'none'"
    )


def iframe_document(activity: Activity, target: str) -> str:
    """A page holding only the stream. The web app loads it as a blob: URL, where response
    headers no longer apply, hence the policy is in a meta element as well as the header."""
    title = html.escape(str(activity.document.get("Title") or activity.internal_name))
    csp = html.escape(content_security_policy(target))
    src = html.escape(target, quote=True)
    return (
        "<!doctype html>\n"
        '<html><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{title}</title><style>{_STYLE}</style></head>"
        f'<body><iframe src="{src}" title="{title}" '
        'allow="autoplay; fullscreen; picture-in-picture; camera; microphone; display-capture" '
        'allowfullscreen referrerpolicy="no-referrer"></iframe></body></html>\n'
    )


def vimeo_target(activity: Activity) -> tuple[str, str]:
    if activity.document.get("ConferenceType") != ConferenceType.VIMEO.value:
        raise _mismatch(activity, "Vimeo")
    url = _http_url(activity.document.get("ConferenceJoinURL"))
    if url is None:
        video_id = str(activity.document.get("ConferenceID", ""))
        if not video_id.isdigit():
            raise _mismatch(activity, "Vimeo (no URL or numeric ConferenceID)")
        url = f"https://player.vimeo.com/video/{video_id}"
    return url, str(activity.document.get("ConferencePassword", ""))
