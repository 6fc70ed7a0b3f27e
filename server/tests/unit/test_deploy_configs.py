"""The deployment files in deploy/ (docs/subsystems/operations.md) are what they claim: nginx
accepts the site configuration (`nginx -t`, with a throwaway certificate in place of the real
one), and the systemd units start what the docs say, migrations first."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

DEPLOY = Path(__file__).resolve().parents[3] / "deploy"
REAL_CERT = "/etc/ssl/venuely/fullchain.pem"
REAL_KEY = "/etc/ssl/venuely/privkey.pem"


def _nginx() -> str:
    found = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(found).exists(), "nginx is missing: `make test` installs it (Makefile: nginx)"
    return found


def test_nginx_accepts_the_site_configuration(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            shutil.which("openssl") or "/usr/bin/openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=events.example.org",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    site = (DEPLOY / "nginx" / "venuely.conf").read_text()
    assert REAL_CERT in site
    assert REAL_KEY in site
    (tmp_path / "venuely.conf").write_text(
        site.replace(REAL_CERT, str(cert)).replace(REAL_KEY, str(key))
    )
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\n"
        f"error_log {tmp_path}/error.log;\n"
        "events {}\n"
        f"http {{ access_log off; include {tmp_path}/venuely.conf; }}\n"
    )
    checked = subprocess.run(
        [_nginx(), "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
        check=False,
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr


def test_the_realtime_location_upgrades_and_stays_open() -> None:
    site = (DEPLOY / "nginx" / "venuely.conf").read_text()
    realtime = site[site.index("location /realtime/") :].split("}", 1)[0]
    assert "proxy_set_header Upgrade $http_upgrade;" in realtime
    assert "proxy_set_header Connection $venuely_connection;" in realtime
    assert "proxy_buffering off;" in realtime
    assert "proxy_read_timeout 3600s;" in realtime


def _unit(name: str) -> configparser.ConfigParser:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(DEPLOY / "systemd" / name)
    return unit


def test_the_units_migrate_first_then_serve_behind_the_proxy() -> None:
    migrate, serve = _unit("venuely-migrate.service"), _unit("venuely.service")
    assert migrate["Service"]["Type"] == "oneshot"
    assert migrate["Service"]["ExecStart"].endswith("/venuely migrate")
    assert "venuely-migrate.service" in serve["Unit"]["Requires"]
    exec_start = serve["Service"]["ExecStart"]
    # Loopback only: nginx is the one way in (its upstream is 127.0.0.1:8000).
    assert "serve --host 127.0.0.1 --port 8000" in exec_start
    assert "server 127.0.0.1:8000" in (DEPLOY / "nginx" / "venuely.conf").read_text()
