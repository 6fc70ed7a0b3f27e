import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useCoalescedReread } from "./use-coalesced-reread";

let client: QueryClient;
let invalidated: unknown[];

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
  invalidated = [];
  vi.spyOn(client, "invalidateQueries").mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
});

afterEach(() => {
  vi.useRealTimers();
});

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

it("reads a query once per burst, each query apart, after the delay", () => {
  const { result } = renderHook(() => useCoalescedReread(500), { wrapper });
  for (let i = 0; i < 20; i += 1) result.current(["polls", "e1"]);
  result.current(["qna", "e1", "s1"]);
  vi.advanceTimersByTime(499);
  expect(invalidated).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(invalidated).toEqual([
    ["polls", "e1"],
    ["qna", "e1", "s1"],
  ]);
  // The next burst is read again.
  result.current(["polls", "e1"]);
  vi.advanceTimersByTime(500);
  expect(invalidated).toHaveLength(3);
});

it("drops what is pending when the screen goes", () => {
  const { result, unmount } = renderHook(() => useCoalescedReread(500), { wrapper });
  result.current(["polls", "e1"]);
  unmount();
  vi.advanceTimersByTime(1000);
  expect(invalidated).toEqual([]);
});
