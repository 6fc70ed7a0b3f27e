"""The HTTP half of the client: log in, trade the token for a socket ticket, open sockets."""

from __future__ import annotations

from dataclasses import dataclass
from types import TracebackType
from typing import Any

import httpx

from venuely.accounts.schemas import LoginReason
from venuely.client.realtime import RealtimeSocket


class ApiError(Exception):
    def __init__(self, status: int, body: Any) -> None:
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


@dataclass(frozen=True)
class Login:
    """A successful login: the bearer token and whom it names (`event_id` is the null id for
    an admin login)."""

    token: str
    person_id: str
    event_id: str


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

    async def get(self, path: str, token: str | None = None, **params: str) -> Any:
        """Any REST read, `path` relative to `/api/v1`; the JSON answer."""
        return await self._call("GET", path, token, params=params or None)

    async def login(self, event_id: str, email: str, password: str) -> Login:
        """Attendee login to one event; raises `ApiError` when the server refuses it."""
        body = {"LoginEMail": email, "Password": password}
        answer = await self._call("POST", "/login", params={"EventID": event_id}, json=body)
        return self._login(answer)

    async def login_admin(self, email: str, password: str) -> Login:
        body = {"LoginEMail": email, "Password": password}
        return self._login(await self._call("POST", "/loginadmin", json=body))

    @staticmethod
    def _login(answer: dict[str, Any]) -> Login:
        # Refusals are 200 answers too: only the reason code tells success (admin-api.md §3).
        if answer.get("Reason") != LoginReason.LOGIN_OK or not answer.get("Token"):
            raise ApiError(200, answer)
        return Login(str(answer["Token"]), str(answer["PersonID"]), str(answer["EventID"]))

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
