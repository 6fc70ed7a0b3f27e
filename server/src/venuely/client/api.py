"""The HTTP half of the client: log in, trade the token for a socket ticket, open sockets."""

from __future__ import annotations

from types import TracebackType
from typing import Any

import httpx

from venuely.client.realtime import RealtimeSocket

LOGIN_OK = 0


class ApiError(Exception):
    def __init__(self, status: int, body: Any) -> None:
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


class VenuelyClient:
    """`base_url` is the server root (`http://host:port`); REST calls go to `/api/v1`."""

    def __init__(
        self,
        base_url: str,
        *,
        origin: str | None = None,
        timeout: float = 10.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        # Browsers send Origin on every socket; scripts may leave it out (the server allows that).
        self.origin = origin
        self.http = httpx.AsyncClient(
            base_url=f"{self.base_url}/api/v1", timeout=timeout, transport=transport
        )

    async def __aenter__(self) -> VenuelyClient:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self.http.aclose()

    async def _call(self, method: str, path: str, token: str | None = None, **kw: Any) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = await self.http.request(method, path, headers=headers, **kw)
        if response.status_code >= 400:
            raise ApiError(response.status_code, response.json() if response.content else None)
        return response.json() if response.content else None

    async def login(self, event_id: str, email: str, password: str) -> str:
        """Attendee login to one event; returns the bearer token."""
        body = {"LoginEMail": email, "Password": password}
        answer = await self._call("POST", "/login", params={"EventID": event_id}, json=body)
        return self._token(answer)

    async def login_admin(self, email: str, password: str) -> str:
        body = {"LoginEMail": email, "Password": password}
        return self._token(await self._call("POST", "/loginadmin", json=body))

    @staticmethod
    def _token(answer: dict[str, Any]) -> str:
        if answer.get("Reason") != LOGIN_OK or not answer.get("Token"):
            raise ApiError(200, answer)
        return str(answer["Token"])

    async def logout(self, token: str) -> None:
        await self._call("POST", "/logout", token)

    async def ticket(self, token: str, event_id: str | None = None) -> str:
        """A single-use socket ticket, valid for 30 seconds."""
        params = {"EventID": event_id} if event_id else None
        return str(await self._call("POST", "/amvproto/authenticate", token, params=params))

    def socket_url(self, ticket: str) -> str:
        scheme = "wss" if self.base_url.startswith("https") else "ws"
        return f"{scheme}{self.base_url[self.base_url.index(':') :]}/realtime/{ticket}"

    async def connect(self, token: str, *, event_id: str | None = None) -> RealtimeSocket:
        """Fetch a ticket and open a socket with it."""
        ticket = await self.ticket(token, event_id)
        return await RealtimeSocket.open(self.socket_url(ticket), origin=self.origin)
