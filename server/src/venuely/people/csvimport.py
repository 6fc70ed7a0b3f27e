"""Reading an invitation list: a CSV with a header row, or pasted addresses.

Pure functions over text, no database: the service (invitations.py) adds what only the database
knows (already invited, already registered). Every row gets a verdict with its line number, so
the organizer can fix the file; nothing here decides whether to store anything.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import email_validator

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.i18n import Language, normalize_language
from venuely.people.schemas import MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, ImportStatus

# A pasted list: addresses separated by line breaks, commas or semicolons (what mail clients
# and spreadsheets put between them when copied).
_SEPARATORS = re.compile(r"[\r\n,;]+")
_EMAIL_HEADER = "email"


@dataclass(slots=True)
class Candidate:
    line: int
    email: str
    status: ImportStatus = ImportStatus.OK
    message: str = ""
    first_name: str = ""
    last_name: str = ""
    language: Language | None = None


def check_size(text_bytes: int, rows: int) -> None:
    """413 for an input above the import's limits, before any row is looked at."""
    if text_bytes > MAX_IMPORT_BYTES or rows > MAX_IMPORT_ROWS:
        raise ApiError(
            ErrorCode.BODY_TOO_LARGE,
            f"An import takes at most {MAX_IMPORT_ROWS} rows and {MAX_IMPORT_BYTES} bytes",
            {"MaxBytes": MAX_IMPORT_BYTES, "MaxRows": MAX_IMPORT_ROWS},
        )


def normalized_email(raw: str) -> str | None:
    """The address lower-cased as logins store it, or None when it is not one."""
    try:
        checked = email_validator.validate_email(
            raw.strip(), check_deliverability=False, test_environment=True
        )
    except email_validator.EmailNotValidError:
        return None
    return checked.normalized.lower()


def from_pasted(items: Sequence[str]) -> list[Candidate]:
    """Pasted addresses; `Line` is the address's position in the list (1-based)."""
    pieces = [p.strip() for item in items for p in _SEPARATORS.split(item)]
    addresses = [p for p in pieces if p]
    check_size(sum(len(item.encode()) for item in items), len(addresses))
    return _judged(Candidate(line=i, email=a) for i, a in enumerate(addresses, start=1))


def from_csv(text: str) -> list[Candidate]:
    """A CSV whose header row names an `email` column (any case); `first_name`, `last_name` and
    `language` columns are read when present. A missing header is one report row, line 1."""
    check_size(len(text.encode()), 0)
    lines = text.lstrip("\ufeff").splitlines()
    reader = csv.reader(lines)
    header: list[str] | None = None
    header_line = 0
    candidates: list[Candidate] = []
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        if header is None:
            header, header_line = [cell.strip().lower() for cell in row], reader.line_num
            if _EMAIL_HEADER not in header:
                return [_missing_header(header_line)]
            continue
        candidates.append(_csv_candidate(header, row, reader.line_num))
        check_size(0, len(candidates))
    if header is None:
        return [_missing_header(1)]
    return _judged(candidates)


def _missing_header(line: int) -> Candidate:
    return Candidate(
        line=line,
        email="",
        status=ImportStatus.MISSING_HEADER,
        message="The first row must name the columns, one of them 'email'",
    )


def _csv_candidate(header: list[str], row: list[str], line: int) -> Candidate:
    def cell(name: str) -> str:
        index = header.index(name) if name in header else -1
        return row[index].strip() if 0 <= index < len(row) else ""

    language = cell("language")
    return Candidate(
        line=line,
        email=cell(_EMAIL_HEADER),
        # Names go into the mail's greeting only; the account's own come with registration.
        first_name=cell("first_name")[:100],
        last_name=cell("last_name")[:100],
        language=normalize_language(language) if language else None,
    )


def _judged(candidates: Iterable[Candidate]) -> list[Candidate]:
    """Each row's own verdict: a valid address, seen for the first time in this input."""
    seen: dict[str, int] = {}
    judged: list[Candidate] = []
    for candidate in candidates:
        email = normalized_email(candidate.email)
        if email is None:
            candidate.status = ImportStatus.INVALID
            candidate.message = "Not a valid email address"
        elif email in seen:
            candidate.email = email
            candidate.status = ImportStatus.DUPLICATE
            candidate.message = f"The same address as line {seen[email]}"
        else:
            candidate.email = email
            seen[email] = candidate.line
        judged.append(candidate)
    return judged
