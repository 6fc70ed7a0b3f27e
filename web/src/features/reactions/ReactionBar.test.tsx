import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { REFUSED_PAUSE_MS, ReactionBar, type ReactionSession } from "./ReactionBar";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const NOW = Date.parse("2026-05-09T12:00:00Z");
const live: ReactionSession = { ID: "s1", DateBegin: "2026-05-09T11:00:00Z", DateEnd: "2026-05-09T13:00:00Z" };

const bar = () => screen.getByRole("group", { name: "Reactions" });
const refuse = (code: string, data: { SessionID?: string; RetryAfterMs?: number }) =>
  act(() => fakeRealtime.deliver("REACTION_ERROR", { Error: { Code: code, Message: code, Data: data } }));

beforeEach(async () => {
  await initI18n("en");
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
  fakeRealtime.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the reactions bar", () => {
  it("has six named buttons and sends the one pressed", async () => {
    render(<ReactionBar session={live} />);
    const buttons = within(bar()).getAllByRole("button");
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual(["Send applause", "Send a heart", "Send a laugh", "Send a celebration", "Send a thumbs up", "Send a wow"]);
    await userEvent.click(screen.getByRole("button", { name: "Send a heart" }));
    screen.getByRole("button", { name: "Send applause" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(fakeRealtime.sentOf("REACTION_SEND")).toEqual([
      { SessionID: "s1", Reaction: "heart" },
      { SessionID: "s1", Reaction: "applause" },
    ]);
  });

  it("is there only while the session runs and its organizers have reactions on", () => {
    const { rerender } = render(<ReactionBar session={{ ...live, ReactionsEnabled: false }} />);
    expect(screen.queryByRole("group", { name: "Reactions" })).toBeNull();
    rerender(<ReactionBar session={{ ...live, ReactionsEnabled: true }} />);
    expect(bar()).toBeInTheDocument();
    rerender(<ReactionBar session={{ ...live, DateEnd: "2026-05-09T12:00:02Z" }} />);
    expect(bar()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole("group", { name: "Reactions" })).toBeNull();
    rerender(<ReactionBar session={{ ...live, DateBegin: "2026-05-09T14:00:00Z", DateEnd: "2026-05-09T15:00:00Z" }} />);
    expect(screen.queryByRole("group", { name: "Reactions" })).toBeNull();
  });

  it("keeps to the server's rate: after six at once it pauses until the next may go", async () => {
    // The clock stands still while the button is pressed eight times.
    vi.useFakeTimers({ now: NOW });
    render(<ReactionBar session={live} />);
    const applause = screen.getByRole("button", { name: "Send applause" });
    for (let i = 0; i < 8; i++) fireEvent.click(applause);
    expect(fakeRealtime.sentOf("REACTION_SEND")).toHaveLength(6);
    expect(applause).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Slow down a little: reactions pause for a moment.");
    act(() => vi.advanceTimersByTime(334));
    expect(applause).not.toHaveAttribute("aria-disabled");
    fireEvent.click(applause);
    expect(fakeRealtime.sentOf("REACTION_SEND")).toHaveLength(7);
  });

  it("pauses for the time RATE_LIMITED names, keeping the focus where it was", async () => {
    render(<ReactionBar session={live} />);
    const heart = screen.getByRole("button", { name: "Send a heart" });
    heart.focus();
    refuse("RATE_LIMITED", { SessionID: "s1", RetryAfterMs: 2000 });
    expect(heart).toHaveAttribute("aria-disabled", "true");
    expect(heart).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(fakeRealtime.sentOf("REACTION_SEND")).toEqual([]);
    expect(screen.getByRole("status")).toHaveTextContent("Slow down a little");
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(heart).not.toHaveAttribute("aria-disabled");
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("says when reactions are off, ignores refusals for other sessions", async () => {
    render(<ReactionBar session={live} />);
    refuse("RATE_LIMITED", { SessionID: "other", RetryAfterMs: 2000 });
    expect(screen.getByRole("button", { name: "Send a wow" })).not.toHaveAttribute("aria-disabled");
    refuse("REACTIONS_OFF", { SessionID: "s1" });
    expect(screen.getByRole("status")).toHaveTextContent("Reactions are switched off for this session.");
    expect(screen.getByRole("button", { name: "Send a wow" })).toHaveAttribute("aria-disabled", "true");
    await act(() => vi.advanceTimersByTimeAsync(REFUSED_PAUSE_MS));
    expect(screen.getByRole("button", { name: "Send a wow" })).not.toHaveAttribute("aria-disabled");
    refuse("ACTIVITY_NOT_FOUND", {});
    expect(screen.getByRole("status")).toHaveTextContent("Reactions are not available for this session.");
  });
});
