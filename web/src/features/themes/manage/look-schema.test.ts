import { describe, expect, it } from "vitest";
import { fieldSpecs, type Draft } from "./look-model";
import { draftProblems, fontProblem, imageProblem, MAX_UPLOAD_BYTES, valueProblem } from "./look-schema";

const MAIN = fieldSpecs("MainTheme", ["primary_color", "text_color", "box_background_color", "box_background_alpha", "login_box_x_offset", "radius"], []);
const draft = (values: Record<string, string>, extra: Draft["extra"] = []): Draft => ({ values, extra });

describe("valueProblem mirrors the server's rules", () => {
  it.each([
    ["text", "", null],
    ["text", "x".repeat(500), null],
    ["text", "x".repeat(501), "valueTooLong"],
    // Counted by code point, as Python counts: 500 emoji are 1000 UTF-16 units but fine.
    ["text", "😀".repeat(500), null],
    ["text", "red; }", "valueUnsafe"],
    ["text", "a\\b", "valueUnsafe"],
    ["text", "<b>", "valueUnsafe"],
    ["color", "#2b4c7e", null],
    ["color", "rebeccapurple", null],
    ["color", "hsl(200 40% 90% / 50%)", null],
    ["color", "blurple", "colorInvalid"],
    ["color", "var(--x)", "colorInvalid"],
    ["alpha", "0.5", null],
    ["alpha", "1", null],
    ["alpha", "1.5", "alphaInvalid"],
    ["alpha", "half", "alphaInvalid"],
    ["offset", "0%", null],
    ["offset", "-50%", null],
    ["offset", " 12.5 % ", null],
    ["offset", "25", null],
    ["offset", "50.5%", "offsetInvalid"],
    ["offset", "100%", "offsetInvalid"],
    ["offset", "left", "offsetInvalid"],
  ] as const)("%s %j → %s", (kind, value, expected) => {
    expect(valueProblem(kind, value)).toBe(expected);
  });
});

describe("draftProblems", () => {
  it("names each refused field and accepts empty fields (inherit)", () => {
    const problems = draftProblems("MainTheme", MAIN, draft({ primary_color: "nope", text_color: "", box_background_color: "#fff", box_background_alpha: "2", login_box_x_offset: "70%", radius: "4px" }));
    expect(problems).toEqual({
      "values.primary_color": "colorInvalid",
      "values.box_background_alpha": "alphaInvalid",
      "values.login_box_x_offset": "offsetInvalid",
    });
  });

  it("checks keys typed in: pattern, taken, value required, kind by name", () => {
    const problems = draftProblems(
      "MainTheme",
      MAIN,
      draft({}, [
        { id: "a", key: "bad key", value: "x" },
        { id: "b", key: "text_color", value: "#000" },
        { id: "c", key: "shadow", value: "" },
        { id: "d", key: "link_color", value: "not a colour" },
        { id: "e", key: "shadow", value: "1px" },
      ]),
    );
    expect(problems).toEqual({
      "extra.a.key": "keyInvalid",
      "extra.b.key": "keyTaken",
      "extra.c.value": "valueRequired",
      "extra.d.value": "colorInvalid",
      "extra.e.key": "keyTaken",
    });
  });

  it("refuses more than 300 keys in one component", () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ id: `r${i}`, key: `k${i}`, value: "1" }));
    expect(draftProblems("MainTheme", MAIN, draft({ primary_color: "#fff" }, many))).toEqual({ extra: "tooManyKeys" });
    expect(draftProblems("MainTheme", MAIN, draft({ primary_color: "" }, many))).toEqual({});
  });
});

describe("files", () => {
  const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
  it("fonts go by extension, whatever type the browser names", () => {
    expect(fontProblem(file("Brand.WOFF2", ""))).toBeNull();
    expect(fontProblem(file("brand.otf", "application/octet-stream"))).toBeNull();
    expect(fontProblem(file("brand.svg", "image/svg+xml"))).toBe("fontType");
    expect(fontProblem(file("brand.ttf", "font/ttf", MAX_UPLOAD_BYTES + 1))).toBe("fileTooLarge");
  });
  it("images: PNG, JPEG, WebP, GIF or ICO; never SVG; unknown types left to the server", () => {
    expect(imageProblem(file("icon.ico", "image/x-icon"))).toBeNull();
    expect(imageProblem(file("icon.png", "image/png"))).toBeNull();
    expect(imageProblem(file("icon.svg", "image/svg+xml"))).toBe("imageType");
    expect(imageProblem(file("icon", ""))).toBeNull();
    expect(imageProblem(file("icon.png", "image/png", MAX_UPLOAD_BYTES + 1))).toBe("fileTooLarge");
  });
});
