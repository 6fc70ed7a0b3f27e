import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  PREPUBLISH_CODES,
  PREPUBLISH_FIX_SCREEN,
  PREPUBLISH_PARAMS,
  PREPUBLISH_SEVERITY,
  type PrepublishCode,
} from "@/lib/generated/prepublish-codes";
import { addConsoleStrings } from "@/app/console/i18n";
import { initI18n } from "@/lib/i18n";
import { PrepublishScreen as Screen } from "./PrepublishScreen";
import type { PrepublishFinding, PrepublishReport } from "./prepublish-api";

const PATH = "/api/v1/events/e1/prepublish-check";

type Answer = { status: number; body?: unknown } | "offline";

function finding(code: PrepublishCode, params: Record<string, string | number | string[]> = {}, itemId?: string): PrepublishFinding {
  return {
    Code: code,
    Severity: PREPUBLISH_SEVERITY[code],
    Message: `english ${code}`,
    Params: params,
    Fix: { Screen: PREPUBLISH_FIX_SCREEN[code], ItemID: itemId ?? null },
  };
}

function report(findings: PrepublishFinding[]): PrepublishReport {
  return {
    EventID: "e1",
    CheckedAt: "2030-05-01T10:00:00Z",
    Findings: findings,
    Errors: findings.filter((f) => f.Severity === "error").length,
    Warnings: findings.filter((f) => f.Severity === "warning").length,
  };
}

/** GET answers from the queue, then the last report again. */
function fakeServer(...answers: Answer[]) {
  const state = { calls: 0, answers: [...answers], last: report([]) as PrepublishReport };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(String(input)).toBe(PATH);
    expect(init?.method ?? "GET").toBe("GET");
    state.calls += 1;
    const answer = state.answers.shift() ?? { status: 200, body: state.last };
    if (answer === "offline") throw new TypeError("Failed to fetch");
    if (answer.status === 200) state.last = answer.body as PrepublishReport;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal("fetch", fetchMock);
  return state;
}

const ok = (findings: PrepublishFinding[]): Answer => ({ status: 200, body: report(findings) });
const limited: Answer = {
  status: 429,
  body: { Error: { Code: "RATE_LIMITED", Message: "slow down", Data: { Limit: "prepublish", RetryAfterSeconds: 42 } } },
};

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/events/e1/check"]}>
        <Screen eventId="e1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const announcer = () => screen.getByTestId("prepublish-announcer");

const MIXED = [
  finding("EMBED_FRAMING_REFUSED", { MenuItemID: "m1", Name: "Stage", URL: "https://player.example.net/x", Header: "X-Frame-Options: DENY" }, "m1"),
  finding("WHITELIST_EMPTY_RESTRICTED"),
  finding("MENU_NAME_MISSING", { MenuItemID: "m2", Name: "Lobby", Languages: ["de", "fr"] }, "m2"),
  finding("WHITELIST_OPEN"),
];

describe("PrepublishScreen", () => {
  beforeEach(async () => {
    await initI18n("en");
    // The console's own strings (section names) are there whenever a console screen is.
    addConsoleStrings();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("runs on opening: loading, then the summary and the findings grouped by severity, errors first", async () => {
    const server = fakeServer(ok(MIXED));
    renderScreen();
    expect(screen.getByText("Checking… this fetches embedded pages and can take a few seconds.")).toBeInTheDocument();
    expect(await screen.findByTestId("prepublish-verdict")).toHaveTextContent("Not ready to list: fix the errors first.");
    const counts = within(screen.getByRole("list", { name: "Result of the check" }));
    expect(counts.getByText("2 errors")).toBeInTheDocument();
    expect(counts.getByText("1 warning")).toBeInTheDocument();
    expect(counts.getByText("1 note")).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Errors (2)", "Warnings (1)", "Notes (1)"]);
    const errors = within(screen.getByRole("region", { name: "Errors (2)" }));
    expect(errors.getAllByRole("listitem").map((li) => li.getAttribute("data-code"))).toEqual(["EMBED_FRAMING_REFUSED", "WHITELIST_EMPTY_RESTRICTED"]);
    // Severity in words on every finding, not by colour alone.
    expect(errors.getAllByText("Error:")).toHaveLength(2);
    expect(within(screen.getByRole("region", { name: "Warnings (1)" })).getByText("Warning:")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Notes (1)" })).getByText("Note:")).toBeInTheDocument();
    expect(
      screen.getByText("“Stage” embeds https://player.example.net/x, which refuses to be shown inside the event (X-Frame-Options: DENY)."),
    ).toBeInTheDocument();
    // Language codes read as language names.
    expect(screen.getByText("“Lobby” has no name in: Deutsch, Français.", { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/^Checked .*2030.*\.$/)).toBeInTheDocument();
    await waitFor(() => expect(announcer()).toHaveTextContent("Check finished. 2 errors, 1 warning, 1 note. Not ready to list: fix the errors first."));
    expect(server.calls).toBe(1);
  });

  it("has a translated message for every code, with its params filled in", async () => {
    const all = PREPUBLISH_CODES.map((code) =>
      finding(
        code,
        Object.fromEntries(PREPUBLISH_PARAMS[code].map((p) => [p, p === "Languages" ? ["it", "es"] : p === "Ratio" ? 2.5 : `v-${p}`])),
      ),
    );
    fakeServer(ok(all));
    renderScreen();
    await screen.findByTestId("prepublish-verdict");
    for (const code of PREPUBLISH_CODES) {
      const item = document.querySelector(`[data-code="${code}"] .prepublish-finding__message`);
      const text = item?.textContent ?? "";
      expect(text, code).not.toContain("{{");
      expect(text, code).not.toContain(`english ${code}`);
      expect(text, code).not.toContain("codes.");
      expect(text.length, code).toBeGreaterThan(20);
    }
    // Spot checks of filled params.
    const text = (code: PrepublishCode) => document.querySelector(`[data-code="${code}"] .prepublish-finding__message`)?.textContent ?? "";
    expect(text("THEME_CONTRAST_LOW")).toContain("v-TextKey (v-Text) on v-BackgroundKey (v-Background) has a contrast of 2.5:1; at least v-Required:1");
    expect(text("SESSIONS_OVERLAP")).toContain("“v-SessionTitle” and “v-OtherSessionTitle” play on screen v-ScreenID");
    expect(text("MENU_SIDEBAR_TITLE_MISSING")).toContain("Italiano, Español");
    expect(text("DATES_INVERTED")).toContain("v-DateEndUTC");
  });

  it("a code this build does not know shows the server's English message", async () => {
    const unknown: PrepublishFinding = {
      Code: "BRAND_NEW_CHECK",
      Severity: "warning",
      Message: "Something new the server checks.",
      Params: {},
      Fix: { Screen: "settings" },
    };
    fakeServer(ok([unknown]));
    renderScreen();
    expect(await screen.findByText("Something new the server checks.")).toBeInTheDocument();
  });

  it("links each finding to the console screen that fixes it, and names the screens the console lacks", async () => {
    const pages: PrepublishFinding = { Code: "SOME_PAGES_CODE", Severity: "warning", Message: "A page is wrong.", Params: {}, Fix: { Screen: "pages" } };
    fakeServer(
      ok([
        finding("DATES_INVERTED", { DateBeginUTC: "b", DateEndUTC: "a" }),
        finding("WHITELIST_EMPTY_RESTRICTED"),
        pages,
        finding("DEFAULT_PAGE_MISSING"),
        finding("MENU_MODULE_UNKNOWN", { MenuItemID: "m9", Name: "X", Module: "zz" }, "m9"),
        finding("THEME_CONTRAST_LOW", { Theme: "MainTheme", TextKey: "t", BackgroundKey: "b", Text: "#777", Background: "#888", Ratio: 1.2, Required: 4.5 }, "MainTheme"),
        finding("MENU_NODE_UNVERIFIED", { MenuItemID: "m3", Name: "Hall", NodeID: "n1", Reason: "external tour" }, "m3"),
        finding("SESSIONS_OVERLAP", { ScreenID: "s1", SessionID: "a1", SessionTitle: "A", OtherSessionID: "a2", OtherSessionTitle: "B" }, "a1"),
      ]),
    );
    renderScreen();
    await screen.findByTestId("prepublish-verdict");
    const item = (code: string) => within(document.querySelector(`[data-code="${code}"]`) as HTMLElement);
    expect(item("DATES_INVERTED").getByRole("link", { name: "Fix in Settings" })).toHaveAttribute("href", "/events/e1");
    expect(item("WHITELIST_EMPTY_RESTRICTED").getByRole("link", { name: "Fix in Access" })).toHaveAttribute("href", "/events/e1/access");
    expect(item("SOME_PAGES_CODE").getByRole("link", { name: "Fix in Pages" })).toHaveAttribute("href", "/events/e1/pages");
    const linked: [string, string, string][] = [
      ["DEFAULT_PAGE_MISSING", "Navigation", "/events/e1/navigation"],
      ["MENU_MODULE_UNKNOWN", "Navigation", "/events/e1/navigation"],
      ["THEME_CONTRAST_LOW", "Look", "/events/e1/theme"],
      ["MENU_NODE_UNVERIFIED", "Venue", "/events/e1/venue"],
    ];
    for (const [code, name, href] of linked) {
      expect(item(code).getByRole("link", { name: `Fix in ${name}` }), code).toHaveAttribute("href", href);
      expect(item(code).queryByText("Through the API:", { exact: false }), code).toBeNull();
    }
    // An overlap opens the first of the two sessions in the Schedule section.
    const overlap = item("SESSIONS_OVERLAP");
    expect(overlap.getByRole("link", { name: "Fix in Schedule" })).toHaveAttribute("href", "/events/e1/schedule?session=a1");
    expect(overlap.queryByText("Through the API:", { exact: false })).toBeNull();
  });

  it("all clear: ready to list, no groups", async () => {
    fakeServer(ok([]));
    renderScreen();
    expect(await screen.findByTestId("prepublish-verdict")).toHaveTextContent("All clear: the check found nothing to fix.");
    expect(screen.getByText("0 errors")).toBeInTheDocument();
    expect(screen.queryByTestId("prepublish-findings")).toBeNull();
    await waitFor(() => expect(announcer()).toHaveTextContent("0 errors, 0 warnings, 0 notes. All clear"));
  });

  it("warnings only: ready to list", async () => {
    fakeServer(ok([finding("DEFAULT_PAGE_MISSING")]));
    renderScreen();
    expect(await screen.findByTestId("prepublish-verdict")).toHaveTextContent("Ready to list: no errors.");
  });

  it("runs again on demand and announces the new result; keeps focus on the button", async () => {
    const server = fakeServer(ok(MIXED), ok([]));
    renderScreen();
    await screen.findByText("Errors (2)");
    const user = userEvent.setup();
    const button = screen.getByRole("button", { name: "Run the check again" });
    await user.click(button);
    expect(await screen.findByText("All clear: the check found nothing to fix.")).toBeInTheDocument();
    expect(server.calls).toBe(2);
    expect(screen.queryByText("Errors (2)")).toBeNull();
    await waitFor(() => expect(announcer()).toHaveTextContent("Check finished. 0 errors"));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Run the check again" }));
  });

  it("a 429 on a rerun says so with the wait, and keeps the previous result", async () => {
    fakeServer(ok(MIXED), limited);
    renderScreen();
    await screen.findByText("Errors (2)");
    await userEvent.click(screen.getByRole("button", { name: "Run the check again" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The check could not be run.");
    expect(alert).toHaveTextContent("Too many attempts. Please wait a while and try again.");
    expect(alert).toHaveTextContent("You can run it again in 42 seconds.");
    expect(alert).toHaveTextContent("The result below is from the previous run.");
    expect(screen.getByText("Errors (2)")).toBeInTheDocument();
  });

  it("a failed first run shows the error and tries again; focus then goes to the heading", async () => {
    const server = fakeServer({ status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } }, ok([]));
    renderScreen();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The check could not be run. Something went wrong. Please try again.");
    expect(screen.queryByRole("button", { name: "Run the check again" })).toBeNull();
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("All clear: the check found nothing to fix.")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(server.calls).toBe(2);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Pre-publish check" })));
  });

  it("a 429 on the first run and offline are said nicely", async () => {
    fakeServer(limited, "offline");
    renderScreen();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Too many attempts. Please wait a while and try again. You can run it again in 42 seconds.");
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("The server cannot be reached."));
  });

  it("axe finds no violations with findings of every severity", async () => {
    fakeServer(ok(MIXED));
    const { container } = renderScreen();
    await screen.findByText("Errors (2)");
    const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" ")}`)).toEqual([]);
  });
});
