import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { readItem, storageKeys, writeItem } from "@/lib/storage";
import { clearToken, initSession, storeToken, useSession } from "./session";
import { makeToken } from "@/test/tokens";

const EVENT = "a".repeat(24);
const token = makeToken({ event_id: EVENT, person_id: "b".repeat(24) });

describe("token store", () => {
  beforeEach(async () => {
    await (await db()).jwts.clear();
    useSession.setState({ eventID: null, token: null, claims: null });
  });

  it("keeps a token in session storage under jwt_{eventID} and in the jwts table", async () => {
    await initSession(EVENT);
    expect(await storeToken(EVENT, token)).toBe(true);
    expect(readItem("session", `jwt_${EVENT}`)).toBe(token);
    expect((await (await db()).jwts.get(EVENT))?.token).toBe(token);
    expect(useSession.getState().claims?.personId).toBe("b".repeat(24));
  });

  it("refuses an unparseable token", async () => {
    await initSession(EVENT);
    expect(await storeToken(EVENT, "garbage")).toBe(false);
    expect(useSession.getState().token).toBeNull();
    expect(readItem("session", storageKeys.jwt(EVENT))).toBeNull();
  });

  it("drops an unparseable stored token at start-up", async () => {
    writeItem("session", storageKeys.jwt(EVENT), "x.y.z");
    await initSession(EVENT);
    expect(useSession.getState().token).toBeNull();
    expect(readItem("session", storageKeys.jwt(EVENT))).toBeNull();
  });

  it("starts a new tab signed in from the browser database", async () => {
    await (await db()).jwts.put({ eventID: EVENT, token });
    await initSession(EVENT);
    expect(useSession.getState().token).toBe(token);
  });

  it("clears everywhere", async () => {
    await initSession(EVENT);
    await storeToken(EVENT, token);
    await clearToken(EVENT);
    expect(useSession.getState().token).toBeNull();
    expect(await (await db()).jwts.get(EVENT)).toBeUndefined();
  });
});
