import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseToken, useSession } from "@/features/accounts";
import { useConsent } from "@/features/consent";
import { useNotifications } from "@/features/notifications";
import { setTokenProvider } from "@/lib/api-client";
import { initI18n } from "@/lib/i18n";
import { makeToken } from "@/test/tokens";
import { bindConsentSync } from "./consent-sync";
import { YourDataSection } from "./YourDataSection";

const EVENT = "e".repeat(24);
const TOKEN = makeToken({ event_id: EVENT, person_id: "p".repeat(24) });

interface Call {
  method: string;
  path: string;
  body: unknown;
  auth: string | undefined;
}

function serve(reply: (call: Call) => { status: number; body?: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call = { method: init?.method ?? "GET", path: url.pathname, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined, auth: headers.Authorization };
      calls.push(call);
      const answer = reply(call);
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

const signIn = () => useSession.setState({ eventID: EVENT, token: TOKEN, claims: parseToken(TOKEN) });

function renderSection() {
  const router = createMemoryRouter(
    [
      { path: "/profile", element: <YourDataSection /> },
      { path: "/login", element: <p>login page</p> },
    ],
    { initialEntries: ["/profile"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
  setTokenProvider(() => useSession.getState().token);
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ eventID: null, token: null, claims: null });
});

describe("Your data", { timeout: 20_000 }, () => {
  it("downloads the archive with the attendee's token", async () => {
    const calls = serve(() => ({ status: 200, body: "zip" }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    renderSection();
    expect(screen.getByRole("heading", { name: "Your data" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByText("Your data archive is downloading.")).toBeInTheDocument();
    expect(calls).toEqual([{ method: "GET", path: "/api/v1/persons/me/data-export", body: undefined, auth: `Bearer ${TOKEN}` }]);
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });

  it("says why a download failed", async () => {
    serve(() => ({ status: 429, body: { Error: { Code: "RATE_LIMITED", Message: "" } } }));
    renderSection();
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Your data could not be downloaded/);
  });

  it("deletes the account with the password, then clears the token and goes to login with a notice", async () => {
    let wrong = true;
    const calls = serve(() => {
      if (wrong) {
        wrong = false;
        return { status: 403, body: { Error: { Code: "PASSWORD_INCORRECT", Message: "", Data: {} } } };
      }
      return { status: 204 };
    });
    const router = renderSection();
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = within(screen.getByRole("alertdialog", { name: "Delete your account?" }));
    const password = dialog.getByLabelText("Your password");
    expect(password).toHaveFocus();
    await userEvent.type(password, "wrong-one{Enter}");
    expect(await dialog.findByText("This is not your account's password.")).toBeInTheDocument();
    expect(useSession.getState().token).toBe(TOKEN);
    await userEvent.clear(password);
    await userEvent.type(password, "right-one");
    await userEvent.click(dialog.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(useSession.getState().token).toBeNull();
    expect(useNotifications.getState().items.map((n) => n.text)).toContain("Your account has been deleted.");
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ["DELETE", "/api/v1/persons/me", { Password: "wrong-one" }],
      ["DELETE", "/api/v1/persons/me", { Password: "right-one" }],
    ]);
  });

  it("cancels without deleting", async () => {
    const calls = serve(() => ({ status: 204 }));
    renderSection();
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Delete my account" })).toHaveFocus();
    expect(calls).toEqual([]);
  });
});

describe("consent sync", () => {
  const puts = (calls: Call[]) => calls.filter((c) => c.method === "PUT").map((c) => [c.path, c.body]);
  const path = `/api/v1/events/${EVENT}/consent`;

  it("sends the choice once with a token and on each save, not without a token", async () => {
    const calls = serve(() => ({ status: 200, body: {} }));
    useConsent.setState({ isSaved: true, functional: true, statistics: false });
    const unbind = bindConsentSync();
    expect(puts(calls)).toEqual([[path, { Functional: true, Statistics: false }]]);
    useConsent.getState().save({ functional: false, statistics: true });
    expect(puts(calls).at(-1)).toEqual([path, { Functional: false, Statistics: true }]);
    // Signed out: a save stays local.
    useSession.setState({ token: null, claims: null });
    useConsent.getState().save({ functional: true, statistics: true });
    expect(puts(calls)).toHaveLength(2);
    // Logging in sends the current choice once.
    signIn();
    expect(puts(calls).at(-1)).toEqual([path, { Functional: true, Statistics: true }]);
    expect(puts(calls)).toHaveLength(3);
    unbind();
  });

  it("sends nothing before the attendee has made a choice", () => {
    const calls = serve(() => ({ status: 200, body: {} }));
    useConsent.setState({ isSaved: false, functional: true, statistics: true });
    const unbind = bindConsentSync();
    signIn();
    expect(puts(calls)).toEqual([]);
    useConsent.getState().save({ functional: true, statistics: true });
    expect(puts(calls)).toEqual([[path, { Functional: true, Statistics: true }]]);
    unbind();
  });

  it("only logs a failure: the local choice stays", async () => {
    serve(() => ({ status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "" } } }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const unbind = bindConsentSync();
    useConsent.getState().save({ functional: false, statistics: false });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(useConsent.getState()).toMatchObject({ functional: false, statistics: false, isSaved: true });
    unbind();
    warn.mockRestore();
  });
});
