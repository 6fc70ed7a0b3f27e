import { describe, expect, it } from "vitest";
import { applyEmojiShortcuts, avatarColor, avatarTextColor, initials, nameHash, previewText, safeHref, segments } from "./text";

describe("emoji shortcuts", () => {
  it("converts named codes and whole-word smileys", () => {
    expect(applyEmojiShortcuts("this is :fire: :)")).toBe("this is 🔥 🙂");
    expect(applyEmojiShortcuts(":D great;)")).toBe("😄 great;)");
    expect(applyEmojiShortcuts("<3 you")).toBe("❤️ you");
  });

  it("leaves URLs, link targets and unknown codes alone", () => {
    expect(applyEmojiShortcuts("see https://x.org/:fire:/a :nope:")).toBe("see https://x.org/:fire:/a :nope:");
    expect(applyEmojiShortcuts("[hot:fire:](https://x.org/:fire:)")).toBe("[hot🔥](https://x.org/:fire:)");
    expect(applyEmojiShortcuts("ratio 3:1")).toBe("ratio 3:1");
  });
});

describe("links", () => {
  it("accepts only http, https and mailto", () => {
    expect(safeHref("https://example.org/a?b=1")).toBe("https://example.org/a?b=1");
    expect(safeHref("mailto:a@example.org")).toBe("mailto:a@example.org");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("JaVaScRiPt:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,<script>alert(1)</script>")).toBeNull();
    expect(safeHref("vbscript:msgbox")).toBeNull();
    expect(safeHref("http:evil")).toBeNull();
    expect(safeHref("//evil.example")).toBeNull();
  });

  it("turns markdown into a link segment and keeps unsafe markdown as text", () => {
    expect(segments("see [the agenda](https://x.org/agenda) now")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "the agenda", href: "https://x.org/agenda" },
      { kind: "text", text: " now" },
    ]);
    expect(segments("[click](javascript:alert(1))")).toEqual([{ kind: "text", text: "[click](javascript:alert(1))" }]);
  });

  it("links bare URLs without trailing punctuation", () => {
    expect(segments("go to https://x.org/a.")).toEqual([
      { kind: "text", text: "go to " },
      { kind: "link", text: "https://x.org/a", href: "https://x.org/a" },
      { kind: "text", text: "." },
    ]);
  });

  it("keeps markup as plain text", () => {
    const text = '<img src=x onerror=alert(1)><script>alert(1)</script>';
    expect(segments(text)).toEqual([{ kind: "text", text }]);
  });

  it("previews reduce link markdown to its label", () => {
    expect(previewText("read [the FAQ](https://x.org/faq)\nplease")).toBe("read the FAQ please");
    expect(previewText("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("avatar", () => {
  it("colours by name with hue mod 460, 80 %, 42 %", () => {
    expect(nameHash("")).toBe(0);
    expect(nameHash("ab")).toBe(97 * 31 + 98);
    expect(avatarColor("ab")).toBe(`hsl(${(97 * 31 + 98) % 460}, 80%, 42%)`);
    expect(avatarColor("Ada Lovelace")).toBe(avatarColor("Ada Lovelace"));
    const hue = Number(/hsl\((\d+),/.exec(avatarColor("Grace Hopper"))?.[1]);
    expect(hue).toBeGreaterThanOrEqual(0);
    expect(hue).toBeLessThan(460);
  });

  it("picks initials that contrast at least 4.5:1 with the avatar colour", () => {
    // find names whose hue lands on yellow (~60) and on blue (~240)
    const byHue = (target: number) => {
      for (let i = 0; i < 100_000; i++) if ((nameHash(`n${i}`) % 460) % 360 === target) return `n${i}`;
      throw new Error("no name");
    };
    expect(avatarTextColor(byHue(60))).toBe("#000000");
    expect(avatarTextColor(byHue(240))).toBe("#ffffff");
  });

  it("takes the first letters of the first and last words", () => {
    expect(initials("ada king lovelace")).toBe("AL");
    expect(initials("Émile")).toBe("É");
    expect(initials("  ")).toBe("");
  });
});
