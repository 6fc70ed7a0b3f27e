import { describe, expect, it } from "vitest";
import { themeVariables } from "../theme";
import {
  draftOf,
  draftToMap,
  effectiveFonts,
  effectiveMaps,
  effectiveMedia,
  fieldSpecs,
  humanizeKey,
  inheritedLayers,
  isDirty,
  resolvedTheme,
  schemaKeys,
  storedMap,
} from "./look-model";
import { brand, CUSTOMER, defaults, level, ref, schemas } from "./look-test-server";

describe("fieldSpecs", () => {
  it("offers the server's keys in its order, folds each alpha into its colour, kinds by name", () => {
    const specs = fieldSpecs("MainTheme", schemaKeys(schemas, "MainTheme"), []);
    expect(specs.map((s) => [s.key, s.kind, s.alphaKey])).toEqual([
      ["primary_color", "color", null],
      ["primary_text_color", "color", null],
      ["text_color", "color", null],
      ["background_color", "color", null],
      ["box_background_color", "color", "box_background_alpha"],
      ["login_box_x_offset", "offset", null],
    ]);
    const header = fieldSpecs("HeaderTheme", schemaKeys(schemas, "HeaderTheme"), []);
    expect(header.map((s) => [s.key, s.alphaKey])).toEqual([
      ["background_color", "background_alpha"],
      ["text_color", null],
    ]);
  });

  it("adds keys some level set after the built-in ones, and pairs a chat alpha set by hand", () => {
    const specs = fieldSpecs("ChatTheme", schemaKeys(schemas, "ChatTheme"), ["radius", "background_alpha", "accent_color", "text_color"]);
    expect(specs.find((s) => s.key === "background_color")?.alphaKey).toBe("background_alpha");
    expect(specs.filter((s) => !s.known).map((s) => [s.key, s.kind])).toEqual([
      ["accent_color", "color"],
      ["radius", "text"],
    ]);
    // The offset is only MainTheme's.
    expect(fieldSpecs("ChatTheme", ["login_box_x_offset"], [])[0]?.kind).toBe("text");
  });
});

describe("inheritance", () => {
  it("the global theme the event is based on lies over the default, key by key and per font group", () => {
    const inherited = inheritedLayers(defaults, brand, CUSTOMER);
    expect(inherited.maps.MainTheme.primary_color).toBe("#aa0000");
    expect(inherited.from.MainTheme.primary_color).toBe("global");
    expect(inherited.maps.MainTheme.text_color).toBe("#1b2230");
    expect(inherited.from.MainTheme.text_color).toBe("default");
    // The offset is answered apart and put back as a MainTheme key.
    expect(inherited.maps.MainTheme.login_box_x_offset).toBe("10%");
    expect(inherited.fonts.bold).toEqual({ refs: [ref(9)], from: "global" });
    expect(inherited.media.favicon?.from).toBe("global");
    expect(inherited.base?.Name).toBe("Brand");
  });

  it("a global theme of another customer does not count, as on the server", () => {
    const inherited = inheritedLayers(defaults, { ...brand, CustomerID: "d".repeat(24) }, CUSTOMER);
    expect(inherited.maps.MainTheme.primary_color).toBe("#2b4c7e");
    expect(inherited.base).toBeNull();
  });

  it("the event's fonts of a group replace the inherited group whole; media by name", () => {
    const inherited = inheritedLayers(defaults, brand, CUSTOMER);
    const own = level({ FontAssets: { bold: [ref(1), ref(2)], light: [] }, MediaAssets: {} });
    expect(effectiveFonts(inherited, own)).toEqual({ bold: [ref(1), ref(2)] });
    expect(effectiveMedia(inherited, own)).toEqual({ favicon: ref(8) });
    expect(effectiveMedia(inherited, level({ MediaAssets: { favicon: ref(3) } }))).toEqual({ favicon: ref(3) });
  });
});

describe("drafts", () => {
  const specs = fieldSpecs("MainTheme", schemaKeys(schemas, "MainTheme"), ["radius"]);
  const stored = storedMap(level({ MainTheme: { primary_color: "#123456", box_background_alpha: 0.5, radius: 4 }, login_box_x_offset: "5%" }), "MainTheme");

  it("starts from what is stored, the offset included; unset fields are empty", () => {
    const draft = draftOf(specs, stored);
    expect(draft.values).toMatchObject({ primary_color: "#123456", box_background_alpha: "0.5", login_box_x_offset: "5%", radius: "4", text_color: "" });
    expect(isDirty(draft, stored)).toBe(false);
  });

  it("sends the fields set, trimmed; an untouched value keeps its stored type; empty means inherit", () => {
    const draft = draftOf(specs, stored);
    draft.values.text_color = "  #000000 ";
    draft.values.primary_color = "";
    draft.extra = [{ id: "x", key: " shadow ", value: "2px" }];
    expect(draftToMap(draft, stored)).toEqual({ box_background_alpha: 0.5, login_box_x_offset: "5%", radius: 4, text_color: "#000000", shadow: "2px" });
    expect(isDirty(draft, stored)).toBe(true);
  });

  it("paints what attendees would get: drafts over the inherited values, through the attendee app's mapping", () => {
    const inherited = inheritedLayers(defaults, null, CUSTOMER);
    const empty = { values: {}, extra: [] };
    const drafts = { MainTheme: { values: { primary_color: "#000000", box_background_alpha: "0.5", login_box_x_offset: "-20%" }, extra: [] }, HeaderTheme: empty, ChatTheme: empty };
    const maps = effectiveMaps(inherited, drafts, null);
    const theme = resolvedTheme(maps, {}, {});
    expect(theme.login_box_x_offset).toBe("-20%");
    expect(theme.MainTheme).not.toHaveProperty("login_box_x_offset");
    const vars = themeVariables(theme);
    expect(vars["--main-primary-color"]).toBe("#000000");
    expect(vars["--main-box-background-color"]).toBe("rgba(255, 255, 255, 0.5)");
    expect(vars["--header-background-color"]).toBe("rgba(231, 235, 243, 1)");
  });
});

it("humanizes a key nobody translated", () => {
  expect(humanizeKey("own_message-background_color")).toBe("Own message background color");
});
