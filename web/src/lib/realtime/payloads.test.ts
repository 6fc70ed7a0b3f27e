/**
 * The protocol document, the checkers and the TypeScript types in one test: every JSON example of
 * protocol/README.md §4 must parse with the checker of the opcode it is written under (the server
 * runs the same examples through its models), and every JSON vector with its opcode's checker.
 */
/// <reference types="node" />
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import vectors from "../../../../protocol/vectors.json";
import { checkPayload, FRAMES, Opcode, OPCODE_NAMES, type OpcodeName, type PayloadOf } from "./protocol";

interface Example {
  heading: string;
  opcode: number | null;
  name: string | null;
  value: unknown;
}

/** Splits a ```json block into its JSON values: one per object, an object may span lines. */
function jsonValues(block: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < block.length; i++) {
    const c = block[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") {
      if (depth === 0) start = i;
      depth++;
    } else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) values.push(JSON.parse(block.slice(start, i + 1)));
    }
  }
  expect(depth, "unbalanced JSON block").toBe(0);
  return values;
}

/** The ```json examples of §4 with the "### N NAME" heading they stand under. */
function examples(markdown: string): Example[] {
  const from = markdown.indexOf("\n## 4.");
  const to = markdown.indexOf("\n## 5.");
  expect(from).toBeGreaterThan(0);
  const section = markdown.slice(from, to);
  const found: Example[] = [];
  let heading = "§4 error envelope";
  let opcode: number | null = null;
  let name: string | null = null;
  const lines = section.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const match = /^### (\d+) ([A-Z_]+)/.exec(line);
    if (match) {
      heading = line;
      opcode = Number(match[1]);
      name = match[2] ?? null;
      continue;
    }
    if (line.trim() !== "```json") continue;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i]?.trim() !== "```"; i++) body.push(lines[i] ?? "");
    for (const value of jsonValues(body.join("\n"))) found.push({ heading, opcode, name, value });
  }
  return found;
}

const readme = readFileSync(resolve(import.meta.dirname, "../../../../protocol/README.md"), "utf8");
const documented = examples(readme);
const known = (name: string): name is OpcodeName => Object.hasOwn(FRAMES, name);

describe("protocol/README.md §4 examples", () => {
  it("are found under their headings", () => {
    expect(documented.length).toBeGreaterThanOrEqual(20);
  });

  it.each(documented.map((e, i) => [`${e.heading} #${i}`, e] as const))("%s parses with its opcode's checker", (_label, example) => {
    // The envelope shown before the first heading is an ERROR about a read (Data.Opcode 15).
    const name = example.name ?? "ERROR";
    expect(known(name), `${name} is not in FRAMES`).toBe(true);
    if (!known(name)) return;
    if (example.opcode !== null) expect(FRAMES[name].opcode, example.heading).toBe(example.opcode);
    const checked = checkPayload(name, example.value);
    expect(checked.ok ? "ok" : checked.error, example.heading).toBe("ok");
  });
});

describe("the frame table", () => {
  it("has a checker for every opcode 0–47, numbered without gaps or doubles", () => {
    const numbers = Object.values(FRAMES).map((spec) => spec.opcode);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (let opcode = 0; opcode <= 47; opcode++) {
      const name = OPCODE_NAMES[opcode];
      expect(name, `opcode ${opcode}`).toBeDefined();
      if (name) expect(FRAMES[name].check, name).toBeTypeOf("function");
    }
  });

  it("sees every JSON opcode exercised by a README example or a golden vector", () => {
    const exercised = new Set<string>(documented.map((e) => e.name ?? "ERROR"));
    for (const v of vectors.valid) exercised.add(v.opcode_name);
    const missing = OPCODE_NAMES.filter((name) => FRAMES[name].payloadType === 1 && !exercised.has(name));
    expect(missing).toEqual([]);
  });

  // Vectors named after their opcode carry that opcode's payload; the others (a top-level array
  // under ERROR, size limits) test the codec, not the payload shapes.
  const payloadVectors = vectors.valid.filter((v) => v.name.startsWith(v.opcode_name.toLowerCase()));
  it.each(payloadVectors.map((v) => [v.name, v] as const))("vector %s parses with its opcode's checker", (_name, v) => {
    expect(known(v.opcode_name)).toBe(true);
    if (!known(v.opcode_name)) return;
    const checked = checkPayload(v.opcode_name, v.payload);
    expect(checked.ok ? "ok" : checked.error).toBe("ok");
  });
});

describe("checking a payload", () => {
  const notice = { ID: "m1", DeleterID: "p1", ReceiverIDs: ["p2"], ChatroomID: "r1" };

  it("drops fields the protocol does not name (§1) and refuses a missing or mistyped one", () => {
    expect(checkPayload("CHAT_MESSAGE_DELETE_NOTIFY", { ...notice, Extra: 1 })).toEqual({ ok: true, value: notice });
    expect(checkPayload("CHAT_MESSAGE_DELETE_NOTIFY", { ID: "m1", DeleterID: "p1", ReceiverIDs: [] })).toEqual({ ok: false, error: "ChatroomID: expected a string" });
    expect(checkPayload("CHAT_MESSAGE_DELETE_NOTIFY", { ...notice, ReceiverIDs: ["p2", 3] })).toMatchObject({ ok: false, error: "ReceiverIDs[1]: expected a string" });
    expect(checkPayload("CHAT_MESSAGE_DELETE_NOTIFY", [notice]).ok).toBe(false);
  });

  it("reads an absent or null optional field as absent, and an absent nullable one as null", () => {
    const error = { Error: { Code: "RATE_LIMITED", Message: "", Data: { TmpID: "t", RetryAfterMs: null } } };
    expect(checkPayload("CHAT_MESSAGE_SEND_ERROR", error)).toEqual({ ok: true, value: { Error: { Code: "RATE_LIMITED", Message: "", Data: { TmpID: "t" } } } });
    const created = { TmpID: "t", InviterID: "a", ChatroomModel: { ID: "r", EventID: "e", Title: "", InternalName: "g", IsPrivate: false } };
    const checked = checkPayload("CHATROOM_CREATE_NOTIFY", created);
    expect(checked.ok && checked.value.InviteeID).toBeNull();
  });

  it("keeps an activity's own fields, which the protocol defines as the REST object", () => {
    const activity = { ID: "a", EventID: "e", Type: "Session", InternalName: "talk", ScreenID: "s1", IsVirtual: true };
    expect(checkPayload("ACTIVITY_SYNC_NOTIFY", activity)).toEqual({ ok: true, value: activity });
    expect(checkPayload("ACTIVITY_SYNC_NOTIFY", { ID: "a", EventID: "e", Type: "Session" }).ok).toBe(false);
  });

  it("reads the chat mute list (46) and refuses a row without its Blocked flag", () => {
    const row = { PersonID: "p2", Blocked: true, CreatedAt: "2026-05-09T12:00:00Z" };
    expect(checkPayload("CHAT_MUTES_NOTIFY", { EventID: "e", Mutes: [row] })).toEqual({ ok: true, value: { EventID: "e", Mutes: [row] } });
    expect(checkPayload("CHAT_MUTES_NOTIFY", { EventID: "e", Mutes: [{ PersonID: "p2", CreatedAt: "" }] })).toEqual({ ok: false, error: "Mutes[0].Blocked: expected a boolean" });
    expect(Opcode.CHAT_MUTES_NOTIFY).toBe(46);
  });

  it("types each payload from its checker", () => {
    expectTypeOf<PayloadOf<"CHAT_MESSAGE_READ">>().toEqualTypeOf<{ ChatroomID: string; LastReadChatMessageID: string }>();
    expectTypeOf<PayloadOf<"CHAT_MESSAGE_READ_NOTIFY">["Created"]>().toEqualTypeOf<string | null>();
    expectTypeOf<PayloadOf<"CHAT_MESSAGE_SEND">["RepliedToMessageID"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf(Opcode.CHAT_MESSAGE_READ).toEqualTypeOf<15>();
  });
});
