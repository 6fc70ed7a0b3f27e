"""`venuely` command line: serve, migrate, demo, create-admin."""

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


def _create_admin(args: argparse.Namespace) -> int:
    from venuely.admins.bootstrap import create_master_admin

    password = args.password or getpass.getpass("Password (at least 12 characters): ")
    return asyncio.run(
        create_master_admin(load_settings(), args.email, password, args.first_name, args.last_name)
    )


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

    admin = sub.add_parser("create-admin", help="create a master admin (or grant the right)")
    admin.add_argument("email")
    admin.add_argument("--password", default=None, help="asked for when omitted")
    admin.add_argument("--first-name", default="Admin")
    admin.add_argument("--last-name", default="")
    admin.set_defaults(handler=_create_admin)
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
