/**
 * No import cycles between features: a file of feature A may import feature B only when B does not
 * already depend on A, directly or through other features. Two features that need each other are
 * one feature, or their shared part belongs in lib/, or app/ composes them.
 *
 * The graph is built from the source tree on disk (`featuresDir`), one edge A → B when any non-test
 * file of A imports B (`@/features/B...`, or a relative path into B; static, `export ... from`,
 * dynamic `import()`, type-only imports too: a cycle of knowledge is still a cycle). Test files are
 * left out of the graph — a test may set up another feature — but are checked like any file.
 * Module-level cycle rules (import/no-cycle) cannot see this: venue → chat/index → chat/store →
 * venue/index → venue/layout-store is a feature cycle without any module cycle.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

const SOURCE = /\.(?:ts|tsx|js|jsx|mjs)$/;
const TEST = /\.test\.[jt]sx?$/;
const ALIAS = "@/features/";

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name)) out.push(path);
  }
  return out;
}

const isTestFile = (path) => TEST.test(path) || path.split(sep).includes("test");

/** The feature a path lies in, or null when it is outside `featuresDir`. */
export function featureOf(featuresDir, path) {
  const rel = relative(featuresDir, path);
  if (!rel || rel.startsWith("..") || rel.startsWith(sep)) return null;
  return rel.split(sep)[0] ?? null;
}

/** The feature an import specifier points at, from a file at `fromFile`. */
export function importedFeature(featuresDir, fromFile, specifier) {
  if (specifier.startsWith(ALIAS)) return specifier.slice(ALIAS.length).split("/")[0] || null;
  if (specifier.startsWith(".")) return featureOf(featuresDir, resolve(dirname(fromFile), specifier));
  return null;
}

/** Import specifiers of a source text (comments and strings are not mistaken for imports). */
function specifiersOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((ref) => ref.fileName);
}

/**
 * The feature graph: feature → (imported feature → first file that imports it, relative to
 * `featuresDir`). Built from the files on disk.
 */
export function featureGraph(featuresDir) {
  const graph = new Map();
  for (const file of sourceFiles(featuresDir)) {
    if (isTestFile(file)) continue;
    const from = featureOf(featuresDir, file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    const edges = graph.get(from);
    for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
      const to = importedFeature(featuresDir, file, specifier);
      if (to && to !== from && !edges.has(to)) edges.set(to, relative(featuresDir, file));
    }
  }
  return graph;
}

/** The shortest chain of features from `start` to `goal` (both included), or null. */
export function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const path = [];
      for (let node = goal; node !== null; node = previous.get(node)) path.unshift(node);
      return path;
    }
    for (const next of graph.get(current)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

// One graph per features directory, rebuilt when a file there is added, removed or changed (an
// editor's ESLint server lives long; a command-line run builds it once).
const cache = new Map();

function signature(featuresDir) {
  return sourceFiles(featuresDir)
    .map((file) => `${file}:${statSync(file).mtimeMs}`)
    .join("|");
}

function cachedGraph(featuresDir) {
  const sig = signature(featuresDir);
  const hit = cache.get(featuresDir);
  if (hit && hit.sig === sig) return hit.graph;
  const graph = featureGraph(featuresDir);
  cache.set(featuresDir, { sig, graph });
  return graph;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "disallow an import of another feature that (transitively) imports this one" },
    messages: {
      cycle:
        "features/{{from}} imports features/{{to}}, which already depends on features/{{from}} ({{chain}}: {{via}}). " +
        "Move the shared part down to src/lib/, or let src/app/ compose both features.",
    },
    schema: [
      {
        type: "object",
        properties: { featuresDir: { type: "string" } },
        required: ["featuresDir"],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const featuresDir = resolve(context.options[0].featuresDir);
    const filename = context.filename;
    const own = featureOf(featuresDir, filename);
    if (!own) return {};
    let graph = null;

    const check = (node, source) => {
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const target = importedFeature(featuresDir, filename, source.value);
      if (!target || target === own) return;
      graph ??= cachedGraph(featuresDir);
      const path = findPath(graph, target, own);
      if (!path) return;
      const via = path
        .slice(0, -1)
        .map((feature, i) => `${graph.get(feature)?.get(path[i + 1] ?? "") ?? feature} imports ${path[i + 1]}`)
        .join("; ");
      context.report({ node, messageId: "cycle", data: { from: own, to: target, chain: path.join(" → "), via } });
    };

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
