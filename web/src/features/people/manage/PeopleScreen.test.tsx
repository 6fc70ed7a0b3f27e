import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addConsoleStrings } from "@/app/console/i18n";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import { storageKeys, writeItem } from "@/lib/storage";
import type { ImportRow, PeoplePage, PersonRow } from "./api";
import { PeopleScreen } from "./PeopleScreen";

const EVENT = "e".repeat(24);
const BASE = `/api/v1/events/${EVENT}`;
const ADA = "a".repeat(24);
const BOB = "b".repeat(24);

const person = (over: Partial<PersonRow>): PersonRow => ({
  PersonID: null,
  Email: "x@example.com",
  FirstName: "",
  LastName: "",
  State: "invited",
  Removed: false,
  ChatBanned: false,
  InvitedAt: "2026-05-01T10:00:00Z",
  RegisteredAt: null,
  LastSeenAt: null,
  ...over,
});

const ada = person({ PersonID: ADA, Email: "ada@example.com", FirstName: "Ada", LastName: "Lovelace", State: "verified", LastSeenAt: "2026-05-02T09:30:00Z" });
const bob = person({ PersonID: BOB, Email: "bob@example.com", FirstName: "Bob", LastName: "Byte", State: "registered", ChatBanned: true });
const cleo = person({ Email: "cleo@example.com" });

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Reply = { status: number; body?: unknown };

/** The server's side: the list filtered and searched like people/listing.py, plus the writes. */
function serve(rows: PersonRow[], handler: (call: Call) => Reply | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      const call = { method: init?.method ?? "GET", path: url.pathname, query: url.searchParams, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const reply = handler(call) ?? list(rows, call);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

function list(rows: PersonRow[], call: Call): Reply {
  if (call.path !== `${BASE}/people`) return { status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND", Message: "" } } };
  const state = call.query.get("State");
  const search = (call.query.get("Search") ?? "").toLowerCase();
  const searched = rows.filter((r) => !search || `${r.FirstName} ${r.LastName} ${r.Email}`.toLowerCase().includes(search));
  const inState = (s: string | null) => (r: PersonRow) => !s || (s === "removed" ? r.Removed : s === "banned" ? r.ChatBanned : r.State === s);
  const matching = searched.filter(inState(state));
  const count = (s: string) => searched.filter(inState(s)).length;
  const counts = {
    All: searched.length,
    Invited: count("invited"),
    Registered: count("registered"),
    Verified: count("verified"),
    Removed: count("removed"),
    Banned: count("banned"),
  };
  const after = call.query.get("Cursor");
  const from = after ? matching.findIndex((r) => r.Email === after) + 1 : 0;
  const limit = Number(call.query.get("Limit"));
  const page = matching.slice(from, from + limit);
  const more = from + limit < matching.length;
  const body: PeoplePage = { Rows: page, Total: matching.length, Counts: counts, NextCursor: more ? (page.at(-1)?.Email ?? null) : null };
  return { status: 200, body };
}

const refusal = (status: number, code: string, data: unknown = {}): Reply => ({ status, body: { Error: { Code: code, Message: code, Data: data } } });

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PeopleScreen eventId={EVENT} />
    </QueryClientProvider>,
  );
}

const rowOf = (email: string) => within(screen.getByText(email).closest("tr") as HTMLElement);
const listCalls = (calls: Call[]) => calls.filter((c) => c.path === `${BASE}/people` && c.query.get("Limit") !== "1");
const toasts = () => useNotifications.getState().items.map((n) => n.text);

beforeEach(async () => {
  await initI18n("en");
  addConsoleStrings();
  useNotifications.setState({ items: [] });
  writeItem("local", storageKeys.consoleJwt, "console-token");
});
afterEach(() => vi.unstubAllGlobals());

describe("the People section", { timeout: 20_000 }, () => {
  it("lists people with their state, flags and last visit, the counts on the filter tabs", async () => {
    serve([ada, bob, cleo]);
    const { container } = renderScreen();
    expect(screen.getByRole("status")).toHaveTextContent("Loading people…");
    expect(await screen.findByText("ada@example.com")).toBeInTheDocument();
    expect(rowOf("ada@example.com").getByText("Verified")).toBeInTheDocument();
    expect(rowOf("ada@example.com").getByText("Ada Lovelace")).toBeInTheDocument();
    expect(rowOf("bob@example.com").getByText("Registered")).toBeInTheDocument();
    expect(rowOf("bob@example.com").getByText("Banned from chat")).toBeInTheDocument();
    expect(rowOf("cleo@example.com").getByText("(no name yet)")).toBeInTheDocument();
    expect(rowOf("cleo@example.com").getByText("Never")).toBeInTheDocument();
    // An invitation without an account offers no person actions.
    expect(rowOf("cleo@example.com").queryByRole("button")).toBeNull();
    expect(await screen.findByRole("tab", { name: "All 3" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Invited 1" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Banned from chat 1" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Removed 0" })).toBeInTheDocument();
    expect(screen.getByText("3 of 3 shown")).toBeInTheDocument();
    const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  it("filters by state and searches after typing stops", async () => {
    const calls = serve([ada, bob, cleo]);
    renderScreen();
    await screen.findByText("ada@example.com");
    await userEvent.click(screen.getByRole("tab", { name: /^Registered/ }));
    await waitFor(() => expect(screen.queryByText("ada@example.com")).toBeNull());
    expect(screen.getByText("bob@example.com")).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.query.get("State")).toBe("registered");

    await userEvent.click(screen.getByRole("tab", { name: /^All/ }));
    await userEvent.type(screen.getByLabelText("Search people"), "lovel");
    await waitFor(() => expect(screen.queryByText("bob@example.com")).toBeNull());
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
    // One request for the settled text, not one per key.
    const searched = listCalls(calls).filter((c) => c.query.get("Search"));
    expect(searched.map((c) => c.query.get("Search"))).toEqual(["lovel"]);

    await userEvent.clear(screen.getByLabelText("Search people"));
    await userEvent.type(screen.getByLabelText("Search people"), "nobody");
    expect(await screen.findByText("No one matches “nobody”.")).toBeInTheDocument();
  });

  it("pages with Load more", async () => {
    const many = Array.from({ length: 55 }, (_, i) => person({ Email: `p${String(i).padStart(2, "0")}@example.com` }));
    const calls = serve(many);
    renderScreen();
    expect(await screen.findByText("p49@example.com")).toBeInTheDocument();
    expect(screen.queryByText("p50@example.com")).toBeNull();
    expect(screen.getByText("50 of 55 shown")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("p54@example.com")).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.query.get("Cursor")).toBe("p49@example.com");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says when nobody is there yet and offers to invite", async () => {
    serve([]);
    renderScreen();
    expect(await screen.findByText("No one registered yet — invite people.")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Invite people" })).toHaveLength(2);
  });

  it("says why the list failed and retries", async () => {
    let fail = true;
    serve([ada], (call) => (fail && call.query.get("Limit") !== "1" ? refusal(500, "INTERNAL_ERROR") : undefined));
    renderScreen();
    expect(await screen.findByRole("alert")).toHaveTextContent("The people could not be loaded.");
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("ada@example.com")).toBeInTheDocument();
  });
});

describe("inviting", { timeout: 20_000 }, () => {
  const report: ImportRow[] = [
    { Line: 1, Email: "new@example.com", Status: "ok", Message: "" },
    { Line: 2, Email: "not-an-address", Status: "invalid", Message: "Not a valid email address" },
    { Line: 3, Email: "ada@example.com", Status: "already_registered", Message: "Already an attendee of this event" },
  ];

  it("shows the per-row report of a refused import and invites the valid rows only when confirmed", async () => {
    const calls = serve([ada], (call) => {
      if (call.path !== `${BASE}/invitations`) return undefined;
      const body = call.body as { Confirm: boolean };
      return body.Confirm ? { status: 200, body: { Rows: report, Invited: 1 } } : refusal(422, "INVITATION_IMPORT_INVALID", { Rows: report });
    });
    renderScreen();
    await screen.findByText("ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Invite people" }));
    const dialog = within(screen.getByRole("dialog", { name: "Invite people" }));
    expect(dialog.getByLabelText("Email addresses")).toHaveFocus();
    await userEvent.type(dialog.getByLabelText("Email addresses"), "new@example.com{enter}not-an-address{enter}ada@example.com");
    await userEvent.click(dialog.getByRole("button", { name: "Invite" }));

    const heading = await dialog.findByRole("heading", { name: "Report" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(dialog.getByText("1 of 3 rows can be invited.")).toBeInTheDocument();
    const bad = dialog.getByText("not-an-address").closest("tr") as HTMLElement;
    expect(bad).toHaveClass("people-report__bad");
    expect(within(bad).getByText("Not valid")).toBeInTheDocument();
    expect(within(bad).getByText("Not a valid email address")).toBeInTheDocument();
    expect(dialog.getByText("new@example.com").closest("tr")).not.toHaveClass("people-report__bad");
    expect(within(dialog.getByText("ada@example.com").closest("tr") as HTMLElement).getByText("Already registered")).toBeInTheDocument();

    const invites = () => calls.filter((c) => c.path === `${BASE}/invitations`).map((c) => c.body);
    expect(invites()).toEqual([{ Emails: ["new@example.com\nnot-an-address\nada@example.com"], Confirm: false }]);
    await userEvent.click(dialog.getByRole("button", { name: "Invite the 1 valid address" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(invites()[1]).toEqual({ Emails: ["new@example.com\nnot-an-address\nada@example.com"], Confirm: true });
    expect(toasts()).toContain("1 person has been invited.");
  });

  it("sends a chosen CSV file as CSV, invited at once when every row is good", async () => {
    const calls = serve([], (call) => (call.path === `${BASE}/invitations` ? { status: 200, body: { Rows: [], Invited: 2 } } : undefined));
    renderScreen();
    await userEvent.click((await screen.findAllByRole("button", { name: "Invite people" }))[0] as HTMLElement);
    const dialog = within(screen.getByRole("dialog"));
    const csv = "email,first_name\nnew@example.com,New\nother@example.com,Other\n";
    await userEvent.upload(dialog.getByLabelText("Or choose a CSV file"), new File([csv], "guests.csv", { type: "text/csv" }));
    expect(await dialog.findByText("File: guests.csv")).toBeInTheDocument();
    expect(dialog.getByLabelText("Email addresses")).toBeDisabled();
    await userEvent.click(dialog.getByRole("button", { name: "Invite" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.path === `${BASE}/invitations`).map((c) => c.body)).toEqual([{ CSV: csv, Confirm: false }]);
    expect(toasts()).toContain("2 people have been invited.");
  });

  it("asks for addresses before sending anything", async () => {
    const calls = serve([ada]);
    renderScreen();
    await screen.findByText("ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Invite people" }));
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Paste addresses or choose a file first.");
    expect(calls.some((c) => c.path === `${BASE}/invitations`)).toBe(false);
  });
});

describe("row actions", { timeout: 20_000 }, () => {
  async function choose(email: string, item: string) {
    await userEvent.click(rowOf(email).getByRole("button", { name: /^Actions for/ }));
    await userEvent.click(screen.getByRole("menuitem", { name: item }));
  }

  it("removes after confirming, and offers restore for a removed person", async () => {
    const calls = serve([ada, { ...bob, Removed: true }], (call) =>
      call.path.startsWith(`${BASE}/people/`) ? { status: 200, body: { PersonID: ADA, Removed: true, ChatBanned: false } } : undefined,
    );
    renderScreen();
    await screen.findByText("ada@example.com");
    await choose("ada@example.com", "Remove from event");
    const dialog = within(screen.getByRole("alertdialog", { name: "Remove Ada Lovelace from the event?" }));
    expect(dialog.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(dialog.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.filter((c) => c.method !== "GET").map((c) => [c.method, c.path])).toEqual([["PUT", `${BASE}/people/${ADA}/removal`]]);
    expect(toasts()).toContain("Ada Lovelace has been removed from the event.");

    await choose("bob@example.com", "Restore access");
    await userEvent.click(screen.getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([`${BASE}/people/${BOB}/removal`]));
  });

  it("bans and unbans chat, and mails a password reset", async () => {
    const calls = serve([ada, bob], (call) => (call.method !== "GET" ? { status: call.path.endsWith("password-reset") ? 204 : 200, body: call.path.endsWith("password-reset") ? undefined : {} } : undefined));
    renderScreen();
    await screen.findByText("ada@example.com");
    await choose("ada@example.com", "Ban from chat");
    await userEvent.click(screen.getByRole("button", { name: "Ban from chat" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await choose("bob@example.com", "Allow chat again");
    await userEvent.click(screen.getByRole("button", { name: "Allow chat" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await choose("ada@example.com", "Send password-reset mail");
    await waitFor(() => expect(toasts()).toContain("A password-reset mail has been sent to ada@example.com."));
    expect(calls.filter((c) => c.method !== "GET").map((c) => [c.method, c.path])).toEqual([
      ["PUT", `${BASE}/people/${ADA}/chat-ban`],
      ["DELETE", `${BASE}/people/${BOB}/chat-ban`],
      ["POST", `${BASE}/people/${ADA}/password-reset`],
    ]);
  });

  it("shows a refusal inside the dialog", async () => {
    serve([ada], (call) => (call.method === "PUT" ? refusal(409, "CONFLICT") : undefined));
    renderScreen();
    await screen.findByText("ada@example.com");
    await choose("ada@example.com", "Remove from event");
    await userEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(await within(screen.getByRole("alertdialog")).findByRole("alert")).toHaveTextContent(/^That did not work/);
  });

  it("erases only once the email address is typed", async () => {
    const calls = serve([ada], (call) => (call.method === "DELETE" ? { status: 204 } : undefined));
    renderScreen();
    await screen.findByText("ada@example.com");
    await choose("ada@example.com", "Erase their data in this event");
    const dialog = within(screen.getByRole("alertdialog", { name: "Erase the data of Ada Lovelace in this event?" }));
    const erase = dialog.getByRole("button", { name: "Erase data" });
    expect(erase).toBeDisabled();
    await userEvent.type(dialog.getByLabelText("To confirm, type their email address: ada@example.com"), "ada@example.co");
    expect(erase).toBeDisabled();
    await userEvent.type(dialog.getByLabelText(/^To confirm/), "m");
    await userEvent.click(erase);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([`${BASE}/people/${ADA}/data`]);
  });

  it("downloads a person's data and the list with the console's token", async () => {
    const calls = serve([ada], (call) => (call.path.endsWith("export") ? { status: 200, body: "zip" } : undefined));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    renderScreen();
    await screen.findByText("ada@example.com");
    await choose("ada@example.com", "Download their data");
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    const fetches = vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes("export"));
    expect(fetches.map(([url]) => String(url))).toEqual([`${BASE}/people/${ADA}/data-export`, `${BASE}/people/export`]);
    expect(fetches.map(([, init]) => (init?.headers as Record<string, string>).Authorization)).toEqual(["Bearer console-token", "Bearer console-token"]);
    expect(calls.length).toBeGreaterThan(0);
    click.mockRestore();
  });
});
