"""Shared steps of the account tests: register through the API and read what the mail says."""

from __future__ import annotations

import re
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx

from tests.conftest import Mailbox

STRONG_PASSWORD = "violet-kayak-harbour-9"
_LINK_RE = re.compile(r"https?://\S+")
_CODE_RE = re.compile(r":\s*(\d{6})\s*$", re.MULTILINE)


async def register(
    client: httpx.AsyncClient,
    event_id: str,
    email: str,
    *,
    password: str = STRONG_PASSWORD,
    language: str | None = None,
    first_name: str = "Grace",
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "FirstName": first_name,
        "LastName": "Hopper",
        "LoginEMail": email,
        "Password": password,
    }
    if language is not None:
        body["Language"] = language
    response = await client.post(f"/registernewaccount?EventID={event_id}", json=body)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


async def login(
    client: httpx.AsyncClient, event_id: str, email: str, password: str = STRONG_PASSWORD
) -> httpx.Response:
    return await client.post(
        f"/login?EventID={event_id}", json={"LoginEMail": email, "Password": password}
    )


def only_mail_to(mailbox: Mailbox, address: str) -> EmailMessage:
    mails = mailbox.to(address)
    assert len(mails) == 1, [str(m["Subject"]) for m in mails]
    return mails[0]


def link_in(message: EmailMessage) -> str:
    links = _LINK_RE.findall(Mailbox.text(message))
    assert len(links) == 1, links
    link: str = links[0]
    return link


def link_query(message: EmailMessage) -> dict[str, str]:
    query = parse_qs(urlsplit(link_in(message)).query)
    return {name: values[0] for name, values in query.items()}


def code_in(message: EmailMessage) -> str:
    match = _CODE_RE.search(Mailbox.text(message))
    assert match is not None, Mailbox.text(message)
    return match.group(1)


async def confirm(client: httpx.AsyncClient, email: str, token: str) -> dict[str, Any]:
    response = await client.post(
        "/confirmemailaddress", params={"loginEMail": email, "token": token}
    )
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result
