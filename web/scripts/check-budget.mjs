// The web budget (quality-bar.md §2): JS loaded before the login form is interactive ≤ 200 KB gzip.
// That is the entry chunk (Login is part of it), its static imports, the Login route's chunk with
// its imports should Login become lazy again, and the browser database's chunk, which the event's
// start-up loads (lazily) before the first page.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET = 200 * 1024;
const dist = new URL("../dist/", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL(".vite/manifest.json", dist), "utf8"));

const seen = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep);
}
collect("index.html");
collect("src/features/accounts/pages/LoginPage.tsx");
collect("src/lib/db-schema.ts");

// The 360° viewer (Photo Sphere Viewer + three) must stay in the venue's own lazy chunk.
const viewer = manifest["src/features/venue/PanoramaViewer.tsx"];
if (!viewer || seen.has(viewer.file)) {
  console.error("the panorama viewer must be its own lazy chunk, not loaded before the login form");
  process.exit(1);
}

let total = 0;
for (const file of [...seen].filter((f) => f.endsWith(".js"))) {
  total += gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;
}
const kb = (total / 1024).toFixed(1);
console.log(`login route JS: ${kb} KB gzip over ${seen.size} chunks (budget ${BUDGET / 1024} KB)`);
if (total > BUDGET) {
  console.error("over budget: split more code out of the login route");
  process.exit(1);
}
