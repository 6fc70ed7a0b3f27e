import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useEventStore } from "@/features/events";
import { initI18n } from "@/lib/i18n";
import { readItem, storageKeys, writeItem } from "@/lib/storage";
import { makeToken } from "@/test/tokens";
import { useSession } from "../session";
import { LoginPage } from "./LoginPage";
import { SsoCompletePage } from "./SsoCompletePage";

const EVENT = "e".repeat(24);
const PERSON = "p".repeat(24);
const token = makeToken({ event_id: EVENT, person_id: PERSON });
const metadata = { EventID: EVENT, InternalName: "demo", Title: "Demo Days", CustomerID: "c".repeat(24) };
const COMPLETE = "/api/v1/identity/sso/complete";

type Reply = { status: number; body?: unknown } | "offline";
interface Call {
  method: string;
  path: string;
  body: unknown;
  init: RequestInit | undefined;
}

function stubServer(complete: () => Reply) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      calls.push({ method: init?.method ?? "GET", path: url.pathname, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined, init });
      const reply: Reply =
        url.pathname === COMPLETE ? complete() : url.pathname.endsWith("/sign-in-providers") ? { status: 200, body: [] } : { status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND" } } };
      if (reply === "offline") throw new TypeError("Failed to fetch");
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: "/sso-complete", element: <SsoCompletePage /> },
      { path: "/login", element: <LoginPage /> },
      { path: "/", element: <p>Event root</p> },
      { path: "/landing", element: <p>Landing page</p> },
      { path: "/access-denied", element: <p>Access denied page</p> },
    ],
    { basename: "/demo", initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const invalid: Reply = { status: 401, body: { Error: { Code: "SSO_HANDOFF_INVALID", Message: "The sign-in hand-off is missing, used or expired." } } };

describe("SsoCompletePage", () => {
  beforeEach(async () => {
    await initI18n("en");
    useEventStore.setState({ metadata, publicEvent: null });
    useSession.setState({ eventID: EVENT, token: null, claims: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("redeems the hand-off cookie with credentials, stores the token like a login and goes to next", async () => {
    const calls = stubServer(() => ({ status: 200, body: { Reason: 7, Token: token, PersonID: PERSON, EventID: EVENT } }));
    const router = renderAt(`/demo/sso-complete?${new URLSearchParams({ next: "/landing?id=7" })}`);
    // While it works, it says so politely.
    expect(screen.getByRole("status")).toHaveTextContent("Completing sign-in…");
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo/landing"));
    expect(router.state.location.search).toBe("?id=7");
    expect(screen.getByText("Landing page")).toBeInTheDocument();

    const [call] = calls.filter((c) => c.path === COMPLETE);
    expect(call?.method).toBe("POST");
    expect(call?.body).toEqual({ EventID: EVENT });
    expect(call?.init?.credentials).toBe("include");
    expect((call?.init?.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(calls.filter((c) => c.path === COMPLETE)).toHaveLength(1);

    expect(readItem("session", storageKeys.jwt(EVENT))).toBe(token);
    expect(useSession.getState().token).toBe(token);
  });

  it.each([
    ["another host", "https://evil.example/demo/landing"],
    ["a protocol-relative address", "//evil.example/landing"],
    ["a backslash host", "/\\evil.example"],
    ["a climb out of the event", "/../other-event/start"],
    ["sign-out", "/sign-out"],
  ])("refuses a next outside the event (%s): the event root instead", async (_what, next) => {
    stubServer(() => ({ status: 200, body: { Reason: 7, Token: token } }));
    const router = renderAt(`/demo/sso-complete?${new URLSearchParams({ next })}`);
    expect(await screen.findByText("Event root")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/demo");
    expect(readItem("session", storageKeys.jwt(EVENT))).toBe(token);
  });

  it("without next: the page the guard remembered, once", async () => {
    writeItem("session", storageKeys.routerRoute, "/landing");
    writeItem("session", storageKeys.routerParam, "{}");
    stubServer(() => ({ status: 200, body: { Reason: 7, Token: token } }));
    const router = renderAt("/demo/sso-complete");
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo/landing"));
    expect(readItem("session", storageKeys.routerRoute)).toBeNull();
  });

  it("a missing, used or expired hand-off: the spec's error on Login, nothing stored", async () => {
    stubServer(() => invalid);
    const router = renderAt("/demo/sso-complete?next=%2Flanding");
    expect(await screen.findByRole("alert")).toHaveTextContent("Single sign-on did not work. Please log in.");
    expect(router.state.location.pathname).toBe("/demo/login");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(readItem("session", storageKeys.jwt(EVENT))).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it("a refusal with its own code (the organizer's account disabled) says that on Login", async () => {
    stubServer(() => ({ status: 403, body: { Error: { Code: "CUSTOMER_DISABLED", Message: "disabled" } } }));
    renderAt("/demo/sso-complete");
    expect(await screen.findByRole("alert")).toHaveTextContent("This event is not available: its organizer's account is disabled.");
  });

  it("an answer without a usable token is a failure too", async () => {
    stubServer(() => ({ status: 200, body: { Reason: 7, Token: "not-a-token" } }));
    const router = renderAt("/demo/sso-complete");
    expect(await screen.findByRole("alert")).toHaveTextContent("Single sign-on did not work. Please log in.");
    expect(router.state.location.pathname).toBe("/demo/login");
    expect(useSession.getState().token).toBeNull();
  });

  it("offline: says so and tries again on request (the cookie was not used)", async () => {
    let offline = true;
    const calls = stubServer(() => (offline ? "offline" : { status: 200, body: { Reason: 7, Token: token } }));
    const router = renderAt("/demo/sso-complete?next=%2Flanding");
    expect(await screen.findByRole("alert")).toHaveTextContent("The server cannot be reached.");
    expect(screen.getByRole("link", { name: "Back to login" })).toBeInTheDocument();
    offline = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo/landing"));
    expect(calls.filter((c) => c.path === COMPLETE)).toHaveLength(2);
  });
});
