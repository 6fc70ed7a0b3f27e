import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { eventFixture, fakeServer, organizerAnswers, renderConsole, setUpConsole } from "@/app/console/test-utils";

const EVENT = eventFixture({ IsListed: false });
const FINDINGS = [
  {
    Code: "WHITELIST_EMPTY_RESTRICTED",
    Severity: "error",
    Message: "restricted, empty",
    Params: {},
    Fix: { Screen: "access", ItemID: null },
  },
  {
    Code: "MENU_PAGE_MISSING",
    Severity: "error",
    Message: "no slug",
    Params: { MenuItemID: "m1", Name: "Info", Slug: "faq" },
    Fix: { Screen: "navigation", ItemID: "m1" },
  },
  {
    Code: "SESSIONS_OVERLAP",
    Severity: "error",
    Message: "overlap",
    Params: { ScreenID: "stage", SessionID: "a1", SessionTitle: "Keynote", OtherSessionID: "a2", OtherSessionTitle: "Panel" },
    Fix: { Screen: "agenda", ItemID: "a1" },
  },
];

describe("the console and the pre-publish check", { timeout: 20_000 }, () => {
  beforeEach(() => setUpConsole(true));

  it("is a section of the event: Check in the sub-navigation opens the screen", async () => {
    const calls = fakeServer((call) => {
      if (call.url.pathname === `/api/v1/events/${EVENT.ID}`) return { status: 200, body: EVENT };
      if (call.url.pathname === `/api/v1/events/${EVENT.ID}/prepublish-check`) {
        return { status: 200, body: { EventID: EVENT.ID, CheckedAt: "2030-05-01T10:00:00Z", Findings: [], Errors: 0, Warnings: 0 } };
      }
      return organizerAnswers(call);
    });
    renderConsole(`/events/${EVENT.ID}/check`);
    const nav = await screen.findByRole("navigation", { name: "Event sections" });
    expect(within(nav).getByRole("link", { name: "Check" })).toHaveAttribute("aria-current", "page");
    expect(await screen.findByRole("heading", { level: 2, name: "Pre-publish check" })).toBeInTheDocument();
    expect(await screen.findByText("All clear: the check found nothing to fix.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.endsWith("/prepublish-check"))).toHaveLength(1);
  });

  it("a listing refused by the check (409 PREPUBLISH_FAILED) shows its findings under the form", async () => {
    fakeServer((call) => {
      if (call.url.pathname === `/api/v1/events/${EVENT.ID}`) {
        if (call.method === "PUT") {
          return {
            status: 409,
            body: {
              Error: {
                Code: "PREPUBLISH_FAILED",
                Message: "refused",
                Data: { EventID: EVENT.ID, Codes: ["WHITELIST_EMPTY_RESTRICTED", "MENU_PAGE_MISSING", "SESSIONS_OVERLAP"], Findings: FINDINGS },
              },
            },
          };
        }
        return { status: 200, body: EVENT };
      }
      if (/\/api\/v1\/events\/name\//.test(call.url.pathname)) return { status: 200, body: { EventID: EVENT.ID, InternalName: "demo", Title: "Demo Days" } };
      return organizerAnswers(call);
    });
    renderConsole(`/events/${EVENT.ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText("List this event in the public events overview"));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByTestId("form-error")).toHaveTextContent("The event cannot be listed yet");
    const findings = within(screen.getByTestId("prepublish-findings"));
    expect(findings.getByRole("heading", { level: 3, name: "Errors (3)" })).toBeInTheDocument();
    expect(findings.getByText("Only listed people may enter, but the list is empty: no attendee can get in.")).toBeInTheDocument();
    expect(findings.getByRole("link", { name: "Fix in Access" })).toHaveAttribute("href", `/manage/events/${EVENT.ID}/access`);
    expect(findings.getByText("“Info” opens /page/faq, but no visible full-screen page defines that slug.")).toBeInTheDocument();
    expect(findings.getByRole("link", { name: "Fix in Navigation" })).toHaveAttribute("href", `/manage/events/${EVENT.ID}/navigation`);
    // An overlap opens the first session in the Schedule section.
    expect(findings.getByText("“Keynote” and “Panel” play on screen stage at the same time.")).toBeInTheDocument();
    expect(findings.getByRole("link", { name: "Fix in Schedule" })).toHaveAttribute("href", `/manage/events/${EVENT.ID}/schedule?session=a1`);
  });
});
