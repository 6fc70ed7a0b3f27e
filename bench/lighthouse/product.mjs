/**
 * The product as an attendee's browser meets it: a temporary data directory with the SQLite demo
 * event (`venuely migrate`, `venuely demo`), then `venuely serve` on 127.0.0.1 and a free port,
 * serving the built web app from web/dist. Nothing is read from or sent to another host.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const repoDir = resolve(import.meta.dirname, "..", "..");

function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => ok(port));
    });
  });
}

async function waitUntilUp(url, server) {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`venuely serve exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`venuely serve did not answer at ${url}`);
}

/** Starts the product; resolves to its base URL and a stop function that removes every trace. */
export async function startProduct({ logFile }) {
  const bin = process.env.VENUELY_BIN ?? join(repoDir, ".venv", "bin", "venuely");
  const dist = process.env.VENUELY_WEB_DIST ?? join(repoDir, "web", "dist");
  if (!existsSync(join(dist, "index.html"))) throw new Error(`no web build at ${dist}: run \`make web\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), "venuely-lighthouse-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    // `test` renders the demo's 360° rooms and video small: neither page measured shows them,
    // and the full render would cost a minute of CPU before every measurement.
    VENUELY_ENV: "test",
    VENUELY_DATA_DIR: dataDir,
    VENUELY_PUBLIC_URL: baseURL,
    VENUELY_WEB_DIST: dist,
    VENUELY_LOG_FORMAT: "console",
    VENUELY_LOG_LEVEL: "WARNING",
  };
  for (const name of ["VENUELY_DATABASE_URL", "VENUELY_REDIS_URL", "VENUELY_SMTP_HOST"]) delete env[name];
  execFileSync(bin, ["migrate"], { env, stdio: "ignore" });
  execFileSync(bin, ["demo"], { env, stdio: "ignore" });
  const log = openSync(logFile, "a");
  // Its own process group, so stopping it also ends anything it started.
  const server = spawn(bin, ["serve", "--host", "127.0.0.1", "--port", String(port)], {
    env,
    stdio: ["ignore", log, log],
    detached: true,
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      process.kill(-server.pid, "SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`${baseURL}/api/v1/backendversion`, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dist, stop };
}
