/**
 * The shell's part of customers, event requests and roles: who sees Customers and Event requests,
 * master-only pages, a customer's sections, and an event's sections hidden and refused by the
 * caller's rights (`GET /events/{EventID}/my-rights`).
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventSections } from "./sections";
import { CUSTOMER, eventFixture, fakeServer, organizerAnswers, renderConsole, setUpConsole, type Handler } from "./test-utils";

const EVENT = "e".repeat(24);
const OTHER = "d".repeat(24);

/** An organizer: master or not, and the customers `GET /customers` answers. */
function organizer({ master, customers }: { master: boolean; customers: { ID: string; Name: string; MayCreateEvents: boolean }[] }): Handler {
  return (call) => {
    const path = call.url.pathname;
    if (path === "/api/v1/admins/getismasteradmin") return { status: 200, body: master };
    if (path === "/api/v1/customers") return { status: 200, body: customers.map((c) => ({ ...c, IsDisabled: false, CreatedAt: "2030-01-01T00:00:00Z" })) };
    if (path === "/api/v1/events/managed") return { status: 200, body: [] };
    if (path === `/api/v1/events/${EVENT}`) return { status: 200, body: eventFixture({ ID: EVENT }) };
    return organizerAnswers(call);
  };
}

const consoleNav = () => screen.getByRole("navigation", { name: "Console" });
const sectionNav = () => screen.findByRole("navigation", { name: "Event sections" });

beforeEach(() => setUpConsole(true));
afterEach(() => vi.unstubAllGlobals());

describe("the console navigation", () => {
  it("shows Customers and Event requests to a master admin", async () => {
    fakeServer(organizer({ master: true, customers: [{ ID: CUSTOMER, Name: "Acme", MayCreateEvents: true }] }));
    renderConsole("/");
    await screen.findByRole("heading", { level: 1, name: "Events" });
    expect(await within(consoleNav()).findByRole("link", { name: "Customers" })).toHaveAttribute("href", "/manage/customers");
    expect(within(consoleNav()).getByRole("link", { name: "Event requests" })).toHaveAttribute("href", "/manage/event-requests");
  });

  it("shows Customers, not Event requests, to a customer admin", async () => {
    fakeServer(organizer({ master: false, customers: [{ ID: CUSTOMER, Name: "Acme", MayCreateEvents: true }] }));
    renderConsole("/");
    await screen.findByRole("heading", { level: 1, name: "Events" });
    expect(await within(consoleNav()).findByRole("link", { name: "Customers" })).toBeInTheDocument();
    expect(within(consoleNav()).queryByRole("link", { name: "Event requests" })).toBeNull();
  });

  it("shows neither to an event admin (their events' customers are not theirs)", async () => {
    const calls = fakeServer(organizer({ master: false, customers: [{ ID: CUSTOMER, Name: "Acme", MayCreateEvents: false }] }));
    renderConsole("/");
    await screen.findByRole("heading", { level: 1, name: "Events" });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/v1/admins/getismasteradmin")).toBe(true));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/v1/customers")).toBe(true));
    expect(within(consoleNav()).getAllByRole("link").map((a) => a.textContent)).toEqual(["Events"]);
  });

  it("marks Customers on a customer's pages", async () => {
    fakeServer((call) => {
      if (call.url.pathname === `/api/v1/customers/${CUSTOMER}`) {
        return { status: 200, body: { ID: CUSTOMER, Name: "Acme", IsDisabled: true, MayCreateEvents: true, CreatedAt: "2030-01-01T00:00:00Z" } };
      }
      return organizer({ master: true, customers: [{ ID: CUSTOMER, Name: "Acme", MayCreateEvents: true }] })(call);
    });
    renderConsole(`/customers/${CUSTOMER}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Acme" })).toBeInTheDocument();
    expect(screen.getByText("Disabled", { selector: ".console-badge" })).toBeInTheDocument();
    expect(await within(consoleNav()).findByRole("link", { name: "Customers" })).toHaveAttribute("aria-current", "true");
    const sections = screen.getByRole("navigation", { name: "Customer sections" });
    expect(within(sections).getAllByRole("link").map((a) => a.textContent)).toEqual(["Settings", "Sign-in", "Admins"]);
    expect(within(sections).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  });
});

describe("master admins' pages", () => {
  it("refuse others with a message, and never ask for the requests", async () => {
    const calls = fakeServer(organizer({ master: false, customers: [{ ID: CUSTOMER, Name: "Acme", MayCreateEvents: true }] }));
    renderConsole("/event-requests");
    expect(await screen.findByRole("heading", { level: 1, name: "Master admins only" })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === "/api/v1/event-requests")).toBe(false);
  });

  it("open for a master admin", async () => {
    fakeServer((call) =>
      call.url.pathname === "/api/v1/event-requests" ? { status: 200, body: [] } : organizer({ master: true, customers: [] })(call),
    );
    renderConsole("/customers/new");
    expect(await screen.findByRole("heading", { level: 1, name: "New customer" })).toBeInTheDocument();
  });
});

describe("an event's sections by the caller's rights", () => {
  const withRights = (rights: { status: number; body?: unknown }): Handler => (call) =>
    call.url.pathname === `/api/v1/events/${EVENT}/my-rights`
      ? rights
      : call.url.pathname.startsWith("/api/v1/admins/listadmins/")
        ? { status: 200, body: [] }
        : organizer({ master: false, customers: [{ ID: CUSTOMER, Name: "Demo Customer", MayCreateEvents: true }] })(call);

  it("shows only the sections of the roles held (moderation: the live screens, and Check)", async () => {
    fakeServer(withRights({ status: 200, body: { EventID: EVENT, IsMaster: false, Roles: ["moderation"] } }));
    renderConsole(`/events/${EVENT}/qna`);
    const nav = await sectionNav();
    await waitFor(() => expect(within(nav).getAllByRole("link").map((a) => a.textContent)).toEqual(["Polls", "Q&A", "Breakout rooms", "Help desk", "Wall of Fame", "Check"]));
  });

  it("shows the Dashboard to the analytics role (and Check)", async () => {
    fakeServer(withRights({ status: 200, body: { EventID: EVENT, IsMaster: false, Roles: ["analytics"] } }));
    renderConsole(`/events/${EVENT}/dashboard`);
    const nav = await sectionNav();
    await waitFor(() => expect(within(nav).getAllByRole("link").map((a) => a.textContent)).toEqual(["Dashboard", "Check"]));
  });

  it("refuses a hidden section's address with the role it needs", async () => {
    fakeServer(withRights({ status: 200, body: { EventID: EVENT, IsMaster: false, Roles: ["content"] } }));
    renderConsole(`/events/${EVENT}/admins`);
    const section = await screen.findByRole("region", { name: "Admins" });
    expect(await within(section).findByText("You don't have the People role for this event, which Admins needs.")).toBeInTheDocument();
    expect(within(section).queryByRole("heading", { name: "Admins" })).toBeNull();
    expect(within(await sectionNav()).queryByRole("link", { name: "Admins" })).toBeNull();
    expect(within(await sectionNav()).getByRole("link", { name: "Settings" })).toBeInTheDocument();
  });

  it("sends someone without the content role from the event's first page to a section they may open", async () => {
    fakeServer(withRights({ status: 200, body: { EventID: EVENT, IsMaster: false, Roles: ["people"] } }));
    const { router } = renderConsole(`/events/${EVENT}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage/events/${EVENT}/access`));
    expect(within(await sectionNav()).getAllByRole("link").map((a) => a.textContent)).toEqual(["Access", "Admins", "People", "Check"]);
  });

  it("a full event admin (all four roles) and a master see every section", async () => {
    fakeServer(withRights({ status: 200, body: { EventID: EVENT, IsMaster: true, Roles: [] } }));
    renderConsole(`/events/${EVENT}/admins`);
    const nav = await sectionNav();
    await waitFor(() => expect(within(nav).getAllByRole("link")).toHaveLength(eventSections.length));
    expect(await screen.findByRole("heading", { level: 2, name: "Admins" })).toBeInTheDocument();
  });

  it("unknown rights (the check failed) hide nothing: the server decides", async () => {
    fakeServer(withRights({ status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } }));
    renderConsole(`/events/${EVENT}/admins`);
    const nav = await sectionNav();
    await waitFor(() => expect(within(nav).getAllByRole("link")).toHaveLength(eventSections.length));
    expect(await screen.findByRole("heading", { level: 2, name: "Admins" })).toBeInTheDocument();
  });

  it("asks for the rights of the event shown, with the console token", async () => {
    const calls = fakeServer(withRights({ status: 200, body: { EventID: EVENT, IsMaster: false, Roles: ["content", "moderation", "people", "analytics"] } }));
    renderConsole(`/events/${EVENT}/admins`);
    await sectionNav();
    const asked = calls.find((c) => c.url.pathname === `/api/v1/events/${EVENT}/my-rights`);
    expect(asked?.headers.Authorization).toMatch(/^Bearer /);
    expect(calls.some((c) => c.url.pathname === `/api/v1/events/${OTHER}/my-rights`)).toBe(false);
  });
});
