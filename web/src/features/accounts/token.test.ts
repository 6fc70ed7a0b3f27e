import { describe, expect, it } from "vitest";
import { makeToken } from "@/test/tokens";
import { parseToken } from "./token";

describe("parseToken", () => {
  it("reads event_id and person_id", () => {
    const token = makeToken({ event_id: "e".repeat(24), person_id: "p".repeat(24), exp: 1 });
    expect(parseToken(token)).toEqual({ eventId: "e".repeat(24), personId: "p".repeat(24) });
  });
  it("does not consider expiry (the server decides)", () => {
    expect(parseToken(makeToken({ event_id: "e", person_id: "p", exp: 0 }))).not.toBeNull();
  });
  it("reads UTF-8 payloads", () => {
    expect(parseToken(makeToken({ event_id: "é", person_id: "ß" }))).toEqual({ eventId: "é", personId: "ß" });
  });
  it.each([
    ["not a string", 42],
    ["empty", ""],
    ["two parts", "a.b"],
    ["four parts", "a.b.c.d"],
    ["empty part", `${makeToken({ event_id: "e", person_id: "p" }).split(".")[0]}..sig`],
    ["payload not base64", "a.!!!.c"],
    ["payload not JSON", `a.${btoa("not json")}.c`],
    ["payload an array", makeToken(["e", "p"])],
    ["payload null", makeToken(null)],
    ["claims missing", makeToken({ sub: "x" })],
    ["person_id not a string", makeToken({ event_id: "e", person_id: 5 })],
  ])("refuses %s", (_name, token) => {
    expect(parseToken(token)).toBeNull();
  });
});
