"""A small Zoom REST client: server-to-server OAuth, create and delete a meeting.

Credentials come from `VENUELY_ZOOM_ACCOUNT_ID`, `..._CLIENT_ID` and `..._CLIENT_SECRET` (a
"Server-to-Server OAuth" app in Zoom's marketplace with the `meeting:write` scope). Without all
three every call answers 503 `ZOOM_NOT_CONFIGURED`, so an installation without Zoom behaves
predictably. Access tokens (valid one hour) are cached per process until shortly before expiry.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, ClassVar

import httpx

from venuely.core.clock import Clock
from venuely.core.errors import ApiError, ErrorCode
from venuely.settings import Settings

OAUTH_URL = "https://zoom.us/oauth/token"
API_URL = "https://api.zoom.us/v2"
TIMEOUT = httpx.Timeout(10.0)
# Renew a little early so a token never expires between the check and Zoom reading it.
_EXPIRY_MARGIN = timedelta(seconds=60)
_tokens: dict[tuple[str, str], tuple[str, datetime]] = {}


@dataclass(frozen=True, slots=True)
class ZoomMeeting:
    id: str
    join_url: str
    password: str


def _failed(message: str, status: int | None = None) -> ApiError:
    return ApiError(ErrorCode.ZOOM_FAILED, message, {"ZoomStatus": status} if status else {})


class ZoomClient:
    # Tests put an httpx.MockTransport here; production uses the network.
    transport: ClassVar[httpx.AsyncBaseTransport | None] = None

    def __init__(self, account_id: str, client_id: str, client_secret: str, clock: Clock) -> None:
        self._account_id = account_id
        self._client_id = client_id
        self._client_secret = client_secret
        self._clock = clock

    @classmethod
    def from_settings(cls, settings: Settings, clock: Clock) -> ZoomClient:
        if not (
            settings.zoom_account_id and settings.zoom_client_id and settings.zoom_client_secret
        ):
            raise ApiError(
                ErrorCode.ZOOM_NOT_CONFIGURED,
                "Zoom is not configured on this server: set VENUELY_ZOOM_ACCOUNT_ID, "
                "VENUELY_ZOOM_CLIENT_ID and VENUELY_ZOOM_CLIENT_SECRET",
            )
        return cls(
            settings.zoom_account_id, settings.zoom_client_id, settings.zoom_client_secret, clock
        )

    def _http(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(timeout=TIMEOUT, transport=self.transport)

    async def _token(self, http: httpx.AsyncClient) -> str:
        key = (self._account_id, self._client_id)
        cached = _tokens.get(key)
        if cached is not None and cached[1] > self._clock.now():
            return cached[0]
        response = await http.post(
            OAUTH_URL,
            params={"grant_type": "account_credentials", "account_id": self._account_id},
            auth=(self._client_id, self._client_secret),
        )
        if response.status_code != 200:
            raise _failed("Zoom refused the server's credentials", response.status_code)
        data = response.json()
        token = data.get("access_token")
        if not isinstance(token, str) or not token:
            raise _failed("Zoom answered the token request without a token")
        lifetime = timedelta(seconds=int(data.get("expires_in", 3600)))
        _tokens[key] = (token, self._clock.now() + lifetime - _EXPIRY_MARGIN)
        return token

    async def _call(self, method: str, path: str, json: dict[str, Any] | None) -> httpx.Response:
        try:
            async with self._http() as http:
                token = await self._token(http)
                return await http.request(
                    method,
                    f"{API_URL}{path}",
                    json=json,
                    headers={"Authorization": f"Bearer {token}"},
                )
        except httpx.HTTPError as exc:
            raise _failed(f"Zoom could not be reached: {type(exc).__name__}") from exc

    async def create_meeting(self, topic: str, start: datetime, minutes: int) -> ZoomMeeting:
        response = await self._call(
            "POST",
            "/users/me/meetings",
            {
                "topic": topic[:200],
                "type": 2,  # a scheduled meeting
                "start_time": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "duration": max(1, minutes),
                "timezone": "UTC",
                "settings": {"join_before_host": False, "waiting_room": True},
            },
        )
        if response.status_code != 201:
            raise _failed("Zoom did not create the meeting", response.status_code)
        data = response.json()
        # The id is later put into a URL path, so only Zoom's numeric ids are accepted.
        if not str(data.get("id", "")).isdigit() or not isinstance(data.get("join_url"), str):
            raise _failed("Zoom answered without a meeting id or join URL")
        return ZoomMeeting(
            id=str(data["id"]), join_url=data["join_url"], password=str(data.get("password", ""))
        )

    async def delete_meeting(self, meeting_id: str) -> None:
        response = await self._call("DELETE", f"/meetings/{meeting_id}", None)
        # 404: already deleted at Zoom (by hand, or an earlier attempt); the goal is reached.
        if response.status_code not in (204, 404):
            raise _failed("Zoom did not delete the meeting", response.status_code)


def forget_tokens() -> None:
    """Drop cached access tokens (tests; credential rotation)."""
    _tokens.clear()
