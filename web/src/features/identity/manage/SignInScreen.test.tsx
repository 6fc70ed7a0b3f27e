import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type { SignInProviderRow } from "./api";
import { SignInScreen } from "./SignInScreen";

const CUSTOMER = "c1";
const BASE = `/api/v1/customers/${CUSTOMER}`;

type Reply = { status: number; body?: unknown };
interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

const apiError = (status: number, code: string, data: unknown = null): Reply => ({ status, body: { Error: { Code: code, Message: code, Data: data } } });

function provider(over: Partial<SignInProviderRow>): SignInProviderRow {
  return {
    ID: "p",
    CustomerID: CUSTOMER,
    Kind: "oidc",
    Label: "Provider",
    Issuer: "https://login.example",
    ClientID: "client",
    HasClientSecret: false,
    Scopes: "openid email profile",
    EventIDs: [],
    IsEnabled: true,
    CreatedAt: "2026-11-01T10:00:00Z",
    ...over,
  };
}

/**
 * The server's side: the providers (created, changed and deleted by the calls), the customer's
 * events and the hand-off secret. `next` holds one-off answers per "METHOD path", in order.
 */
function fakeServer() {
  const state = {
    calls: [] as Call[],
    providers: [
      provider({ ID: "g1", Kind: "google", Label: "Google", Issuer: "https://accounts.google.com", ClientID: "123.apps.googleusercontent.com", HasClientSecret: true }),
      provider({ ID: "o1", Label: "Acme Staff", Issuer: "https://login.acme.example", ClientID: "acme", EventIDs: ["e2"], IsEnabled: false }),
    ],
    events: [
      { ID: "e1", Title: "Demo Days", InternalName: "demo" },
      { ID: "e2", Title: "Staff Summit", InternalName: "summit" },
      { ID: "e3", Title: "Partner Day", InternalName: "partners" },
    ],
    secret: { HasSecret: false, CreatedAt: null as string | null },
    issued: 0,
    next: new Map<string, Reply[]>(),
    seq: 1,
  };
  const answer = (key: string, reply: Reply) => state.next.set(key, [...(state.next.get(key) ?? []), reply]);
  const respond = (reply: Reply) => new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });

  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      state.calls.push({ method, path: url.pathname, query: url.searchParams, body });
      const key = `${method} ${url.pathname}`;
      const queued = state.next.get(key)?.shift();
      if (queued) return respond(queued);

      if (key === `GET ${BASE}/sign-in-providers`) return respond({ status: 200, body: state.providers });
      if (key === `POST ${BASE}/sign-in-providers` && body) {
        const { ClientSecret, ...rest } = body;
        const created = provider({ ...(rest as Partial<SignInProviderRow>), ID: `n${state.seq++}`, HasClientSecret: typeof ClientSecret === "string" });
        state.providers.push(created);
        return respond({ status: 201, body: created });
      }
      const one = new RegExp(`^(PUT|DELETE) ${BASE}/sign-in-providers/([^/]+)$`).exec(key);
      if (one) {
        const found = state.providers.find((p) => p.ID === one[2]);
        if (!found) return respond(apiError(404, "SIGN_IN_PROVIDER_NOT_FOUND"));
        if (one[1] === "DELETE") {
          state.providers = state.providers.filter((p) => p !== found);
          return respond({ status: 204 });
        }
        const { ClientSecret, ...rest } = body ?? {};
        Object.assign(found, rest, typeof ClientSecret === "string" ? { HasClientSecret: true } : {});
        return respond({ status: 200, body: found });
      }
      if (key === `GET ${BASE}/events`) return respond({ status: 200, body: state.events });
      if (key === `GET ${BASE}/sso-secret`) return respond({ status: 200, body: state.secret });
      if (key === `POST ${BASE}/sso-secret`) {
        state.issued += 1;
        state.secret = { HasSecret: true, CreatedAt: "2026-11-20T09:00:00Z" };
        return respond({ status: 201, body: { Secret: `portal-secret-${state.issued}` } });
      }
      return respond(apiError(404, "ROUTE_NOT_FOUND"));
    }),
  );
  const callsTo = (method: string, path: string) => state.calls.filter((c) => c.method === method && c.path === path);
  return { state, answer, callsTo };
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SignInScreen customerId={CUSTOMER} />
    </QueryClientProvider>,
  );
}

const table = () => screen.getByRole("table", { name: "Sign-in providers of this customer" });
const rowOf = (label: string) => {
  const header = within(table()).getByRole("rowheader", { name: new RegExp(`^${label}`) });
  return header.closest("tr") as HTMLElement;
};
const dialog = () => screen.getByRole("dialog");

async function loaded() {
  await screen.findByRole("table", { name: "Sign-in providers of this customer" });
}

describe("SignInScreen", () => {
  beforeEach(async () => {
    await initI18n("en");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lists the providers: label, kind, issuer, client ID, events, secret stored, shown or not", async () => {
    fakeServer();
    renderScreen();
    expect(screen.getByRole("heading", { level: 2, name: "Sign-in" })).toBeInTheDocument();
    await loaded();
    const google = rowOf("Google");
    expect(google).toHaveTextContent("https://accounts.google.com");
    expect(google).toHaveTextContent("123.apps.googleusercontent.com");
    expect(google).toHaveTextContent("All events");
    expect(google).toHaveTextContent("Stored");
    expect(within(google).getByRole("switch", { name: "Show Google on the login page" })).toBeChecked();

    const acme = rowOf("Acme Staff");
    expect(acme).toHaveTextContent("OpenID Connect");
    expect(await within(acme).findByText("Staff Summit")).toBeInTheDocument();
    expect(acme).toHaveTextContent("None");
    expect(within(acme).getByRole("switch", { name: "Show Acme Staff on the login page" })).not.toBeChecked();
    expect(within(acme).getByRole("button", { name: "Edit Acme Staff" })).toBeInTheDocument();
    expect(within(acme).getByRole("button", { name: "Test sign-in with Acme Staff" })).toBeInTheDocument();
    expect(within(acme).getByRole("button", { name: "Delete Acme Staff" })).toBeInTheDocument();
  });

  it("shows the redirect URI to register, with a copy button", async () => {
    fakeServer();
    const user = userEvent.setup();
    renderScreen();
    const uri = screen.getByRole("textbox", { name: "Redirect URI" });
    expect(uri).toHaveValue(`${window.location.origin}/api/v1/identity/oidc/callback`);
    expect(uri).toHaveAccessibleDescription(/Register this address at your provider/);
    await user.click(screen.getByRole("button", { name: "Copy Redirect URI" }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/api/v1/identity/oidc/callback`);
    expect(screen.getByText("Copied.")).toBeInTheDocument();
  });

  it("an empty list says how attendees log in meanwhile", async () => {
    const server = fakeServer();
    server.state.providers = [];
    renderScreen();
    expect(await screen.findByText("No sign-in providers yet. Attendees log in with their email address and password.")).toBeInTheDocument();
  });

  it("without the People role: says who may manage sign-in", async () => {
    const { answer } = fakeServer();
    answer(`GET ${BASE}/sign-in-providers`, apiError(403, "FORBIDDEN"));
    answer(`GET ${BASE}/sso-secret`, apiError(403, "FORBIDDEN"));
    renderScreen();
    const alerts = await screen.findAllByRole("alert");
    expect(alerts[0]).toHaveTextContent("Only customer admins with the People role and master admins manage sign-in.");
    expect(screen.queryByRole("button", { name: "Add provider" })).toBeNull();
  });

  describe("adding", () => {
    it("Google presets issuer and label; the secret is needed; the new provider is listed", async () => {
      const { callsTo } = fakeServer();
      const user = userEvent.setup();
      renderScreen();
      await loaded();
      await user.click(screen.getByRole("button", { name: "Add provider" }));
      const form = dialog();
      expect(within(form).getByRole("heading", { name: "Add a sign-in provider" })).toBeInTheDocument();
      expect(within(form).getByRole("combobox", { name: "Kind" })).toHaveValue("google");
      expect(within(form).getByRole("textbox", { name: "Button label" })).toHaveValue("Google");
      const issuer = within(form).getByRole("textbox", { name: "Issuer" });
      expect(issuer).toHaveValue("https://accounts.google.com");
      expect(issuer).toHaveAttribute("readonly");
      expect(within(form).getByRole("textbox", { name: "Scopes" })).toHaveValue("openid email profile");

      await user.type(within(form).getByRole("textbox", { name: "Client ID" }), "987.apps.googleusercontent.com");
      await user.click(within(form).getByRole("button", { name: "Save" }));
      expect(await within(form).findByText("Enter the client secret Google shows for this client.")).toBeInTheDocument();
      expect(callsTo("POST", `${BASE}/sign-in-providers`)).toHaveLength(0);

      await user.type(within(form).getByLabelText("Client secret"), "GOCSPX-secret");
      await user.click(within(form).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      const [post] = callsTo("POST", `${BASE}/sign-in-providers`);
      expect(post?.body).toEqual({
        Kind: "google",
        Label: "Google",
        Issuer: "https://accounts.google.com",
        ClientID: "987.apps.googleusercontent.com",
        ClientSecret: "GOCSPX-secret",
        Scopes: "openid email profile",
        EventIDs: [],
        IsEnabled: true,
      });
      expect(await screen.findByText("987.apps.googleusercontent.com")).toBeInTheDocument();
      expect(screen.getByTestId("signin-announcer")).toHaveTextContent("Google is added.");
    });

    it("another provider: its own issuer (https), label and chosen events; the presets go", async () => {
      const { callsTo } = fakeServer();
      const user = userEvent.setup();
      renderScreen();
      await loaded();
      await user.click(screen.getByRole("button", { name: "Add provider" }));
      const form = dialog();
      await user.selectOptions(within(form).getByRole("combobox", { name: "Kind" }), "oidc");
      const label = within(form).getByRole("textbox", { name: "Button label" });
      const issuer = within(form).getByRole("textbox", { name: "Issuer" });
      expect(label).toHaveValue("");
      expect(issuer).toHaveValue("");
      expect(issuer).not.toHaveAttribute("readonly");

      await user.type(label, "Partner Login");
      await user.type(issuer, "http://login.partner.example");
      await user.type(within(form).getByRole("textbox", { name: "Client ID" }), "partner");
      await user.click(within(form).getByRole("radio", { name: "Only the events chosen here" }));
      await user.click(within(form).getByRole("button", { name: "Save" }));
      expect(await within(form).findByText("The issuer must use https (http only on this computer, for trying things out).")).toBeInTheDocument();
      expect(within(form).getByText("Choose at least one event, or choose all events.")).toBeInTheDocument();

      await user.clear(issuer);
      await user.type(issuer, "https://login.partner.example");
      await user.click(await within(form).findByRole("checkbox", { name: "Partner Day (/partners)" }));
      await user.click(within(form).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(callsTo("POST", `${BASE}/sign-in-providers`)[0]?.body).toEqual({
        Kind: "oidc",
        Label: "Partner Login",
        Issuer: "https://login.partner.example",
        ClientID: "partner",
        Scopes: "openid email profile",
        EventIDs: ["e3"],
        IsEnabled: true,
      });
    });

    it("a refusal naming a field is shown beside it; what was typed stays", async () => {
      const { answer } = fakeServer();
      answer(`POST ${BASE}/sign-in-providers`, apiError(422, "VALIDATION_ERROR", { Problems: [{ Name: "Issuer", Message: "not https" }] }));
      const user = userEvent.setup();
      renderScreen();
      await loaded();
      await user.click(screen.getByRole("button", { name: "Add provider" }));
      const form = dialog();
      await user.type(within(form).getByRole("textbox", { name: "Client ID" }), "id");
      await user.type(within(form).getByLabelText("Client secret"), "s");
      await user.click(within(form).getByRole("button", { name: "Save" }));
      const issuer = within(form).getByRole("textbox", { name: "Issuer" });
      await waitFor(() => expect(issuer).toHaveAttribute("aria-invalid", "true"));
      expect(issuer).toHaveAccessibleDescription(/Some of the entries are not valid/);
      expect(within(form).getByRole("textbox", { name: "Client ID" })).toHaveValue("id");
    });
  });

  describe("editing", () => {
    it("keeps the stored secret when the field stays empty, and replaces it when one is typed", async () => {
      const { callsTo } = fakeServer();
      const user = userEvent.setup();
      renderScreen();
      await loaded();
      await user.click(screen.getByRole("button", { name: "Edit Google" }));
      let form = dialog();
      expect(within(form).getByRole("heading", { name: "Edit Google" })).toBeInTheDocument();
      expect(within(form).getByText("A client secret is stored.")).toBeInTheDocument();
      const secret = within(form).getByLabelText("Client secret");
      expect(secret).toHaveValue("");
      expect(secret).toHaveAttribute("type", "password");
      expect(secret).toHaveAccessibleDescription("Leave empty to keep the stored secret.");
      expect(within(form).queryByRole("combobox", { name: "Kind" })).toBeNull();

      const label = within(form).getByRole("textbox", { name: "Button label" });
      await user.clear(label);
      await user.type(label, "Google Workspace");
      await user.click(within(form).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      const [first] = callsTo("PUT", `${BASE}/sign-in-providers/g1`);
      expect(first?.body).toMatchObject({ Kind: "google", Label: "Google Workspace", ClientID: "123.apps.googleusercontent.com", EventIDs: [] });
      expect(first?.body).not.toHaveProperty("ClientSecret");
      expect(await screen.findByText("Google Workspace")).toBeInTheDocument();

      await user.click(screen.getByRole("button", { name: "Edit Google Workspace" }));
      form = dialog();
      await user.type(within(form).getByLabelText("Client secret"), "new-secret");
      await user.click(within(form).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(callsTo("PUT", `${BASE}/sign-in-providers/g1`)).toHaveLength(2));
      expect(callsTo("PUT", `${BASE}/sign-in-providers/g1`)[1]?.body).toMatchObject({ ClientSecret: "new-secret" });
    });

    it("shows the chosen events ticked; all events sends []", async () => {
      const { callsTo } = fakeServer();
      const user = userEvent.setup();
      renderScreen();
      await loaded();
      await user.click(screen.getByRole("button", { name: "Edit Acme Staff" }));
      const form = dialog();
      expect(within(form).getByRole("radio", { name: "Only the events chosen here" })).toBeChecked();
      expect(await within(form).findByRole("checkbox", { name: "Staff Summit (/summit)" })).toBeChecked();
      expect(within(form).getByRole("checkbox", { name: "Demo Days (/demo)" })).not.toBeChecked();
      await user.click(within(form).getByRole("radio", { name: "All events of this customer, including new ones" }));
      await user.click(within(form).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(callsTo("PUT", `${BASE}/sign-in-providers/o1`)).toHaveLength(1));
      expect(callsTo("PUT", `${BASE}/sign-in-providers/o1`)[0]?.body).toMatchObject({ EventIDs: [], IsEnabled: false });
    });

    it("the switch shows or hides a provider at once, without touching its secret", async () => {
      const { callsTo, answer } = fakeServer();
      const user = userEvent.setup();
      renderScreen();
      await loaded();
      const toggle = within(rowOf("Acme Staff")).getByRole("switch");
      await user.click(toggle);
      await waitFor(() => expect(toggle).toBeChecked());
      const [put] = callsTo("PUT", `${BASE}/sign-in-providers/o1`);
      expect(put?.body).toMatchObject({ IsEnabled: true, Label: "Acme Staff", EventIDs: ["e2"] });
      expect(put?.body).not.toHaveProperty("ClientSecret");
      expect(screen.getByTestId("signin-announcer")).toHaveTextContent("Acme Staff is now shown on the login page.");

      answer(`PUT ${BASE}/sign-in-providers/o1`, { status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } });
      await user.click(toggle);
      expect(await screen.findByText("Acme Staff could not be switched. Something went wrong. Please try again.")).toBeInTheDocument();
      expect(toggle).toBeChecked();
    });
  });

  it("deleting asks first; Cancel sends nothing; confirmed, the row goes", async () => {
    const { callsTo } = fakeServer();
    const user = userEvent.setup();
    renderScreen();
    await loaded();
    await user.click(screen.getByRole("button", { name: "Delete Acme Staff" }));
    let confirm = screen.getByRole("alertdialog", { name: "Delete Acme Staff?" });
    expect(confirm).toHaveTextContent("Its button disappears from the login pages at once.");
    expect(within(confirm).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(callsTo("DELETE", `${BASE}/sign-in-providers/o1`)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete Acme Staff" }));
    confirm = screen.getByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Delete provider" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(callsTo("DELETE", `${BASE}/sign-in-providers/o1`)).toHaveLength(1);
    await waitFor(() => expect(within(table()).queryByText("Acme Staff")).toBeNull());
    await waitFor(() => expect(screen.getByRole("heading", { level: 2, name: "Sign-in" })).toHaveFocus());
  });

  it("Test sign-in opens the start URL for one chosen event of the provider in a new window", async () => {
    fakeServer();
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    renderScreen();
    await loaded();

    // Every event of the customer for a provider of all events.
    await user.click(screen.getByRole("button", { name: "Test sign-in with Google" }));
    let form = dialog();
    const event = await within(form).findByRole("combobox", { name: "Event" });
    expect(within(event).getAllByRole("option").map((o) => o.textContent)).toEqual(["Demo Days (/demo)", "Staff Summit (/summit)", "Partner Day (/partners)"]);
    await user.selectOptions(event, "e3");
    await user.click(within(form).getByRole("button", { name: "Open test sign-in" }));
    expect(open).toHaveBeenCalledWith("/api/v1/identity/oidc/g1/start?EventID=e3&Next=%2F&Test=1", "_blank", "noopener,noreferrer");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("signin-announcer")).toHaveTextContent("The test sign-in opened in a new window.");

    // Only its chosen events otherwise; a switched-off provider says attendees do not see it.
    await user.click(screen.getByRole("button", { name: "Test sign-in with Acme Staff" }));
    form = dialog();
    expect(within(form).getByText("This provider is switched off, so attendees do not see it yet.")).toBeInTheDocument();
    const only = await within(form).findByRole("combobox", { name: "Event" });
    expect(within(only).getAllByRole("option").map((o) => o.textContent)).toEqual(["Staff Summit (/summit)"]);
    await user.click(within(form).getByRole("button", { name: "Open test sign-in" }));
    expect(open).toHaveBeenLastCalledWith("/api/v1/identity/oidc/o1/start?EventID=e2&Next=%2F&Test=1", "_blank", "noopener,noreferrer");
  });

  describe("portal hand-off secret", () => {
    it("is shown once, with a copy button and a warning; afterwards only that one exists", async () => {
      const { callsTo } = fakeServer();
      const user = userEvent.setup();
      const view = renderScreen();
      expect(await screen.findByText("No hand-off secret yet.")).toBeInTheDocument();
      expect(screen.getByText(`${window.location.origin}/api/v1/identity/sso/handoff?token=…`)).toBeInTheDocument();
      expect(screen.getByText(CUSTOMER)).toBeInTheDocument();

      await user.click(screen.getByRole("button", { name: "Create secret" }));
      const secret = await screen.findByRole("textbox", { name: "Hand-off secret" });
      expect(secret).toHaveValue("portal-secret-1");
      expect(secret).toHaveFocus();
      expect(secret).toHaveAccessibleDescription("Copy it now and keep it in your portal's settings: it is not shown again.");
      expect(callsTo("POST", `${BASE}/sso-secret`)).toHaveLength(1);
      await user.click(screen.getByRole("button", { name: "Copy Hand-off secret" }));
      expect(await navigator.clipboard.readText()).toBe("portal-secret-1");

      view.unmount();
      renderScreen();
      expect(await screen.findByText("A hand-off secret exists, created on 20.11.2026.")).toBeInTheDocument();
      expect(screen.queryByRole("textbox", { name: "Hand-off secret" })).toBeNull();
    });

    it("replacing asks first, since the portal stops working until it has the new one", async () => {
      const { state, callsTo } = fakeServer();
      state.secret = { HasSecret: true, CreatedAt: "2026-10-01T08:00:00Z" };
      const user = userEvent.setup();
      renderScreen();
      expect(await screen.findByText("A hand-off secret exists, created on 01.10.2026.")).toBeInTheDocument();

      await user.click(screen.getByRole("button", { name: "Replace secret" }));
      let confirm = screen.getByRole("alertdialog", { name: "Replace the hand-off secret?" });
      expect(confirm).toHaveTextContent("The current secret stops working at once");
      await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
      expect(callsTo("POST", `${BASE}/sso-secret`)).toHaveLength(0);
      expect(screen.getByRole("button", { name: "Replace secret" })).toHaveFocus();

      await user.click(screen.getByRole("button", { name: "Replace secret" }));
      confirm = screen.getByRole("alertdialog");
      await user.click(within(confirm).getByRole("button", { name: "Replace secret" }));
      expect(await screen.findByRole("textbox", { name: "Hand-off secret" })).toHaveValue("portal-secret-1");
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(callsTo("POST", `${BASE}/sso-secret`)).toHaveLength(1);
    });

    it("a refusal says why and keeps the question open", async () => {
      const { state, answer } = fakeServer();
      state.secret = { HasSecret: true, CreatedAt: "2026-10-01T08:00:00Z" };
      answer(`POST ${BASE}/sso-secret`, apiError(403, "FORBIDDEN"));
      const user = userEvent.setup();
      renderScreen();
      await user.click(await screen.findByRole("button", { name: "Replace secret" }));
      await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Replace secret" }));
      expect(await within(screen.getByRole("alertdialog")).findByRole("alert")).toHaveTextContent(
        "The secret was not created. Only customer admins with the People role and master admins manage sign-in.",
      );
    });
  });

  it("axe finds no violations with the list, a form's errors and a confirmation", async () => {
    fakeServer();
    const user = userEvent.setup();
    const { container } = renderScreen();
    await loaded();
    await screen.findByText("No hand-off secret yet.");
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null); // jsdom has no canvas
    // Colour contrast needs a real layout engine.
    const options = { rules: { "color-contrast": { enabled: false } } };
    let result = await axe.run(container, options);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Add provider" }));
    await user.click(within(dialog()).getByRole("radio", { name: "Only the events chosen here" }));
    await user.click(within(dialog()).getByRole("button", { name: "Save" }));
    await within(dialog()).findByText("Enter the client ID.");
    result = await axe.run(container, options);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  });
});
