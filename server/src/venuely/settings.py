"""Process configuration, read from `VENUELY_*` environment variables.

Every setting here is listed in README.md's configuration table; keep the two in step.
"""

from __future__ import annotations

import secrets
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

# Secrets people paste from examples; refused outside dev exactly like a missing key.
_KNOWN_WEAK_SECRETS = frozenset({"", "secret", "changeme", "change-me", "dev", "venuely"})
MIN_SECRET_LENGTH = 32


class Environment(StrEnum):
    DEV = "dev"
    TEST = "test"
    PRODUCTION = "production"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="VENUELY_", extra="ignore")

    env: Environment = Environment.DEV
    data_dir: Path = Path("var")
    database_url: str = ""
    secret_key: str = ""
    public_url: str = "http://127.0.0.1:8000"
    allowed_origins: Annotated[list[str], NoDecode] = Field(default_factory=list)
    redis_url: str = ""

    host: str = "127.0.0.1"
    port: int = 8000

    token_ttl_seconds: int = Field(default=24 * 3600, ge=60)
    max_body_bytes: int = Field(default=1024 * 1024, ge=1024)

    smtp_host: str = ""
    smtp_port: int = 587
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_sender: str = "Venuely <no-reply@venuely.invalid>"
    smtp_starttls: bool = True

    # Zoom server-to-server OAuth app; unless all three are set, Zoom calls answer 503.
    zoom_account_id: str = ""
    zoom_client_id: str = ""
    zoom_client_secret: str = ""

    # Realtime gateway (protocol/README.md §8 lists these as server defaults).
    realtime_max_connections: int = Field(default=5, ge=1)
    realtime_outbound_buffer_bytes: int = Field(default=1024 * 1024, ge=1)
    realtime_idle_seconds: float = Field(default=75.0, gt=0)
    realtime_ws_ping_seconds: float = Field(default=30.0, gt=0)
    realtime_malformed_limit: int = Field(default=10, ge=1)
    realtime_inbound_burst: int = Field(default=100, ge=1)
    realtime_inbound_per_second: float = Field(default=20.0, gt=0)

    # Uploaded files (files/): where they live and how big they may be.
    storage_backend: Literal["local", "s3"] = "local"
    s3_endpoint: str = ""
    s3_bucket: str = ""
    s3_region: str = "us-east-1"
    s3_access_key: str = ""
    s3_secret_key: str = ""
    max_upload_bytes: int = Field(default=10 * 1024 * 1024, ge=1024)
    # Tour packages hold a full venue of panoramas: a larger, admin-only allowance.
    max_tour_upload_bytes: int = Field(default=200 * 1024 * 1024, ge=1024)
    max_image_pixels: int = Field(default=40_000_000, ge=1)
    # Cinema videos (MP4) uploaded by organizers: held in memory while checked, so bounded.
    max_video_upload_bytes: int = Field(default=200 * 1024 * 1024, ge=1024)

    # Server-side fetches of user-supplied URLs (core/outbound.py: /proxy, picture from URL).
    outbound_allowed_hosts: Annotated[list[str], NoDecode] = Field(default_factory=list)
    outbound_allowed_ports: Annotated[list[int], NoDecode] = Field(
        default_factory=lambda: [80, 443]
    )
    outbound_max_bytes: int = Field(default=5 * 1024 * 1024, ge=1024)
    outbound_timeout_seconds: float = Field(default=10.0, gt=0)
    proxy_requests_per_minute: int = Field(default=60, ge=1)

    # Calls to OpenID providers (identity/discovery.py): each whole request, connect to last byte.
    oidc_timeout_seconds: float = Field(default=10.0, gt=0, le=60)

    log_level: str = "INFO"
    log_format: Literal["auto", "json", "console"] = "auto"

    @field_validator("allowed_origins", mode="before")
    @classmethod
    def _split_origins(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip().rstrip("/") for part in value.split(",") if part.strip()]
        return value

    @field_validator("outbound_allowed_hosts", mode="before")
    @classmethod
    def _split_hosts(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip().lower().rstrip(".") for part in value.split(",") if part.strip()]
        return value

    @field_validator("outbound_allowed_ports", mode="before")
    @classmethod
    def _split_ports(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(part) for part in value.split(",") if part.strip()]
        return value

    @field_validator("public_url")
    @classmethod
    def _strip_slash(cls, value: str) -> str:
        return value.rstrip("/")

    @model_validator(mode="after")
    def _check_secret(self) -> Settings:
        weak = self.secret_key in _KNOWN_WEAK_SECRETS or len(self.secret_key) < MIN_SECRET_LENGTH
        if self.env is Environment.PRODUCTION and weak:
            raise ValueError(
                "VENUELY_SECRET_KEY must be set to a random value of at least "
                f"{MIN_SECRET_LENGTH} characters outside dev"
            )
        return self

    @model_validator(mode="after")
    def _check_s3(self) -> Settings:
        needed = ("s3_endpoint", "s3_bucket", "s3_access_key", "s3_secret_key")
        missing = [f"VENUELY_{n.upper()}" for n in needed if not getattr(self, n)]
        if self.storage_backend == "s3" and missing:
            raise ValueError(f"VENUELY_STORAGE_BACKEND=s3 needs {', '.join(missing)}")
        return self

    @cached_property
    def effective_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{self.data_dir / 'venuely.db'}"

    @cached_property
    def effective_origins(self) -> list[str]:
        return self.allowed_origins or [self.public_url]

    @property
    def mail_dir(self) -> Path:
        return self.data_dir / "mail"

    @property
    def files_dir(self) -> Path:
        return self.data_dir / "files"


def load_settings(**overrides: object) -> Settings:
    """Build settings; in dev and test, create and store a secret key when none is given.

    The generated key is stored so tokens stay valid across restarts; outside dev the validator
    above has already refused a missing key.
    """
    settings = Settings(**overrides)  # type: ignore[arg-type]
    if settings.secret_key:
        return settings
    key_file = settings.data_dir / "secret_key"
    if key_file.exists():
        key = key_file.read_text(encoding="utf-8").strip()
    else:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        key = secrets.token_urlsafe(48)
        key_file.write_text(key + "\n", encoding="utf-8")
        key_file.chmod(0o600)
    return settings.model_copy(update={"secret_key": key})
