import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import rule, { featureGraph, findPath } from "./no-feature-cycles.js";

const webDir = fileURLToPath(new URL("..", import.meta.url));

/**
 * A small tree: a → b → c (a through a relative re-export), d ← e, and d's test imports e (which
 * is not a dependency of d).
 */
const FIXTURE = {
  "a/index.ts": 'export { x } from "./x";\n',
  "a/x.ts": 'import { y } from "@/features/b";\nexport const x = y;\n',
  "b/index.ts": '// import { nope } from "@/features/e";\nimport type { Z } from "@/features/c/types";\nexport const y: Z = 1;\n',
  "c/types.ts": "export type Z = number;\n",
  "c/index.ts": "export const z = 1;\n",
  "d/index.ts": "export const d = 1;\n",
  "d/d.test.ts": 'import { e } from "@/features/e";\nvoid e;\n',
  "e/index.ts": 'import { d } from "@/features/d";\nexport const e = d;\n',
};

let root;
let featuresDir;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "venuely-cycles-"));
  featuresDir = join(root, "src", "features");
  for (const [path, text] of Object.entries(FIXTURE)) {
    mkdirSync(dirname(join(featuresDir, path)), { recursive: true });
    writeFileSync(join(featuresDir, path), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function lint(path, code) {
  const linter = new Linter({ configType: "flat", cwd: root });
  return linter.verify(
    code,
    [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { venuely: { rules: { "no-feature-cycles": rule } } },
        rules: { "venuely/no-feature-cycles": ["error", { featuresDir }] },
      },
    ],
    { filename: join(featuresDir, path) },
  );
}

describe("the feature graph", () => {
  it("has an edge per imported feature, type imports included, comments and tests left out", () => {
    const graph = featureGraph(featuresDir);
    expect([...(graph.get("a")?.keys() ?? [])]).toEqual(["b"]);
    expect([...(graph.get("b")?.keys() ?? [])]).toEqual(["c"]);
    expect([...(graph.get("d")?.keys() ?? [])]).toEqual([]);
    expect(graph.get("a")?.get("b")).toBe(join("a", "x.ts"));
    expect(findPath(graph, "a", "c")).toEqual(["a", "b", "c"]);
    expect(findPath(graph, "c", "a")).toBeNull();
  });
});

describe("no-feature-cycles", () => {
  it("reports an import of a feature that transitively imports this one", () => {
    const messages = lint("c/uses-a.ts", 'import { x } from "@/features/a";\nexport const w = x;\n');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.ruleId).toBe("venuely/no-feature-cycles");
    expect(messages[0]?.message).toContain("features/c imports features/a, which already depends on features/c (a → b → c");
    expect(messages[0]?.message).toContain(`${join("a", "x.ts")} imports b`);
  });

  it("sees relative paths into another feature, re-exports and dynamic imports", () => {
    expect(lint("c/rel.ts", 'import { x } from "../a/x";\nexport const w = x;\n')).toHaveLength(1);
    expect(lint("c/re.ts", 'export { x } from "@/features/a";\n')).toHaveLength(1);
    expect(lint("c/lazy.ts", 'export const load = () => import("@/features/a/x");\n')).toHaveLength(1);
    expect(lint("b/back.ts", 'import type { x } from "@/features/a";\nexport type W = typeof x;\n')).toHaveLength(1);
  });

  it("allows one-way imports, imports inside a feature, and edges that exist only in tests", () => {
    expect(lint("a/more.ts", 'import { z } from "@/features/c";\nimport { x } from "./x";\nexport const w = [z, x];\n')).toEqual([]);
    expect(lint("e/more.ts", 'import { d } from "@/features/d";\nexport const w = d;\n')).toEqual([]);
    expect(lint("c/lib.ts", 'import { request } from "@/lib/api-client";\nexport const w = request;\n')).toEqual([]);
  });
});

describe("the project's ESLint config", () => {
  it("applies the rule to src/features and fails a deliberate cycle between real features", async () => {
    const eslint = new ESLint({ cwd: webDir });
    const config = await eslint.calculateConfigForFile("src/features/chat/store.ts");
    expect(config.rules["venuely/no-feature-cycles"]?.[0]).toBe(2);
    // The venue reads the events feature (venue-event.ts), so events must not import the venue.
    const [result] = await eslint.lintText('import { useTour } from "@/features/venue";\nexport const hook = useTour;\n', {
      filePath: join(webDir, "src/features/events/cycle-probe.ts"),
    });
    const cycles = result?.messages.filter((m) => m.ruleId === "venuely/no-feature-cycles") ?? [];
    expect(cycles).toHaveLength(1);
    expect(cycles[0]?.message).toContain("features/events imports features/venue");
  });
});
