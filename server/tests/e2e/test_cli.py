"""The `venuely` command as a newcomer runs it: migrate, demo, serve — in real processes."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import httpx

from tests.e2e.support import VENUELY, free_port, venuely_env

# The first demo renders the venue and the video at full size: tens of seconds of CPU, more on
# a loaded CI machine. The limits only stop a hung process; this is not a timing test.
COLD_DEMO_LIMIT = 600


def test_migrate_demo_twice_then_serve(tmp_path: Path) -> None:
    """What `make run` does on a fresh machine, and again on the next start: both idempotent."""
    env = venuely_env(tmp_path)
    for limit in (COLD_DEMO_LIMIT, 120):
        subprocess.run([*VENUELY, "migrate"], env=env, check=True, capture_output=True, timeout=60)
        demo = subprocess.run(
            [*VENUELY, "demo"], env=env, check=True, capture_output=True, text=True, timeout=limit
        )
    assert "attendee@demo.venuely.example" in demo.stdout
    assert (tmp_path / "var" / "secret_key").exists()
    port = free_port()
    server = subprocess.Popen(
        [*VENUELY, "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        response = None
        while time.monotonic() < deadline:
            try:
                response = httpx.get(f"http://127.0.0.1:{port}/api/v1/events/name/demo/metadata")
                break
            except httpx.TransportError:
                time.sleep(0.2)
        assert response is not None, "server did not start"
        assert response.status_code == 200
        assert response.json()["InternalName"] == "demo"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_production_without_secret_is_refused(tmp_path: Path) -> None:
    result = subprocess.run(
        [*VENUELY, "migrate"],
        env=venuely_env(tmp_path, VENUELY_ENV="production"),
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "VENUELY_SECRET_KEY" in result.stderr


def test_several_workers_without_redis_are_refused(tmp_path: Path) -> None:
    result = subprocess.run(
        [*VENUELY, "serve", "--host", "127.0.0.1", "--port", str(free_port()), "--workers", "2"],
        env=venuely_env(tmp_path),
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "VENUELY_REDIS_URL" in result.stderr
