import { describe, expect, it } from "vitest";
import { CONTRAST_BUILTIN, CONTRAST_TEST_VECTORS } from "@/lib/generated/theme-contrast";
import { contrastRatio, contrastReport, parseColor, type ThemeMaps } from "./contrast";

const builtin = (): ThemeMaps => ({
  MainTheme: { ...CONTRAST_BUILTIN.MainTheme },
  HeaderTheme: { ...CONTRAST_BUILTIN.HeaderTheme },
  ChatTheme: { ...CONTRAST_BUILTIN.ChatTheme },
});

describe("the contrast rule, held to the server's results", () => {
  it.each(CONTRAST_TEST_VECTORS.colors)("parses %j as the server does", (value, expected) => {
    const parsed = parseColor(value);
    if (expected === null) {
      expect(parsed).toBeNull();
      return;
    }
    const [r, g, b, a] = expected;
    expect(parsed).not.toBeNull();
    expect(parsed?.r).toBeCloseTo(r, 9);
    expect(parsed?.g).toBeCloseTo(g, 9);
    expect(parsed?.b).toBeCloseTo(b, 9);
    expect(parsed?.a).toBeCloseTo(a, 9);
  });

  it.each(CONTRAST_TEST_VECTORS.palettes.map((p) => [JSON.stringify(p.changes), p] as const))("judges %s as the server does", (_name, vector) => {
    const maps = builtin();
    for (const [theme, changes] of Object.entries(vector.changes)) {
      Object.assign(maps[theme as keyof ThemeMaps], changes);
    }
    const found = contrastReport(maps).problems.map((p) => [p.theme, p.textKey, p.backgroundKey, p.ratio]);
    expect(found).toEqual(vector.findings);
  });

  it("the vectors cover both outcomes", () => {
    expect(CONTRAST_TEST_VECTORS.palettes.some((p) => p.findings.length > 0)).toBe(true);
    expect(CONTRAST_TEST_VECTORS.palettes.some((p) => p.findings.length === 0)).toBe(true);
  });
});

describe("contrastReport", () => {
  it("says which surface a failing background belongs to", () => {
    const maps = builtin();
    maps.ChatTheme.own_message_background_color = "#444444";
    const [problem] = contrastReport(maps).problems;
    expect(problem).toEqual({ theme: "ChatTheme", textKey: "text_color", backgroundTheme: "ChatTheme", backgroundKey: "own_message_background_color", ratio: expect.any(Number) });
    expect(problem?.ratio).toBeLessThan(4.5);
  });

  it("lists colours it cannot read instead of guessing, and skips what sits on them", () => {
    const maps = builtin();
    maps.MainTheme.background_color = "var(--brand)";
    const report = contrastReport(maps);
    expect(report.unreadable).toEqual([{ theme: "MainTheme", key: "background_color", value: "var(--brand)" }]);
    // Everything sits on the page, so nothing could be judged.
    expect(report.problems).toEqual([]);
  });

  it("does not read inherited object keys as colour names", () => {
    expect(parseColor("constructor")).toBeNull();
    expect(parseColor("toString")).toBeNull();
  });

  it("black on white is 21:1", () => {
    expect(contrastRatio({ r: 0, g: 0, b: 0, a: 1 }, { r: 255, g: 255, b: 255, a: 1 })).toBeCloseTo(21, 9);
  });
});
