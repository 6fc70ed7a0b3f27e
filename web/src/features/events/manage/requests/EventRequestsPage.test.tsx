/**
 * The Event requests page through the console's routes (as a master admin) against a fake server:
 * the lists by state, approving with an existing or a new customer and a checked internal name,
 * rejecting with a reason, a request decided meanwhile, and the empty / loading / error states.
 */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, organizerAnswers, renderConsole, setUpConsole, type Call, type Reply } from "@/app/console/test-utils";
import { useConsent } from "@/features/consent";
import { useNotifications } from "@/features/notifications";
import type { EventRequestRow, RequestStatus } from "./api";
import { suggestInternalName } from "./schema";

const CUSTOMER_A = "a".repeat(23) + "1";
const CUSTOMER_B = "b".repeat(23) + "2";
const NEW_EVENT = "e".repeat(23) + "9";

const request = (ID: string, Title: string, extra: Partial<EventRequestRow> = {}): EventRequestRow => ({
  ID,
  Status: "pending",
  Title,
  InternalName: "",
  Description: "",
  DateBeginUTC: "2031-06-01T08:00:00Z",
  DateEndUTC: "2031-06-02T16:00:00Z",
  Message: "We would like a venue\nfor 300 people.",
  ContactEMail: "office@example.com",
  RequesterID: "p".repeat(24),
  RequesterName: "Grace Hopper",
  RequesterEMail: "grace@example.com",
  CreatedAt: "2031-01-10T09:00:00Z",
  DecidedAt: null,
  Reason: "",
  EventID: null,
  ...extra,
});

const apiError = (status: number, code: string, data: unknown = null): Reply => ({ status, body: { Error: { Code: code, Message: code, Data: data } } });

function server({ customers = [{ ID: CUSTOMER_A, Name: "Acme" }, { ID: CUSTOMER_B, Name: "Beta" }] } = {}) {
  const state = {
    requests: [
      request("r1", "Summer Düsseldorf Summit 2031"),
      request("r2", "Robotics Day", { Message: "" }),
      request("r3", "Old Fair", { Status: "approved", DecidedAt: "2031-01-12T09:00:00Z", EventID: "f".repeat(24) }),
      request("r4", "Spam", { Status: "rejected", DecidedAt: "2031-01-12T09:00:00Z", Reason: "Not an event." }),
    ],
    next: new Map<string, Reply[]>(),
    gates: new Map<string, Promise<void>>(),
  };
  const answer = (key: string, reply: Reply) => state.next.set(key, [...(state.next.get(key) ?? []), reply]);
  const calls = fakeServer(async (call: Call) => {
    const path = call.url.pathname.replace(/^\/api\/v1/, "");
    const key = `${call.method} ${path}`;
    await state.gates.get(key);
    const queued = state.next.get(key)?.shift();
    if (queued) return queued;
    if (key === "GET /admins/getismasteradmin") return { status: 200, body: true };
    if (key === "GET /customers") return { status: 200, body: customers.map((c) => ({ ...c, IsDisabled: false, MayCreateEvents: true, CreatedAt: "2030-01-01T00:00:00Z" })) };
    if (key === "GET /event-requests") {
      const status = call.url.searchParams.get("Status") as RequestStatus;
      return { status: 200, body: state.requests.filter((r) => r.Status === status) };
    }
    if (/^GET \/events\/name\/[^/]+\/metadata$/.test(key)) {
      return path.includes("/taken-name/") ? { status: 200, body: { EventID: "x".repeat(24) } } : apiError(404, "EVENT_NOT_FOUND");
    }
    const decide = /^POST \/event-requests\/([^/]+)\/(approve|reject)$/.exec(key);
    if (decide) {
      const index = state.requests.findIndex((r) => r.ID === decide[1]);
      const found = state.requests[index];
      if (!found) return apiError(404, "EVENT_REQUEST_NOT_FOUND");
      if (found.Status !== "pending") return apiError(409, "CONFLICT");
      const body = call.body as { Reason?: string };
      const decided: EventRequestRow =
        decide[2] === "approve"
          ? { ...found, Status: "approved", DecidedAt: "2031-02-01T00:00:00Z", EventID: NEW_EVENT }
          : { ...found, Status: "rejected", DecidedAt: "2031-02-01T00:00:00Z", Reason: body.Reason ?? "" };
      state.requests[index] = decided;
      return { status: 200, body: decided };
    }
    return organizerAnswers(call);
  });
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === `/api/v1${path}`);
  return { state, answer, calls, callsTo };
}

const card = (title: string) => screen.getByRole("article", { name: title });
const toasts = () => useNotifications.getState().items.map((n) => n.text);

beforeEach(async () => {
  await setUpConsole(true);
  // The cookie question is a dialog of its own; these tests look for the request dialogs.
  useConsent.setState({ modalOpen: false });
});
afterEach(() => vi.unstubAllGlobals());

describe("the lists", () => {
  it("pending first: each request's dates, requester, contact, message and actions", async () => {
    const { callsTo } = server();
    renderConsole("/event-requests");
    expect(await screen.findByRole("heading", { level: 1, name: "Event requests" })).toBeInTheDocument();
    await screen.findByRole("article", { name: "Summer Düsseldorf Summit 2031" });
    expect(callsTo("GET", "/event-requests")[0]?.url.searchParams.get("Status")).toBe("pending");
    const summit = card("Summer Düsseldorf Summit 2031");
    expect(summit).toHaveTextContent(/01\.06\.2031 \d\d:00 – 02\.06\.2031 \d\d:00/);
    expect(summit).toHaveTextContent("Requested by Grace Hopper (grace@example.com)");
    expect(summit).toHaveTextContent("Contact address: office@example.com");
    expect(within(summit).getByText(/We would like a venue/)).toBeInTheDocument();
    expect(within(card("Robotics Day")).getByText("No message.")).toBeInTheDocument();
    expect(within(summit).getByRole("button", { name: "Approve “Summer Düsseldorf Summit 2031”" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Pending" })).toHaveAttribute("aria-selected", "true");
  });

  it("approved and rejected: by tab (kept in the address), with the event link or the reason, no actions", async () => {
    const { callsTo } = server();
    const { router } = renderConsole("/event-requests");
    await screen.findByRole("article", { name: "Robotics Day" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Approved" }));
    const fair = await screen.findByRole("article", { name: "Old Fair" });
    expect(router.state.location.search).toBe("?status=approved");
    expect(within(fair).getByRole("link", { name: "Open the event" })).toHaveAttribute("href", `/manage/events/${"f".repeat(24)}`);
    expect(within(fair).queryByRole("button")).toBeNull();
    await user.click(screen.getByRole("tab", { name: "Rejected" }));
    expect(within(await screen.findByRole("article", { name: "Spam" })).getByText("Not an event.")).toBeInTheDocument();
    expect(callsTo("GET", "/event-requests").map((c) => c.url.searchParams.get("Status"))).toEqual(["pending", "approved", "rejected"]);
  });

  it("loading, an error with retry, and empty", async () => {
    const { answer, state } = server();
    let open: () => void = () => undefined;
    state.gates.set("GET /event-requests", new Promise<void>((resolve) => (open = resolve)));
    answer("GET /event-requests", apiError(500, "INTERNAL_ERROR"));
    renderConsole("/event-requests");
    expect(await screen.findByText("Loading the requests…")).toBeInTheDocument();
    await act(async () => open());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The requests could not be loaded.");
    state.requests = [];
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No requests are waiting.")).toBeInTheDocument();
  });
});

describe("approving", () => {
  it("an existing customer: the name comes from the title, the body names the customer, the request leaves the list", async () => {
    const { callsTo } = server();
    renderConsole("/event-requests");
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole("article", { name: "Summer Düsseldorf Summit 2031" })).getByRole("button", { name: /^Approve/ }));
    const dialog = screen.getByRole("dialog", { name: "Approve “Summer Düsseldorf Summit 2031”" });
    expect(dialog).toHaveAccessibleDescription(/Grace Hopper \(grace@example\.com\) becomes its event admin/);
    const name = within(dialog).getByLabelText("Internal name");
    expect(name).toHaveValue("summer-dusseldorf-summit-2031");
    expect(await within(dialog).findByText("This name is free.")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Approve and create the event" }));
    expect(await within(dialog).findByText("Please choose a customer")).toBeInTheDocument();
    expect(callsTo("POST", "/event-requests/r1/approve")).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText("Customer"), CUSTOMER_B);
    await user.click(within(dialog).getByRole("button", { name: "Approve and create the event" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo("POST", "/event-requests/r1/approve")[0]?.body).toEqual({ CustomerID: CUSTOMER_B, InternalName: "summer-dusseldorf-summit-2031" });
    expect(screen.queryByRole("article", { name: "Summer Düsseldorf Summit 2031" })).toBeNull();
    expect(screen.getByRole("article", { name: "Robotics Day" })).toBeInTheDocument();
    expect(toasts()).toContain("“Summer Düsseldorf Summit 2031” was approved and its event created. grace@example.com has been told.");

    await user.click(screen.getByRole("tab", { name: "Approved" }));
    const approved = await screen.findByRole("article", { name: "Summer Düsseldorf Summit 2031" });
    expect(within(approved).getByRole("link", { name: "Open the event" })).toHaveAttribute("href", `/manage/events/${NEW_EVENT}`);
  });

  it("a new customer: its name is required and sent instead of an ID; the internal name is checked like the event form's", async () => {
    const { callsTo } = server();
    renderConsole("/event-requests");
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole("article", { name: "Robotics Day" })).getByRole("button", { name: /^Approve/ }));
    const dialog = screen.getByRole("dialog");
    // The name the requester suggested comes first; the title only when they gave none.
    expect(within(dialog).getByLabelText("Internal name")).toHaveValue("robotics-day");
    await user.click(within(dialog).getByLabelText("A new customer"));
    expect(within(dialog).queryByLabelText("Customer")).toBeNull();
    const name = within(dialog).getByLabelText("Internal name");
    await user.clear(name);
    await user.type(name, "manage");
    expect(await within(dialog).findByText("This name is reserved by the platform")).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, "taken-name");
    expect(await within(dialog).findByText("Another event already uses this name")).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, "robotics-2031");
    await user.click(within(dialog).getByRole("button", { name: "Approve and create the event" }));
    expect(await within(dialog).findByText("Enter the new customer's name.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("New customer's name"), "  Robo Club ");
    await user.click(within(dialog).getByRole("button", { name: "Approve and create the event" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo("POST", "/event-requests/r2/approve")[0]?.body).toEqual({ NewCustomerName: "Robo Club", InternalName: "robotics-2031" });
  });

  it("without any customer, a new one is the only choice", async () => {
    server({ customers: [] });
    renderConsole("/event-requests");
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole("article", { name: "Robotics Day" })).getByRole("button", { name: /^Approve/ }));
    const dialog = screen.getByRole("dialog");
    expect(await within(dialog).findByText("There are no customers yet: create a new one.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("New customer's name")).toBeInTheDocument();
  });

  it("a name taken meanwhile goes beside the field, the values kept; a request decided meanwhile closes and refreshes", async () => {
    const { answer, state } = server();
    answer("POST /event-requests/r2/approve", apiError(409, "INTERNAL_NAME_TAKEN", { InternalName: "robotics-day" }));
    renderConsole("/event-requests");
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole("article", { name: "Robotics Day" })).getByRole("button", { name: /^Approve/ }));
    const dialog = screen.getByRole("dialog");
    await user.selectOptions(within(dialog).getByLabelText("Customer"), CUSTOMER_A);
    await within(dialog).findByText("This name is free.");
    await user.click(within(dialog).getByRole("button", { name: "Approve and create the event" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Internal name")).toHaveAttribute("aria-invalid", "true"));
    expect(within(dialog).getByLabelText("Internal name")).toHaveFocus();
    expect(within(dialog).getByLabelText("Customer")).toHaveValue(CUSTOMER_A);

    // Someone else rejects it meanwhile.
    const index = state.requests.findIndex((r) => r.ID === "r2");
    state.requests[index] = { ...request("r2", "Robotics Day"), Status: "rejected" };
    await user.click(within(dialog).getByRole("button", { name: "Approve and create the event" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toasts()).toContain("This request was decided in the meantime. The lists now show its state.");
    await waitFor(() => expect(screen.queryByRole("article", { name: "Robotics Day" })).toBeNull());
  });
});

describe("rejecting", () => {
  it("asks for a reason and sends it trimmed; the request moves to Rejected", async () => {
    const { callsTo } = server();
    renderConsole("/event-requests");
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole("article", { name: "Robotics Day" })).getByRole("button", { name: /^Reject/ }));
    const dialog = screen.getByRole("dialog", { name: "Reject “Robotics Day”" });
    await user.click(within(dialog).getByRole("button", { name: "Reject the request" }));
    expect(await within(dialog).findByText("Enter a reason: it is sent to the requester.")).toBeInTheDocument();
    expect(callsTo("POST", "/event-requests/r2/reject")).toHaveLength(0);
    await user.type(within(dialog).getByLabelText("Reason"), "  We are fully booked that week. ");
    await user.click(within(dialog).getByRole("button", { name: "Reject the request" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo("POST", "/event-requests/r2/reject")[0]?.body).toEqual({ Reason: "We are fully booked that week." });
    expect(screen.queryByRole("article", { name: "Robotics Day" })).toBeNull();
    await user.click(screen.getByRole("tab", { name: "Rejected" }));
    expect(within(await screen.findByRole("article", { name: "Robotics Day" })).getByText("We are fully booked that week.")).toBeInTheDocument();
  });

  it("Escape cancels without sending; a refusal stays in the dialog with the reason kept", async () => {
    const { answer, callsTo } = server();
    answer("POST /event-requests/r1/reject", apiError(500, "INTERNAL_ERROR"));
    renderConsole("/event-requests");
    const user = userEvent.setup();
    const summit = await screen.findByRole("article", { name: "Summer Düsseldorf Summit 2031" });
    const reject = within(summit).getByRole("button", { name: /^Reject/ });
    await user.click(reject);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(reject).toHaveFocus();
    await user.click(reject);
    await user.type(screen.getByLabelText("Reason"), "No.");
    await user.click(screen.getByRole("button", { name: "Reject the request" }));
    expect(await within(screen.getByRole("dialog")).findByTestId("form-error")).toHaveTextContent("The request was not rejected.");
    expect(screen.getByLabelText("Reason")).toHaveValue("No.");
    expect(callsTo("POST", "/event-requests/r1/reject")).toHaveLength(1);
  });

  it("axe finds nothing with the list and the approve dialog open", async () => {
    server();
    renderConsole("/event-requests");
    await userEvent.setup().click(within(await screen.findByRole("article", { name: "Robotics Day" })).getByRole("button", { name: /^Approve/ }));
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null); // jsdom has no canvas
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  });
});

describe("the suggested internal name", () => {
  it("is the title's letters and digits joined by hyphens, at most 63 characters, or nothing", () => {
    expect(suggestInternalName("Summer Düsseldorf Summit 2031")).toBe("summer-dusseldorf-summit-2031");
    expect(suggestInternalName("  Straße & Co. — Tag 1! ")).toBe("strasse-co-tag-1");
    expect(suggestInternalName("É")).toBe("");
    expect(suggestInternalName("日本")).toBe("");
    const long = suggestInternalName("word ".repeat(30));
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long.endsWith("-")).toBe(false);
  });
});
