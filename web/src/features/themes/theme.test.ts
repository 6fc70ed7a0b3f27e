import { describe, expect, it } from "vitest";
import { faviconUrl, fontFaceRules, groupVariables, loginBoxOffset, loginBoxRules, parseAlpha, themeStylesheet, withAlpha, type Theme } from "./theme";

const fixture: Theme = {
  EventID: "e".repeat(24),
  MainTheme: {
    primary_color: "#ff0000",
    box_background_color: "#336699",
    box_background_alpha: "0.5",
    menu_background_color: "#abc",
    menu_background_alpha: "1.5",
    footer_background_color: "rgb(1, 2, 3)",
    footer_background_alpha: 0.25,
    panel_background_color: "#000000",
    panel_background_alpha: "half",
  },
  HeaderTheme: { background_color: "#111111", background_alpha: "0" },
  ChatTheme: { text_color: "red; } body { display:none" },
  FontAssets: {
    regular: [{ url: "https://cdn.example/r.woff2", hash: "abc" }],
    bold: [{ url: "https://cdn.example/b.woff2", hash: "" }],
    italic: [{ url: "", hash: "h" }],
    light: [{ hash: "h" }, { url: "https://cdn.example/l.woff2", hash: "h2" }],
    medium: [{ url: "javascript:alert(1)", hash: "h" }],
  },
  MediaAssets: { favicon: { url: "https://cdn.example/icon.png" } },
  login_box_x_offset: "20%",
};

describe("the alpha rule", () => {
  it("accepts numbers and numeric strings from 0 to 1 only", () => {
    expect(parseAlpha("0.5")).toBe(0.5);
    expect(parseAlpha(0)).toBe(0);
    expect(parseAlpha("1")).toBe(1);
    expect(parseAlpha("1.5")).toBeNull();
    expect(parseAlpha("-0.1")).toBeNull();
    expect(parseAlpha("half")).toBeNull();
    expect(parseAlpha("")).toBeNull();
    expect(parseAlpha(undefined)).toBeNull();
  });
  it("combines *_background_alpha with the matching *_background_color", () => {
    const vars = groupVariables("main", fixture.MainTheme);
    expect(vars["--main-box-background-color"]).toBe("rgba(51, 102, 153, 0.5)");
    expect(vars["--main-footer-background-color"]).toBe("color-mix(in srgb, rgb(1, 2, 3) 25%, transparent)");
    expect(vars["--main-primary-color"]).toBe("#ff0000");
    expect(vars).not.toHaveProperty("--main-box-background-alpha");
  });
  it("uses the plain colour when the alpha is out of range or not numeric", () => {
    const vars = groupVariables("main", fixture.MainTheme);
    expect(vars["--main-menu-background-color"]).toBe("#abc");
    expect(vars["--main-panel-background-color"]).toBe("#000000");
  });
  it("expands short hex and applies alpha 0", () => {
    expect(withAlpha("#abc", 0.1)).toBe("rgba(170, 187, 204, 0.1)");
    expect(groupVariables("header", fixture.HeaderTheme)["--header-background-color"]).toBe("rgba(17, 17, 17, 0)");
  });
  it("drops values that would break out of the declaration", () => {
    expect(groupVariables("chat", fixture.ChatTheme)).toEqual({});
  });
});

describe("fonts, favicon and login box", () => {
  it("skips font sources without url or hash, and unsafe urls", () => {
    const rules = fontFaceRules(fixture.FontAssets);
    expect(rules).toHaveLength(2);
    expect(rules[0]).toContain('url("https://cdn.example/r.woff2")');
    expect(rules[0]).toContain("font-weight: 400");
    expect(rules[1]).toContain('url("https://cdn.example/l.woff2")');
    expect(rules[1]).toContain("font-weight: 300");
    expect(rules.join()).not.toContain("javascript");
  });
  it("reads the favicon", () => {
    expect(faviconUrl(fixture)).toBe("https://cdn.example/icon.png");
    expect(faviconUrl({})).toBeNull();
  });
  it("steps the login box offset by screen width", () => {
    expect(loginBoxOffset(20, 1400)).toBe(20);
    expect(loginBoxOffset(20, 900)).toBe(10);
    expect(loginBoxOffset(20, 400)).toBe(0);
    expect(loginBoxRules("20%")).toEqual([
      ":root { --login-box-x-offset: 0%; }",
      "@media (min-width: 768px) { :root { --login-box-x-offset: 10%; } }",
      "@media (min-width: 1200px) { :root { --login-box-x-offset: 20%; } }",
    ]);
    expect(loginBoxRules("wide")).toEqual([]);
  });
  it("builds one stylesheet", () => {
    const css = themeStylesheet(fixture);
    expect(css).toContain("@font-face");
    expect(css).toContain("--main-box-background-color: rgba(51, 102, 153, 0.5);");
    expect(css).toContain("--login-box-x-offset: 20%");
  });
});
