"""`venuely` command line: serve, migrate, demo, demo-tour, create-admin, sign-in-provider."""

from __future__ import annotations

import argparse
import asyncio
import getpass
import sys

from venuely.settings import load_settings


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from venuely.core.logging import configure_logging
    from venuely.core.serving import uvicorn_options

    settings = load_settings()
    configure_logging(settings.log_level, settings.log_format)
    if args.workers > 1 and not settings.redis_url:
        # Each worker would have its own in-process hub: a message sent on one would never
        # reach sockets on another, and a ticket used on one could be replayed on another.
        print("venuely serve: --workers above 1 needs VENUELY_REDIS_URL", file=sys.stderr)
        return 2
    if args.workers > 1:
        from venuely.core.metrics import prepare_multiprocess

        # Before the workers start: they sum their metrics through these files (core/metrics.py).
        prepare_multiprocess(settings.data_dir / "metrics")
    uvicorn.run(
        "venuely.app:create_app",
        factory=True,
        host=args.host or settings.host,
        port=args.port or settings.port,
        workers=args.workers,
        reload=args.reload,
        **uvicorn_options(settings),
    )
    return 0


def _migrate(_: argparse.Namespace) -> int:
    from venuely.core.migrate import upgrade

    settings = load_settings()
    upgrade(settings.effective_database_url)
    print(f"database at head: {settings.effective_database_url}")
    return 0


def _demo(_: argparse.Namespace) -> int:
    from venuely.demo.seed import run_demo_seed

    return asyncio.run(run_demo_seed(load_settings()))


def _demo_tour(args: argparse.Namespace) -> int:
    """Write the demo tour zip to a file, e.g. for a browser test that uploads a tour."""
    import os
    from pathlib import Path

    from venuely.demo.tour.install import tour_width
    from venuely.demo.tour.package import build_demo_tour
    from venuely.settings import Settings

    # Settings only for the data dir (the render cache) and the environment's default width;
    # not `load_settings`, which would create a secret key this command never needs.
    settings = Settings()
    width = args.width or tour_width(settings)
    data = build_demo_tour(width, settings.data_dir / "demo")
    out = Path(args.out)
    partial = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    partial.write_bytes(data)
    os.replace(partial, out)  # never a half-written zip at the name a test reads
    print(f"demo tour written to {out}: {len(data)} bytes, images {width} px wide")
    return 0


def _tour_width(text: str) -> int:
    width = int(text)
    # Node images must be exactly 2:1 (tour-package.md), so the width must be even.
    if not 64 <= width <= 8192 or width % 2:
        raise argparse.ArgumentTypeError("the width must be an even number from 64 to 8192")
    return width


def _create_admin(args: argparse.Namespace) -> int:
    from venuely.admins.bootstrap import create_master_admin

    password = args.password or getpass.getpass("Password (at least 12 characters): ")
    return asyncio.run(
        create_master_admin(load_settings(), args.email, password, args.first_name, args.last_name)
    )


def _sign_in_provider(args: argparse.Namespace) -> int:
    from venuely.identity.cli import ProviderArgs, register_provider

    wanted = ProviderArgs(
        args.customer, args.kind, args.issuer, args.client_id, args.client_secret, args.label
    )
    return asyncio.run(register_provider(load_settings(), wanted))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="venuely", description="Venuely events platform server")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="serve the API, realtime gateway and web app")
    serve.add_argument("--host", default=None)
    serve.add_argument("--port", type=int, default=None)
    serve.add_argument("--workers", type=int, default=1)
    serve.add_argument("--reload", action="store_true")
    serve.set_defaults(handler=_serve)

    sub.add_parser("migrate", help="apply database migrations").set_defaults(handler=_migrate)
    sub.add_parser("demo", help="create or refresh the demo event").set_defaults(handler=_demo)

    tour = sub.add_parser("demo-tour", help="write the demo tour package (a zip) to a file")
    tour.add_argument("--out", required=True, help="the zip file to write")
    tour.add_argument(
        "--width",
        type=_tour_width,
        default=None,
        help="image width in pixels (default: what `venuely demo` installs here)",
    )
    tour.set_defaults(handler=_demo_tour)

    admin = sub.add_parser("create-admin", help="create a master admin (or grant the right)")
    admin.add_argument("email")
    admin.add_argument("--password", default=None, help="asked for when omitted")
    admin.add_argument("--first-name", default="Admin")
    admin.add_argument("--last-name", default="")
    admin.set_defaults(handler=_create_admin)

    provider = sub.add_parser(
        "sign-in-provider", help="add or refresh a customer's OpenID sign-in provider"
    )
    provider.add_argument("--customer", default=None, help="id or name (default: the demo's)")
    provider.add_argument("--kind", choices=("oidc", "google"), default="oidc")
    provider.add_argument("--issuer", default=None, help="the issuer URL (not for google)")
    provider.add_argument("--client-id", required=True)
    provider.add_argument("--client-secret", default=None)
    provider.add_argument("--label", default=None, help="the button's text")
    provider.set_defaults(handler=_sign_in_provider)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.handler(args)
    except ValueError as exc:  # settings refused (e.g. missing secret outside dev)
        print(f"venuely: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
