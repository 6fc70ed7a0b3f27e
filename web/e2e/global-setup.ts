/**
 * Starts a real server for the browser tests: a temporary VENUELY_DATA_DIR (SQLite database and
 * the .eml mail files), migrations and the demo seed, then `venuely serve` on 127.0.0.1 with a
 * free port, serving the built app from web/dist.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

const webDir = resolve(import.meta.dirname, "..");
export const artifactsDir = join(webDir, "e2e", "artifacts");

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? ok(address.port) : fail(new Error("no port"))));
    });
  });
}

async function waitUntilUp(url: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (server.exitCode !== null) throw new Error(`venuely serve exited with ${server.exitCode}; see e2e/artifacts/server.log`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not come up at ${url}`);
}

export default async function setup(project: TestProject) {
  const bin = process.env.VENUELY_BIN ?? resolve(webDir, "..", ".venv", "bin", "venuely");
  if (!existsSync(join(webDir, "dist", "index.html"))) throw new Error("web/dist is missing: run `make web` first");
  mkdirSync(artifactsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), "venuely-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VENUELY_ENV: "dev",
    VENUELY_DATA_DIR: dataDir,
    VENUELY_PUBLIC_URL: baseURL,
    VENUELY_WEB_DIST: join(webDir, "dist"),
    VENUELY_LOG_FORMAT: "console",
  };
  delete env.VENUELY_DATABASE_URL;
  delete env.VENUELY_SMTP_HOST;
  delete env.VENUELY_REDIS_URL;
  execFileSync(bin, ["migrate"], { env, stdio: "ignore" });
  execFileSync(bin, ["demo"], { env, stdio: "ignore" });

  const server = spawn(bin, ["serve", "--host", "127.0.0.1", "--port", String(port)], { env, stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(join(artifactsDir, "server.log"));
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  await waitUntilUp(`${baseURL}/api/v1/backendversion`, server);

  project.provide("baseURL", baseURL);
  project.provide("dataDir", dataDir);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
