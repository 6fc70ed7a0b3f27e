"""`make bench`: seed, start servers on core 0, run the load generator on core 1, write results.

    BENCH_SCALE=small|full   small: < 2 minutes, for development; full: the measured run
    BENCH_REDIS_URL          an existing Redis to use; otherwise a private redis-server is started
    BENCH_ONLY=a,b           run only the named scenarios (development)
    BENCH_POSTGRES_URL       a PostgreSQL server (postgresql+asyncpg://user@host:port/db) for the
                             `http_reads_postgresql` scenario: it creates a database of its own
                             there, seeds it and drops it; without it that scenario is skipped

Every child (servers, Redis, load generators) runs in its own process group and is killed on
any exit — normal end, exception, Ctrl-C or SIGTERM — and everything listens on 127.0.0.1 only.
Writes bench/results/<YYYY-MM-DD>-<shortcommit>.json and .md.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import os
import platform
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
BIN = Path(sys.executable).parent
SERVER_CORE = "0"
LOADGEN_CORE = "1"

# name, kind, target, connections, rate per room, seconds, extra
SCALES: dict[str, dict[str, Any]] = {
    "small": {
        "attendees": 3000,
        "seconds": 4,
        "drain_seconds": 4,
        "scenarios": [
            ("ramp_idle", "connections", "venuely", 3000, 0, {}),
            ("ramp_idle_2workers", "connections", "venuely-workers", 3000, 0, {}),
            ("broadcast_300x20", "rooms", "venuely", 300, 20, {}),
            ("broadcast_500x10", "rooms", "venuely", 500, 10, {}),
            ("groups_of_5", "rooms", "venuely", 300, 0.5, {"groups": True}),
            ("two_processes_redis_500x10", "rooms", "venuely-redis", 500, 10, {}),
            ("peer_300x20", "rooms", "peer", 300, 20, {}),
            ("peer_500x10", "rooms", "peer", 500, 10, {}),
            ("vote_storm_2k", "vote_storm", "venuely", 2000, 0, {"seconds": 4}),
            ("upvote_storm_1k", "upvote_storm", "venuely", 1000, 0, {"upvotes": 1000}),
            ("join_storm_1k", "join_storm", "venuely", 1000, 0, {"seconds": 4}),
            ("analytics_pings_3k", "analytics_pings", "venuely", 3000, 0, {"seconds": 15}),
            ("analytics_pings_http_3k", "analytics_pings_http", "venuely", 3000, 0, {"seconds": 15}),
            ("analytics_dashboard_3k", "analytics_dashboard", "offline", 3000, 0, {}),
            ("http_reads", "http_reads", "venuely", 3000, 0, {"seconds": 3}),
            ("http_reads_postgresql", "http_reads", "venuely-postgresql", 1000, 0, {"seconds": 3}),
            ("http_reads_plain_fastapi", "http_reads", "plain", 0, 0, {"seconds": 3}),
            ("lighthouse", "lighthouse", "offline", 0, 0, {}),
        ],
    },
    "full": {
        "attendees": 15000,
        "seconds": 20,
        "drain_seconds": 10,
        "scenarios": [
            ("ramp_idle_15k", "connections", "venuely", 15000, 0, {}),
            # Issue 22: `venuely serve --workers 2` on both cores (the load generator shares one).
            ("ramp_idle_15k_2workers", "connections", "venuely-workers", 15000, 0, {}),
            ("broadcast_1kx20", "rooms", "venuely", 1000, 20, {}),
            ("broadcast_1kx80", "rooms", "venuely", 1000, 80, {}),
            ("broadcast_5kx16", "rooms", "venuely", 5000, 16, {}),
            ("broadcast_10kx8", "rooms", "venuely", 10000, 8, {}),
            # Issue 22: coalesced writes, 300,000 deliveries/s asked of one process.
            ("broadcast_10kx30", "rooms", "venuely", 10000, 30, {}),
            ("groups_of_5_5k", "rooms", "venuely", 5000, 0.5, {"groups": True}),
            ("two_processes_redis_5kx16", "rooms", "venuely-redis", 5000, 16, {}),
            ("peer_1kx20", "rooms", "peer", 1000, 20, {}),
            ("peer_5kx16", "rooms", "peer", 5000, 16, {}),
            ("peer_10kx8", "rooms", "peer", 10000, 8, {}),
            # Issue 17: 10,000 ballots within 10 s; 5,000 upvotes on 50 questions within 10 s.
            # A server that falls behind answers late: wait up to 30 s for the last answers.
            ("vote_storm_10k", "vote_storm", "venuely", 10000, 0, {"seconds": 10, "drain_seconds": 30}),
            (
                "upvote_storm_5k",
                "upvote_storm",
                "venuely",
                5000,
                0,
                {"upvotes": 5000, "seconds": 10, "drain_seconds": 30},
            ),
            # Issue 19: 5,000 attendees join 100 breakout rooms (50 seats each) within 10 s.
            ("join_storm_5k", "join_storm", "venuely", 5000, 0, {"seconds": 10, "drain_seconds": 30}),
            # Issue 21: 10,000 attendees pinging every 15 s (about 670 pings/s) on one process,
            # over their sockets as the web app sends them, and over HTTP (its fallback); then
            # the dashboard's queries on a day of their pings (target 200 ms).
            ("analytics_pings_10k", "analytics_pings", "venuely", 10000, 0, {"seconds": 60}),
            ("analytics_pings_http_10k", "analytics_pings_http", "venuely", 10000, 0, {"seconds": 60}),
            ("analytics_dashboard_10k", "analytics_dashboard", "offline", 10000, 0, {}),
            # Issue 22: the attendee app's hot reads, answers/s of one process at p99 <= 20 ms
            # (target 5,000), and a FastAPI route with nothing behind it as the peer.
            ("http_reads", "http_reads", "venuely", 10000, 0, {"seconds": 10}),
            # The same reads with PostgreSQL (BENCH_POSTGRES_URL; a database of its own, dropped).
            ("http_reads_postgresql", "http_reads", "venuely-postgresql", 2000, 0, {"seconds": 10}),
            ("http_reads_plain_fastapi", "http_reads", "plain", 0, 0, {"seconds": 10}),
            # Issue 22, item 6: first paint on a phone (bench/lighthouse/, its own server).
            ("lighthouse", "lighthouse", "offline", 0, 0, {}),
        ],
    },
}

TARGETS = {
    "deliveries_per_second": 80_000,
    "p99_ms_broadcast": 250,
    "p99_ms_1k_x_20": 25,
    "rss_per_idle_connection_kib": 25,
    "connections_per_second": 2_000,
    "connections_per_process": 15_000,
    "storm_convergence_p99_ms": 1_000,
}


# --- children -----------------------------------------------------------------------------


class Children:
    """Every process this run starts; `kill_all` ends each one's process group."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self, argv: list[str], *, env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
        with log.open("ab") as out:
            proc = subprocess.Popen(
                argv, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.procs.append(proc)
        return proc

    def stop(self, proc: subprocess.Popen[bytes], grace: float = 10.0) -> None:
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(grace)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
        # Workers of a stopped parent may linger in its group.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        if proc in self.procs:
            self.procs.remove(proc)

    def kill_all(self) -> None:
        for proc in list(self.procs):
            self.stop(proc, grace=3.0)


CHILDREN = Children()


def _on_signal(signum: int, _frame: Any) -> None:
    CHILDREN.kill_all()
    sys.exit(128 + signum)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_http(port: int, proc: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server on port {port} exited with {proc.returncode}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)  # noqa: S310
            return
        except urllib.error.HTTPError:
            return  # any HTTP answer means it is serving
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server on port {port} did not start within {timeout} s")


def taskset(core: str) -> list[str]:
    return ["taskset", "-c", core] if shutil.which("taskset") else []


@dataclass
class Run:
    work: Path
    database_url: str
    secret: str
    seed_file: Path
    redis_url: str
    pg: tuple[str, Path] | None = None
    pg_names: list[str] = field(default_factory=list)

    def server_env(self, redis_url: str = "") -> dict[str, str]:
        return {
            **os.environ,
            "VENUELY_ENV": "production",
            "VENUELY_DATABASE_URL": self.database_url,
            "VENUELY_SECRET_KEY": self.secret,
            "VENUELY_DATA_DIR": str(self.work / "var"),
            "VENUELY_PUBLIC_URL": "http://127.0.0.1",
            "VENUELY_REDIS_URL": redis_url,
            # The access log would write a line per ticket request during the ramp.
            "VENUELY_LOG_LEVEL": "WARNING",
        }

    def postgres(self, attendees: int) -> tuple[str, Path]:
        """A PostgreSQL database of this run's own under BENCH_POSTGRES_URL's server, seeded
        once with `attendees` (dropped at the end: `drop_postgres`)."""
        if self.pg is None:
            base = os.environ["BENCH_POSTGRES_URL"]
            name = f"venuely_bench_{secrets.token_hex(4)}"
            _pg_admin(base, f'CREATE DATABASE "{name}"')
            self.pg_names.append(name)
            url = base.rsplit("/", 1)[0] + "/" + name
            seed_file = self.work / "seed-postgresql.json"
            print(f"bench: seeding {attendees} attendees into PostgreSQL ...", flush=True)
            seed_database(url, self.secret, self.work, attendees, seed_file)
            self.pg = (url, seed_file)
        return self.pg

    def drop_postgres(self) -> None:
        for name in self.pg_names:
            with contextlib.suppress(Exception):
                _pg_admin(os.environ["BENCH_POSTGRES_URL"], f'DROP DATABASE "{name}" WITH (FORCE)')

    def start_venuely(
        self, redis_url: str = "", workers: int = 1, database_url: str = ""
    ) -> tuple[subprocess.Popen[bytes], int]:
        port = free_port()
        # Several workers share the machine's cores (and the load generator's); one is pinned.
        pin = taskset(SERVER_CORE) if workers == 1 else []
        argv = [*pin, str(BIN / "venuely"), "serve", "--host", "127.0.0.1"]
        proc = CHILDREN.start(
            [*argv, "--port", str(port), "--workers", str(workers)],
            env={**self.server_env(redis_url), "VENUELY_DATABASE_URL": database_url or self.database_url},
            log=self.work / f"venuely-{port}.log",
        )
        wait_http(port, proc)
        return proc, port

    def start_peer(self) -> tuple[subprocess.Popen[bytes], int]:
        port = free_port()
        env = {
            **os.environ,
            "PYTHONPATH": str(BENCH / "peer"),
            "PEER_REDIS_URL": self.redis_url,
            "PEER_REDIS_PREFIX": f"peerbench-{secrets.token_hex(4)}",
        }
        argv = [*taskset(SERVER_CORE), str(BIN / "uvicorn"), "peerapp.asgi:application"]
        argv += ["--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
        argv += ["--no-access-log", "--ws-per-message-deflate", "false", "--backlog", "4096"]
        proc = CHILDREN.start(argv, env=env, log=self.work / f"peer-{port}.log")
        wait_http(port, proc)
        return proc, port


    def start_plain(self) -> tuple[subprocess.Popen[bytes], int]:
        """The HTTP peer: FastAPI with one route (peer/plainapi), uvicorn as Venuely runs it."""
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(BENCH / "peer")}
        argv = [*taskset(SERVER_CORE), str(BIN / "uvicorn"), "plainapi.app:app"]
        argv += ["--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
        argv += ["--no-access-log", "--backlog", "4096"]
        proc = CHILDREN.start(argv, env=env, log=self.work / f"plain-{port}.log")
        wait_http(port, proc)
        return proc, port


def _pg_admin(url: str, sql: str) -> None:
    """One statement on BENCH_POSTGRES_URL's server, outside a transaction (CREATE DATABASE)."""
    import asyncpg  # the bench's environment has it, as the server's PostgreSQL driver

    async def run() -> None:
        conn = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run())


def seed_database(database_url: str, secret: str, work: Path, attendees: int, out: Path) -> None:
    subprocess.run(
        [sys.executable, str(BENCH / "seed.py"), "--database", database_url]
        + ["--secret", secret, "--data-dir", str(work / "var")]
        + ["--attendees", str(attendees), "--out", str(out)],
        check=True,
        timeout=900,
    )


def start_redis(work: Path) -> tuple[str, subprocess.Popen[bytes] | None]:
    given = os.environ.get("BENCH_REDIS_URL", "")
    if given:
        return given, None
    server = shutil.which("redis-server")
    if server is None:
        return "", None
    port = free_port()
    argv = [*taskset(SERVER_CORE), server, "--port", str(port), "--bind", "127.0.0.1"]
    argv += ["--save", "", "--appendonly", "no", "--dir", str(work)]
    proc = CHILDREN.start(argv, env=dict(os.environ), log=work / "redis.log")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return f"redis://127.0.0.1:{port}/0", proc
        time.sleep(0.1)
    raise RuntimeError("private redis-server did not start")


# --- scenarios ----------------------------------------------------------------------------


def run_loadgen(run: Run, spec: dict[str, Any], timeout: float) -> dict[str, Any]:
    argv = [*taskset(LOADGEN_CORE), sys.executable, str(BENCH / "loadgen.py"), json.dumps(spec)]
    log = run.work / f"loadgen-{spec['name']}.log"
    proc = CHILDREN.start(argv, env=dict(os.environ), log=log)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        CHILDREN.stop(proc, grace=2)
        return {"scenario": spec["name"], "error": f"load generator timed out after {timeout} s"}
    CHILDREN.stop(proc)
    lines = log.read_text(errors="replace").strip().splitlines()
    for line in reversed(lines):
        if line.startswith("{"):
            result: dict[str, Any] = json.loads(line)
            return result
    tail = "\n".join(lines[-5:])
    return {"scenario": spec["name"], "error": f"no result (exit {proc.returncode}): {tail}"}


def scenario(run: Run, index: int, entry: tuple[Any, ...], scale: dict[str, Any]) -> dict[str, Any]:
    name, kind, target, connections, rate, extra = entry
    seconds = scale["seconds"]
    # Fresh source addresses per scenario: closed sockets linger in TIME_WAIT on the client
    # side, and each 127.0.0.x has its own ephemeral port range.
    sources = [f"127.0.{1 + index}.{n}" for n in range(1, 5)]
    procs: list[subprocess.Popen[bytes]] = []
    processes = 0  # serving processes, when more than the processes started here
    seed_file = run.seed_file
    try:
        if kind == "lighthouse":
            return lighthouse(run, name)
        if target == "offline":
            return dashboard_timings(run, name, connections)
        if target == "venuely":
            proc, port = run.start_venuely()
            procs, ports = [proc], [port]
        elif target == "plain":
            proc, port = run.start_plain()
            procs, ports = [proc], [port]
        elif target == "venuely-postgresql":
            if not os.environ.get("BENCH_POSTGRES_URL"):
                return {"scenario": name, "skipped": "no PostgreSQL (set BENCH_POSTGRES_URL)"}
            database_url, seed_file = run.postgres(connections)
            proc, port = run.start_venuely(database_url=database_url)
            procs, ports = [proc], [port]
        elif target == "venuely-workers":
            if not run.redis_url:
                return {"scenario": name, "skipped": "no Redis (set BENCH_REDIS_URL)"}
            proc, port = run.start_venuely(run.redis_url, workers=2)
            procs, ports, processes = [proc], [port], 2
        elif target == "venuely-redis":
            if not run.redis_url:
                return {"scenario": name, "skipped": "no Redis (set BENCH_REDIS_URL)"}
            one, port_one = run.start_venuely(run.redis_url)
            two, port_two = run.start_venuely(run.redis_url)
            procs, ports = [one, two], [port_one, port_two]
        else:
            if not run.redis_url:
                return {"scenario": name, "skipped": "no Redis for channels_redis"}
            proc, port = run.start_peer()
            procs, ports = [proc], [port]
        spec = {
            "name": name,
            "scenario": kind,
            "target": target if target in ("peer", "plain") else "venuely",
            "connections": connections,
            "rate": rate,
            "seconds": seconds,
            "ports": ports,
            "server_pids": [p.pid for p in procs],
            "seed_file": str(seed_file),
            "source_ips": sources,
            "drain_seconds": scale["drain_seconds"],
            "timeout_seconds": 240 + seconds,
            **extra,
        }
        print(f"bench: {name} ...", flush=True)
        started = time.monotonic()
        result = run_loadgen(run, spec, timeout=300 + seconds)
        result["wall_seconds"] = round(time.monotonic() - started, 1)
        result["server_processes"] = processes or len(procs)
        return result
    except Exception as exc:  # one broken scenario must not lose the others' results
        return {"scenario": name, "error": repr(exc)}
    finally:
        for proc in procs:
            CHILDREN.stop(proc)


def dashboard_timings(run: Run, name: str, attendees: int) -> dict[str, Any]:
    """`analytics.py` as a script on the server core: a day of pings written, then the
    dashboard's queries timed in-process (no HTTP: the figure is the queries')."""
    spec = {
        "name": name,
        "connections": attendees,
        "seed_file": str(run.seed_file),
        "database_url": run.database_url,
        "secret": run.secret,
    }
    print(f"bench: {name} ...", flush=True)
    argv = [*taskset(SERVER_CORE), sys.executable, str(BENCH / "analytics.py"), json.dumps(spec)]
    log = run.work / f"{name}.log"
    proc = CHILDREN.start(argv, env=dict(os.environ), log=log)
    try:
        proc.wait(600)
    except subprocess.TimeoutExpired:
        CHILDREN.stop(proc, grace=2)
        return {"scenario": name, "error": "timed out after 600 s"}
    lines = log.read_text(errors="replace").strip().splitlines()
    for line in reversed(lines):
        if line.startswith("{"):
            result: dict[str, Any] = json.loads(line)
            return result
    return {"scenario": name, "error": "no result: " + "\n".join(lines[-5:])}


# --- lighthouse (issue 22, item 6) ---------------------------------------------------------


def lighthouse(run: Run, name: str) -> dict[str, Any]:
    """`bench/lighthouse/measure.mjs`: Lighthouse's mobile preset on the demo event's login page
    and the events overview. It seeds and serves its own demo event (the attendees seeded for
    the load scenarios play no part) and runs after the load scenarios' servers have stopped."""
    print(f"bench: {name} ...", flush=True)
    out = run.work / "lighthouse.json"
    log = run.work / "lighthouse.log"
    argv = ["node", str(BENCH / "lighthouse" / "measure.mjs"), "--out", str(out)]
    env = {**os.environ, "VENUELY_BIN": str(BIN / "venuely")}
    proc = CHILDREN.start(argv, env=env, log=log)
    try:
        proc.wait(900)
    except subprocess.TimeoutExpired:
        CHILDREN.stop(proc, grace=2)
        return {"scenario": name, "error": "lighthouse timed out after 900 s"}
    CHILDREN.stop(proc)
    if proc.returncode != 0 or not out.exists():
        tail = " / ".join(log.read_text(errors="replace").strip().splitlines()[-3:])
        return {"scenario": name, "error": f"lighthouse exited with {proc.returncode}: {tail}"}
    result: dict[str, Any] = json.loads(out.read_text())
    return {**result, "scenario": name, "kind": "lighthouse"}


def lighthouse_lines(results: list[dict[str, Any]]) -> list[str]:
    lines: list[str] = []
    for r in results:
        lines += [
            "",
            f"Lighthouse ({r['form_factor']}, {r['throttling']} throttling), median of "
            f"{len(next(iter(r['pages'].values()))['runs'])} runs per page:",
            "",
            "| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms "
            "| TBT ms | CLS | JS gzip KiB | JS sent KiB |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for page, p in r["pages"].items():
            s, m = p["scores"], p["metrics"]
            lines.append(
                f"| {page} (`{p['path']}`) | {s['performance']} | {s['accessibility']} "
                f"| {s['best-practices']} | {s['seo']} | {_fmt(m['fcp_ms'])} "
                f"| {_fmt(m['lcp_ms'])} | {_fmt(m['tbt_ms'])} | {m['cls']} "
                f"| {p['js_gzip_kib']} | {p['js_transfer_kib']} |"
            )
    return lines


# --- report -------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    def sysctl(name: str) -> str:
        path = Path("/proc/sys") / name.replace(".", "/")
        return path.read_text().strip() if path.exists() else "?"

    cpu = "?"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "cpu": cpu,
        "cores": psutil.cpu_count(),
        "memory_gib": round(psutil.virtual_memory().total / 2**30, 1),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "fd_limit": resource.getrlimit(resource.RLIMIT_NOFILE)[0],
        "somaxconn": sysctl("net.core.somaxconn"),
        "ip_local_port_range": sysctl("net.ipv4.ip_local_port_range"),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
    }


def git(*args: str) -> str:
    with contextlib.suppress(OSError, subprocess.CalledProcessError):
        return subprocess.check_output(["git", *args], cwd=ROOT, text=True).strip()
    return "unknown"


def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def markdown(report: dict[str, Any]) -> str:
    lines = [
        f"# Benchmark {report['date']} — {report['commit']} ({report['scale']})",
        "",
        f"Machine: {report['machine']['cpu']}, {report['machine']['cores']} cores, "
        f"load at start {report['machine']['load_average_at_start']}. Server on core "
        f"{SERVER_CORE}, load generator on core {LOADGEN_CORE}.",
        "",
        "| scenario | target | conns | msgs/s/room | deliveries/s | delivered | p50 ms | p99 ms "
        "| max ms | dup | gaps | server CPU | RSS MiB |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    ramps, storms, pings, dashboards, reads = [], [], [], [], []
    # Lighthouse's figures have a table of their own (lighthouse_lines).
    for r in [r for r in report["results"] if r.get("kind") != "lighthouse"]:
        if "requests_sent" in r or "items_sent" in r:
            pings.append(r)
            continue
        if "query_ms" in r:
            dashboards.append(r)
            continue
        if "reads" in r:
            reads.append(r)
            continue
        if "actions_accepted" in r:
            storms.append(r)
            continue
        if "error" in r or "skipped" in r:
            lines.append(f"| {r['scenario']} | {r.get('error') or r.get('skipped')} |" + " |" * 11)
            continue
        if "connections_per_second" in r:
            ramps.append(r)
            continue
        lat = r.get("latency_ms") or {}
        lines.append(
            "| "
            + " | ".join(
                _fmt(v)
                for v in (
                    r["scenario"],
                    r["target"],
                    r["opened"],
                    r["rate_per_room"],
                    r["deliveries_per_second"],
                    f"{r['delivery_ratio'] * 100:.3f} %",
                    lat.get("p50"),
                    lat.get("p99"),
                    lat.get("max"),
                    r["duplicates_or_reordered"],
                    r["gaps"],
                    r["server_cpu"],
                    r["server_rss_mib"],
                )
            )
            + " |"
        )
    if ramps:
        lines += [
            "",
            "| scenario | server processes | opened / asked | connections/s "
            "| server CPU during ramp | load generator CPU | RSS per idle connection KiB "
            "| CPU ms per ticket | CPU ms per socket open |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for r in ramps:
            lines.append(
                f"| {r['scenario']} | {r.get('server_processes', 1)} "
                f"| {r['opened']:,} / {r['connections']:,} "
                f"| {_fmt(r['connections_per_second'])} | {_fmt(r['server_cpu_during_ramp'])} "
                f"| {_fmt(r.get('loadgen_cpu_during_ramp'))} "
                f"| {_fmt(r['rss_per_connection_kib'])} | {_fmt(r.get('ticket_cpu_ms'))} "
                f"| {_fmt(r.get('socket_cpu_ms'))} |"
            )
    if storms:
        lines += [
            "",
            "| storm | sockets | actions sent / accepted | stored | refusals "
            "| last answer after the window ms | converged p50 / p99 / max ms | never converged "
            "| server CPU | load generator CPU |",
            "|---|---|---|---|---|---|---|---|---|---|",
        ]
        for r in storms:
            conv = r.get("convergence_ms") or {}
            stored = _fmt(r["stored_total"])
            if "rooms_over_capacity" in r:
                stored += f" ({r['rooms_over_capacity']} rooms over capacity)"
            lines.append(
                f"| {r['scenario']} | {r['opened']:,} | {r['actions_sent']:,} / "
                f"{r['actions_accepted']:,} | {stored} | {r['refusals'] or '–'} "
                f"| {_fmt(r.get('last_ack_after_window_ms'))} | {_fmt(conv.get('p50'))} / "
                f"{_fmt(conv.get('p99'))} / {_fmt(conv.get('max'))} | {r['never_converged']:,} "
                f"| {_fmt(r['server_cpu'])} | {_fmt(r.get('loadgen_cpu'))} |"
            )
    lines += analytics_lines(pings, dashboards)
    lines += reads_lines(reads)
    lines += lighthouse_lines([r for r in report["results"] if r.get("kind") == "lighthouse"])
    if report.get("ratios"):
        lines += [
            "",
            "| workload | Venuely deliveries/s | peer deliveries/s | ratio |",
            "|---|---|---|---|",
        ]
        for row in report["ratios"]:
            lines.append(
                f"| {row['workload']} | {_fmt(row['venuely'])} | {_fmt(row['peer'])} "
                f"| {_fmt(row['ratio'])} |"
            )
    lines += [
        "",
        "Targets (quality-bar §2): " + ", ".join(f"{k} {v:,}" for k, v in TARGETS.items()),
    ]
    return "\n".join(lines) + "\n"


def analytics_lines(pings: list[dict[str, Any]], dashboards: list[dict[str, Any]]) -> list[str]:
    lines: list[str] = []
    sockets = [r for r in pings if "items_sent" in r]
    pings = [r for r in pings if "requests_sent" in r]
    if sockets:
        lines += [
            "",
            "| tracker pings over sockets | attendees | asked / sent frames per s "
            "| items kept / sent | caught up after the last send ms | server CPU "
            "| server CPU, sockets idle | CPU ms per frame |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for r in sockets:
            lines.append(
                f"| {r['scenario']} | {r['attendees']:,} | {_fmt(r['rate_asked_per_second'])} / "
                f"{_fmt(r['rate_sent_per_second'])} | {r['items_kept']:,} / {r['items_sent']:,} "
                f"| {_fmt(r['caught_up_after_last_send_ms'])} | {_fmt(r['server_cpu'])} "
                f"| {_fmt(r['server_cpu_idle_sockets'])} | {_fmt(r['cpu_ms_per_frame'])} |"
            )
    if pings:
        lines += [
            "",
            "| tracker pings over HTTP | attendees | asked / sent / answered per s | accepted / sent "
            "| p50 / p99 / max ms | unanswered | server CPU |",
            "|---|---|---|---|---|---|---|",
        ]
        for r in pings:
            lat = r["latency_ms"]
            lines.append(
                f"| {r['scenario']} | {r['attendees']:,} | {_fmt(r['rate_asked_per_second'])} / "
                f"{_fmt(r['rate_sent_per_second'])} / {_fmt(r['rate_answered_per_second'])} "
                f"| {r['requests_accepted']:,} / {r['requests_sent']:,} | {_fmt(lat['p50'])} / "
                f"{_fmt(lat['p99'])} / {_fmt(lat['max'])} | {r['unanswered']:,} "
                f"| {_fmt(r['server_cpu'])} |"
            )
    if dashboards:
        names = list(dashboards[0]["query_ms"])
        lines += [
            "",
            "| dashboard query, ms p50 / max | " + " | ".join(names) + " |",
            "|---|" + "---|" * len(names),
        ]
        for r in dashboards:
            cells = [f"{_fmt(v['p50'])} / {_fmt(v['max'])}" for v in r["query_ms"].values()]
            lines.append(f"| {r['scenario']} ({r['attendees']:,} attendees) | " + " | ".join(cells) + " |")
    return lines


def reads_lines(results: list[dict[str, Any]]) -> list[str]:
    if not results:
        return []
    lines = [
        "",
        "| HTTP read | scenario | connections | answers/s | p50 / p99 / max ms | statuses "
        "| server CPU |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in results:
        for read, f in r["reads"].items():
            lat = f["latency_ms"]
            statuses = ", ".join(f"{s}: {n:,}" for s, n in f["statuses"].items())
            lines.append(
                f"| {read} | {r['scenario']} | {r['concurrency']} "
                f"| {_fmt(f['answers_per_second'])} "
                f"| {_fmt(lat['p50'])} / {_fmt(lat['p99'])} / {_fmt(lat['max'])} | {statuses} "
                f"| {_fmt(f['server_cpu'])} |"
            )
    return lines


def ratios(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    by_name = {r["scenario"]: r for r in results if "deliveries_per_second" in r}
    rows = []
    for name, peer in by_name.items():
        if not name.startswith("peer_"):
            continue
        ours = by_name.get("broadcast_" + name.removeprefix("peer_"))
        if ours is None:
            continue
        # Delivered-only throughput: a stack that drops messages does not get credit for them.
        ours_rate = ours["deliveries_per_second"]
        peer_rate = peer["deliveries_per_second"]
        rows.append(
            {
                "workload": name.removeprefix("peer_"),
                "venuely": ours_rate,
                "peer": peer_rate,
                "ratio": round(ours_rate / peer_rate, 2) if peer_rate else None,
            }
        )
    return rows


def main() -> int:
    scale_name = os.environ.get("BENCH_SCALE", "full")
    if scale_name not in SCALES:
        print(f"BENCH_SCALE must be one of {', '.join(SCALES)}", file=sys.stderr)
        return 2
    scale = SCALES[scale_name]
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # inherited by every child

    work = Path(tempfile.mkdtemp(prefix="venuely-bench-"))
    keep = os.environ.get("BENCH_KEEP_WORKDIR") == "1"
    run: Run | None = None
    try:
        started = time.monotonic()
        info = machine()
        secret = secrets.token_urlsafe(48)
        database_url = f"sqlite+aiosqlite:///{work / 'bench.db'}"
        seed_file = work / "seed.json"
        print(f"bench: seeding {scale['attendees']} attendees ...", flush=True)
        seed_database(database_url, secret, work, scale["attendees"], seed_file)
        redis_url, _ = start_redis(work)
        run = Run(work, database_url, secret, seed_file, redis_url)
        only = {n for n in os.environ.get("BENCH_ONLY", "").split(",") if n}
        results = [
            scenario(run, i, entry, scale)
            for i, entry in enumerate(scale["scenarios"])
            if not only or entry[0] in only
        ]
        commit = git("rev-parse", "--short", "HEAD")
        date = dt.date.today().isoformat()
        report = {
            "date": date,
            "commit": commit,
            "scale": scale_name,
            "machine": info,
            "targets": TARGETS,
            "results": results,
            "ratios": ratios(results),
            "wall_seconds": round(time.monotonic() - started, 1),
        }
        out = BENCH / "results"
        out.mkdir(exist_ok=True)
        stem = f"{date}-{commit}" if scale_name == "full" else f"{date}-{commit}-{scale_name}"
        (out / f"{stem}.json").write_text(json.dumps(report, indent=2) + "\n")
        (out / f"{stem}.md").write_text(markdown(report))
        print(markdown(report))
        print(f"bench: wrote bench/results/{stem}.json and .md in {report['wall_seconds']} s")
        return 0
    finally:
        CHILDREN.kill_all()
        if run is not None:
            run.drop_postgres()
        if keep:
            print(f"bench: work directory kept at {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
