import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { consolePaths, isConsolePath } from "@/lib/console-paths";
import { readItem, storageKeys, writeItem } from "@/lib/storage";
import { makeToken } from "@/test/tokens";
import { eventSections } from "./sections";
import { clearConsoleToken, initConsoleSession, storeConsoleToken, useConsoleSession } from "./session";
import { fakeServer, organizerAnswers, organizerToken, PERSON, renderConsole, setUpConsole } from "./test-utils";

const emptyList = organizerAnswers;
const withList: Parameters<typeof fakeServer>[0] = (call) => {
  if (call.url.pathname === "/api/v1/events/managed") return { status: 200, body: [] };
  return organizerAnswers(call);
};

describe("the console's place", () => {
  it("is the first segment manage, in any case, and never an event name", () => {
    expect(isConsolePath("/manage")).toBe(true);
    expect(isConsolePath("/Manage/events/new")).toBe(true);
    expect(isConsolePath("/manager")).toBe(false);
    expect(isConsolePath("/demo/manage")).toBe(false);
    expect(consolePaths.event("abc")).toBe("/events/abc");
  });

  it("lets features add an event's sections (settings first)", () => {
    // Order-insensitive after the first, so features adding sections side by side do not clash.
    const paths = eventSections.map((s) => s.path);
    expect(paths[0]).toBe("");
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(["access", "admins"]));
  });
});

describe("the console token", () => {
  beforeEach(() => setUpConsole(false));

  it("lives under its own key, apart from attendees' tokens, and refuses unreadable ones", () => {
    expect(storeConsoleToken("not-a-token")).toBe(false);
    expect(readItem("local", storageKeys.consoleJwt)).toBeNull();
    expect(storeConsoleToken(organizerToken)).toBe(true);
    expect(readItem("local", storageKeys.consoleJwt)).toBe(organizerToken);
    expect(Object.keys(window.sessionStorage).filter((k) => k.startsWith("jwt_"))).toEqual([]);
    clearConsoleToken();
    expect(readItem("local", storageKeys.consoleJwt)).toBeNull();
  });

  it("is read back at start-up; an unreadable stored one is deleted", () => {
    writeItem("local", storageKeys.consoleJwt, organizerToken);
    initConsoleSession();
    expect(useConsoleSession.getState().claims?.personId).toBe(PERSON);
    writeItem("local", storageKeys.consoleJwt, "garbage");
    initConsoleSession();
    expect(useConsoleSession.getState().token).toBeNull();
    expect(readItem("local", storageKeys.consoleJwt)).toBeNull();
  });
});

describe("admin login", () => {
  beforeEach(() => setUpConsole(false));

  it("guards: without a token → login, then back to the wanted page", async () => {
    const calls = fakeServer((call) => {
      if (call.url.pathname === "/api/v1/loginadmin") return { status: 200, body: { Reason: 7, ReasonText: "LOGIN_OK", Token: organizerToken, PersonID: PERSON, EventID: "0".repeat(24) } };
      if (call.url.pathname === "/api/v1/events/managed") return { status: 200, body: [] };
      return organizerAnswers(call);
    });
    const { router } = renderConsole("/events/new?x=1");
    await screen.findByRole("heading", { name: "Organizer login" });
    expect(router.state.location.pathname).toBe("/manage/login");

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email address"), " admin@demo.venuely.example ");
    await user.type(screen.getByLabelText("Password"), "demo-organizer-pass");
    await user.click(screen.getByRole("button", { name: "Log in" }));

    await screen.findByRole("heading", { name: "New event" });
    expect(router.state.location.pathname).toBe("/manage/events/new");
    expect(router.state.location.search).toBe("?x=1");
    const login = calls.find((c) => c.url.pathname === "/api/v1/loginadmin");
    expect(login?.method).toBe("POST");
    expect(login?.body).toEqual({ LoginEMail: "admin@demo.venuely.example", Password: "demo-organizer-pass" });
    expect(login?.headers.Authorization).toBeUndefined();
    expect(readItem("local", storageKeys.consoleJwt)).toBe(organizerToken);
    // Later calls carry the console token; the header names the organizer.
    expect(calls.find((c) => c.url.pathname === "/api/v1/admins")?.headers.Authorization).toBe(`Bearer ${organizerToken}`);
    expect(await screen.findByText("Signed in as Ada Lovelace")).toBeInTheDocument();
  });

  it("validates before sending, then shows the reason's message", async () => {
    const calls = fakeServer((call) =>
      call.url.pathname === "/api/v1/loginadmin" ? { status: 200, body: { Reason: 1, ReasonText: "WRONG_CREDENTIALS" } } : undefined,
    );
    renderConsole("/login");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Please enter a password")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText("Email address")).toHaveFocus());

    await user.type(screen.getByLabelText("Email address"), "someone@example.org");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Check your email/password and try again")).toBeInTheDocument();
    expect(screen.getByLabelText("Email address")).toHaveValue("someone@example.org");
  });

  it("tells a person without an admin grant they have no organizer rights (Reason 11)", async () => {
    fakeServer((call) => (call.url.pathname === "/api/v1/loginadmin" ? { status: 200, body: { Reason: 11, ReasonText: "ADMIN_REQUIRED" } } : undefined));
    renderConsole("/login");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email address"), "attendee@demo.venuely.example");
    await user.type(screen.getByLabelText("Password"), "demo-attendee-pass");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText(/has no organizer rights/)).toBeInTheDocument();
    expect(useConsoleSession.getState().token).toBeNull();
  });

  it("sends a token whose holder lost their grant (403 on GET /admins) back to login, revoked", async () => {
    const calls = fakeServer((call) => {
      if (call.url.pathname === "/api/v1/admins") return { status: 403, body: { Error: { Code: "FORBIDDEN", Message: "no" } } };
      return organizerAnswers(call);
    });
    await setUpConsole(true);
    const { router } = renderConsole("/");
    expect(await screen.findByText(/has no organizer rights/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/manage/login");
    expect(calls.some((c) => c.url.pathname === "/api/v1/logout")).toBe(true);
    expect(useConsoleSession.getState().token).toBeNull();
  });

  it("a 401 drops the token and goes to login", async () => {
    fakeServer((call) => (call.url.pathname.startsWith("/api/v1/persons/") ? { status: 401, body: { Error: { Code: "TOKEN_REVOKED", Message: "revoked" } } } : organizerAnswers(call)));
    await setUpConsole(true);
    const { router } = renderConsole("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/manage/login"));
    expect(useConsoleSession.getState().token).toBeNull();
  });
});

describe("the shell", () => {
  beforeEach(() => setUpConsole(true));

  it("has landmarks, a skip link, and a menu button tied to the navigation", async () => {
    fakeServer(withList);
    renderConsole("/");
    await screen.findByRole("heading", { level: 1, name: "Events" });
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("main")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Console" });
    expect(within(nav).getByRole("link", { name: "Events" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#console-main");
    const menu = screen.getByRole("button", { name: "Menu" });
    expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(menu).toHaveAttribute("aria-controls", nav.id);
    await userEvent.setup().click(menu);
    expect(menu).toHaveAttribute("aria-expanded", "true");
    expect(within(nav).getByRole("link", { name: "Events" })).toHaveFocus();
    expect(document.title).toBe("Events · Venuely Console");
  });

  it("moves focus to the new page's heading after a navigation", async () => {
    fakeServer(withList);
    renderConsole("/");
    await screen.findByRole("heading", { level: 1, name: "Events" });
    const [newEvent] = await screen.findAllByRole("link", { name: "New event" });
    if (!newEvent) throw new Error("no New event link");
    await userEvent.setup().click(newEvent);
    const heading = await screen.findByRole("heading", { level: 1, name: "New event" });
    await waitFor(() => expect(heading).toHaveFocus());
    // Still in the Events section of the navigation, though not on its page.
    expect(within(screen.getByRole("navigation", { name: "Console" })).getByRole("link", { name: "Events" })).toHaveAttribute("aria-current", "true");
  });

  it("logs out: revokes the token, forgets it, and goes to login (not back afterwards)", async () => {
    const calls = fakeServer(emptyList);
    const { router } = renderConsole("/events/new");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Log out" }));
    await screen.findByRole("heading", { name: "Organizer login" });
    expect(calls.find((c) => c.url.pathname === "/api/v1/logout")?.headers.Authorization).toBe(`Bearer ${organizerToken}`);
    expect(useConsoleSession.getState().token).toBeNull();
    expect((router.state.location.state as { from?: unknown } | null)?.from).toBeUndefined();
  });

  it("a token of another shape is no console session", () => {
    expect(storeConsoleToken(makeToken({ person_id: PERSON }))).toBe(false);
  });
});
