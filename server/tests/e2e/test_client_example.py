"""The example in `venuely.client`'s docstring, run as a newcomer would: `venuely demo`, then
`venuely serve`, then the script in its own interpreter against that server."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import httpx

import venuely.client
from tests.e2e.support import VENUELY, free_port, venuely_env
from venuely.core.ids import is_valid_id

DOCUMENTED_URL = "http://127.0.0.1:8000"


def documented_example() -> str:
    """The docstring's indented block: everything from its first to its last indented line."""
    lines = (venuely.client.__doc__ or "").splitlines()
    indented = [i for i, line in enumerate(lines) if line.startswith("    ")]
    assert indented, "venuely.client documents no example"
    return textwrap.dedent("\n".join(lines[indented[0] : indented[-1] + 1]))


def test_the_documented_example_says_hello_in_the_demo_chat(tmp_path: Path) -> None:
    example = documented_example()
    assert DOCUMENTED_URL in example
    # The test environment renders the demo tour small, so seeding takes seconds.
    env = venuely_env(tmp_path, VENUELY_ENV="test")
    subprocess.run([*VENUELY, "demo"], env=env, check=True, capture_output=True, timeout=120)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [*VENUELY, "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, "server exited"
            assert time.monotonic() < deadline, "server did not start"
            try:
                httpx.get(f"{url}/api/v1/")
                break
            except httpx.TransportError:
                time.sleep(0.2)
        script = tmp_path / "example.py"
        script.write_text(example.replace(DOCUMENTED_URL, url))
        run = subprocess.run(
            [sys.executable, str(script)], check=False, capture_output=True, text=True, timeout=60
        )
        assert run.returncode == 0, run.stderr
        message_id, text = run.stdout.strip().split(" ", 1)
        assert text == "Hello from a script"
        assert is_valid_id(message_id)
    finally:
        server.terminate()
        server.wait(timeout=10)
