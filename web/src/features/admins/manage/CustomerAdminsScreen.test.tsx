/**
 * A customer's Admins section (`/manage/customers/{id}/admins`) through the console's routes:
 * the customer admins with their roles, inviting with roles (an account created only by master
 * admins, without an event), and editing roles.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, organizerAnswers, organizerToken, PERSON, renderConsole, setUpConsole, type Call, type Reply } from "@/app/console/test-utils";
import { storageKeys, writeItem } from "@/lib/storage";
import type { AdminListItem } from "./api";

const ACME = "a1".repeat(12);

const admin = (AdminID: string, PersonID: string, FullName: string, LoginEMail: string, Roles: string[]): AdminListItem => ({
  AdminID,
  PersonID,
  FullName,
  LoginEMail,
  AdminType: "Customer",
  CustomerID: ACME,
  EventID: null,
  Roles,
});

function server({ master }: { master: boolean }) {
  const state = {
    admins: [admin("g1", PERSON, "Ada Lovelace", "ada@example.com", []), admin("g2", "p-cy", "Cy Young", "cy@example.com", ["people"])],
    persons: new Map([["dora@example.com", "p-dora"]]),
    next: new Map<string, Reply[]>(),
  };
  const calls = fakeServer((call: Call) => {
    const path = call.url.pathname.replace(/^\/api\/v1/, "");
    const key = `${call.method} ${path}`;
    const queued = state.next.get(key)?.shift();
    if (queued) return queued;
    const body = call.body as Record<string, unknown> | undefined;
    if (key === "GET /admins/getismasteradmin") return { status: 200, body: master };
    if (key === "GET /customers") return { status: 200, body: [{ ID: ACME, Name: "Acme", IsDisabled: false, MayCreateEvents: true, CreatedAt: "2030-01-01T00:00:00Z" }] };
    if (key === `GET /customers/${ACME}`) return { status: 200, body: { ID: ACME, Name: "Acme", IsDisabled: false, MayCreateEvents: true, CreatedAt: "2030-01-01T00:00:00Z" } };
    if (key === "GET /admins/listadmins/Customer") return { status: 200, body: state.admins };
    if (key === "GET /personbyemail") {
      const id = state.persons.get(call.url.searchParams.get("EMail")?.toLowerCase() ?? "");
      return id ? { status: 200, body: { ID: id } } : { status: 404, body: { Error: { Code: "PERSON_NOT_FOUND", Message: "no" } } };
    }
    if (key === "POST /persons" && body) {
      const id = "p-new";
      state.persons.set(String(body.LoginEMail).toLowerCase(), id);
      return { status: 201, body: { ID: id } };
    }
    if (key === "POST /admins" && body) {
      const personId = typeof body.PersonID === "string" ? body.PersonID : state.persons.get(String(body.LoginEMail).toLowerCase());
      if (!personId) return { status: 404, body: { Error: { Code: "PERSON_NOT_FOUND", Message: "no" } } };
      const grant = admin(`g${state.admins.length + 1}`, personId, "New Admin", String(body.LoginEMail ?? "new@example.com"), (body.Roles as string[] | undefined) ?? []);
      state.admins.push(grant);
      return { status: 201, body: { ID: grant.AdminID, PersonID: personId, AdminType: "Customer", CustomerID: ACME, EventID: null, Roles: grant.Roles } };
    }
    if (/^POST \/admins\/[^/]+\/sendnewadmininfomail$/.test(key)) return { status: 202, body: { Sent: true } };
    const change = /^PUT \/admins\/([^/]+)$/.exec(key);
    if (change && body) {
      const grant = state.admins.find((a) => a.AdminID === change[1]);
      if (grant) grant.Roles = body.Roles as string[];
      return { status: 200, body: { ID: change[1], Roles: body.Roles } };
    }
    return organizerAnswers(call);
  });
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === `/api/v1${path}`);
  return { state, calls, callsTo };
}

const group = () => screen.getByRole("region", { name: "Customer admins" });

beforeEach(async () => {
  await setUpConsole(true);
  // The screen reads who is signed in from the stored console token (features do not import the shell).
  writeItem("local", storageKeys.consoleJwt, organizerToken);
});
afterEach(() => vi.unstubAllGlobals());

describe("a customer's admins", () => {
  it("lists the customer admins with their roles, asked with WithRoles", async () => {
    const { callsTo } = server({ master: false });
    renderConsole(`/customers/${ACME}/admins`);
    expect(await screen.findByRole("heading", { level: 2, name: "Admins" })).toBeInTheDocument();
    const [ada, cy] = await within(await screen.findByRole("region", { name: "Customer admins" })).findAllByRole("listitem");
    expect(ada).toHaveTextContent("Ada Lovelace (you)");
    expect(ada).toHaveTextContent("Roles: Full rights");
    expect(cy).toHaveTextContent("Roles: People");
    const asked = callsTo("GET", "/admins/listadmins/Customer")[0];
    expect(asked?.url.searchParams.get("CustomerID")).toBe(ACME);
    expect(asked?.url.searchParams.get("WithRoles")).toBe("true");
    // No event to choose here: customer rights only.
    expect(screen.queryByLabelText("Admin right")).toBeNull();
  });

  it("invites an existing account as a customer admin with the ticked roles", async () => {
    const { callsTo } = server({ master: false });
    renderConsole(`/customers/${ACME}/admins`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email address"), "dora@example.com");
    await user.click(screen.getByRole("checkbox", { name: "Moderation" }));
    await user.click(screen.getByRole("button", { name: "Invite" }));
    await waitFor(() => expect(callsTo("POST", "/admins")).toHaveLength(1));
    expect(callsTo("POST", "/admins")[0]?.body).toEqual({ PersonID: "p-dora", AdminType: "Customer", CustomerID: ACME, Roles: ["moderation"] });
    await waitFor(() => expect(within(group()).getAllByRole("listitem")).toHaveLength(3));
  });

  it("a customer admin cannot create accounts here: an unknown address is granted by address, and refused says why", async () => {
    const { callsTo } = server({ master: false });
    renderConsole(`/customers/${ACME}/admins`);
    const user = userEvent.setup();
    expect(screen.queryByRole("group", { name: "Name for a new account" })).toBeNull();
    await user.type(await screen.findByLabelText("Email address"), "zoe@example.com");
    await user.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText(/No account uses zoe@example\.com\. Only master admins can create one here\./)).toBeInTheDocument();
    expect(callsTo("POST", "/persons")).toHaveLength(0);
    expect(callsTo("POST", "/admins")[0]?.body).toEqual({ LoginEMail: "zoe@example.com", AdminType: "Customer", CustomerID: ACME });
  });

  it("a master admin creates the account without an event, then grants it", async () => {
    const { callsTo } = server({ master: true });
    renderConsole(`/customers/${ACME}/admins`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email address"), "zoe@example.com");
    await user.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText(/No account uses zoe@example\.com yet\./)).toBeInTheDocument();
    await user.type(screen.getByLabelText("First name"), "Zoe");
    await user.type(screen.getByLabelText("Last name"), "Zed");
    await user.click(screen.getByRole("button", { name: "Invite" }));
    await waitFor(() => expect(callsTo("POST", "/admins")).toHaveLength(1));
    expect(callsTo("POST", "/persons")[0]?.body).toEqual({ FirstName: "Zoe", LastName: "Zed", LoginEMail: "zoe@example.com" });
    expect(callsTo("POST", "/admins")[0]?.body).toEqual({ PersonID: "p-new", AdminType: "Customer", CustomerID: ACME });
  });

  it("edits a customer admin's roles", async () => {
    const { callsTo } = server({ master: false });
    renderConsole(`/customers/${ACME}/admins`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit roles of Cy Young" }));
    const dialog = screen.getByRole("dialog", { name: "Roles of Cy Young" });
    expect(dialog).toHaveAccessibleDescription(/customer admin of Acme/);
    await user.click(within(dialog).getByRole("checkbox", { name: "Content" }));
    await user.click(within(dialog).getByRole("button", { name: "Save roles" }));
    await waitFor(() => expect(callsTo("PUT", "/admins/g2")[0]?.body).toEqual({ Roles: ["content", "people"] }));
    await waitFor(() => expect(within(group()).getAllByRole("listitem")[1]).toHaveTextContent("Roles: ContentPeople"));
  });
});
