import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { COUNTER_MS, ReactionOverlay, SUMMARY_MS } from "./ReactionOverlay";
import { FLOAT_MS, MAX_FLOATING } from "./reactions";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const burst = (counts: Record<string, number>, sessionID = "s1") =>
  act(() => fakeRealtime.deliver("REACTION_BURST_NOTIFY", { SessionID: sessionID, EventID: "e1", Counts: Object.entries(counts).map(([Reaction, Count]) => ({ Reaction, Count })) }));

function reducedMotion(on: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: on && query === "(prefers-reduced-motion: reduce)",
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(async () => {
  await initI18n("en");
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("reactions over the player", () => {
  it("floats the session's reactions up and lets them go, hidden from screen readers", () => {
    reducedMotion(false);
    render(<ReactionOverlay sessionID="s1" />);
    burst({ applause: 2, heart: 1 });
    const floats = screen.getAllByTestId("reaction-float");
    expect(floats.map((f) => f.textContent)).toEqual(["👏", "👏", "❤️"]);
    expect(floats[0]?.closest("[aria-hidden='true']")).not.toBeNull();
    burst({ wow: 3 }, "another-session");
    expect(screen.getAllByTestId("reaction-float")).toHaveLength(3);
    act(() => vi.advanceTimersByTime(FLOAT_MS + 400));
    expect(screen.queryAllByTestId("reaction-float")).toHaveLength(0);
  });

  it("never floats more than MAX_FLOATING at once, however large the storm", () => {
    reducedMotion(false);
    render(<ReactionOverlay sessionID="s1" />);
    for (let i = 0; i < 10; i++) burst({ applause: 500, heart: 500, laugh: 500, celebrate: 500, thumbsup: 500, wow: 500 });
    expect(screen.getAllByTestId("reaction-float")).toHaveLength(MAX_FLOATING);
    act(() => vi.advanceTimersByTime(FLOAT_MS + 400));
    burst({ applause: 1 });
    expect(screen.getAllByTestId("reaction-float")).toHaveLength(1);
  });

  it("shows a still counter instead of motion when the system asks for less motion", () => {
    reducedMotion(true);
    render(<ReactionOverlay sessionID="s1" />);
    burst({ applause: 4 });
    burst({ applause: 2, laugh: 1 });
    expect(screen.queryAllByTestId("reaction-float")).toHaveLength(0);
    expect(screen.getByTestId("reaction-counter")).toHaveTextContent("👏 6😂 1");
    act(() => vi.advanceTimersByTime(COUNTER_MS));
    expect(screen.queryByTestId("reaction-counter")).toBeNull();
  });

  it("sums the reactions up politely for screen readers, at most once per SUMMARY_MS", () => {
    reducedMotion(false);
    render(<ReactionOverlay sessionID="s1" />);
    const summary = screen.getByTestId("reaction-summary");
    expect(summary).toHaveAttribute("aria-live", "polite");
    burst({ applause: 12, heart: 3 });
    act(() => vi.advanceTimersByTime(0));
    expect(summary).toHaveTextContent("Reactions from the audience: Applause: 12, Hearts: 3");
    // More arrive: they wait for the next summary instead of one announcement each.
    burst({ applause: 1 });
    burst({ wow: 2 });
    act(() => vi.advanceTimersByTime(SUMMARY_MS - 1));
    expect(summary).toHaveTextContent("Reactions from the audience: Applause: 12, Hearts: 3");
    act(() => vi.advanceTimersByTime(1));
    expect(summary).toHaveTextContent("Reactions from the audience: Applause: 1, Wows: 2");
  });
});
