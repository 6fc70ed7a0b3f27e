/**
 * First paint on a phone (issue 22, item 6): Lighthouse's mobile preset with its default
 * simulated throttling on the demo event's login page and on the events overview, against the
 * product started here (product.mjs). Each page is measured LIGHTHOUSE_RUNS times (default 3),
 * each time in a fresh headless Chromium with empty storage, and the median run is reported.
 *
 *     node measure.mjs [--out FILE]
 *
 * CHROME_PATH picks the browser (default: Debian's Chromium), VENUELY_BIN the `venuely` command
 * (default: the checkout's .venv), VENUELY_WEB_DIST the build (default: web/dist);
 * LIGHTHOUSE_KEEP=DIR keeps every run's full Lighthouse report there (to open in the Lighthouse
 * viewer or read its critical request chains). The result is one JSON object, printed as the last
 * line and written to FILE when given.
 *
 * The overview is a public page (its list comes from a route that needs no token, and the app
 * reads no session on `/`), and Lighthouse clears the origin's storage before it loads a page,
 * so it is measured as an attendee arriving there first.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startProduct } from "./product.mjs";
import { figures, medianRun } from "./report.mjs";

const PAGES = [
  { name: "login", path: "/demo/login" },
  { name: "events_overview", path: "/" },
];
const CHROME_FLAGS = "--headless=new --no-sandbox";

const cli = createRequire(import.meta.url).resolve("lighthouse/cli/index.js");
const run = promisify(execFile);

function option(name) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function lighthouse(url, outFile) {
  const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" };
  // The CLI's defaults are the mobile preset and simulated throttling; only the output is set.
  const args = [cli, url, "--quiet", `--chrome-flags=${CHROME_FLAGS}`, "--output=json", `--output-path=${outFile}`];
  await run(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(readFileSync(outFile, "utf8"));
}

/**
 * The first request a fresh `venuely serve` answers takes most of a second (the app finishing its
 * start-up); a deployed server has long served that one. Lighthouse would count it as the page's
 * server response time, so each page and the metadata read are asked for once before measuring.
 */
async function warmUp(baseURL) {
  for (const path of [...PAGES.map((page) => page.path), "/api/v1/events/name/demo/metadata"]) {
    const answer = await fetch(baseURL + path);
    await answer.arrayBuffer();
  }
}

async function main() {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const keep = process.env.LIGHTHOUSE_KEEP;
  if (keep) mkdirSync(keep, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), "venuely-lighthouse-out-"));
  const product = await startProduct({ logFile: join(work, "server.log") });
  const pages = {};
  try {
    await warmUp(product.baseURL);
    for (const page of PAGES) {
      const measured = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await lighthouse(product.baseURL + page.path, join(keep ?? work, `${page.name}-${i}.json`));
        if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.message}`);
        measured.push(figures(lhr, product.dist));
        console.error(`lighthouse: ${page.name} run ${i + 1}/${runs}: performance ${measured.at(-1).scores.performance}`);
      }
      pages[page.name] = { path: page.path, runs: measured.map((m) => m.scores.performance), ...medianRun(measured) };
    }
  } finally {
    await product.stop();
    rmSync(work, { recursive: true, force: true });
  }
  const result = { scenario: "lighthouse", form_factor: "mobile", throttling: "default simulated", pages };
  const out = option("--out");
  if (out) writeFileSync(out, JSON.stringify(result, null, 2) + "\n");
  console.log(JSON.stringify(result));
}

await main();
