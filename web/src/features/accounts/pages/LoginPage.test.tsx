import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useEventStore } from "@/features/events";
import { initI18n } from "@/lib/i18n";
import { readItem, storageKeys, writeItem } from "@/lib/storage";
import { makeToken } from "@/test/tokens";
import { useSession } from "../session";
import { LoginPage } from "./LoginPage";

const EVENT = "e".repeat(24);
const PERSON = "p".repeat(24);
const metadata = { EventID: EVENT, InternalName: "demo", Title: "Demo Days", CustomerID: "c".repeat(24) };
const PROVIDERS_PATH = `/api/v1/events/${EVENT}/sign-in-providers`;

type Reply = { status: number; body?: unknown };
interface Call {
  method: string;
  url: URL;
  headers: Record<string, string>;
}

function stubServer(answer: (call: Call) => Reply) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { method: init?.method ?? "GET", url: new URL(String(input), "http://app.test"), headers: (init?.headers ?? {}) as Record<string, string> };
      calls.push(call);
      const reply = answer(call);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}

const providersReply =
  (providers: unknown): ((call: Call) => Reply) =>
  ({ url }) =>
    url.pathname === PROVIDERS_PATH ? { status: 200, body: providers } : { status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND" } } };

function renderLogin(entry = "/demo/login") {
  const router = createMemoryRouter(
    [
      { path: "/login", element: <LoginPage /> },
      { path: "/", element: <p>Event root</p> },
    ],
    { basename: "/demo", initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const startUrl = (id: string, next: string) => `/api/v1/identity/oidc/${id}/start?${new URLSearchParams({ EventID: EVENT, Next: next })}`;

describe("LoginPage: sign-in providers", () => {
  beforeEach(async () => {
    await initI18n("en");
    useEventStore.setState({ metadata, publicEvent: null });
    useSession.setState({ eventID: EVENT, token: null, claims: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists the event's providers as links to the server's start URL, Google in Google's look", async () => {
    const calls = stubServer(
      providersReply([
        { ID: "g1", Kind: "google", Label: "Google" },
        { ID: "o1", Kind: "oidc", Label: "Acme Staff" },
      ]),
    );
    renderLogin();
    const google = await screen.findByRole("link", { name: "Continue with Google" });
    const acme = screen.getByRole("link", { name: "Continue with Acme Staff" });
    expect(google).toHaveAttribute("href", startUrl("g1", "/"));
    expect(acme).toHaveAttribute("href", startUrl("o1", "/"));
    expect(google).toHaveClass("sso-provider--google");
    expect(google.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    expect(acme).not.toHaveClass("sso-provider--google");
    expect(screen.getByRole("list", { name: "Other ways to log in" })).toBeInTheDocument();
    expect(screen.getByText("or")).toBeInTheDocument();

    // A public call: no token is sent.
    const [asked] = calls.filter((c) => c.url.pathname === PROVIDERS_PATH);
    expect(asked?.headers.Authorization).toBeUndefined();
  });

  it("hands the page the guard remembered to the server as Next, and keeps it remembered", async () => {
    writeItem("session", storageKeys.routerRoute, "/Landing");
    writeItem("session", storageKeys.routerParam, JSON.stringify({ id: "7" }));
    stubServer(providersReply([{ ID: "g1", Kind: "google", Label: "Google" }]));
    renderLogin();
    const link = await screen.findByRole("link", { name: "Continue with Google" });
    expect(link).toHaveAttribute("href", startUrl("g1", "/Landing?id=7"));
    expect(new URL(link.getAttribute("href") ?? "", "http://app.test").searchParams.get("Next")).toBe("/Landing?id=7");
    // Password login still returns there.
    expect(readItem("session", storageKeys.routerRoute)).toBe("/Landing");
  });

  it("without providers: no divider, no buttons, no 'not available' note", async () => {
    const calls = stubServer(providersReply([]));
    renderLogin();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === PROVIDERS_PATH)).toBe(true));
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(screen.queryByText("or")).toBeNull();
    expect(screen.queryByRole("link", { name: /^Continue with/ })).toBeNull();
    expect(screen.queryByText(/not available yet/)).toBeNull();
    expect(screen.queryByRole("button", { name: /Google/ })).toBeNull();
  });

  it("providers that cannot be read leave password login as it is", async () => {
    const calls = stubServer(({ url }) =>
      url.pathname === PROVIDERS_PATH ? { status: 500, body: { Error: { Code: "INTERNAL_ERROR" } } } : { status: 200, body: { Reason: 7, Token: makeToken({ event_id: EVENT, person_id: PERSON }) } },
    );
    const router = renderLogin();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === PROVIDERS_PATH)).toBe(true));
    expect(screen.queryByText("or")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    await userEvent.type(screen.getByLabelText("Email address"), "ada@example.org");
    await userEvent.type(screen.getByLabelText("Password"), "right password");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Event root")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/demo");
  });
});

describe("LoginPage: a refused single sign-on", () => {
  beforeEach(async () => {
    await initI18n("en");
    useEventStore.setState({ metadata, publicEvent: null });
    useSession.setState({ eventID: EVENT, token: null, claims: null });
    stubServer(providersReply([{ ID: "g1", Kind: "google", Label: "Google" }]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ["SSO_EMAIL_UNVERIFIED", "Your account at the sign-in service has no verified email address, so it cannot be used here. Verify it there first, or log in with your password."],
    ["SSO_STATE_INVALID", "The sign-in took too long or was started in another window. Please try again."],
    ["SSO_PROVIDER_FAILED", "The sign-in service did not answer or did not sign you in. Please try again, or log in with your password."],
    ["SSO_TOKEN_INVALID", "The answer of the sign-in service could not be verified, so you are not signed in. Please try again."],
    ["NOT_WHITELISTED", "Your email address is not admitted to this event."],
    ["CUSTOMER_DISABLED", "This event is not available: its organizer's account is disabled."],
    ["ACCOUNT_DISABLED", "This account has been disabled."],
    ["SSO_HANDOFF_INVALID", "Single sign-on did not work. Please log in."],
    ["SOMETHING_ELSE", "Single sign-on did not work. Please log in."],
  ])("%s: says why in the error area and takes the code out of the address", async (code, message) => {
    const router = renderLogin(`/demo/login?sso_error=${code}&lang=de`);
    const form = (await screen.findByRole("button", { name: "Log in" })).closest("form");
    expect(within(form as HTMLElement).getByRole("alert")).toHaveTextContent(message);
    await waitFor(() => expect(router.state.location.search).toBe("?lang=de"));
    expect(router.state.location.pathname).toBe("/demo/login");
    // Still there once the address changed.
    expect(screen.getByRole("alert")).toHaveTextContent(message);
  });

  it("no sso_error: no message", async () => {
    renderLogin();
    await screen.findByRole("link", { name: "Continue with Google" });
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
