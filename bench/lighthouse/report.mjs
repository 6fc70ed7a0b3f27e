/**
 * The figures taken from one Lighthouse result (LHR): the four category scores, the paint and
 * blocking metrics, and the JavaScript the page loaded — as it travelled (`venuely serve` sends
 * files uncompressed) and gzip-compressed at level 9, the figure web/scripts/check-budget.mjs
 * uses, so the two can be compared.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = {
  fcp_ms: "first-contentful-paint",
  lcp_ms: "largest-contentful-paint",
  tbt_ms: "total-blocking-time",
  speed_index_ms: "speed-index",
  cls: "cumulative-layout-shift",
};

const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** The page's own scripts (same origin), in the order they were requested. */
function scripts(lhr, dist) {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return items
    .filter((item) => item.resourceType === "Script" && item.url.startsWith(origin))
    .map((item) => {
      const path = new URL(item.url).pathname;
      const file = readFileSync(join(dist, path));
      return { path, transfer: item.transferSize ?? 0, gzip: gzipSync(file, { level: 9 }).length };
    });
}

export function figures(lhr, dist) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => {
      const value = lhr.audits[id]?.numericValue ?? null;
      return [key, value === null ? null : key === "cls" ? Math.round(value * 1000) / 1000 : Math.round(value)];
    }),
  );
  const js = scripts(lhr, dist);
  return {
    scores,
    metrics,
    js_chunks: js.length,
    js_gzip_kib: kib(js.reduce((sum, s) => sum + s.gzip, 0)),
    js_transfer_kib: kib(js.reduce((sum, s) => sum + s.transfer, 0)),
    js_files: js.map((s) => ({ path: s.path, gzip_kib: kib(s.gzip), transfer_kib: kib(s.transfer) })),
    lighthouse: lhr.lighthouseVersion,
    benchmark_index: lhr.environment?.benchmarkIndex ?? null,
  };
}

/** Of several runs, the one with the median performance score (ties: the median LCP). */
export function medianRun(runs) {
  const sorted = [...runs].sort(
    (a, b) => a.scores.performance - b.scores.performance || a.metrics.lcp_ms - b.metrics.lcp_ms,
  );
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
