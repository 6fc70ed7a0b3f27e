import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AgendaReminders } from "./AgendaReminders";
import { DesktopReminders } from "./DesktopReminders";
import { agendaKeys } from "./queries";
import { fakeServer, renderInApp, resetVenue, setUpVenue } from "./testing";

/** A stand-in for the browser's Notification with a settable permission. */
class FakeNotification {
  static permission: NotificationPermission = "default";
  static shown: FakeNotification[] = [];
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = "granted";
    return FakeNotification.permission;
  });
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
}

describe("AgendaReminders", () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 16:57 UTC: the workshop (17:00, in the auditorium) begins in 3 minutes.
    vi.setSystemTime(new Date("2026-03-02T16:57:00Z"));
    await setUpVenue({ shift: 0 });
    FakeNotification.permission = "granted";
    FakeNotification.shown = [];
    vi.stubGlobal("Notification", FakeNotification);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetVenue();
  });

  it("reminds in the app and on the desktop, once, with the way to the session", async () => {
    fakeServer({ personal: ["s-workshop", "s-opening", "s-panel"] });
    const user = userEvent.setup();
    const view = renderInApp(<AgendaReminders />);

    const notice = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-reminder="s-workshop"]');
      if (!found) throw new Error("no reminder yet");
      return found;
    });
    expect(notice).toHaveTextContent("Starting in 5 min");
    await waitFor(() => expect(notice).toHaveTextContent(/Streaming workshop starts at 05:00\sPM in Auditorium\./u));
    // The opening is over and the panel is tomorrow: no reminders for them.
    expect(document.querySelectorAll("[data-reminder]")).toHaveLength(1);
    expect(FakeNotification.shown.map((n) => [n.title, n.options.tag])).toEqual([["Starting in 5 min", "s-workshop@2026-03-02T17:00:00Z"]]);

    // The desktop notification brings the venue forward and leads to the session too.
    const focus = vi.spyOn(window, "focus").mockImplementation(() => undefined);
    act(() => FakeNotification.shown[0]?.onclick?.());
    expect(focus).toHaveBeenCalled();
    expect(FakeNotification.shown[0]?.close).toHaveBeenCalled();
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/auditorium"));
    expect(view.router.state.location.search).toBe("?id=s-workshop");

    await user.click(screen.getByRole("link", { name: "Go there" }));
    expect(document.querySelector("[data-reminder]")).toBeNull();

    // A reload (a new mount with the same tab's storage) does not remind again.
    view.unmount();
    renderInApp(<AgendaReminders />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector("[data-reminder]")).toBeNull();
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it("reminds of a session as soon as it is added, and not on the desktop without permission", async () => {
    FakeNotification.permission = "default";
    fakeServer();
    const user = userEvent.setup();
    const view = renderInApp(<AgendaReminders />);
    await waitFor(() => expect(view.client.getQueryData(agendaKeys.personal("e1"))).toEqual([]));
    expect(document.querySelector("[data-reminder]")).toBeNull();

    act(() => {
      view.client.setQueryData(agendaKeys.personal("e1"), [
        { ID: "s-workshop", InternalName: "s-workshop", Title: "Streaming workshop", Description: "", PanoNodeID: "auditorium", ScreenID: "auditorium-screen", IsVirtual: true, DateBegin: "2026-03-02T17:00:00Z", DateEnd: "2026-03-02T18:00:00Z", Speakers: [], DayNumber: 2 },
      ]);
    });
    await waitFor(() => expect(document.querySelector('[data-reminder="s-workshop"]')).not.toBeNull());
    expect(FakeNotification.shown).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Dismiss the reminder" }));
    expect(document.querySelector("[data-reminder]")).toBeNull();
  });
});

describe("DesktopReminders", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks the browser only when clicked, and says what it answered", async () => {
    await setUpVenue();
    FakeNotification.permission = "default";
    FakeNotification.requestPermission.mockClear();
    vi.stubGlobal("Notification", FakeNotification);
    const user = userEvent.setup();
    renderInApp(<DesktopReminders />);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Remind me on my desktop too" }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Desktop reminders are on.")).toBeInTheDocument();
  });

  it("says a refusal plainly and shows nothing where notifications do not exist", async () => {
    await setUpVenue();
    FakeNotification.permission = "denied";
    vi.stubGlobal("Notification", FakeNotification);
    const view = renderInApp(<DesktopReminders />);
    expect(screen.getByText(/Your browser blocks notifications from this site/)).toBeInTheDocument();
    view.unmount();
    vi.stubGlobal("Notification", undefined);
    const empty = renderInApp(<DesktopReminders />);
    expect(empty.container).toBeEmptyDOMElement();
  });
});
