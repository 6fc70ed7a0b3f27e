"""Wire shapes of the pre-publish check, and the one way a finding is built."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from venuely.events.prepublish.codes import FindingCode, FixScreen, Severity

ParamValue = str | int | float | list[str]


class Fix(BaseModel):
    # The console screen that fixes the finding, and the object there (a menu item, a session,
    # a sub-theme) when there is one.
    Screen: FixScreen
    ItemID: str | None = None


class Finding(BaseModel):
    Code: FindingCode
    Severity: Severity
    # English, for logs and API users; the web app builds its own text from Code and Params.
    Message: str
    Params: dict[str, ParamValue]
    Fix: Fix


class PrepublishReport(BaseModel):
    EventID: str
    CheckedAt: datetime
    Findings: list[Finding]
    Errors: int
    Warnings: int


def finding(
    code: FindingCode, message: str, item_id: str | None = None, **params: ParamValue
) -> Finding:
    """A finding of `code`, carrying exactly the params its spec declares (a missing or stray
    one is a bug in the check, caught by the tests, never sent half-filled)."""
    declared = set(code.spec.params)
    if set(params) != declared:
        raise ValueError(f"{code}: params {sorted(params)} != declared {sorted(declared)}")
    return Finding(
        Code=code,
        Severity=code.spec.severity,
        Message=message,
        Params=params,
        Fix=Fix(Screen=code.spec.screen, ItemID=item_id),
    )


def report(event_id: str, checked_at: datetime, findings: list[Finding]) -> PrepublishReport:
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    # Worst first; within a severity the order the checks reported them in (stable sort).
    ranked = sorted(findings, key=lambda f: order[f.Severity])
    return PrepublishReport(
        EventID=event_id,
        CheckedAt=checked_at,
        Findings=ranked,
        Errors=sum(f.Severity is Severity.ERROR for f in ranked),
        Warnings=sum(f.Severity is Severity.WARNING for f in ranked),
    )
