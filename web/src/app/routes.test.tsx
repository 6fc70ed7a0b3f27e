import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "@/features/accounts";
import { usePersonStore } from "@/features/accounts";
import { useConsent } from "@/features/consent";
import { useAttendeeStore, useEventStore } from "@/features/events";
import { setTokenProvider } from "@/lib/api-client";
import { initI18n } from "@/lib/i18n";
import { readItem, storageKeys, writeItem } from "@/lib/storage";
import { makeToken } from "@/test/tokens";
import { eventRoutes } from "./routes";

const EVENT = "e".repeat(24);
const PERSON = "p".repeat(24);
const token = makeToken({ event_id: EVENT, person_id: PERSON });
const metadata = { EventID: EVENT, InternalName: "demo", Title: "Demo Days", CustomerID: "c".repeat(24) };

type Handler = (url: URL, init?: RequestInit) => { status: number; body?: unknown };

function mockServer(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://app.test");
    const { status, body } = handler(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const signedIn: Handler = (url) => {
  if (url.pathname.endsWith("/public/theme")) return { status: 200, body: { EventID: EVENT, MainTheme: {}, HeaderTheme: {}, ChatTheme: {}, FontAssets: {}, MediaAssets: {} } };
  if (url.pathname.endsWith("/lists/attendees")) return { status: 200, body: [{ PersonID: PERSON, FullName: "Ada L", FirstName: "Ada", LastName: "L", PictureURL: "" }] };
  if (url.pathname.endsWith("/public")) return { status: 200, body: { EventID: EVENT, InternalName: "demo", Title: "Demo Days", DefaultPage: defaultPage, Navigation: [{ ID: "1".repeat(24), Type: "Panorama", Data: { id: "foyer" } }] } };
  if (url.pathname.startsWith("/api/v1/persons/")) return { status: 200, body: { ID: PERSON, FirstName: "Ada", LastName: "L", FullName: "Ada L" } };
  if (url.pathname.endsWith("/email-whitelist")) return { status: 200, body: { IsAllowed: true } };
  return { status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND" } } };
};
let defaultPage: string | null = null;

function renderAt(path: string) {
  const router = createMemoryRouter(eventRoutes("/demo"), { basename: "/demo", initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("event router", () => {
  beforeEach(async () => {
    await initI18n("en");
    defaultPage = null;
    useEventStore.setState({ metadata, publicEvent: null });
    useSession.setState({ eventID: EVENT, token: null, claims: null });
    usePersonStore.setState({ person: null });
    useConsent.setState({ modalOpen: false, isSaved: true });
    setTokenProvider(() => useSession.getState().token);
  });

  it("matches paths without regard to case", async () => {
    renderAt("/demo/LOGIN");
    expect(await screen.findByRole("heading", { name: "Log in" })).toBeInTheDocument();
  });

  it("guards: no token → Login, remembering route and params", async () => {
    const router = renderAt("/demo/Landing?id=7");
    expect(await screen.findByRole("heading", { name: "Log in" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/demo/login");
    expect(readItem("session", storageKeys.routerRoute)).toBe("/Landing");
    expect(readItem("session", storageKeys.routerParam)).toBe('{"id":"7"}');
  });

  it("lets policies through without a token", async () => {
    renderAt("/demo/Imprint");
    expect(await screen.findByRole("heading", { name: "Imprint" })).toBeInTheDocument();
  });

  it("sends / to HomeStart without a default page", async () => {
    mockServer(signedIn);
    useSession.setState({ token, claims: { eventId: EVENT, personId: PERSON } });
    const router = renderAt("/demo/");
    expect(await screen.findByRole("heading", { name: "Welcome to Demo Days" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/demo/start");
    expect(screen.getByText("Signed in as Ada L")).toBeInTheDocument();
  });

  it("sends / to the default page", async () => {
    defaultPage = "1".repeat(24);
    mockServer(signedIn);
    useSession.setState({ token, claims: { eventId: EVENT, personId: PERSON } });
    const router = renderAt("/demo");
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo/foyer"));
  });

  it("Login with a token returns to the remembered route", async () => {
    mockServer(signedIn);
    writeItem("session", storageKeys.routerRoute, "/landing");
    writeItem("session", storageKeys.routerParam, "{}");
    useSession.setState({ token, claims: { eventId: EVENT, personId: PERSON } });
    const router = renderAt("/demo/login");
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo/landing"));
  });

  it("a start-up failure clears the token and goes to Login", async () => {
    mockServer((url) => (url.pathname.startsWith("/api/v1/persons/") ? { status: 500, body: { Error: { Code: "INTERNAL" } } } : signedIn(url)));
    useSession.setState({ token, claims: { eventId: EVENT, personId: PERSON } });
    const router = renderAt("/demo/start");
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo/login"));
    expect(useSession.getState().token).toBeNull();
    expect(await screen.findByText("Your session could not be loaded. Please log in again.")).toBeInTheDocument();
  });

  it("loads the attendee record at start-up, and fails over to Login without one", async () => {
    mockServer((url) => (url.pathname.endsWith("/lists/attendees") ? { status: 200, body: [] } : signedIn(url)));
    useSession.setState({ token, claims: { eventId: EVENT, personId: PERSON } });
    const router = renderAt("/demo/start");
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo/login"));
    expect(useAttendeeStore.getState().attendee).toBeNull();
  });

  it("keeps the attendee record of a signed-in person", async () => {
    mockServer(signedIn);
    useSession.setState({ token, claims: { eventId: EVENT, personId: PERSON } });
    renderAt("/demo/start");
    await waitFor(() => expect(useAttendeeStore.getState().attendee?.FullName).toBe("Ada L"));
  });
});

describe("login form", () => {
  beforeEach(async () => {
    await initI18n("en");
    useEventStore.setState({ metadata, publicEvent: null });
    useSession.setState({ eventID: EVENT, token: null, claims: null });
    useConsent.setState({ modalOpen: false, isSaved: true });
  });

  it("validates before sending", async () => {
    const fetchMock = mockServer(() => ({ status: 200, body: {} }));
    renderAt("/demo/login");
    await userEvent.click(await screen.findByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Please enter a password")).toBeInTheDocument();
    // Only Login's sign-in providers were asked for; nothing was sent to /login.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/v1/login"))).toHaveLength(0);
  });

  it("shows the wrong-credentials text and sends once while a submit is in flight", async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetchMock);
    renderAt("/demo/login");
    await userEvent.type(await screen.findByLabelText("Email address"), "ada@example.org");
    await userEvent.type(screen.getByLabelText("Password"), "wrong password");
    const button = screen.getByRole("button", { name: "Log in" });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(await screen.findByRole("button", { name: "Logging in…" })).toBeDisabled();
    answer(new Response(JSON.stringify({ Reason: 1, ReasonText: "no" }), { status: 200 }));
    expect(await screen.findByText("Check your email/password and try again")).toBeInTheDocument();
    expect((fetchMock.mock.calls as unknown[][]).filter(([url]) => String(url).startsWith("/api/v1/login"))).toHaveLength(1);
  });

  it("shows a network failure", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    renderAt("/demo/login");
    await userEvent.type(await screen.findByLabelText("Email address"), "ada@example.org");
    await userEvent.type(screen.getByLabelText("Password"), "whatever");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("The server cannot be reached. Check your connection and try again.")).toBeInTheDocument();
  });

  it("stores the token on success and goes on", async () => {
    mockServer((url) => (url.pathname === "/api/v1/login" ? { status: 200, body: { Reason: 7, Token: token } } : signedIn(url)));
    const router = renderAt("/demo/login");
    await userEvent.type(await screen.findByLabelText("Email address"), "ada@example.org");
    await userEvent.type(screen.getByLabelText("Password"), "right password");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo/start"));
    expect(readItem("session", `jwt_${EVENT}`)).toBe(token);
  });
});
