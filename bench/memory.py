"""What an idle realtime connection costs in memory, broken down: `bench/memory.py`.

    .venv-bench/bin/python bench/memory.py [--connections 3000] [--traced-connections 1000]
        [--top 20] [--json OUT]

Seeds a database like `run.py` (bench/seed.py), then runs `venuely serve` twice with the
benchmark's environment, each time opening N idle authenticated sockets from this process:

1. **untraced**: the server's RSS before and after (what the ramp scenario reports), glibc's
   `mallinfo2` and pymalloc's arena figures, and the garbage collector's objects by type;
2. **traced**: the same server under `tracemalloc` (started at the baseline), whose
   snapshots before and after the sockets give the bytes per connection by allocating line and
   by traceback, and a walk of one connection's objects (its uvicorn protocol and ASGI task,
   down to objects created since the baseline and not reachable from a second connection):
   what each socket holds, by type.

The server is the real command (`venuely.cli.main(["serve", ...])`) in a process that only adds
a signal handler: SIGUSR1 writes the baseline, SIGUSR2 the figures after the sockets opened.
Nothing of this is in the server's own code. Every figure is divided by N and printed in KiB.
Heavy: run it under the shared lock (`flock /tmp/venuely-heavy.lock ...`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import run as bench_run  # the benchmark's seeding and server environment, next to this file

BENCH = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
SERVER_CORE, CLIENT_CORE = 0, 1
KIB = 1024


# --- inside the server process -------------------------------------------------------------


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
            "fsmblks", "uordblks", "fordblks", "keepcost",
        )
    ]  # fmt: skip


def _mallinfo() -> dict[str, int]:
    """glibc's heap: `arena` bytes from sbrk/arenas, `uordblks` in use, `fordblks` free in
    them (fragmentation), `hblkhd` in mmap'd blocks."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
        info = libc.mallinfo2()
    except (OSError, AttributeError):
        return {}
    return {name: int(getattr(info, name)) for name, _ in _MallInfo2._fields_}


def _pymalloc() -> dict[str, int]:
    """pymalloc's arenas and how full their blocks are (`sys._debugmallocstats`, which writes to
    the C stderr)."""
    with tempfile.TemporaryFile() as out:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(out.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        text = out.read().decode(errors="replace")
    wanted = {
        "# arenas allocated current": "arenas_current",
        "# bytes in allocated blocks": "allocated_blocks",
        "# bytes in available blocks": "available_blocks",
        " unused pools * ": "unused_pools_bytes",
    }
    found: dict[str, int] = {}
    for line in text.splitlines():
        for label, key in wanted.items():
            if label in line and "=" in line:
                number = line.rsplit("=", 1)[-1].strip().replace(",", "")
                with contextlib.suppress(ValueError):
                    found[key] = int(number)
    return found


def _by_type(objects: list[Any]) -> dict[str, list[int]]:
    counts: dict[str, list[int]] = {}
    for obj in objects:
        entry = counts.setdefault(_type_name(obj), [0, 0])
        entry[0] += 1
        entry[1] += sys.getsizeof(obj, 0)
    return counts


def _type_name(obj: Any) -> str:
    kind = type(obj)
    return f"{kind.__module__}.{kind.__qualname__}".removeprefix("builtins.")


class _Probe:
    """The signal handlers of the server process. The baseline keeps the ids of the objects
    the collector tracks then (traced run only: the set itself would be counted as RSS)."""

    def __init__(self, out: Path, traced: bool, frames: int) -> None:
        self.out, self.traced, self.frames = out, traced, frames
        self.baseline_ids: set[int] = set()

    def write(self, stage: str) -> None:
        gc.collect()
        objects = gc.get_objects()
        report: dict[str, Any] = {
            "gc_types": _by_type(objects),
            "mallinfo": _mallinfo(),
            "pymalloc": _pymalloc(),
        }
        if self.traced:
            if stage == "baseline":
                self.baseline_ids = {id(o) for o in objects}
            else:
                report["per_connection"] = self._one_connection(objects)
        del objects
        if self.traced and stage == "after":
            report["tracemalloc_overhead"] = tracemalloc.get_tracemalloc_memory()
        if self.traced:
            if stage == "baseline":
                # Tracing starts here: building the app under tracemalloc takes minutes, and
                # only what is allocated from now on, and still held after, is of interest.
                tracemalloc.start(self.frames)
            ours = [tracemalloc.Filter(False, f) for f in (__file__, tracemalloc.__file__)]
            snapshot = tracemalloc.take_snapshot().filter_traces(ours)
            snapshot.dump(str(self.out / f"{stage}.snapshot"))
            del snapshot
        (self.out / f"{stage}.json.tmp").write_text(json.dumps(report))
        os.replace(self.out / f"{stage}.json.tmp", self.out / f"{stage}.json")

    def _one_connection(self, objects: list[Any]) -> dict[str, Any]:
        """Objects created since the baseline that one socket reaches (its protocol and its ASGI
        task), less those a second socket reaches too: what one connection holds on its own."""
        from venuely.realtime.wsprotocol import VenuelyWebSocketProtocol

        protocols = [o for o in objects if isinstance(o, VenuelyWebSocketProtocol)]
        if len(protocols) < 2:
            return {}
        tasks: dict[int, Any] = {}
        for task in asyncio.all_tasks(asyncio.get_event_loop()):
            frame = getattr(task.get_coro(), "cr_frame", None)
            owner = frame.f_locals.get("self") if frame is not None else None
            if owner is not None:
                tasks[id(owner)] = task
        roots = [[p, tasks.get(id(p))] for p in protocols[-2:]]
        first, second = (self._reach([r for r in rs if r is not None]) for rs in roots)
        own = [obj for key, obj in first.items() if key not in second]
        return {"types": _by_type(own), "task_found": roots[0][1] is not None}

    def _reach(self, roots: list[Any]) -> dict[int, Any]:
        seen: dict[int, Any] = {}
        stack = list(roots)
        while stack:
            obj = stack.pop()
            key = id(obj)
            if key in seen or key in self.baseline_ids or isinstance(obj, type):
                continue
            seen[key] = obj
            stack.extend(gc.get_referents(obj))
        return seen


def serve(args: argparse.Namespace) -> int:
    probe = _Probe(Path(args.report_dir), args.traced, args.frames)
    signal.signal(signal.SIGUSR1, lambda *_: probe.write("baseline"))
    signal.signal(signal.SIGUSR2, lambda *_: probe.write("after"))
    from venuely.cli import main

    return main(["serve", "--host", "127.0.0.1", "--port", str(args.port)])


# --- the orchestrator ------------------------------------------------------------------------


def _seed(work: Path, attendees: int) -> tuple[str, str, Path]:
    secret = secrets.token_urlsafe(48)
    database_url = f"sqlite+aiosqlite:///{work / 'bench.db'}"
    seed_file = work / "seed.json"
    print(f"memory: seeding {attendees} attendees ...", flush=True)
    bench_run.seed_database(database_url, secret, work, attendees, seed_file)
    return database_url, secret, seed_file


async def _wait_file(path: Path, proc: subprocess.Popen[bytes], timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"no {path.name} within {timeout} s")
        await asyncio.sleep(0.2)


async def _measure(
    traced: bool, args: argparse.Namespace, work: Path, env: dict[str, str], seed: dict[str, Any]
) -> dict[str, Any]:
    import loadgen  # bench/loadgen.py: its ticket pool and picows clients
    import psutil
    from run import free_port, taskset, wait_http

    label = "traced" if traced else "untraced"
    out = work / label
    out.mkdir()
    port = free_port()
    argv = [*taskset(str(SERVER_CORE)), sys.executable, __file__, "--serve", "--port", str(port)]
    argv += ["--report-dir", str(out), "--frames", str(args.frames)]
    argv += ["--traced"] if traced else []
    with (work / f"server-{label}.log").open("ab") as log:
        proc = subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        await asyncio.to_thread(wait_http, port, proc, 300.0)
        server = psutil.Process(proc.pid)
        await asyncio.sleep(1.0)
        rss_before = server.memory_info().rss
        proc.send_signal(signal.SIGUSR1)
        await _wait_file(out / "baseline.json", proc)
        people = seed["People"][: args.traced_connections if traced else args.connections]
        spec = {"target": "venuely", "source_ips": [f"127.0.9.{n}" for n in range(1, 5)]}
        print(f"memory: {label}: opening {len(people)} sockets ...", flush=True)
        receivers, seconds, failures, beat = await loadgen.open_all(spec, people, [port])
        await asyncio.sleep(3.0)  # as the ramp scenario: let buffers and allocators settle
        rss_after = server.memory_info().rss
        proc.send_signal(signal.SIGUSR2)
        await _wait_file(out / "after.json", proc)
        beat.cancel()
        await loadgen.close_all(receivers)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
    before = json.loads((out / "baseline.json").read_text())
    after = json.loads((out / "after.json").read_text())
    return {
        "opened": len(receivers),
        "failed": failures,
        "ramp_seconds": round(seconds, 1),
        "rss_before": rss_before,
        "rss_after": rss_after,
        "before": before,
        "after": after,
        "dir": str(out),
    }


def _kib(value: float, n: int) -> float:
    return round(value / n / KIB, 3)


def _type_rows(before: dict[str, list[int]], after: dict[str, list[int]], n: int) -> list[Any]:
    rows = []
    for name, (count, size) in after.items():
        old_count, old_size = before.get(name, [0, 0])
        if count - old_count >= n // 2:
            rows.append((name, (count - old_count) / n, _kib(size - old_size, n)))
    return sorted(rows, key=lambda r: -r[2])


def _traced_rows(work: Path, n: int, top: int) -> dict[str, Any]:
    before = tracemalloc.Snapshot.load(str(work / "baseline.snapshot"))
    after = tracemalloc.Snapshot.load(str(work / "after.snapshot"))
    total = sum(s.size for s in after.statistics("filename")) - sum(
        s.size for s in before.statistics("filename")
    )
    lines = [
        (str(d.traceback[0]), round(d.count_diff / n, 2), _kib(d.size_diff, n))
        for d in after.compare_to(before, "lineno")[:top]
    ]
    traces = []
    for d in after.compare_to(before, "traceback")[: top // 2]:
        # Innermost first: where it was allocated, then who asked for it.
        frames = [f"{Path(f.filename).name}:{f.lineno}" for f in reversed(d.traceback)][:6]
        traces.append((" < ".join(frames), round(d.count_diff / n, 2), _kib(d.size_diff, n)))
    return {"traced_total_kib": _kib(total, n), "by_line": lines, "by_traceback": traces}


def report(untraced: dict[str, Any], traced: dict[str, Any], top: int) -> dict[str, Any]:
    n = max(untraced["opened"], 1)
    nt = max(traced["opened"], 1)
    b, a = untraced["before"], untraced["after"]
    mall = {k: _kib(a["mallinfo"].get(k, 0) - b["mallinfo"].get(k, 0), n) for k in a["mallinfo"]}
    pym = {
        k: _kib(a["pymalloc"].get(k, 0) - b["pymalloc"].get(k, 0), n)
        for k in a["pymalloc"]
        if k != "arenas_current"
    }
    arenas = a["pymalloc"].get("arenas_current", 0) - b["pymalloc"].get("arenas_current", 0)
    traced_rows = _traced_rows(Path(traced["dir"]), nt, top)
    overhead = traced["after"]["tracemalloc_overhead"]
    own = traced["after"].get("per_connection", {})
    return {
        "connections": n,
        "opened_traced": nt,
        "failed": untraced["failed"] + traced["failed"],
        "rss_per_connection_kib": _kib(untraced["rss_after"] - untraced["rss_before"], n),
        "traced_per_connection_kib": traced_rows["traced_total_kib"],
        "tracemalloc_own_kib": _kib(overhead, nt),
        "mallinfo_kib": mall,
        "pymalloc_kib": pym,
        "pymalloc_arenas_added": arenas,
        "gc_types": _type_rows(b["gc_types"], a["gc_types"], n),
        "one_connection": sorted(
            ((k, c, round(s / KIB, 3)) for k, (c, s) in own.get("types", {}).items()),
            key=lambda r: -r[2],
        ),
        **traced_rows,
    }


def print_report(r: dict[str, Any], top: int) -> None:
    print(f"\n# Memory per idle connection: {r['connections']} sockets ({r['failed']} failed)\n")
    print(f"RSS delta / N (untraced server):      {r['rss_per_connection_kib']:8.2f} KiB")
    print(f"tracemalloc delta / N (traced server): {r['traced_per_connection_kib']:8.2f} KiB")
    print(f"  (tracemalloc's own bookkeeping / N:  {r['tracemalloc_own_kib']:8.2f} KiB, not above)")
    mall, pym = r["mallinfo_kib"], r["pymalloc_kib"]
    print(
        f"glibc heap / N: arena {mall.get('arena', 0):.2f}, in use {mall.get('uordblks', 0):.2f},"
        f" free in heap {mall.get('fordblks', 0):.2f}, mmap'd {mall.get('hblkhd', 0):.2f} KiB"
    )
    print(
        f"pymalloc / N: blocks in use {pym.get('allocated_blocks', 0):.2f}, free blocks "
        f"{pym.get('available_blocks', 0):.2f}, unused pools {pym.get('unused_pools_bytes', 0):.2f}"
        f" KiB; arenas added {r['pymalloc_arenas_added']}"
    )
    print("\n## Allocated by line (traced), per connection\n")
    print("| KiB | blocks | line |\n|---:|---:|---|")
    for where, count, kib in r["by_line"]:
        print(f"| {kib:.3f} | {count} | {where} |")
    print("\n## Allocated by traceback (innermost frame first), per connection\n")
    print("| KiB | blocks | traceback |\n|---:|---:|---|")
    for where, count, kib in r["by_traceback"]:
        print(f"| {kib:.3f} | {count} | {where} |")
    print("\n## What one connection holds on its own (objects reached from it), by type\n")
    print("| type | objects | KiB (sys.getsizeof) |\n|---|---:|---:|")
    for name, count, kib in r["one_connection"][:top]:
        print(f"| {name} | {count} | {kib:.3f} |")
    total = sum(kib for _, _, kib in r["one_connection"])
    objects = sum(count for _, count, _ in r["one_connection"])
    print(f"| total | {objects} | {total:.3f} |")
    print("\n## Objects the collector tracks, added per connection, by type (untraced)\n")
    print("| type | per connection | KiB |\n|---|---:|---:|")
    for name, count, kib in r["gc_types"][:top]:
        print(f"| {name} | {count:.2f} | {kib:.3f} |")


async def orchestrate(args: argparse.Namespace) -> int:
    work = Path(tempfile.mkdtemp(prefix="venuely-memory-"))
    try:
        database_url, secret, seed_file = await asyncio.to_thread(_seed, work, args.connections)
        with contextlib.suppress(OSError):  # the client on the other core, as in run.py
            os.sched_setaffinity(0, {CLIENT_CORE})
        # The ramp scenario's environment, so the figures are comparable with it.
        env = bench_run.Run(work, database_url, secret, seed_file, redis_url="").server_env()
        seed = json.loads(seed_file.read_text())
        untraced = await _measure(False, args, work, env, seed)
        traced = await _measure(True, args, work, env, seed)
        result = report(untraced, traced, args.top)
        print_report(result, args.top)
        if args.json:
            Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
        return 0
    finally:
        if args.keep:
            print(f"memory: work directory kept at {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=3000)
    parser.add_argument(
        "--traced-connections",
        type=int,
        default=1000,
        help="sockets for the traced server (a traced handshake is about 30 times slower)",
    )
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--frames", type=int, default=25, help="traceback depth of tracemalloc")
    parser.add_argument("--json", default="", help="also write the figures to this file")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    # The server process (started by the orchestrator).
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--traced", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--report-dir", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        return serve(args)
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # inherited by the server
    sys.path.insert(0, str(BENCH))
    import uvloop

    return uvloop.run(orchestrate(args))


if __name__ == "__main__":
    sys.exit(main())
