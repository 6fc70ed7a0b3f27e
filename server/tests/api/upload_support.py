"""Real files for upload tests, made on the spot: images by Pillow, a font by fontTools, and the
malicious corpus (SVG, HTML disguised as PNG, truncated image, pixel flood, fake fonts)."""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass

from PIL import Image

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Customer, Event


def image_bytes(fmt: str = "PNG", size: tuple[int, int] = (8, 6), noisy: bool = False) -> bytes:
    image = Image.new("RGB", size, (200, 30, 60))
    if noisy:  # incompressible pixels make a long IDAT stream, so truncation hits pixel data
        image = Image.frombytes(
            "RGB", size, bytes((i * 7919) % 251 for i in range(3 * size[0] * size[1]))
        )
    buffer = io.BytesIO()
    image.save(buffer, fmt)
    return buffer.getvalue()


def font_bytes(family: str = "Venuely Test") -> bytes:
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", "A"])
    builder.setupCharacterMap({ord("A"): "A"})
    pen = TTGlyphPen(None)
    pen.moveTo((100, 0))
    pen.lineTo((500, 700))
    pen.lineTo((900, 0))
    pen.closePath()
    glyph = pen.glyph()
    builder.setupGlyf({".notdef": TTGlyphPen(None).glyph(), "A": glyph})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "A": (1000, 100)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": family, "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    buffer = io.BytesIO()
    builder.save(buffer)
    return buffer.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def pixel_flood_png(width: int = 100_000, height: int = 100_000) -> bytes:
    """A valid-looking PNG of a few dozen bytes announcing width x height pixels."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + _chunk(b"IEND", b"")
    )


SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
HTML_AS_PNG = b"<!doctype html><html><script>alert(document.cookie)</script></html>"
FAKE_WOFF2 = b"wOF2" + b"\x00" * 60
FAKE_TTF = b"\x00\x01\x00\x00" + b"garbage-not-a-table-directory" * 4


@dataclass
class Cast:
    """An event A with its customer and tokens for the principals tests need."""

    customer: Customer
    event: Event
    other_event: Event
    master: dict[str, str]
    customer_admin: dict[str, str]
    event_admin: dict[str, str]
    attendee: dict[str, str]
    other_admin: dict[str, str]


async def make_cast(services: Services) -> Cast:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    other_event = await make_event(services)
    master = await make_person(services)
    await grant_admin(services, master, AdminType.MASTER)
    cadmin = await make_person(services)
    await grant_admin(services, cadmin, AdminType.CUSTOMER, customer_id=customer.id)
    eadmin = await make_person(services)
    await grant_admin(services, eadmin, AdminType.EVENT, event_id=event.id)
    attendee = await make_person(services, "attendee@example.com", event=event)
    other = await make_person(services)
    await grant_admin(services, other, AdminType.EVENT, event_id=other_event.id)
    return Cast(
        customer=customer,
        event=event,
        other_event=other_event,
        master=bearer(await token_for(services, master)),
        customer_admin=bearer(await token_for(services, cadmin)),
        event_admin=bearer(await token_for(services, eadmin)),
        attendee=bearer(await token_for(services, attendee, event)),
        other_admin=bearer(await token_for(services, other)),
    )
