import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import { Notifications } from "./Notifications";
import { DEFAULT_DURATION_MS, MAX_VISIBLE, notify, useNotifications } from "./store";

describe("notifications", () => {
  beforeEach(async () => {
    await initI18n("en");
    vi.useFakeTimers();
    useNotifications.setState({ items: [] });
  });
  afterEach(() => vi.useRealTimers());

  it("shows at most three, the newest ones", () => {
    expect(MAX_VISIBLE).toBe(3);
    for (const text of ["one", "two", "three", "four"]) notify("default", text);
    render(<Notifications />);
    expect(screen.getAllByTestId("notification").map((n) => n.textContent)).toEqual(["two×", "three×", "four×"]);
  });

  it("disappear after 3000 ms", () => {
    expect(DEFAULT_DURATION_MS).toBe(3000);
    notify("success", "saved");
    render(<Notifications />);
    expect(screen.getByRole("status")).toHaveTextContent("saved");
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText("saved")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("saved")).not.toBeInTheDocument();
  });

  it("announces errors and warnings as alerts, and renders markup as text", () => {
    notify("error", "<b>bad</b>");
    notify("warn", "careful");
    render(<Notifications />);
    expect(screen.getAllByRole("alert")).toHaveLength(2);
    expect(screen.getByText("<b>bad</b>")).toBeInTheDocument();
  });
});
