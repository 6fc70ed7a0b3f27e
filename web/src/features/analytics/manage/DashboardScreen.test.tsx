import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addConsoleStrings } from "@/app/console/i18n";
import { initI18n } from "@/lib/i18n";
import { writeItem, storageKeys } from "@/lib/storage";
import { dashboardQuery, isRunning, REFRESH_MS, type Dashboard } from "./api";
import type { ChartProps } from "./Chart";
import { DashboardScreen } from "./DashboardScreen";

// uPlot draws on a canvas, which jsdom has not; the wrapper's own fallback table is what a
// screen reader gets, so the stand-in renders the same figure and names.
vi.mock("./Chart", () => ({
  Chart: ({ label, points }: ChartProps) => (
    <figure aria-label={label} data-points={points.map((p) => `${new Date(p.at).toISOString()}=${p.value}`).join(" ")} />
  ),
}));

const EVENT = "ev1";
const BASE = `/api/v1/events/${EVENT}`;
const RUNNING = { ID: EVENT, TimeZone: "Europe/Berlin", DateBeginUTC: "2000-01-01T08:00:00Z", DateEndUTC: "2100-01-01T18:00:00Z" };

const empty = (): Dashboard => ({
  EventID: EVENT,
  GeneratedAt: "2030-05-01T10:00:00Z",
  Attendees: 0,
  OnlineNow: { Total: 0, PerPlace: [] },
  Registrations: [],
  Attendance: [],
  ChatPerMinute: [],
  Polls: [],
  TopRooms: [],
  PageViews: [],
});

const full = (): Dashboard => ({
  ...empty(),
  Attendees: 1200,
  OnlineNow: { Total: 42, PerPlace: [{ Place: "auditorium", Count: 30 }, { Place: "lobby", Count: 12 }] },
  Registrations: [{ At: "2030-05-01T08:00:00Z", Count: 5 }, { At: "2030-05-01T09:00:00Z", Count: 9 }],
  Attendance: [{ ActivityID: "s1", Title: "Keynote", Peak: 310, Unique: 480, AverageMinutes: 23.46 }],
  ChatPerMinute: [{ Minute: "2030-05-01T09:59:00Z", Count: 17 }],
  Polls: [{ PollID: "p1", Title: "Which track next?", Ballots: 300, Participation: 0.25 }],
  TopRooms: [{ Place: "auditorium", PersonMinutes: 9000 }],
  PageViews: [{ Screen: "room", Count: 2500 }],
});

type Reply = { status: number; body?: unknown };

function serve(dashboard: Reply[], event = RUNNING) {
  const calls: { path: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      calls.push({ path: url.pathname, authorization: new Headers(init?.headers).get("Authorization") });
      if (url.pathname === BASE) return new Response(JSON.stringify(event), { status: 200 });
      if (url.pathname === `${BASE}/analytics/dashboard`) {
        const reply = (dashboard.length > 1 ? dashboard.shift() : dashboard[0]) ?? { status: 500 };
        return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
      }
      if (url.pathname.endsWith(".csv")) {
        const table = url.pathname.split("/").at(-1) ?? "";
        return new Response("a,b\r\n", { status: 200, headers: { "Content-Disposition": `attachment; filename="${table}"` } });
      }
      return new Response(JSON.stringify({ Error: { Code: "ROUTE_NOT_FOUND", Message: "no" } }), { status: 404 });
    }),
  );
  return calls;
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DashboardScreen eventId={EVENT} />
    </QueryClientProvider>,
  );
}

const panel = (name: string) => screen.getByRole("region", { name });

beforeEach(async () => {
  await initI18n("en");
  addConsoleStrings();
});
afterEach(() => vi.unstubAllGlobals());

describe("the Dashboard section", { timeout: 20_000 }, () => {
  it("says it is loading, then shows every figure", async () => {
    serve([{ status: 200, body: full() }]);
    renderScreen();
    expect(screen.getByRole("heading", { name: "Dashboard", level: 2 })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading the figures…");

    expect(await screen.findByTestId("online-total")).toHaveTextContent("42");
    const online = panel("Online now");
    expect(online).toHaveTextContent("attendees online");
    expect(online).toHaveTextContent("of 1,200 registered attendees");
    expect(within(online).getAllByRole("row").map((r) => r.textContent)).toEqual(["PlaceOnline", "auditorium30", "lobby12"]);

    const attendance = within(panel("Attendance per session"));
    expect(attendance.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Session", "Peak viewers", "Unique viewers", "Average minutes"]);
    expect(attendance.getByRole("row", { name: /Keynote/ })).toHaveTextContent("Keynote31048023.5");
    expect(within(panel("Poll participation")).getByRole("row", { name: /Which track next/ })).toHaveTextContent("30025%");
    expect(within(panel("Top rooms")).getByRole("row", { name: /auditorium/ })).toHaveTextContent("auditorium9,000");
    expect(within(panel("Page views per screen")).getByRole("row", { name: /room/ })).toHaveTextContent("room2,500");

    // Registrations as the total so far (the CSV has them per hour).
    const registrations = await screen.findByRole("figure", { name: "Registrations so far" });
    expect(registrations).toHaveAttribute("data-points", "2030-05-01T08:00:00.000Z=5 2030-05-01T09:00:00.000Z=14");
    expect(await screen.findByRole("figure", { name: "Chat messages per minute" })).toHaveAttribute("data-points", "2030-05-01T09:59:00.000Z=17");
    // The event runs: the line says so, with the time of the figures in the event's zone.
    expect(screen.getByText(/^The event is running: the figures refresh every 10 seconds\. Last update 12:00 PM\./)).toBeInTheDocument();
    expect(screen.queryByText(/^No data yet/)).toBeNull();
  });

  it("explains an empty dashboard, block by block", async () => {
    serve([{ status: 200, body: empty() }], { ...RUNNING, DateEndUTC: "2001-01-01T00:00:00Z" });
    renderScreen();
    expect(await screen.findByText(/^No data yet\. Figures appear once attendees who allow statistics log in/)).toBeInTheDocument();
    expect(within(panel("Online now")).getByText("Nobody is online right now.")).toBeInTheDocument();
    expect(within(panel("Registrations")).getByText("No registrations yet.")).toBeInTheDocument();
    expect(within(panel("Attendance per session")).getByText("No session has been watched yet.")).toBeInTheDocument();
    expect(within(panel("Page views per screen")).getByText("No page views yet.")).toBeInTheDocument();
    expect(screen.queryByRole("figure")).toBeNull();
    expect(await screen.findByText(/^The event is not running, so the figures do not refresh by themselves\./)).toBeInTheDocument();
  });

  it("says a failure and tries again on Retry", async () => {
    serve([{ status: 500, body: { Error: { Code: "INTERNAL", Message: "boom" } } }, { status: 200, body: full() }]);
    renderScreen();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The figures could not be loaded.");
    await userEvent.click(within(alert).getByRole("button"));
    expect(await screen.findByTestId("online-total")).toHaveTextContent("42");
    await waitFor(() => expect(screen.getByRole("heading", { name: "Dashboard" })).toHaveFocus());
  });

  it("downloads each table as CSV with the console's token", async () => {
    writeItem("local", storageKeys.consoleJwt, "token-1");
    const calls = serve([{ status: 200, body: full() }]);
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:csv"), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderScreen();
    await screen.findByTestId("online-total");
    const buttons = screen.getAllByRole("button", { name: /^Download CSV: / });
    expect(buttons.map((b) => b.textContent)).toEqual([
      "Download CSV: Registrations",
      "Download CSV: Chat messages per minute",
      "Download CSV: Attendance per session",
      "Download CSV: Poll participation",
      "Download CSV: Top rooms",
      "Download CSV: Page views per screen",
    ]);
    for (const button of buttons) await userEvent.click(button);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(6));
    const csv = calls.filter((c) => c.path.endsWith(".csv"));
    expect(csv.map((c) => c.path.slice(BASE.length))).toEqual([
      "/analytics/registrations.csv",
      "/analytics/chat.csv",
      "/analytics/attendance.csv",
      "/analytics/polls.csv",
      "/analytics/rooms.csv",
      "/analytics/pageviews.csv",
    ]);
    expect(csv.every((c) => c.authorization === "Bearer token-1")).toBe(true);
    expect((click.mock.contexts[2] as HTMLAnchorElement).download).toBe("attendance.csv");
    click.mockRestore();
  });

  it("polls every 10 s only while the event runs", () => {
    expect(dashboardQuery(EVENT, true).refetchInterval).toBe(REFRESH_MS);
    expect(dashboardQuery(EVENT, false).refetchInterval).toBe(false);
    const at = (iso: string) => Date.parse(iso);
    expect(isRunning(RUNNING, at("2030-05-01T10:00:00Z"))).toBe(true);
    expect(isRunning({ ...RUNNING, DateEndUTC: "2001-01-01T00:00:00Z" }, at("2030-05-01T10:00:00Z"))).toBe(false);
    expect(isRunning({ ...RUNNING, DateBeginUTC: "2099-01-01T00:00:00Z" }, at("2030-05-01T10:00:00Z"))).toBe(false);
    expect(isRunning(undefined, at("2030-05-01T10:00:00Z"))).toBe(false);
  });
});
