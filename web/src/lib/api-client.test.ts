import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError, request, setExpiredTokenHandler, setTokenProvider } from "./api-client";

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

describe("api client", () => {
  afterEach(() => {
    setTokenProvider(() => null);
    setExpiredTokenHandler(() => undefined);
  });

  it("sends the bearer token and the query", async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal("fetch", fetchMock);
    setTokenProvider(() => "t.o.k");
    await request("/persons/1", { query: { EventID: "e", Missing: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/persons/1?EventID=e");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer t.o.k");
  });

  it("leaves the token out of public calls", async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal("fetch", fetchMock);
    setTokenProvider(() => "t.o.k");
    await request("/login", { method: "POST", body: {}, auth: false });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("turns the error envelope into an ApiError", async () => {
    vi.stubGlobal("fetch", answer(404, { Error: { Code: "EVENT_NOT_FOUND", Message: "no such event", Data: { Name: "x" } } }));
    await expect(request("/events/name/x/metadata")).rejects.toMatchObject({ status: 404, code: "EVENT_NOT_FOUND", data: { Name: "x" } });
  });

  it("reports an expired token (401 JWT_EXPIRED) to the handler, and only that", async () => {
    const onExpired = vi.fn();
    setExpiredTokenHandler(onExpired);
    vi.stubGlobal("fetch", answer(401, { Error: { Code: "NOT_WHITELISTED", Message: "not on the list" } }));
    await expect(request("/events/e/public")).rejects.toBeInstanceOf(ApiError);
    expect(onExpired).not.toHaveBeenCalled();
    vi.stubGlobal("fetch", answer(401, { Error: { Code: "JWT_EXPIRED", Message: "JWT Expired" } }));
    await expect(request("/events/e/public")).rejects.toBeInstanceOf(ApiError);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it("turns a failed fetch into a NetworkError", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(request("/backendversion")).rejects.toBeInstanceOf(NetworkError);
  });

  it("answers undefined for 204", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(null, { status: 204 })));
    await expect(request("/logout", { method: "POST" })).resolves.toBeUndefined();
  });
});
