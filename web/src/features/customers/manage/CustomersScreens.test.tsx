/**
 * The customer screens through the console's routes against a fake server: the list (master and
 * customer admin), creating a customer with its first admin, a customer's settings (rename,
 * disable after asking, enable), and the invited admin's set-password page.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, organizerAnswers, renderConsole, setUpConsole, type Call, type Handler, type Reply } from "@/app/console/test-utils";
import { useNotifications } from "@/features/notifications";
import type { ManagedCustomer } from "./api";

const ACME = "a1".repeat(12);
const BETA = "b1".repeat(12);
const GAMMA = "c2".repeat(12);

const customer = (ID: string, Name: string, extra: Partial<ManagedCustomer> = {}): ManagedCustomer => ({
  ID,
  Name,
  IsDisabled: false,
  MayCreateEvents: true,
  CreatedAt: "2030-03-04T10:00:00Z",
  ...extra,
});

const apiError = (status: number, code: string, data: unknown = null): Reply => ({ status, body: { Error: { Code: code, Message: code, Data: data } } });

/** A server with customers that PUT and POST change; `master` says who is asking. */
function server({ master = true, customers = [customer(ACME, "Acme"), customer(BETA, "Zürich Events", { IsDisabled: true }), customer(GAMMA, "Gamma", { MayCreateEvents: false })] } = {}) {
  const state = { customers: [...customers], next: new Map<string, Reply[]>() };
  const answer = (key: string, reply: Reply) => state.next.set(key, [...(state.next.get(key) ?? []), reply]);
  const handler: Handler = (call: Call) => {
    const path = call.url.pathname.replace(/^\/api\/v1/, "");
    const key = `${call.method} ${path}`;
    const queued = state.next.get(key)?.shift();
    if (queued) return queued;
    if (key === "GET /admins/getismasteradmin") return { status: 200, body: master };
    if (key === "GET /customers") return { status: 200, body: state.customers };
    if (key === "POST /customers") {
      const body = call.body as { Name: string };
      const made = customer("f".repeat(24), body.Name);
      state.customers.push(made);
      return { status: 201, body: made };
    }
    const one = /^(GET|PUT) \/customers\/([^/]+)$/.exec(key);
    if (one) {
      const index = state.customers.findIndex((c) => c.ID === one[2]);
      const found = state.customers[index];
      if (!found) return apiError(404, "CUSTOMER_NOT_FOUND");
      if (one[1] === "PUT") state.customers[index] = { ...found, ...(call.body as Partial<ManagedCustomer>) };
      return { status: 200, body: state.customers[index] };
    }
    if (key === "GET /events/managed") return { status: 200, body: [] };
    return organizerAnswers(call);
  };
  const calls = fakeServer(handler);
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === `/api/v1${path}`);
  return { state, answer, calls, callsTo };
}

const toasts = () => useNotifications.getState().items.map((n) => n.text);

beforeEach(() => setUpConsole(true));
afterEach(() => vi.unstubAllGlobals());

describe("the customers list", () => {
  it("a master sees every customer with its state and creation date, and can add one", async () => {
    server();
    renderConsole("/customers");
    expect(await screen.findByRole("heading", { level: 1, name: "Customers" })).toBeInTheDocument();
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(["AcmeActive04.03.2030", "Zürich EventsDisabled04.03.2030", "GammaActive04.03.2030"]);
    expect(within(table).getByRole("link", { name: "Acme" })).toHaveAttribute("href", `/manage/customers/${ACME}`);
    expect(screen.getAllByRole("link", { name: "New customer" })[0]).toHaveAttribute("href", "/manage/customers/new");
  });

  it("searches names without case or accents, keeping the search in the address", async () => {
    server();
    const { router } = renderConsole("/customers");
    await screen.findByRole("table");
    await userEvent.setup().type(screen.getByLabelText("Search customers"), "zurich");
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    expect(within(table).getByText("Zürich Events")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?q=zurich");
    await userEvent.setup().type(screen.getByLabelText("Search customers"), "x");
    expect(await screen.findByText("No customers match “zurichx”.")).toBeInTheDocument();
  });

  it("a customer admin sees only their own customers and cannot add one", async () => {
    server({ master: false });
    renderConsole("/customers");
    const table = await screen.findByRole("table");
    expect(within(table).queryByText("Gamma")).toBeNull();
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(screen.queryByRole("link", { name: "New customer" })).toBeNull();
  });

  it("says when the list could not be read, and tries again", async () => {
    const { answer } = server();
    answer("GET /customers", apiError(500, "INTERNAL_ERROR"));
    renderConsole("/customers");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The customers could not be loaded.");
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });

  it("empty: says so and offers a new customer", async () => {
    server({ customers: [] });
    renderConsole("/customers");
    expect(await screen.findByText("No customers yet.")).toBeInTheDocument();
  });
});

describe("a new customer", () => {
  it("checks the form first, then posts the customer and its first admin and says who was invited", async () => {
    const { callsTo } = server();
    const { router } = renderConsole("/customers/new");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Create customer and invite" }));
    expect(await screen.findByText("Enter the customer's name.")).toBeInTheDocument();
    expect(screen.getByText("Enter the first admin's email address.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Name", { selector: "input" })).toHaveFocus());
    await user.type(screen.getByLabelText("Email address"), "ada@");
    await user.click(screen.getByRole("button", { name: "Create customer and invite" }));
    expect(await screen.findByText("Enter a valid email address, such as name@example.com.")).toBeInTheDocument();
    expect(callsTo("POST", "/customers")).toHaveLength(0);

    await user.type(screen.getByLabelText("Name", { selector: "input" }), "  Nova Expo ");
    await user.clear(screen.getByLabelText("Email address"));
    await user.type(screen.getByLabelText("Email address"), " Ada@Example.com ");
    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.type(screen.getByLabelText("Last name"), "Lovelace");
    await user.selectOptions(screen.getByLabelText("Language of the invitation"), "de");
    await user.click(screen.getByRole("button", { name: "Create customer and invite" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage/customers/${"f".repeat(24)}`));
    expect(callsTo("POST", "/customers")[0]?.body).toEqual({
      Name: "Nova Expo",
      AdminEMail: "Ada@Example.com",
      AdminFirstName: "Ada",
      AdminLastName: "Lovelace",
      Language: "de",
    });
    expect(toasts()).toContain("The customer “Nova Expo” was created. Invitation sent to Ada@Example.com.");
    expect(await screen.findByRole("heading", { level: 1, name: "Nova Expo" })).toBeInTheDocument();
  });

  it("leaves empty names out, and a refusal goes beside the field it names with the values kept", async () => {
    const { answer, callsTo } = server();
    answer("POST /customers", apiError(422, "VALIDATION_ERROR", { Problems: [{ In: "body", Name: "AdminEMail", Message: "bad" }] }));
    renderConsole("/customers/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name", { selector: "input" }), "Nova");
    await user.type(screen.getByLabelText("Email address"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Create customer and invite" }));
    await waitFor(() => expect(screen.getByLabelText("Email address")).toHaveAttribute("aria-invalid", "true"));
    expect(callsTo("POST", "/customers")[0]?.body).toEqual({ Name: "Nova", AdminEMail: "ada@example.com", Language: "en" });
    expect(screen.getByLabelText("Name", { selector: "input" })).toHaveValue("Nova");

    answer("POST /customers", apiError(409, "CONFLICT"));
    await user.click(screen.getByRole("button", { name: "Create customer and invite" }));
    expect(await screen.findByTestId("form-error")).toHaveTextContent("The customer was not created.");
  });
});

describe("a customer's settings", () => {
  it("disabling asks first, saying attendees are locked out; Cancel changes nothing", async () => {
    const { callsTo } = server();
    renderConsole(`/customers/${ACME}`);
    const user = userEvent.setup();
    expect(await screen.findByText("Active: attendees can log in to this customer's events.")).toBeInTheDocument();
    const disable = screen.getByRole("button", { name: "Disable customer" });
    await user.click(disable);
    const dialog = screen.getByRole("alertdialog", { name: "Disable “Acme”?" });
    expect(dialog).toHaveAccessibleDescription(/Attendees of every event of Acme will be locked out at once/);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(callsTo("PUT", `/customers/${ACME}`)).toHaveLength(0);

    await user.click(disable);
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Disable customer" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(callsTo("PUT", `/customers/${ACME}`)[0]?.body).toEqual({ IsDisabled: true });
    expect(await screen.findByText(/^Disabled: attendees cannot log in/)).toBeInTheDocument();
    expect(toasts()).toContain("“Acme” is disabled: its attendees are locked out.");
    // The page's heading shows the state too.
    expect(screen.getByText("Disabled", { selector: ".console-badge" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Enable customer" }));
    await waitFor(() => expect(callsTo("PUT", `/customers/${ACME}`)).toHaveLength(2));
    expect(callsTo("PUT", `/customers/${ACME}`)[1]?.body).toEqual({ IsDisabled: false });
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("a refused disable stays in the dialog", async () => {
    const { answer } = server();
    answer(`PUT /customers/${ACME}`, apiError(403, "FORBIDDEN"));
    renderConsole(`/customers/${ACME}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Disable customer" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Disable customer" }));
    expect(await within(screen.getByRole("alertdialog")).findByRole("alert")).toHaveTextContent("The customer's state was not changed.");
  });

  it("a customer admin renames it but cannot disable it", async () => {
    const { callsTo } = server({ master: false });
    renderConsole(`/customers/${ACME}`);
    const user = userEvent.setup();
    const name = await screen.findByLabelText("Name");
    expect(screen.getByText("Only master admins can disable or enable a customer.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Disable customer" })).toBeNull();
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Enter the customer's name.")).toBeInTheDocument();
    await user.type(name, " Acme Group ");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    await waitFor(() => expect(callsTo("PUT", `/customers/${ACME}`)[0]?.body).toEqual({ Name: "Acme Group" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Acme Group" })).toBeInTheDocument();
  });

  it("axe finds nothing on the settings with the confirmation open", async () => {
    server();
    renderConsole(`/customers/${ACME}`);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Disable customer" }));
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null); // jsdom has no canvas
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  });
});

describe("the set-password page of an invited admin", () => {
  beforeEach(() => setUpConsole(false));

  it("needs no token; sets the password with the mailed token, then opens the console login", async () => {
    const calls = fakeServer((call) =>
      call.url.pathname === "/api/v1/resetpassword" ? { status: 200, body: { Reason: 9, ReasonText: "NEW_PASSWORD_SET" } } : undefined,
    );
    const { router } = renderConsole("/set-password?loginEMail=ada%40example.com&token=tok-123");
    expect(await screen.findByRole("heading", { level: 1, name: "Choose your password" })).toBeInTheDocument();
    expect(screen.getByText(/Choose a password for ada@example\.com/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "short");
    await user.type(screen.getByLabelText("Confirm password"), "other");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText("The password must be at least 12 characters long")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === "/api/v1/resetpassword")).toHaveLength(0);

    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "a long enough secret");
    await user.clear(screen.getByLabelText("Confirm password"));
    await user.type(screen.getByLabelText("Confirm password"), "a long enough secret");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/manage/login"));
    const sent = calls.find((c) => c.url.pathname === "/api/v1/resetpassword");
    expect(sent?.method).toBe("POST");
    expect(sent?.body).toEqual({ LoginEMail: "ada@example.com", Password: "a long enough secret", Token: "tok-123" });
    expect(sent?.headers.Authorization).toBeUndefined();
    expect(toasts()).toContain("Your password is set. Log in with it now.");
  });

  it("an expired or used link (Reason 4) and an incomplete one say to ask for the invitation again", async () => {
    fakeServer((call) => (call.url.pathname === "/api/v1/resetpassword" ? { status: 200, body: { Reason: 4, ReasonText: "TOKEN_INVALID" } } : undefined));
    renderConsole("/set-password?loginEMail=ada%40example.com&token=old");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("New password"), "a long enough secret");
    await user.type(screen.getByLabelText("Confirm password"), "a long enough secret");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByRole("heading", { level: 1, name: "This link cannot be used" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the organizer login" })).toHaveAttribute("href", "/manage/login");
  });

  it("a link without its token is refused at once", async () => {
    fakeServer(() => undefined);
    renderConsole("/set-password?loginEMail=ada%40example.com");
    expect(await screen.findByRole("heading", { level: 1, name: "This link cannot be used" })).toBeInTheDocument();
  });
});
