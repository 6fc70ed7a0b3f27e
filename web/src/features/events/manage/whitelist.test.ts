import { describe, expect, it } from "vitest";
import vectors from "./whitelist.server-vectors.json";
import {
  buildPreview,
  checkEntry,
  decodeCsv,
  countKinds,
  entriesFromCsv,
  entryKind,
  filterEntries,
  MAX_ENTRIES,
  mergeEntries,
  normalizeEntry,
  parseCsv,
  splitPasted,
  withoutEntries,
} from "./whitelist";

describe("checkEntry mirrors the server's whitelist_entry", () => {
  // `whitelist.server-vectors.json` was produced by running the server's own code on each string:
  // `WhitelistEntryStr` (length 1–320, then `whitelist_entry` from events/schemas.py with
  // `normalize_entry` from accounts/whitelist.py). Each row is [input, stored form or null when
  // refused]. Since the screen sends the stored form, a row counts as accepted only when the
  // server also accepts that stored form again (one row differs: a lower-casing that lengthens
  // the entry past 320). The rows cover the server's tests, edge cases and 750 generated strings.
  const rows = vectors as [string, string | null][];

  it("has the vectors", () => {
    expect(rows.length).toBeGreaterThan(800);
    expect(rows.filter(([, stored]) => stored !== null).length).toBeGreaterThan(50);
  });

  it("agrees on every vector", () => {
    const disagreements = rows.flatMap(([input, stored]) => {
      const check = checkEntry(input);
      const mine = check.ok ? check.entry : null;
      return mine === stored ? [] : [{ input, server: stored, mine }];
    });
    expect(disagreements).toEqual([]);
  });

  it("the server's own cases", () => {
    // test_admin_replaces_the_list_normalized
    expect(["@Example.COM", " Guest@Other.org ", "example.com", "xn--bcher-kva.ch"].map((e) => checkEntry(e))).toEqual([
      { ok: true, entry: "example.com", kind: "domain" },
      { ok: true, entry: "guest@other.org", kind: "address" },
      { ok: true, entry: "example.com", kind: "domain" },
      { ok: true, entry: "xn--bcher-kva.ch", kind: "domain" },
    ]);
    // test_bad_entries_are_refused_and_nothing_changes
    for (const bad of ["", "not a domain", "example", "@", "a@@example.com", "ada@", "-bad.com", "exa_mple.com", "x".repeat(330)]) {
      expect(checkEntry(bad).ok, bad).toBe(false);
    }
  });

  it("gives the reason", () => {
    const reason = (value: string) => {
      const check = checkEntry(value);
      return check.ok ? null : check.reason;
    };
    expect(reason("")).toBe("empty");
    expect(reason("@")).toBe("empty");
    expect(reason("x".repeat(321))).toBe("tooLong");
    expect(reason("@@example.com")).toBe("noLocalPart");
    expect(reason("a@@example.com")).toBe("extraAt");
    expect(reason("a b@example.com")).toBe("space");
    expect(reason("ada@example")).toBe("badAddressDomain");
    expect(reason("example")).toBe("notDomain");
    expect(reason("exa_mple.com")).toBe("notDomain");
  });

  it("strips what Python strips, not what JavaScript trims", () => {
    expect(checkEntry("\u0085example.com")).toMatchObject({ ok: true, entry: "example.com" });
    expect(checkEntry("\ufeffexample.com").ok).toBe(false);
  });

  it("stored forms are stable: checking one again gives itself", () => {
    for (const [, stored] of vectors as [string, string | null][]) {
      if (stored !== null) expect(checkEntry(stored)).toMatchObject({ ok: true, entry: stored });
    }
  });

  it("normalizes and tells addresses from domains as the server does", () => {
    expect(normalizeEntry("  @Example.COM ")).toBe("example.com");
    expect(normalizeEntry("Ada@Example.com")).toBe("ada@example.com");
    expect(entryKind("ada@example.com")).toBe("address");
    expect(entryKind("example.com")).toBe("domain");
  });
});

describe("splitPasted", () => {
  it("splits on new lines, commas, semicolons and spaces", () => {
    expect(splitPasted("ada@example.com, bob@example.com;carol@example.com\nexample.org\r\n\tdave@x.io  eve@y.io")).toEqual([
      "ada@example.com",
      "bob@example.com",
      "carol@example.com",
      "example.org",
      "dave@x.io",
      "eve@y.io",
    ]);
  });

  it("ignores empty pieces and unwraps what mail programs add", () => {
    expect(splitPasted(" ,;\n\n")).toEqual([]);
    expect(splitPasted('Ada <ada@example.com>; "bob@example.com", mailto:carol@example.com')).toEqual([
      "Ada",
      "ada@example.com",
      "bob@example.com",
      "carol@example.com",
    ]);
  });
});

describe("CSV", () => {
  it("parses quoted cells, doubled quotes, CRLF and a byte-order mark", () => {
    expect(parseCsv('\uFEFFname,email\r\n"Lovelace, Ada","ada@example.com"\r\n"Say ""hi""",b@x.io\n')).toEqual([
      ["name", "email"],
      ["Lovelace, Ada", "ada@example.com"],
      ['Say "hi"', "b@x.io"],
    ]);
  });

  it("guesses semicolons and tabs", () => {
    expect(parseCsv("Name;E-Mail\nAda;ada@example.com")).toEqual([
      ["Name", "E-Mail"],
      ["Ada", "ada@example.com"],
    ]);
    expect(parseCsv("a\tb\nc\td")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("takes every cell that looks like an address or a domain, in any column, and skips headers", () => {
    const csv = [
      "First name,Last name,Email,Company domain,Score",
      "Ada,Lovelace,ada@example.com,example.com,3.5",
      'Bob,"Smith, Jr.",BOB@Example.org,,12',
      "Carol,,carol@invalid,acme.io,Dr.",
      '"multi","<dave@x.io>; eve@y.io",,,',
    ].join("\n");
    expect(entriesFromCsv(csv)).toEqual([
      "ada@example.com",
      "example.com",
      "BOB@Example.org",
      "carol@invalid", // taken (it has an @), then shown as not valid
      "acme.io",
      "dave@x.io",
      "eve@y.io",
    ]);
  });

  it("decodes UTF-8 and, with a byte-order mark, UTF-16", () => {
    const utf16le = (text: string) => {
      const bytes = new Uint8Array(2 + text.length * 2);
      bytes.set([0xff, 0xfe]);
      for (let i = 0; i < text.length; i++) bytes.set([text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8], 2 + i * 2);
      return bytes.buffer;
    };
    const text = "Name\tE-Mail\nAda\tada@example.com\n";
    expect(entriesFromCsv(decodeCsv(utf16le(text)))).toEqual(["ada@example.com"]);
    expect(entriesFromCsv(decodeCsv(new TextEncoder().encode(`\uFEFF${text}`).buffer))).toEqual(["ada@example.com"]);
  });

  it("a file without entries gives none", () => {
    expect(entriesFromCsv("Email\n")).toEqual([]);
    expect(entriesFromCsv("")).toEqual([]);
  });
});

describe("buildPreview", () => {
  it("counts new, already present and invalid; repeats collapse case-insensitively", () => {
    const preview = buildPreview(
      ["New@Example.com", "new@example.com", "@Other.org", "other.org", "present@example.com", "PRESENT.ORG", "nope", "nope", "a b@x.io"],
      ["present@example.com", "present.org", "kept.io"],
    );
    expect(preview.added).toEqual(["new@example.com", "other.org"]);
    expect(preview.present).toEqual(["present@example.com", "present.org"]);
    expect(preview.invalid).toEqual([
      { value: "nope", reason: "notDomain" },
      { value: "a b@x.io", reason: "space" },
    ]);
    expect(preview.duplicates).toBe(3);
    expect(preview.total).toBe(5);
    expect(preview.overLimit).toBe(0);
  });

  it("says how far over the limit saving would go", () => {
    const existing = Array.from({ length: MAX_ENTRIES - 2 }, (_, i) => `p${i}@example.com`);
    const preview = buildPreview(["a.io", "b.io", "c.io", "d.io"], existing);
    expect(preview.total).toBe(MAX_ENTRIES + 2);
    expect(preview.overLimit).toBe(2);
    expect(buildPreview(["a.io", "b.io"], existing).overLimit).toBe(0);
  });
});

describe("list helpers", () => {
  it("merge, remove, filter and count", () => {
    expect(mergeEntries(["b.io", "a@x.io"], ["c.io", "b.io"])).toEqual(["a@x.io", "b.io", "c.io"]);
    expect(withoutEntries(["a.io", "b.io", "c.io"], ["B.IO", "c.io"])).toEqual(["a.io"]);
    expect(filterEntries(["ada@example.com", "example.org", "bob@acme.io"], " EXAMPLE ")).toEqual(["ada@example.com", "example.org"]);
    expect(filterEntries(["a.io"], "")).toEqual(["a.io"]);
    expect(countKinds(["ada@example.com", "example.org", "bob@acme.io"])).toEqual({ address: 2, domain: 1 });
  });
});
