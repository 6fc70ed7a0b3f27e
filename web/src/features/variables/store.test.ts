import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { resetVariables, startVariables, useVariables } from "./store";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}", { status: 200 }))));
});

afterEach(() => {
  resetVariables();
  vi.unstubAllGlobals();
});

it("takes event variables from PANO_EVENT_VAR_SYNC of its own event, as text", async () => {
  const stop = startVariables("e1", "p1", { Var_EventDay: "1" });
  fakeRealtime.deliver("PANO_EVENT_VAR_SYNC", { EventID: "e2", Vars: { Var_EventDay: "9" } });
  expect(useVariables.getState().eventVars).toEqual({ Var_EventDay: "1" });
  // An organizer's stored number arrives as the text the tour reads.
  fakeRealtime.deliver("PANO_EVENT_VAR_SYNC", JSON.parse('{"EventID": "e1", "Vars": {"Var_EventDay": 2, "Var_Stage_Open": "1"}}'));
  expect(useVariables.getState().eventVars).toEqual({ Var_EventDay: "2", Var_Stage_Open: "1" });
  stop();
});

it("follows another tab's attendee variables, but not another person's and not over an unsaved change", async () => {
  vi.useFakeTimers();
  try {
    const stop = startVariables("e1", "p1", {});
    await vi.advanceTimersByTimeAsync(0);
    fakeRealtime.deliver("PANO_ATTENDEE_VAR_SYNC", { EventID: "e1", PersonID: "p2", Vars: { Var_User_01: "x" } });
    expect(useVariables.getState().attendeeVars).toEqual({});
    fakeRealtime.deliver("PANO_ATTENDEE_VAR_SYNC", { EventID: "e1", PersonID: "p1", Vars: { Var_User_01: "a" } });
    expect(useVariables.getState().attendeeVars).toEqual({ Var_User_01: "a" });
    useVariables.getState().setAttendeeVar("Var_User_01", "b");
    fakeRealtime.deliver("PANO_ATTENDEE_VAR_SYNC", { EventID: "e1", PersonID: "p1", Vars: { Var_User_01: "old" } });
    expect(useVariables.getState().attendeeVars).toEqual({ Var_User_01: "b" });
    stop();
  } finally {
    vi.useRealTimers();
  }
});
