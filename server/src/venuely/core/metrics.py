"""The server's Prometheus metrics, served at `/metrics` (ops/metrics.py).

One process (`venuely serve`, tests) keeps them in memory. With `--workers N` each worker writes
its values to files in a directory the command line prepares (`prepare_multiprocess`) and names in
`PROMETHEUS_MULTIPROC_DIR` before the workers start, so that whichever worker answers a scrape
reports the sum of all of them (prometheus_client's multiprocess mode): a scrape through the
shared port would otherwise see one random worker. Counters and the histogram are summed over the
workers; the socket gauge keeps one series per live worker (`pid`), so a dashboard sees how the
sockets spread; queue depths are summed over live workers.

Updating a metric costs about a microsecond, so they are updated where something happens once
per request, frame or batch — never once per socket of a broadcast.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
    multiprocess,
)

# A `_created` timestamp beside every counter doubles the series and tells a dashboard nothing.
disable_created_metrics()  # type: ignore[no-untyped-call]

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

# Route templates, never raw paths: ids in paths would make a series per object.
UNMATCHED = "unmatched"

HTTP_REQUESTS = Counter(
    "venuely_http_requests",
    "HTTP requests answered, by method, route template and status code.",
    ["method", "route", "status"],
)
HTTP_DURATION = Histogram(
    "venuely_http_request_duration_seconds",
    "Time from a request's arrival to the end of its answer, by method and route template.",
    ["method", "route"],
    # The API's reads take milliseconds; uploads and exports take seconds.
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
REALTIME_CONNECTIONS = Gauge(
    "venuely_realtime_connections",
    "Open realtime sockets, per server process.",
    multiprocess_mode="liveall",
)
REALTIME_DELIVERIES = Counter(
    "venuely_realtime_deliveries",
    "Frames written to realtime sockets (one per socket reached).",
)
REALTIME_SLOW_CLOSES = Counter(
    "venuely_realtime_slow_consumer_closes",
    "Realtime sockets closed because their client did not read fast enough (close code 4008).",
)
ANALYTICS_DROPPED = Counter(
    "venuely_analytics_dropped",
    "Tracker items dropped, never stored, by reason (no_consent, unknown_screen, flood, bad_item).",
    ["reason"],
)
ANALYTICS_ACCEPTED = Counter(
    "venuely_analytics_accepted",
    "Tracker items kept for the next flush, by how they came (http, socket).",
    ["via"],
)
BATCH_PENDING = Gauge(
    "venuely_batch_pending",
    "Writes waiting for their group commit (core/batching.py), by batcher.",
    ["batcher"],
    multiprocess_mode="livesum",
)


def observe_request(method: str, route: str, status: int, seconds: float) -> None:
    HTTP_REQUESTS.labels(method, route, str(status)).inc()
    HTTP_DURATION.labels(method, route).observe(seconds)


def prepare_multiprocess(directory: Path) -> None:
    """Before the workers start: an empty directory for their values (a previous run's files
    would be added to this run's counts), named in the environment the workers inherit."""
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    os.environ[MULTIPROC_ENV] = str(directory)


def process_stopped() -> None:
    """A worker's shutdown: its live gauges leave the sums (a no-op with one process)."""
    if os.environ.get(MULTIPROC_ENV):
        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


def exposition() -> bytes:
    """Every metric in Prometheus' text format: this process's, or all workers' summed."""
    directory = os.environ.get(MULTIPROC_ENV)
    if not directory:
        from prometheus_client import REGISTRY

        return generate_latest(REGISTRY)
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=directory)  # type: ignore[no-untyped-call]
    return generate_latest(registry)
