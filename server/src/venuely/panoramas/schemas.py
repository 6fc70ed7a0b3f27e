"""Wire shapes of panos, their versions, pano variables and attendee pano variables."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from venuely.core.ids import Id

# Organizer variables stored with a version: `Var_` then letters, digits and `_`.
PANO_VAR_KEY = re.compile(r"^Var_[A-Za-z0-9_]{1,60}$")
MAX_PANO_VARS = 200
MAX_PANO_VARS_BYTES = 32 * 1024
MAX_PANO_VAR_TEXT = 2000

# Attendee variables (attendee-app.md §3): the fixed names, values are strings.
ATTENDEE_VAR_KEYS = frozenset(
    ["Var_User_Lang", "Var_User_Firstname", "Var_User_Game"]
    + [f"Var_User_{n:02d}" for n in range(1, 11)]
    + [f"Var_User_Game_{n:02d}" for n in range(1, 6)]
)
MAX_ATTENDEE_VAR_TEXT = 1000
GAME_SCORE_KEY = "Var_User_Game_01"


class PanoIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Read-back fields a client may send again; they must then match.
    ID: Id | None = None
    CustomerID: Id | None = None
    PreviewURL: Any = None
    Versions: Any = None
    CreatedAt: Any = None
    UpdatedAt: Any = None
    Name: str = Field(min_length=1, max_length=200)
    Description: str = Field("", max_length=5000)
    Data: dict[str, Any] = Field(default_factory=dict, max_length=100)


class PanoCreate(PanoIn):
    # POST /panos has no customer in its path, so the body names it.
    CustomerID: Id


class PanoVersionOut(BaseModel):
    PanoID: str
    Version: int
    PanoURL: str
    Title: str
    StartNodeID: str
    NodeCount: int
    SizeBytes: int
    PackageHash: str
    PanoVars: dict[str, Any]
    CreatedAt: datetime
    # Who uploaded it: a person id ("" for versions installed by code, e.g. the demo seed) and
    # that person's name now ("" when unknown or the account is gone), so a console can say who
    # without reading persons it may not see.
    UploadedBy: str = ""
    UploadedByName: str = ""


class PanoOut(BaseModel):
    ID: str
    CustomerID: str
    Name: str
    Description: str
    Data: dict[str, Any]
    PreviewURL: str
    Versions: list[PanoVersionOut]
    CreatedAt: datetime
    UpdatedAt: datetime


class PanoUsageOut(BaseModel):
    """One event using a pano version (`GET .../usage`, `GET /events/pano/{PanoID}/{Version}`)."""

    EventID: str
    InternalName: str
    Title: str
    PanoURL: str


class AttendeePanoVarsOut(BaseModel):
    EventID: str
    PersonID: str
    State: dict[str, str]
    UpdatedAt: datetime | None


class SyncOut(BaseModel):
    # Connections were signalled when the hub took the frame (False: realtime off or failing).
    Published: bool
    Count: int
