import { describe, expect, it, vi } from "vitest";
import {
  canLoadEarlier,
  type HistoryQuery,
  loadAfter,
  loadInitialWindow,
  mergeMessages,
  pointers,
  readersFrom,
  removeMessage,
  unreadCount,
} from "./logic";
import type { ChatMessage } from "@/lib/realtime";
import type { LocalMessage } from "./types";
import { BOB, id, ME, message } from "./testing";


const msg = (n: number, sender = BOB, extra: Partial<ChatMessage> = {}): ChatMessage =>
  message(n, sender, "r", { EventID: "e", ...extra });

describe("temp ids", () => {
  it("a pending message is replaced by the notification carrying its TmpID", () => {
    const pending: LocalMessage = { ...msg(0, ME), ID: "", TmpID: "uuid-1", Text: "hello", pending: true };
    const list = mergeMessages([msg(1)], [])
      .concat(pending);
    const confirmed = mergeMessages(list, [msg(2, ME, { TmpID: "uuid-1", Text: "hello" })]);
    expect(confirmed.map((m) => [m.ID, m.pending ?? false])).toEqual([
      [id(1), false],
      [id(2), false],
    ]);
  });

  it("a TmpID of another sender does not confirm my pending message", () => {
    const pending: LocalMessage = { ...msg(0, ME), ID: "", TmpID: "same", pending: true };
    const merged = mergeMessages([pending], [msg(5, BOB, { TmpID: "same" })]);
    expect(merged).toHaveLength(2);
    expect(merged.at(-1)?.pending).toBe(true);
  });

  it("de-duplicates by id and keeps id order; the later copy (an edit) wins", () => {
    const merged = mergeMessages([msg(3), msg(1)], [msg(2), msg(3, BOB, { Text: "edited" })]);
    expect(merged.map((m) => m.ID)).toEqual([id(1), id(2), id(3)]);
    expect(merged.at(-1)?.Text).toBe("edited");
  });
});

describe("delete", () => {
  it("removes the message and the pointers follow", () => {
    const list = mergeMessages([], [msg(1), msg(2), msg(3)]);
    expect(pointers(list)).toEqual({ firstID: id(1), lastID: id(3) });
    const withoutLast = removeMessage(list, id(3));
    expect(pointers(withoutLast)).toEqual({ firstID: id(1), lastID: id(2) });
    const withoutFirst = removeMessage(withoutLast, id(1));
    expect(pointers(withoutFirst)).toEqual({ firstID: id(2), lastID: id(2) });
    expect(pointers(removeMessage(withoutFirst, id(2)))).toEqual({ firstID: null, lastID: null });
  });

  it("pending messages do not count as pointers", () => {
    const pending: LocalMessage = { ...msg(9, ME), ID: "", pending: true };
    expect(pointers([msg(1), pending])).toEqual({ firstID: id(1), lastID: id(1) });
  });

  it("banned or author-deleted copies from history are dropped", () => {
    const merged = mergeMessages([msg(1), msg(2)], [msg(2, BOB, { IsBanned: true })]);
    expect(merged.map((m) => m.ID)).toEqual([id(1)]);
  });
});

describe("unread", () => {
  it("counts messages of others above the last-read id", () => {
    const list = [msg(1), msg(2, ME), msg(3), msg(4)];
    expect(unreadCount(list, id(1), ME)).toBe(2);
    expect(unreadCount(list, id(4), ME)).toBe(0);
    expect(unreadCount(list, null, ME)).toBe(3);
    expect(unreadCount(list, "000000000000000000000000", ME)).toBe(3);
  });
});

describe("history window", () => {
  function fakeHistory(total: number) {
    const all = Array.from({ length: total }, (_, i) => msg(i + 1));
    const calls: HistoryQuery[] = [];
    const fetch = vi.fn(async (q: HistoryQuery) => {
      calls.push(q);
      if (!q.StartID) return q.IsAscending ? all.slice(0, q.MaxCount) : all.slice(-q.MaxCount);
      const at = all.findIndex((m) => m.ID === q.StartID);
      return q.IsAscending ? all.slice(at + 1, at + 1 + q.MaxCount) : all.slice(Math.max(0, at - q.MaxCount), at);
    });
    return { all, calls, fetch };
  }

  it("without an anchor loads the 40 latest", async () => {
    const { fetch, calls } = fakeHistory(100);
    const got = await loadInitialWindow(fetch, null);
    expect(calls).toEqual([{ MaxCount: 40 }]);
    expect(got.map((m) => m.ID)).toEqual(Array.from({ length: 40 }, (_, i) => id(61 + i)));
  });

  it("with an anchor loads 20 before it and up to 1000 from it", async () => {
    const { fetch, calls } = fakeHistory(1500);
    const got = await loadInitialWindow(fetch, id(100));
    expect(calls[0]).toEqual({ StartID: id(100), MaxCount: 20 });
    expect(calls[1]).toEqual({ StartID: id(99), MaxCount: 1000, IsAscending: true });
    expect(got[0]?.ID).toBe(id(80));
    expect(got[20]?.ID).toBe(id(100)); // the anchor itself
    expect(got).toHaveLength(1020);
  });

  it("an anchor at the very start loads from the first message", async () => {
    const { fetch, calls } = fakeHistory(10);
    const got = await loadInitialWindow(fetch, id(1));
    expect(calls[1]).toEqual({ MaxCount: 1000, IsAscending: true });
    expect(got).toHaveLength(10);
  });

  it("earlier pages only once at least 20 are loaded and the last page was full", () => {
    expect(canLoadEarlier(19, null)).toBe(false);
    expect(canLoadEarlier(20, null)).toBe(true);
    expect(canLoadEarlier(45, 20)).toBe(true);
    expect(canLoadEarlier(45, 5)).toBe(false);
  });

  it("catch-up pages through everything after the last known id", async () => {
    const { fetch } = fakeHistory(2500);
    const got = await loadAfter(fetch, id(10));
    expect(got).toHaveLength(2490);
    expect(got[0]?.ID).toBe(id(11));
  });
});

describe("read receipts", () => {
  it("keeps the newest read id per person from ReadBy", () => {
    const readers = readersFrom([msg(1, ME, { ReadBy: [BOB] }), msg(2, ME, { ReadBy: [BOB] }), msg(3, ME)], {});
    expect(readers).toEqual({ [BOB]: id(2) });
  });
});
