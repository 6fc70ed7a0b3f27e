/**
 * The people directory: the search waits for a pause in typing, pages with "more" from the last
 * id the server answered, and never lists the person themselves.
 */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type { AttendeeIDsQuery } from "./api";
import { initialChatState } from "./state";
import { EVENT, id, ME } from "./testing";
import type { ChatAttendee } from "./types";

const idsAsked: AttendeeIDsQuery[] = [];
/** 45 attendees in id order; the person is the 20th (ME is id(0xa1)), so the first page ends with them. */
const everyone = Array.from({ length: 45 }, (_, n) => id(0xa1 - 19 + n));
const nameOf = (id: string) => (id === ME ? "Me Myself" : `Person ${everyone.indexOf(id)}`);

vi.mock("./api", () => ({
  getAttendeeIDs: (_event: string, query: AttendeeIDsQuery) => {
    idsAsked.push(query);
    const term = query.SearchTerm?.toLowerCase() ?? "";
    const matching = everyone.filter((id) => nameOf(id).toLowerCase().includes(term) && (!query.LastID || id > query.LastID));
    return Promise.resolve(matching.slice(0, query.Limit));
  },
  getAttendees: (_event: string, ids: string[]) => Promise.resolve(ids.map((id): ChatAttendee => ({ PersonID: id, FullName: nameOf(id) }))),
}));

const { useChat } = await import("./store");
const { PeopleView } = await import("./PeopleView");
const { SEARCH_DEBOUNCE_MS } = await import("./people-search");

const rows = () => within(screen.getByRole("list", { name: "People found" })).getAllByRole("listitem");

beforeEach(async () => {
  await initI18n("en");
  idsAsked.length = 0;
  useChat.setState({ ...initialChatState, eventID: EVENT, me: ME, loading: false });
});
afterEach(() => {
  vi.useRealTimers();
  useChat.setState({ ...initialChatState });
});

describe("the people directory", () => {
  it("lists everybody but the person, a page at a time, paging from the last id the server answered", async () => {
    render(<PeopleView />);
    await screen.findByRole("list", { name: "People found" });
    expect(idsAsked).toEqual([{ SearchTerm: undefined, LastID: undefined, Limit: 20 }]);
    expect(rows()).toHaveLength(19);
    expect(screen.queryByText("Me Myself")).toBeNull();
    // The person's own id ended the first page: the next one starts after it, not before.
    fireEvent.click(screen.getByRole("button", { name: "Show more people" }));
    await vi.waitFor(() => expect(rows()).toHaveLength(39));
    expect(idsAsked[1]).toEqual({ SearchTerm: undefined, LastID: ME, Limit: 20 });
    fireEvent.click(screen.getByRole("button", { name: "Show more people" }));
    await vi.waitFor(() => expect(rows()).toHaveLength(44));
    expect(screen.queryByRole("button", { name: "Show more people" })).toBeNull();
    expect(new Set(rows().map((row) => row.textContent)).size).toBe(44);
  });

  it("asks the server once typing pauses for 300 ms, with the last term only", async () => {
    vi.useFakeTimers();
    render(<PeopleView />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    idsAsked.length = 0;
    const box = screen.getByRole("searchbox", { name: "Search people by name" });
    for (const typed of ["p", "pe", "person 4"]) {
      fireEvent.change(box, { target: { value: typed } });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 101));
    expect(idsAsked).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(idsAsked).toEqual([{ SearchTerm: "person 4", LastID: undefined, Limit: 20 }]);
    expect(rows().map((row) => row.querySelector(".chat-person__name")?.textContent)).toEqual(["Person 4", "Person 40", "Person 41", "Person 42", "Person 43", "Person 44"]);
  });

  it("says when nobody has that name, and shows who is muted or blocked", async () => {
    const [first, second] = everyone;
    useChat.setState({
      mutes: {
        [first ?? ""]: { PersonID: first ?? "", Blocked: false, CreatedAt: "" },
        [second ?? ""]: { PersonID: second ?? "", Blocked: true, CreatedAt: "" },
      },
    });
    render(<PeopleView />);
    await screen.findByRole("list", { name: "People found" });
    const [muted, blocked] = rows();
    expect(muted).toHaveTextContent("Muted");
    expect(within(muted as HTMLElement).getByRole("button", { name: "Message Person 0" })).toBeInTheDocument();
    expect(blocked).toHaveTextContent("Blocked");
    // A blocked person cannot be messaged until unblocked.
    expect(within(blocked as HTMLElement).queryByRole("button", { name: /^Message/ })).toBeNull();
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "nobody like this" } });
    await screen.findByText("No one found with this name.");
  });
});
