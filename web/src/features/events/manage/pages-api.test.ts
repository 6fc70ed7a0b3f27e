import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError, sendForm, setExpiredTokenHandler, setTokenProvider } from "@/lib/api-client";
import { tourImageElements, type PagesEvent } from "./pages-api";
import { installFakeXHR, type FakeXHR } from "./pages-test-utils";
import { webElementRows } from "./PagesWebElements";

describe("sendForm (multipart with upload progress)", () => {
  let xhr: typeof FakeXHR;
  beforeEach(() => {
    xhr = installFakeXHR();
  });
  afterEach(() => {
    setTokenProvider(() => null);
    setExpiredTokenHandler(() => undefined);
    vi.unstubAllGlobals();
  });

  it("sends the form with the bearer token, reports progress and answers the JSON", async () => {
    setTokenProvider(() => "t.o.k");
    const form = new FormData();
    form.set("Title", "FAQ");
    const seen: unknown[] = [];
    const answer = sendForm<{ ok: boolean }>("/events/e1/faq", form, { method: "PUT", onProgress: (p) => seen.push(p) });
    const [request] = xhr.sent;
    expect(request?.method).toBe("PUT");
    expect(request?.url).toBe("/api/v1/events/e1/faq");
    expect(request?.headers).toEqual({ Accept: "application/json", Authorization: "Bearer t.o.k" });
    expect(request?.body).toBe(form);
    request?.progress(50, 200);
    request?.progress(200, 200);
    request?.reply(200, { ok: true });
    await expect(answer).resolves.toEqual({ ok: true });
    expect(seen).toEqual([
      { loaded: 50, total: 200 },
      { loaded: 200, total: 200 },
    ]);
  });

  it("turns the error envelope into an ApiError and reports an expired token", async () => {
    const onExpired = vi.fn();
    setExpiredTokenHandler(onExpired);
    const refused = sendForm("/x", new FormData());
    xhr.sent[0]?.reply(415, { Error: { Code: "UNSUPPORTED_MEDIA_TYPE", Message: "svg", Data: { Accepted: ["image"] } } });
    await expect(refused).rejects.toMatchObject({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE", data: { Accepted: ["image"] } });
    const expired = sendForm("/x", new FormData());
    xhr.sent[1]?.reply(401, { Error: { Code: "JWT_EXPIRED", Message: "JWT Expired" } });
    await expect(expired).rejects.toBeInstanceOf(ApiError);
    expect(onExpired).toHaveBeenCalledTimes(1);
    const proxy = sendForm("/x", new FormData());
    xhr.sent[2]?.reply(413);
    await expect(proxy).rejects.toMatchObject({ status: 413, code: "HTTP_413" });
  });

  it("no answer is a NetworkError; an abort rejects with AbortError", async () => {
    const offline = sendForm("/x", new FormData());
    xhr.sent[0]?.fail();
    await expect(offline).rejects.toBeInstanceOf(NetworkError);
    const controller = new AbortController();
    const aborted = sendForm("/x", new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("web elements", () => {
  const tour = {
    FormatVersion: 1,
    Nodes: [
      {
        ID: "lobby",
        Name: { en: "Lobby", de: "Foyer" },
        WebElements: [
          { ID: "Screen_01", Type: "image", Default: "assets/sponsor.png" },
          { ID: "Screen_02", Type: "link", Default: "https://example.org" },
        ],
      },
      { ID: "expo", Name: {}, WebElements: [{ ID: "Screen_01", Type: "image" }, { ID: "Screen_03", Type: "image", Default: "" }] },
    ],
  };

  it("lists the tour's image elements once each, with their rooms", () => {
    expect(tourImageElements(tour)).toEqual([
      { key: "Screen_01", rooms: ["Lobby", "expo"], defaultValue: "assets/sponsor.png" },
      { key: "Screen_03", rooms: ["expo"], defaultValue: "" },
    ]);
    expect(tourImageElements({ nonsense: true })).toEqual([]);
  });

  it("shows what attendees see, by the venue's rules", () => {
    const event: PagesEvent = {
      EventID: "e1",
      PanoURL: "/tours/p/1/",
      PanoEventVars: { Var_Expo_Screen_04: "[empty]" },
      PanoCustomVars: {
        WebElements: {
          Screen_03: { Type: "image", Value: "/api/v1/files/abc" },
          Screen_09: { Type: "image", Value: "https://cdn.example/x.png" },
          Screen_10: { Type: "link", Value: "https://example.org" },
        },
      },
      FAQ: null,
      Landing: null,
      Photobooth: null,
    };
    const rows = webElementRows(event, [...tourImageElements(tour), { key: "Screen_04", rooms: ["expo"], defaultValue: "assets/x.png" }]);
    expect(rows.map((r) => [r.key, r.source, r.shown, r.inTour, r.overridden])).toEqual([
      ["Screen_01", "default", "/tours/p/1/assets/sponsor.png", true, false],
      ["Screen_03", "organizer", "/api/v1/files/abc", true, false],
      ["Screen_04", "empty", null, true, true],
      ["Screen_09", "organizer", "https://cdn.example/x.png", false, false],
    ]);
  });
});
