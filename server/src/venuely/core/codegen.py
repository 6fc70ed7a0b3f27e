"""The one command line of the files generated for the web app (`make codegen`).

Each generator (`core/error_codes_ts.py`, `events/reserved_ts.py`,
`events/prepublish/codes_ts.py`, `events/prepublish/contrast_ts.py`) renders its file from a
server-side source and calls `write_or_check`: without `--check` it writes the file, with it it
exits 1 when the committed copy differs, which the server's tests run so a stale copy cannot
land.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

# server/src/venuely/core/ → the repository root, in a source checkout.
ROOT = Path(__file__).resolve().parents[4]
GENERATED = ROOT / "web" / "src" / "lib" / "generated"


def write_or_check(
    argv: list[str] | None,
    *,
    description: str,
    module: str,
    target: Path,
    render: Callable[[], str],
) -> int:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    parser.add_argument("--out", type=Path, default=target, help="the file to write or check")
    args = parser.parse_args(argv)
    wanted = render()
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else None
        if current != wanted:
            sys.stderr.write(f"{args.out} is stale: run python -m {module}\n")
            return 1
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(wanted, encoding="utf-8")
    return 0
