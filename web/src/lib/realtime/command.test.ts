import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { ApiError } from "../api-client";
import { type AnswerName, COMMAND_TIMEOUT_MS, type CommandConnection, type CommandName, CommandRefused, NoAnswer, type RefusalName, sendCommand } from "./command";
import type { RealtimeState } from "./connection";
import { checkPayload, type ClientFrameName, type ServerFrameName, type ServerPayload } from "./protocol";

/** A connection that records what is sent and counts what is still subscribed. */
function fakeConnection(state: RealtimeState = "open") {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const listeners = new Set<(state: RealtimeState) => void>();
  const sent: { name: ClientFrameName; payload: unknown }[] = [];
  const connection: CommandConnection = {
    get state() {
      return state;
    },
    send: (name, payload) => void sent.push({ name, payload }),
    subscribe(name, handler) {
      const set = handlers.get(name) ?? new Set();
      const stored = handler as (payload: unknown) => void;
      set.add(stored);
      handlers.set(name, set);
      return () => void set.delete(stored);
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return {
    connection,
    sent,
    deliver<N extends ServerFrameName>(name: N, payload: ServerPayload<N>) {
      const checked = checkPayload(name, payload);
      if (!checked.ok) throw new Error(checked.error);
      for (const handler of [...(handlers.get(name) ?? [])]) handler(checked.value);
    },
    close() {
      state = "closed";
      for (const listener of [...listeners]) listener(state);
    },
    /** Subscriptions and state listeners still registered. */
    listening: () => [...handlers.values()].reduce((n, set) => n + set.size, 0) + listeners.size,
  };
}

const ballot = (tmpID: string) => ({ PollID: "p1", EventID: "e1", TmpID: tmpID, OptionIDs: ["b"], Other: null, UpdatedAt: "2026-05-09T12:00:00Z" });
const refusal = (tmpID: string, code = "POLL_NOT_OPEN") => ({ Error: { Code: code, Message: "This poll is closed", Data: { PollID: "p1", State: "closed", TmpID: tmpID } } });
const vote = (fake: ReturnType<typeof fakeConnection>, timeoutMs?: number) =>
  sendCommand(fake.connection, "POLL_VOTE", { PollID: "p1", OptionIDs: ["b"], Other: null, TmpID: "t-1" }, "POLL_BALLOT_NOTIFY", "POLL_VOTE_ERROR", timeoutMs);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a command over the socket", () => {
  it("sends the frame and resolves with the answer carrying its TmpID, ignoring other TmpIDs", async () => {
    const fake = fakeConnection();
    let settled = false;
    const answer = vote(fake).finally(() => (settled = true));
    expect(fake.sent).toEqual([{ name: "POLL_VOTE", payload: { PollID: "p1", OptionIDs: ["b"], Other: null, TmpID: "t-1" } }]);
    // Another tab's ballot, a REST ballot (TmpID ""), another command's refusal: not ours.
    fake.deliver("POLL_BALLOT_NOTIFY", ballot("t-other"));
    fake.deliver("POLL_BALLOT_NOTIFY", ballot(""));
    fake.deliver("POLL_VOTE_ERROR", refusal("t-other"));
    await Promise.resolve();
    expect(settled).toBe(false);
    fake.deliver("POLL_BALLOT_NOTIFY", ballot("t-1"));
    await expect(answer).resolves.toEqual(ballot("t-1"));
    expect(fake.listening()).toBe(0);
  });

  it("rejects with the refusal whose Data.TmpID is its own, as an ApiError with the envelope's code and data", async () => {
    const fake = fakeConnection();
    const answer = vote(fake);
    fake.deliver("POLL_VOTE_ERROR", refusal("t-1"));
    const error: unknown = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandRefused);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "POLL_NOT_OPEN", message: "This poll is closed", data: { PollID: "p1", State: "closed", TmpID: "t-1" } });
    expect((error as CommandRefused).envelope).toEqual(refusal("t-1"));
    expect(fake.listening()).toBe(0);
  });

  it("gives up after the timeout with NoAnswer, and a late answer changes nothing", async () => {
    const fake = fakeConnection();
    const answer = vote(fake);
    const outcome = answer.catch((e: unknown) => e);
    vi.advanceTimersByTime(COMMAND_TIMEOUT_MS - 1);
    expect(fake.listening()).toBe(3);
    vi.advanceTimersByTime(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(NoAnswer);
    expect((error as NoAnswer).reason).toBe("timeout");
    expect(fake.listening()).toBe(0);
    fake.deliver("POLL_BALLOT_NOTIFY", ballot("t-1"));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("takes its own timeout", async () => {
    const fake = fakeConnection();
    const outcome = vote(fake, 500).catch((e: unknown) => e);
    vi.advanceTimersByTime(500);
    expect(await outcome).toMatchObject({ reason: "timeout" });
  });

  it("gives up at once when the socket closes while it waits", async () => {
    const fake = fakeConnection();
    const outcome = vote(fake).catch((e: unknown) => e);
    fake.close();
    expect(await outcome).toMatchObject({ name: "NoAnswer", reason: "closed" });
    expect(fake.listening()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("sends nothing when the socket is not open, so the frame is not queued for later", async () => {
    const fake = fakeConnection("closed");
    const error: unknown = await vote(fake).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoAnswer);
    expect((error as NoAnswer).reason).toBe("not-connected");
    expect(fake.sent).toEqual([]);
    expect(fake.listening()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("unsubscribes when sending throws", async () => {
    const fake = fakeConnection();
    fake.connection.send = () => {
      throw new RangeError("too large");
    };
    await expect(vote(fake)).rejects.toThrow("too large");
    expect(fake.listening()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("works for the Q&A upvote too", async () => {
    const fake = fakeConnection();
    const answer = sendCommand(fake.connection, "QUESTION_UPVOTE", { SessionID: "s1", QuestionID: "q1", TmpID: "u-1" }, "QUESTION_UPVOTE_NOTIFY", "QUESTION_UPVOTE_ERROR");
    const refused = sendCommand(fake.connection, "QUESTION_UPVOTE", { SessionID: "s1", QuestionID: "q2", TmpID: "u-2" }, "QUESTION_UPVOTE_NOTIFY", "QUESTION_UPVOTE_ERROR");
    fake.deliver("QUESTION_UPVOTE_ERROR", { Error: { Code: "ALREADY_UPVOTED", Message: "You upvoted this question already", Data: { QuestionID: "q2", TmpID: "u-2" } } });
    fake.deliver("QUESTION_UPVOTE_NOTIFY", { EventID: "e1", SessionID: "s1", QuestionID: "q1", TmpID: "u-1", Votes: 6 });
    await expect(answer).resolves.toMatchObject({ QuestionID: "q1", Votes: 6 });
    await expect(refused).rejects.toMatchObject({ code: "ALREADY_UPVOTED" });
    expect(fake.listening()).toBe(0);
  });

  it("is typed to frames that carry a TmpID", () => {
    expectTypeOf<"POLL_VOTE" | "QUESTION_UPVOTE">().toMatchTypeOf<CommandName>();
    expectTypeOf<"POLL_BALLOT_NOTIFY" | "QUESTION_UPVOTE_NOTIFY">().toMatchTypeOf<AnswerName>();
    expectTypeOf<"POLL_VOTE_ERROR" | "QUESTION_UPVOTE_ERROR">().toMatchTypeOf<RefusalName>();
    // No TmpID to match by.
    expectTypeOf<"REACTION_SEND">().not.toMatchTypeOf<CommandName>();
    expectTypeOf<"POLL_RESULTS_NOTIFY">().not.toMatchTypeOf<AnswerName>();
    expectTypeOf<"REACTION_ERROR">().not.toMatchTypeOf<RefusalName>();
  });
});
