"""CSV downloads for spreadsheet apps.

UTF-8 with a byte order mark (Excel reads BOM-less UTF-8 as the local code page and mangles
names), CRLF line ends and minimal quoting from the csv module, so commas, quotes and line
breaks inside cells survive. Cells that begin with `=`, `+`, `-`, `@`, tab or carriage return
get a leading apostrophe: a spreadsheet would otherwise run them as formulas (CSV injection),
and a speaker biography is organizer- or speaker-supplied text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from fastapi import Response

from venuely.activities.models import Activity

BOM = "\ufeff"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

SPEAKER_COLUMNS = (
    "ID",
    "FullName",
    "FirstName",
    "LastName",
    "Company",
    "JobTitle",
    "PictureURL",
    "Biography",
    "Sessions",
)
# The vfile fields of an export, filled by `vfiles.service.csv_rows`.
VFILE_COLUMNS = (
    "ID",
    "EntityType",
    "EntityID",
    "FileName",
    "MimeType",
    "FileBytes",
    "IsDisabled",
    "URL",
    "CreatedAt",
)


def safe_cell(value: object) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def render(header: Sequence[str], rows: Iterable[Sequence[object]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer)  # excel dialect: comma, double quotes, CRLF
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return (BOM + buffer.getvalue()).encode("utf-8")


def csv_response(body: bytes, filename: str) -> Response:
    return Response(
        body,
        media_type="text/csv; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="{filename}"',
            "Cache-Control": "no-store",
        },
    )


def speaker_rows(
    speakers: Sequence[Activity], sessions: dict[str, list[Activity]]
) -> list[list[object]]:
    rows: list[list[object]] = []
    for speaker in speakers:
        doc = speaker.document
        titles = [
            str(s.document.get("Title") or s.internal_name) for s in sessions.get(speaker.id, [])
        ]
        rows.append(
            [
                speaker.id,
                doc.get("FullName", speaker.title),
                doc.get("FirstName", ""),
                doc.get("LastName", ""),
                doc.get("Company", ""),
                doc.get("JobTitle", ""),
                doc.get("PictureURL", ""),
                doc.get("Biography", ""),
                "; ".join(titles),
            ]
        )
    return rows
