import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventFixture, fakeServer as consoleFakeServer, organizerAnswers, renderConsole, setUpConsole } from "@/app/console/test-utils";
import { initI18n } from "@/lib/i18n";
import { storageKeys, writeItem } from "@/lib/storage";
import { makeToken } from "@/test/tokens";
import type { AdminListItem } from "./api";
import { AdminsScreen } from "./AdminsScreen";

const EVENT = "e1";
const CUSTOMER = "c1";
const SELF = "p-self";

type Reply = { status: number; body?: unknown } | "offline";
interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const apiError = (status: number, code: string, data: unknown = null) => ({ status, body: { Error: { Code: code, Message: code, Data: data } } });

function row(id: string, person: string, name: string, email: string, type: "Event" | "Customer", roles?: string[]): AdminListItem {
  return {
    AdminID: id,
    PersonID: person,
    FullName: name,
    LoginEMail: email,
    AdminType: type,
    CustomerID: CUSTOMER,
    EventID: type === "Event" ? EVENT : null,
    ...(roles ? { Roles: roles } : {}),
  };
}

/**
 * The server's side: the event, the customers, both lists, persons and grants. Grants and
 * removals change the lists; `next` holds one-off answers per "METHOD path", in order; `gate`
 * makes a route wait.
 */
function fakeServer({ mayManage = true } = {}) {
  const state = {
    calls: [] as Call[],
    eventAdmins: [row("a1", SELF, "Ada Lovelace", "ada@example.com", "Event", ["Host"]), row("a2", "p-bob", "Bob Builder", "bob@example.com", "Event")],
    customerAdmins: [row("a3", SELF, "Ada Lovelace", "ada@example.com", "Customer"), row("a4", "p-cy", "Cy Young", "cy@example.com", "Customer")],
    persons: new Map<string, { ID: string; FullName: string }>([["dora@example.com", { ID: "p-dora", FullName: "Dora Explorer" }]]),
    next: new Map<string, Reply[]>(),
    gate: new Map<string, Promise<void>>(),
    seq: 10,
  };
  const answer = (key: string, reply: Reply) => state.next.set(key, [...(state.next.get(key) ?? []), reply]);
  const respond = (reply: Reply) =>
    reply === "offline"
      ? Promise.reject(new TypeError("Failed to fetch"))
      : Promise.resolve(new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status }));

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://app.test");
    const method = init?.method ?? "GET";
    const path = url.pathname.replace(/^\/api\/v1/, "");
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, string>) : undefined;
    state.calls.push({ method, path, query: url.searchParams, body });
    const key = `${method} ${path}`;
    const gate = state.gate.get(key);
    if (gate) await gate;
    const queued = state.next.get(key)?.shift();
    if (queued) return respond(queued);

    if (key === `GET /events/${EVENT}`) return respond({ status: 200, body: { ID: EVENT, CustomerID: CUSTOMER, Title: "Demo Days" } });
    if (key === "GET /customers") return respond({ status: 200, body: [{ ID: CUSTOMER, Name: "Acme", MayCreateEvents: mayManage }] });
    if (key === "GET /admins/listadmins/Event") return respond({ status: 200, body: state.eventAdmins });
    if (key === "GET /admins/listadmins/Customer") return respond({ status: 200, body: state.customerAdmins });
    if (key === "GET /personbyemail") {
      const person = state.persons.get((url.searchParams.get("EMail") ?? "").toLowerCase());
      return respond(person ? { status: 200, body: person } : apiError(404, "PERSON_NOT_FOUND"));
    }
    if (key === "POST /persons" && body) {
      const person = { ID: `p-${state.seq++}`, FullName: `${body.FirstName} ${body.LastName}` };
      state.persons.set(String(body.LoginEMail).toLowerCase(), person);
      return respond({ status: 201, body: person });
    }
    if (key === "POST /admins" && body) {
      const person = [...state.persons.entries()].find(([, p]) => p.ID === body.PersonID);
      if (!person) return respond(apiError(404, "PERSON_NOT_FOUND"));
      const list = body.AdminType === "Event" ? state.eventAdmins : state.customerAdmins;
      if (list.some((a) => a.PersonID === body.PersonID)) return respond(apiError(409, "CONFLICT", { AdminID: "x" }));
      const grant = row(`a${state.seq++}`, person[1].ID, person[1].FullName, person[0], body.AdminType as "Event" | "Customer");
      list.push(grant);
      return respond({ status: 201, body: { ID: grant.AdminID, PersonID: grant.PersonID, AdminType: body.AdminType } });
    }
    const mail = /^POST \/admins\/([^/]+)\/sendnewadmininfomail$/.exec(key);
    if (mail) return respond({ status: 202, body: { Sent: true } });
    const change = /^PUT \/admins\/([^/]+)$/.exec(key);
    if (change && body) {
      const grant = [...state.eventAdmins, ...state.customerAdmins].find((a) => a.AdminID === change[1]);
      if (!grant) return respond(apiError(404, "ADMIN_NOT_FOUND"));
      grant.Roles = body.Roles as unknown as string[];
      return respond({ status: 200, body: { ID: grant.AdminID, PersonID: grant.PersonID, AdminType: grant.AdminType, Roles: grant.Roles } });
    }
    const removal = /^DELETE \/admins\/([^/]+)$/.exec(key);
    if (removal) {
      const id = removal[1];
      state.eventAdmins = state.eventAdmins.filter((a) => a.AdminID !== id);
      state.customerAdmins = state.customerAdmins.filter((a) => a.AdminID !== id);
      return respond({ status: 204 });
    }
    return respond(apiError(404, "ROUTE_NOT_FOUND"));
  });
  vi.stubGlobal("fetch", fetchMock);
  const callsTo = (method: string, path: string | RegExp) =>
    state.calls.filter((c) => c.method === method && (typeof path === "string" ? c.path === path : path.test(c.path)));
  return { state, answer, callsTo };
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/events/:eventId/admins", element: <AdminsScreen eventId={EVENT} /> },
      { path: "/", element: <p>Events list</p> },
    ],
    { initialEntries: [`/events/${EVENT}/admins`] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

const group = (name: string) => screen.getByRole("region", { name });
const announcer = () => screen.getByTestId("admins-announcer");
const emailField = () => screen.getByLabelText("Email address");

/** A person's name as listed (their actions also name them, for screen readers). */
const NAME = { selector: ".admins-list__name" };

async function loaded() {
  await screen.findByText("Bob Builder", NAME);
  await screen.findByText("Cy Young", NAME);
}

describe("AdminsScreen", () => {
  beforeEach(async () => {
    await initI18n("en");
    writeItem("local", storageKeys.consoleJwt, makeToken({ event_id: "0".repeat(24), person_id: SELF }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe("the lists", () => {
    it("shows both groups: name, login email, type, roles, and who is the caller", async () => {
      const { callsTo } = fakeServer();
      renderScreen();
      expect(screen.getByRole("heading", { level: 2, name: "Admins" })).toBeInTheDocument();
      await loaded();

      const events = group("Event admins");
      const eventRows = within(events).getAllByRole("listitem");
      expect(eventRows).toHaveLength(2);
      expect(eventRows[0]).toHaveTextContent("Ada Lovelace (you)");
      expect(eventRows[0]).toHaveTextContent("ada@example.com");
      expect(eventRows[0]).toHaveTextContent("Event adminRoles: Host");
      expect(eventRows[1]).toHaveTextContent("Bob Builder");
      expect(eventRows[1]).not.toHaveTextContent("(you)");
      expect(within(events).getByText("They manage “Demo Days”.")).toBeInTheDocument();

      const customers = group("Customer admins");
      expect(within(customers).getAllByRole("listitem")).toHaveLength(2);
      expect(within(customers).getByText("cy@example.com")).toBeInTheDocument();
      expect(within(customers).getAllByText("Customer admin")).toHaveLength(2);
      expect(within(customers).getByText("They manage every event of Acme.")).toBeInTheDocument();

      // The actions name their person for screen readers.
      expect(screen.getByRole("button", { name: "Remove Bob Builder" })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Resend invitation to Cy Young" })).toBeInTheDocument();

      const [eventList] = callsTo("GET", "/admins/listadmins/Event");
      expect(eventList?.query.get("EventID")).toBe(EVENT);
      expect(eventList?.query.get("WithRoles")).toBe("true");
      expect(callsTo("GET", "/admins/listadmins/Customer")[0]?.query.get("CustomerID")).toBe(CUSTOMER);
    });

    it("an event admin sees the event's admins only: no customer list asked, no actions, no invite", async () => {
      const { callsTo } = fakeServer({ mayManage: false });
      renderScreen();
      await screen.findByText("Bob Builder", NAME);
      expect(await within(group("Customer admins")).findByText("Visible to customer admins only.")).toBeInTheDocument();
      expect(screen.getByText(/Only customer admins of Acme and master admins can invite or remove admins\./)).toBeInTheDocument();
      expect(callsTo("GET", "/admins/listadmins/Customer")).toHaveLength(0);
      expect(screen.queryByRole("button", { name: /^Remove/ })).toBeNull();
      expect(screen.queryByRole("button", { name: /^Resend/ })).toBeNull();
      expect(screen.queryByRole("heading", { name: "Invite an admin" })).toBeNull();
    });

    it("a 403 on the customer list is shown as 'visible to customer admins only', not as an error", async () => {
      const { answer } = fakeServer();
      // Rights unknown (customers unreadable): the lists are asked and the server decides.
      answer("GET /customers", { status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } });
      answer("GET /admins/listadmins/Customer", apiError(403, "FORBIDDEN"));
      renderScreen();
      await screen.findByText("Bob Builder", NAME);
      const customers = group("Customer admins");
      expect(await within(customers).findByText("Visible to customer admins only.")).toBeInTheDocument();
      expect(within(customers).queryByRole("alert")).toBeNull();
    });

    it("loading, then a failed list with retry, and an empty group", async () => {
      const { state, answer } = fakeServer();
      state.customerAdmins = [];
      answer("GET /admins/listadmins/Event", { status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } });
      renderScreen();
      expect(screen.getAllByText("Loading the admins…").length).toBeGreaterThan(0);
      const alert = await within(group("Event admins")).findByRole("alert");
      expect(alert).toHaveTextContent("The admins could not be loaded.");
      expect(alert).toHaveTextContent("Something went wrong. Please try again.");
      expect(await within(group("Customer admins")).findByText("Acme has no customer admins.")).toBeInTheDocument();
      await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
      expect(await screen.findByText("Bob Builder", NAME)).toBeInTheDocument();
      expect(within(group("Event admins")).queryByRole("alert")).toBeNull();
    });

    it("offline: says so", async () => {
      const { answer } = fakeServer();
      answer("GET /admins/listadmins/Event", "offline");
      renderScreen();
      expect(await within(group("Event admins")).findByRole("alert")).toHaveTextContent("The server cannot be reached.");
    });
  });

  describe("inviting", () => {
    it("an existing person: looked up, granted, mailed; the list shows them and the form empties", async () => {
      const { callsTo } = fakeServer();
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      await user.type(emailField(), " Dora@Example.com ");
      await user.click(screen.getByRole("button", { name: "Invite" }));

      await waitFor(() => expect(announcer()).toHaveTextContent("Dora@Example.com is now an admin and has been sent an invitation mail."));
      expect(callsTo("GET", "/personbyemail")[0]?.query.get("EMail")).toBe("Dora@Example.com");
      expect(callsTo("POST", "/persons")).toHaveLength(0);
      expect(callsTo("POST", "/admins")[0]?.body).toEqual({ PersonID: "p-dora", AdminType: "Event", EventID: EVENT });
      expect(callsTo("POST", "/admins/a10/sendnewadmininfomail")).toHaveLength(1);
      expect(await within(group("Event admins")).findByText("Dora Explorer", NAME)).toBeInTheDocument();
      expect(emailField()).toHaveValue("");
      expect(emailField()).toHaveFocus();
    });

    it("a new person: the names are asked first, then the account is created, granted and mailed", async () => {
      const { callsTo } = fakeServer();
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      await user.type(emailField(), "eve@example.com");
      await user.selectOptions(screen.getByLabelText("Admin right"), "Customer");
      await user.click(screen.getByRole("button", { name: "Invite" }));

      // Nothing is created without names; the form says why and keeps the address.
      expect(await screen.findByText(/No account uses eve@example\.com yet\./)).toBeInTheDocument();
      expect(callsTo("POST", "/persons")).toHaveLength(0);
      expect(callsTo("POST", "/admins")).toHaveLength(0);
      const first = screen.getByLabelText("First name");
      await waitFor(() => expect(first).toHaveFocus());
      expect(first).toHaveAccessibleDescription("Enter a first name: an account is created for this address.");
      expect(screen.getByLabelText("Last name")).toHaveAttribute("aria-invalid", "true");
      expect(emailField()).toHaveValue("eve@example.com");

      await user.type(first, "Eve");
      await user.type(screen.getByLabelText("Last name"), "Online");
      await user.click(screen.getByRole("button", { name: "Invite" }));
      await waitFor(() => expect(announcer()).toHaveTextContent("eve@example.com is now an admin"));
      expect(callsTo("POST", "/persons")[0]?.body).toEqual({ FirstName: "Eve", LastName: "Online", LoginEMail: "eve@example.com", EventID: EVENT });
      const [grant] = callsTo("POST", "/admins");
      expect(grant?.body).toEqual({ PersonID: expect.stringMatching(/^p-/), AdminType: "Customer", CustomerID: CUSTOMER });
      expect(callsTo("POST", /^\/admins\/[^/]+\/sendnewadmininfomail$/)).toHaveLength(1);
      expect(await within(group("Customer admins")).findByText("Eve Online", NAME)).toBeInTheDocument();
      // The chosen right stays for the next invitation.
      expect(screen.getByLabelText("Admin right")).toHaveValue("Customer");
    });

    it("already an admin (409 CONFLICT): a friendly message, nothing mailed, the values kept", async () => {
      const { callsTo, state } = fakeServer();
      state.persons.set("bob@example.com", { ID: "p-bob", FullName: "Bob Builder" });
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      await user.type(emailField(), "bob@example.com");
      await user.click(screen.getByRole("button", { name: "Invite" }));
      expect(await screen.findByRole("alert")).toHaveTextContent("bob@example.com is already an event admin of “Demo Days”. Nothing was changed.");
      expect(callsTo("POST", /sendnewadmininfomail$/)).toHaveLength(0);
      expect(emailField()).toHaveValue("bob@example.com");
    });

    it("a grant refused after the account was made says so; inviting again finds the account", async () => {
      const { answer, callsTo } = fakeServer();
      answer("POST /admins", { status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } });
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      await user.type(emailField(), "fay@example.com");
      await user.type(screen.getByLabelText("First name"), "Fay");
      await user.type(screen.getByLabelText("Last name"), "Wray");
      await user.click(screen.getByRole("button", { name: "Invite" }));
      const alert = await screen.findByTestId("form-error");
      expect(alert).toHaveTextContent("An account for fay@example.com was created, but the admin right could not be given: the account has no admin rights.");
      expect(alert).toHaveTextContent("Something went wrong. Please try again.");
      expect(emailField()).toHaveValue("fay@example.com");
      expect(screen.getByLabelText("First name")).toHaveValue("Fay");

      await user.click(screen.getByRole("button", { name: "Invite" }));
      await waitFor(() => expect(announcer()).toHaveTextContent("fay@example.com is now an admin"));
      expect(callsTo("POST", "/persons")).toHaveLength(1);
      expect(callsTo("POST", "/admins")).toHaveLength(2);
    });

    it("a 403 on the grant names who may give rights", async () => {
      const { answer } = fakeServer();
      answer("POST /admins", apiError(403, "FORBIDDEN"));
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      await user.type(emailField(), "dora@example.com");
      await user.selectOptions(screen.getByLabelText("Admin right"), "Customer");
      await user.click(screen.getByRole("button", { name: "Invite" }));
      expect(await screen.findByTestId("form-error")).toHaveTextContent(
        "The admin right could not be given. Nothing was changed. Only customer admins of Acme and master admins can give or remove admin rights here.",
      );
    });

    it("an address with an account the caller cannot see is granted by address", async () => {
      const { answer, callsTo, state } = fakeServer();
      // personbyemail finds nobody (not visible), the address is taken all the same.
      answer("GET /personbyemail", apiError(404, "PERSON_NOT_FOUND"));
      answer("POST /persons", apiError(409, "EMAIL_ALREADY_USED"));
      answer("POST /admins", { status: 201, body: { ID: "a99" } });
      state.persons.set("gus@example.com", { ID: "p-gus", FullName: "Gus" });
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      await user.type(emailField(), "gus@example.com");
      await user.type(screen.getByLabelText("First name"), "Gus");
      await user.type(screen.getByLabelText("Last name"), "Grissom");
      await user.click(screen.getByRole("button", { name: "Invite" }));
      await waitFor(() => expect(announcer()).toHaveTextContent("gus@example.com is now an admin"));
      expect(callsTo("POST", "/admins")[0]?.body).toEqual({ LoginEMail: "gus@example.com", AdminType: "Event", EventID: EVENT });
      expect(callsTo("POST", "/admins/a99/sendnewadmininfomail")).toHaveLength(1);
    });

    it("a failed mail keeps the grant and says to resend from the list", async () => {
      const { answer } = fakeServer();
      answer("POST /admins/a10/sendnewadmininfomail", apiError(502, "MAIL_FAILED"));
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      await user.type(emailField(), "dora@example.com");
      await user.click(screen.getByRole("button", { name: "Invite" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(
        "dora@example.com is now an admin, but the invitation mail could not be sent. Send it again from the list. The email could not be sent.",
      );
      expect(await within(group("Event admins")).findByText("Dora Explorer", NAME)).toBeInTheDocument();
      expect(emailField()).toHaveValue("");
    });

    it("validates before asking, and a double submit sends once", async () => {
      const { state, callsTo } = fakeServer();
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      await user.click(screen.getByRole("button", { name: "Invite" }));
      expect(await screen.findByText("Enter an email address.")).toBeInTheDocument();
      await user.type(emailField(), "not-an-address");
      await user.click(screen.getByRole("button", { name: "Invite" }));
      expect(await screen.findByText("Enter a valid email address, such as name@example.com.")).toBeInTheDocument();
      expect(state.calls.filter((c) => c.method !== "GET" || c.path === "/personbyemail")).toHaveLength(0);

      let open: () => void = () => undefined;
      state.gate.set("GET /personbyemail", new Promise<void>((resolve) => (open = resolve)));
      await user.clear(emailField());
      await user.type(emailField(), "dora@example.com");
      const submit = screen.getByRole("button", { name: "Invite" });
      await user.click(submit);
      await user.click(submit);
      await user.keyboard("{Enter}");
      expect(screen.getByRole("button", { name: "Inviting…" })).toBeDisabled();
      await act(async () => open());
      await waitFor(() => expect(announcer()).toHaveTextContent("dora@example.com is now an admin"));
      expect(callsTo("GET", "/personbyemail")).toHaveLength(1);
      expect(callsTo("POST", "/admins")).toHaveLength(1);
    });
  });

  describe("roles", () => {
    it("each right shows its roles, or Full rights without any", async () => {
      const { state } = fakeServer();
      state.eventAdmins = [
        row("a1", SELF, "Ada Lovelace", "ada@example.com", "Event", ["content", "moderation"]),
        row("a2", "p-bob", "Bob Builder", "bob@example.com", "Event", []),
      ];
      renderScreen();
      await loaded();
      const [ada, bob] = within(group("Event admins")).getAllByRole("listitem");
      expect(ada).toHaveTextContent("Roles: ContentModeration");
      expect(bob).toHaveTextContent("Roles: Full rights");
    });

    it("the invite form explains the roles and sends the ticked ones", async () => {
      const { callsTo } = fakeServer();
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      const roles = screen.getByRole("group", { name: "Roles" });
      expect(roles).toHaveAccessibleDescription(/No role ticked means full rights/);
      expect(within(roles).getByRole("checkbox", { name: "Moderation" })).toHaveAccessibleDescription(/chat and Q&A moderation/);
      await user.type(emailField(), "dora@example.com");
      await user.click(within(roles).getByRole("checkbox", { name: "Content" }));
      await user.click(within(roles).getByRole("checkbox", { name: "People" }));
      await user.click(screen.getByRole("button", { name: "Invite" }));
      await waitFor(() => expect(announcer()).toHaveTextContent("dora@example.com is now an admin"));
      expect(callsTo("POST", "/admins")[0]?.body).toEqual({ PersonID: "p-dora", AdminType: "Event", EventID: EVENT, Roles: ["content", "people"] });
    });

    it("editing a right's roles: the boxes start from the grant, PUT sends the new list, the list shows it", async () => {
      const { state, callsTo } = fakeServer();
      state.eventAdmins[1] = row("a2", "p-bob", "Bob Builder", "bob@example.com", "Event", ["moderation"]);
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      const edit = screen.getByRole("button", { name: "Edit roles of Bob Builder" });
      await user.click(edit);
      const dialog = screen.getByRole("dialog", { name: "Roles of Bob Builder" });
      const box = (name: string) => within(dialog).getByRole("checkbox", { name });
      expect([box("Content"), box("Moderation"), box("People"), box("Analytics")].map((b) => (b as HTMLInputElement).checked)).toEqual([false, true, false, false]);
      await user.click(box("Moderation"));
      await user.click(box("Analytics"));
      await user.click(within(dialog).getByRole("button", { name: "Save roles" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(callsTo("PUT", "/admins/a2")[0]?.body).toEqual({ Roles: ["analytics"] });
      expect(announcer()).toHaveTextContent("The roles of Bob Builder have been saved.");
      const bob = within(group("Event admins")).getAllByRole("listitem")[1] as HTMLElement;
      await waitFor(() => expect(bob).toHaveTextContent("Roles: Analytics"));

      // Unticking everything is full rights, sent as an empty list.
      await user.click(screen.getByRole("button", { name: "Edit roles of Bob Builder" }));
      await user.click(within(screen.getByRole("dialog")).getByRole("checkbox", { name: "Analytics" }));
      await user.click(screen.getByRole("button", { name: "Save roles" }));
      await waitFor(() => expect(callsTo("PUT", "/admins/a2")).toHaveLength(2));
      expect(callsTo("PUT", "/admins/a2")[1]?.body).toEqual({ Roles: [] });
      await waitFor(() => expect(bob).toHaveTextContent("Roles: Full rights"));
    });

    it("earlier free-text roles are named and dropped on saving; a refusal stays in the dialog; Escape cancels", async () => {
      const { answer, callsTo } = fakeServer();
      answer("PUT /admins/a1", apiError(422, "VALIDATION_ERROR"));
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      const edit = within(group("Event admins")).getByRole("button", { name: "Edit roles of Ada Lovelace" });
      await user.click(edit);
      const dialog = screen.getByRole("dialog");
      expect(within(dialog).getByText("Earlier roles that no longer apply: Host. Saving removes them.")).toBeInTheDocument();
      expect(within(dialog).getByText(/These are your own rights/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole("button", { name: "Save roles" }));
      expect(await within(dialog).findByTestId("form-error")).toHaveTextContent("The roles were not changed.");
      expect(callsTo("PUT", "/admins/a1")[0]?.body).toEqual({ Roles: [] });
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(edit).toHaveFocus();
    });

    it("event admins see the roles but cannot edit them", async () => {
      fakeServer({ mayManage: false });
      renderScreen();
      await screen.findByText("Bob Builder", NAME);
      expect(screen.queryByRole("button", { name: /^Edit roles/ })).toBeNull();
    });
  });

  describe("removing", () => {
    it("asks first, naming the person; Cancel keeps them, Remove deletes and refreshes", async () => {
      const { callsTo } = fakeServer();
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      const remove = screen.getByRole("button", { name: "Remove Bob Builder" });
      await user.click(remove);
      const dialog = screen.getByRole("alertdialog", { name: "Remove Bob Builder?" });
      expect(dialog).toHaveAccessibleDescription("Bob Builder (bob@example.com) will no longer be an event admin of “Demo Days”. Their account stays.");
      expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(remove).toHaveFocus();
      expect(callsTo("DELETE", /^\/admins\//)).toHaveLength(0);

      await user.click(remove);
      await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Remove" }));
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
      expect(callsTo("DELETE", "/admins/a2")).toHaveLength(1);
      await waitFor(() => expect(within(group("Event admins")).queryByText("Bob Builder", NAME)).toBeNull());
      expect(announcer()).toHaveTextContent("Bob Builder is no longer an admin here.");
      expect(screen.getByRole("heading", { name: "Event admins" })).toHaveFocus();
    });

    it("removing oneself asks twice, then leaves for the events list", async () => {
      const { callsTo } = fakeServer();
      const { router } = renderScreen();
      await loaded();
      const user = userEvent.setup();
      const mine = within(group("Customer admins")).getByRole("button", { name: "Remove Ada Lovelace" });
      await user.click(mine);
      let dialog = screen.getByRole("alertdialog", { name: "Remove your own admin rights?" });
      expect(dialog).toHaveAccessibleDescription("You are about to remove your own customer admin rights for Acme.");
      await user.click(within(dialog).getByRole("button", { name: "Continue" }));
      expect(callsTo("DELETE", /^\/admins\//)).toHaveLength(0);
      dialog = screen.getByRole("alertdialog", { name: "Are you sure?" });
      expect(dialog).toHaveAccessibleDescription(/You may lose access to this event at once\./);
      expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
      await user.click(within(dialog).getByRole("button", { name: "Yes, remove my rights" }));
      await waitFor(() => expect(router.state.location.pathname).toBe("/"));
      expect(callsTo("DELETE", "/admins/a3")).toHaveLength(1);
      expect(screen.getByText("Events list")).toBeInTheDocument();
    });

    it("cancelling the second question removes nothing", async () => {
      const { callsTo } = fakeServer();
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      await user.click(within(group("Event admins")).getByRole("button", { name: "Remove Ada Lovelace" }));
      await user.click(screen.getByRole("button", { name: "Continue" }));
      await user.click(screen.getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(callsTo("DELETE", /^\/admins\//)).toHaveLength(0);
    });

    it("a refusal (409, the last master) stays in the dialog", async () => {
      const { answer } = fakeServer();
      answer("DELETE /admins/a4", apiError(409, "CONFLICT", { AdminID: "a4" }));
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      await user.click(screen.getByRole("button", { name: "Remove Cy Young" }));
      await user.click(screen.getByRole("button", { name: "Remove" }));
      const dialog = screen.getByRole("alertdialog");
      expect(await within(dialog).findByRole("alert")).toHaveTextContent("This admin right cannot be removed: the platform must keep at least one master admin.");
      expect(screen.getByText("cy@example.com")).toBeInTheDocument();
    });
  });

  describe("resending the invitation", () => {
    it("sends it and says so; the server's limit of three is explained", async () => {
      const { answer, callsTo } = fakeServer();
      renderScreen();
      await loaded();
      const user = userEvent.setup();
      await user.click(screen.getByRole("button", { name: "Resend invitation to Bob Builder" }));
      await waitFor(() => expect(announcer()).toHaveTextContent("The invitation was sent again to bob@example.com."));
      expect(callsTo("POST", "/admins/a2/sendnewadmininfomail")).toHaveLength(1);

      answer("POST /admins/a2/sendnewadmininfomail", apiError(429, "RATE_LIMITED", { Limit: "admin_info_mail", RetryAfterSeconds: 1500 }));
      await user.click(screen.getByRole("button", { name: "Resend invitation to Bob Builder" }));
      const bob = within(group("Event admins")).getAllByRole("listitem")[1];
      expect(await within(bob as HTMLElement).findByRole("alert")).toHaveTextContent(
        "The invitation to Bob Builder has already been sent three times this hour, the most allowed. You can send it again in 25 minutes.",
      );
    });
  });

  it("axe finds no violations with the lists, the form's errors and a confirmation open", async () => {
    fakeServer();
    const { container } = renderScreen();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Invite" }));
    await screen.findByText("Enter an email address.");
    await user.click(screen.getByRole("button", { name: "Remove Bob Builder" }));
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null); // jsdom has no canvas
    // Colour contrast needs a real layout engine (the browser tests check it).
    const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  });
});

describe("in the console", () => {
  beforeEach(() => setUpConsole(true));
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is an event's section: /manage/events/{id}/admins, in the sub-navigation", async () => {
    const eventId = "e".repeat(24);
    consoleFakeServer((call) => {
      if (call.url.pathname === `/api/v1/events/${eventId}`) return { status: 200, body: eventFixture() };
      if (call.url.pathname.startsWith("/api/v1/admins/listadmins/")) return { status: 200, body: [] };
      return organizerAnswers(call);
    });
    renderConsole(`/events/${eventId}/admins`);
    const nav = await screen.findByRole("navigation", { name: "Event sections" });
    expect(within(nav).getByRole("link", { name: "Admins" })).toHaveAttribute("aria-current", "page");
    expect(await screen.findByRole("heading", { level: 2, name: "Admins" })).toBeInTheDocument();
    expect(await screen.findByText("This event has no event admins yet.")).toBeInTheDocument();
    expect(await screen.findByText("Demo Customer has no customer admins.")).toBeInTheDocument();
  });
});
