/** Like and Dislike: pressed state from the person's own reaction, counts from the message. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type { RestMessage } from "./api";
import { addRooms, initialChatState, updateRoom, withMessages } from "./state";
import { BOB, EVENT, id, ME, message } from "./testing";
import type { ReactionChoice } from "./types";

const asked: ReactionChoice[] = [];
let answer: (choice: ReactionChoice) => RestMessage = () => message(1, BOB, ROOM_ID);
vi.mock("./api", () => ({
  putReaction: (_e: string, _r: string, _m: string, choice: ReactionChoice) => {
    asked.push(choice);
    return Promise.resolve(answer(choice));
  },
}));

const ROOM_ID = id(0xf0);
const { useChat } = await import("./store");
const { ReactionButtons } = await import("./ReactionButtons");

function Buttons() {
  const entry = useChat((s) => s.rooms[ROOM_ID]);
  const shown = entry?.messages[0];
  return shown ? <ReactionButtons message={shown} mine={entry.myReactions[shown.ID]} /> : null;
}

beforeEach(async () => {
  await initI18n("en");
  asked.length = 0;
  let state = addRooms({ ...initialChatState, eventID: EVENT, me: ME, loading: false }, [
    { room: { ID: ROOM_ID, EventID: EVENT, Title: "", InternalName: "broadcast", IsPrivate: false }, members: [] },
  ]);
  state = updateRoom(state, ROOM_ID, (entry) => ({ ...withMessages(entry, [message(1, BOB, ROOM_ID, { LikeCount: 2, DislikeCount: 1 })]), myReactions: { [id(1)]: "Like" } }));
  useChat.setState(state);
});
afterEach(() => useChat.setState({ ...initialChatState }));

describe("reaction buttons", () => {
  it("show the counts, press the person's own reaction, and take it back when pressed again", async () => {
    const user = userEvent.setup();
    render(<Buttons />);
    const like = screen.getByRole("button", { name: "Like 2" });
    expect(like).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Dislike 1" })).toHaveAttribute("aria-pressed", "false");
    answer = () => ({ ...message(1, BOB, ROOM_ID, { LikeCount: 1, DislikeCount: 1 }), MyReaction: null });
    await user.click(like);
    expect(asked).toEqual(["None"]);
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Like 1" })).toHaveAttribute("aria-pressed", "false"));
  });

  it("switch from one reaction to the other in one press", async () => {
    const user = userEvent.setup();
    render(<Buttons />);
    answer = () => ({ ...message(1, BOB, ROOM_ID, { LikeCount: 1, DislikeCount: 2 }), MyReaction: "Dislike" });
    await user.click(screen.getByRole("button", { name: "Dislike 1" }));
    expect(asked).toEqual(["Dislike"]);
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Dislike 2" })).toHaveAttribute("aria-pressed", "true"));
    expect(screen.getByRole("button", { name: "Like 1" })).toHaveAttribute("aria-pressed", "false");
  });
});
