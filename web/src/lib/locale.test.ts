import { describe, expect, it } from "vitest";
import { chooseLanguage } from "./locale";

describe("chooseLanguage", () => {
  it.each([
    [["en-US"], "en"],
    [["de-AT"], "de"],
    [["it"], "it"],
    [["fr-CA"], "fr"],
    [["es-ES"], "de"], // Spanish exists as translations only: not a browser default
    [["pt-BR"], "de"],
    [["nl", "en"], "de"], // the browser's first language decides
    [[], "de"],
  ])("browser %j starts in %s", (browser, expected) => {
    expect(chooseLanguage(null, browser)).toBe(expected);
  });
  it("prefers an explicit choice, Spanish included", () => {
    expect(chooseLanguage("es", ["en-US"])).toBe("es");
  });
  it("ignores a stored value that is not a language", () => {
    expect(chooseLanguage("xx", ["fr"])).toBe("fr");
  });
});
