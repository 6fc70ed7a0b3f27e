import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SpeakersPanel } from "./SpeakersPanel";
import { fakeServer, renderInApp, resetVenue, setUpVenue } from "./testing";

describe("SpeakersPanel", () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-02T18:30:00Z")); // day 2 in Los Angeles
    await setUpVenue();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetVenue();
  });

  it("lists the day's speakers with picture, name and role, and opens a speaker's page", async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    renderInApp(<SpeakersPanel />);
    expect(screen.getByRole("tab", { name: "Day 2 02.03.2026" })).toHaveAttribute("aria-selected", "true");
    const maya = await screen.findByRole("button", { name: "Maya Chen Head of Hybrid, Venuely Labs" });
    expect(maya.querySelector("img")).toHaveAttribute("src", "https://img.example/maya.jpg");
    const jonas = screen.getByRole("button", { name: "Jonas Weber Stagecraft" });
    expect(jonas.querySelector("img")).toBeNull(); // no picture: initials, hidden from screen readers
    expect(server.callsTo("GET", "/events/e1/lists/speakers").map((c) => c.query.get("DayNumber"))).toEqual(["2"]);

    await user.click(jonas);
    const page = screen.getByRole("article", { name: "Jonas Weber" });
    expect(screen.getByRole("heading", { level: 3, name: "Jonas Weber" })).toHaveFocus();
    expect(within(page).queryByRole("heading", { name: "Biography" })).toBeNull();
    await waitFor(() => expect(within(page).getByText("Community panel")).toBeInTheDocument());
    expect(within(page).getByText("Streaming workshop")).toBeInTheDocument();
    expect(screen.queryAllByRole("tab")).toEqual([]); // the list is hidden under the page

    await user.click(within(page).getByRole("button", { name: "Back to the speakers" }));
    expect(screen.getByRole("button", { name: /Jonas Weber/ })).toHaveFocus();
    expect(screen.getAllByRole("tab")).toHaveLength(3);
  });

  it("says when a day has no speakers or the list cannot be read", async () => {
    const server = fakeServer();
    server.answer("GET /events/e1/lists/speakers", { status: 200, body: [] });
    renderInApp(<SpeakersPanel />);
    expect(await screen.findByText("There are no speakers on this day.")).toBeInTheDocument();
  });

  it("offers a retry when the list fails", async () => {
    const server = fakeServer();
    server.answer("GET /events/e1/lists/speakers", "offline");
    const user = userEvent.setup();
    renderInApp(<SpeakersPanel />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The speakers could not be loaded.");
    await user.click(within(alert).getByRole("button"));
    expect(await screen.findByRole("button", { name: /Maya Chen/ })).toBeInTheDocument();
  });
});
