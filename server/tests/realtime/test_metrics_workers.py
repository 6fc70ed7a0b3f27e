"""`venuely serve --workers 2` sums its workers' metrics (core/metrics.py): requests spread over
both processes by the shared port are all counted by whichever worker answers a scrape, and the
socket gauge has one series per live worker. Without the multiprocess files a scrape would see
one random worker. Runs only when VENUELY_TEST_REDIS_URL is set (several workers need Redis)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.conftest import TEST_SECRET
from tests.realtime.conftest import REDIS_URL
from tests.realtime.processes import free_port

REQUESTS = 60
PID_SERIES = re.compile(r'^venuely_realtime_connections\{pid="(\d+)"\}', re.MULTILINE)


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VENUELY_")}
    env.update(
        VENUELY_ENV="test",
        VENUELY_SECRET_KEY=TEST_SECRET,
        VENUELY_DATA_DIR=str(tmp_path / "var"),
        VENUELY_REDIS_URL=REDIS_URL,
        VENUELY_LOG_FORMAT="console",
    )
    return env


def _healthz_count(text: str) -> float:
    found = re.search(
        r'^venuely_http_requests_total\{method="GET",route="/healthz",status="200"\} (\S+)$',
        text,
        re.MULTILINE,
    )
    return float(found.group(1)) if found else 0.0


def test_two_workers_report_their_sum(tmp_path: Path) -> None:
    env = _env(tmp_path)
    cli = [sys.executable, "-m", "venuely.cli"]
    subprocess.run([*cli, "migrate"], env=env, check=True, capture_output=True, timeout=120)
    port = free_port()
    log = (tmp_path / "server.log").open("wb")
    server = subprocess.Popen(
        [*cli, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "2"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(timeout=5.0) as http:
            deadline = time.monotonic() + 60
            pids: set[str] = set()
            # Both workers are up once the gauge has a series for each.
            while len(pids) < 2:
                assert time.monotonic() < deadline, (tmp_path / "server.log").read_text()
                try:
                    text = http.get(f"{base}/metrics").text
                    pids = set(
                        re.findall(r'^venuely_realtime_connections\{pid="(\d+)"\}', text, re.M)
                    )
                except httpx.TransportError:
                    pass
                time.sleep(0.2)
            before = _healthz_count(http.get(f"{base}/metrics").text)
            for _ in range(REQUESTS):
                # A connection each, so the kernel spreads them over both workers.
                assert httpx.get(f"{base}/healthz").status_code == 200
            # A request is counted once its answer has gone, so the last one may reach the
            # counter just after the client has it: wait for the sum, then it must stay put.
            while _healthz_count(http.get(f"{base}/metrics").text) < before + REQUESTS:
                assert time.monotonic() < deadline + 30, "the workers' sum never arrived"
                time.sleep(0.05)
            counts = {_healthz_count(http.get(f"{base}/metrics").text) for _ in range(4)}
        assert counts == {before + REQUESTS}
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
