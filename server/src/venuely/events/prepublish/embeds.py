"""Pages the event frames: served over HTTPS, reachable, and willing to be framed by the event.

Embeds are the visible menu items the attendee app shows in an iframe: `IFrame` and
`FullscreenIframe` items (`url`) and `URL` items opened "Over page" (`src`). Event pages (FAQ,
landing) carry no iframe URL. The event's own pages (URLs on the event's origin) are
skipped. Any other http URL is an error and is not fetched: an HTTPS event
page cannot frame it whatever its headers say. Each distinct https URL is fetched once
through the safe outbound client (core/outbound.py: public addresses only, pinned, redirects
re-checked), headers only, with a short time limit, at most `CONCURRENCY` at a time and at most
`MAX_EMBEDS` per run; `framing.py` judges the answer's headers against the event's origin (the
origin of `VENUELY_PUBLIC_URL`, where attendees open the event).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import anyio

from venuely.core.error_codes import ErrorCode
from venuely.core.errors import ApiError
from venuely.core.outbound import OutboundClient
from venuely.events.models import MenuItem
from venuely.events.prepublish.codes import FindingCode
from venuely.events.prepublish.context import data_text, item_name
from venuely.events.prepublish.framing import Origin, framing_refusal, origin_of
from venuely.events.prepublish.schemas import Finding, finding

MAX_EMBEDS = 50
CONCURRENCY = 8
FETCH_TIMEOUT_SECONDS = 5.0
ACCEPT = "text/html,application/xhtml+xml,*/*;q=0.8"


@dataclass(frozen=True, slots=True)
class Embed:
    item: MenuItem
    url: str


@dataclass(frozen=True, slots=True)
class Probe:
    """What fetching one URL gave: the final URL and its headers, or why there are none."""

    url: str = ""
    headers: tuple[tuple[str, str], ...] = ()
    unreachable: str | None = None
    unverified: str | None = None


def embeds_of(items: Sequence[MenuItem]) -> list[Embed]:
    found: list[Embed] = []
    for item in items:
        if not item.is_visible:
            continue
        if item.type in {"IFrame", "FullscreenIframe"}:
            url = data_text(item, "url")
        elif item.type == "URL" and data_text(item, "mode") == "Over page":
            url = data_text(item, "src")
        else:
            continue
        if url:
            found.append(Embed(item, url))
    return found


async def probe_all(outbound: OutboundClient, urls: Sequence[str]) -> dict[str, Probe]:
    """Each URL fetched once, concurrently, never more than `CONCURRENCY` at a time."""
    limiter = anyio.CapacityLimiter(CONCURRENCY)
    probes: dict[str, Probe] = {}

    async def probe(url: str) -> None:
        async with limiter:
            probes[url] = await _probe(outbound, url)

    async with anyio.create_task_group() as group:
        for url in dict.fromkeys(urls):
            group.start_soon(probe, url)
    return probes


async def _probe(outbound: OutboundClient, url: str) -> Probe:
    try:
        fetched = await outbound.fetch(
            url, accept=ACCEPT, read_body=False, time_limit=FETCH_TIMEOUT_SECONDS
        )
    except ApiError as exc:
        reason = str(exc.data.get("Reason") or exc.message)
        if exc.code is ErrorCode.UPSTREAM_FAILED:
            return Probe(unreachable=reason)
        # Refused by the outbound rules (a private address, a port or host not allowed): the
        # server may not look, which says nothing about what attendees' browsers will see.
        return Probe(unverified=f"the server may not fetch it: {reason}")
    except Exception as exc:  # one odd answer must not fail the whole check
        return Probe(unreachable=exc.__class__.__name__)
    return Probe(url=fetched.url, headers=fetched.headers)


async def check_embeds(
    items: Sequence[MenuItem], outbound: OutboundClient, public_url: str
) -> list[Finding]:
    ancestor = origin_of(public_url)
    # The event's own pages (on the event's origin) are as secure as the event itself and served
    # by this server, which frames them: nothing to check.
    embeds = [e for e in embeds_of(items) if not _own_page(e.url, ancestor)]
    secure = [e.url for e in embeds if _is_https(e.url)]
    probes = await probe_all(outbound, list(dict.fromkeys(secure))[:MAX_EMBEDS])
    findings: list[Finding] = []
    for embed in embeds:
        if not _is_https(embed.url):
            findings.append(_finding(FindingCode.EMBED_NOT_HTTPS, embed, "not served over HTTPS"))
            continue
        probe = probes.get(embed.url)
        if probe is None:
            findings.append(_unverified(embed, f"only the first {MAX_EMBEDS} are checked"))
        elif probe.unverified is not None:
            findings.append(_unverified(embed, probe.unverified))
        elif probe.unreachable is not None:
            findings.append(
                _finding(
                    FindingCode.EMBED_UNREACHABLE,
                    embed,
                    f"could not be fetched: {probe.unreachable}",
                    Reason=probe.unreachable,
                )
            )
        elif refusal := _refusal(probe, ancestor):
            findings.append(
                _finding(
                    FindingCode.EMBED_FRAMING_REFUSED,
                    embed,
                    f"refuses to be framed by {ancestor}: {refusal}",
                    Header=refusal,
                )
            )
    return findings


def _is_https(url: str) -> bool:
    return url.lower().startswith("https://")


def _own_page(url: str, ancestor: Origin | None) -> bool:
    return ancestor is not None and origin_of(url) == ancestor


def _refusal(probe: Probe, ancestor: Origin | None) -> str | None:
    embed = origin_of(probe.url)
    if ancestor is None or embed is None:
        return None
    return framing_refusal(probe.headers, embed, ancestor)


def _unverified(embed: Embed, reason: str) -> Finding:
    return _finding(FindingCode.EMBED_UNVERIFIED, embed, f"not checked: {reason}", Reason=reason)


def _finding(code: FindingCode, embed: Embed, what: str, **extra: str) -> Finding:
    name = item_name(embed.item)
    return finding(
        code,
        f"'{name}' embeds {embed.url}: {what}",
        embed.item.id,
        MenuItemID=embed.item.id,
        Name=name,
        URL=embed.url,
        **extra,
    )
