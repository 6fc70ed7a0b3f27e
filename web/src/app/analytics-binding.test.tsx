import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { useSession } from "@/features/accounts";
import { useConsent } from "@/features/consent";
import { resetAnalytics } from "@/features/analytics/tracker";
import { routeServer } from "@/test/route-server";
import { makeToken } from "@/test/tokens";
import { resetLayout, useLayout } from "./frame/layout-store";
import { usePageView } from "./layouts";
import { bindAnalytics } from "./tracking-consent";

const PATH = "/api/v1/events/ev1/analytics";
type Sent = { Events: { Kind: string; Screen: string; Place: string | null }[] };

function PageViews() {
  usePageView("/demo");
  return null;
}

const logIn = () =>
  useSession.setState({ eventID: "ev1", token: makeToken({ event_id: "ev1", person_id: "p1" }), claims: { eventId: "ev1", personId: "p1" } });
const choose = (statistics: boolean) => act(() => useConsent.getState().save({ functional: true, statistics }));

describe("the statistics binding", () => {
  let unbind: () => void;
  let sent: () => Sent["Events"];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    resetAnalytics();
    resetLayout();
    const server = routeServer({ [`POST ${PATH}`]: { status: 202, body: { Accepted: 1, Dropped: 0 } } });
    sent = () => server.calls.filter((c) => c.path === PATH).flatMap((c) => (c.body as Sent).Events);
    useConsent.setState({ isSaved: true, functional: true, statistics: true });
    logIn();
    unbind = bindAnalytics();
    window.dispatchEvent(new Event("focus"));
  });
  afterEach(() => {
    unbind();
    resetAnalytics();
    useSession.setState({ eventID: null, token: null, claims: null });
    useConsent.setState({ isSaved: false, functional: true, statistics: true });
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("tracks a page view after each navigation, none with a mode query", async () => {
    const router = createMemoryRouter([{ path: "*", element: <PageViews /> }], { initialEntries: ["/lobby"] });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate("/faq"));
    await act(() => router.navigate("/auditorium?mode=zoom"));
    await act(() => router.navigate("/page/sponsors"));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent().filter((e) => e.Kind === "page_view").map((e) => [e.Screen, e.Place])).toEqual([
      ["room", "lobby"],
      ["faq", null],
      ["page", "sponsors"],
    ]);
  });

  it("pings only while the window has focus and is visible", async () => {
    const router = createMemoryRouter([{ path: "*", element: <PageViews /> }], { initialEntries: ["/lobby"] });
    render(<RouterProvider router={router} />);
    const pings = () => sent().filter((e) => e.Kind === "ping").length;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(pings()).toBe(1);
    window.dispatchEvent(new Event("blur"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pings()).toBe(1);
    window.dispatchEvent(new Event("focus"));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(pings()).toBe(2);
  });

  it("counts the named panels and media frames as usage", async () => {
    await act(() => useLayout.getState().openRight("chat"));
    await act(() => useLayout.getState().openRight("speaker"));
    await act(() => useLayout.getState().openRight("faq"));
    act(() => useLayout.getState().openMediaFrame("walloffame"));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent().map((e) => [e.Kind, e.Screen])).toEqual([
      ["usage", "chat"],
      ["usage", "speakers"],
      ["usage", "walloffame"],
    ]);
  });

  it("sends nothing while the visitor has not answered the consent question", async () => {
    unbind();
    resetAnalytics();
    useConsent.setState({ isSaved: false, functional: true, statistics: true });
    unbind = bindAnalytics();
    window.dispatchEvent(new Event("focus"));
    await act(() => useLayout.getState().openRight("chat"));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent()).toEqual([]);
  });

  it("follows the consent store and the session: withdrawn or logged out, nothing leaves", async () => {
    choose(false);
    await act(() => useLayout.getState().openRight("chat"));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent()).toEqual([]);

    choose(true);
    await act(() => useLayout.getState().openRight("agenda"));
    act(() => useSession.setState({ eventID: "ev1", token: null, claims: null }));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent()).toEqual([]);
  });
});
