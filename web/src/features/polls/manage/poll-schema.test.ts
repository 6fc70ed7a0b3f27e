import { describe, expect, it } from "vitest";
import type { PollView } from "./api";
import { pollFormSchema, pollValues, toPollBody, withOptionIds, type PollFormValues } from "./poll-schema";

const ZONE = "Europe/Berlin";
const schema = pollFormSchema(ZONE);

function values(change: Partial<PollFormValues> = {}): PollFormValues {
  return {
    ...pollValues(null, ZONE),
    Question: "Which topic first?",
    Options: [
      { ID: "", Text: "Hybrid stages" },
      { ID: "", Text: "Networking" },
    ],
    ...change,
  };
}

/** The issues zod reports, as `path: message`. */
function problems(v: PollFormValues): string[] {
  const result = schema.safeParse(v);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("the poll form's rules", () => {
  it("accepts a question with two options", () => {
    expect(problems(values())).toEqual([]);
  });

  it("requires the question (spaces are not one) and caps it at 1000 characters", () => {
    expect(problems(values({ Question: "   " }))).toEqual(["Question: questionRequired"]);
    expect(problems(values({ Question: "x".repeat(1000) }))).toEqual([]);
    expect(problems(values({ Question: "x".repeat(1001) }))).toEqual(["Question: questionTooLong"]);
  });

  it("requires at least two options, each with text, none alike, at most 20", () => {
    expect(problems(values({ Options: [{ ID: "", Text: "Only" }] }))).toEqual(["Options.root: optionsTooFew"]);
    expect(problems(values({ Options: [] }))).toEqual(["Options.root: optionsTooFew"]);
    expect(problems(values({ Options: [{ ID: "", Text: "Yes" }, { ID: "", Text: " " }] }))).toEqual(["Options.1.Text: optionRequired"]);
    expect(problems(values({ Options: [{ ID: "", Text: "Yes" }, { ID: "", Text: "yes " }] }))).toEqual(["Options.1.Text: optionDuplicate"]);
    expect(problems(values({ Options: [{ ID: "", Text: "Yes" }, { ID: "", Text: "y".repeat(201) }] }))).toEqual(["Options.1.Text: optionTooLong"]);
    const many = Array.from({ length: 21 }, (_, i) => ({ ID: "", Text: `Option ${i}` }));
    expect(problems(values({ Options: many }))).toEqual(["Options.root: optionsTooMany"]);
  });

  it("wants the close after the open, read in the event's zone", () => {
    expect(problems(values({ OpensAt: "2030-05-01T10:00", ClosesAt: "2030-05-01T10:00" }))).toEqual(["ClosesAt: closeBeforeOpen"]);
    expect(problems(values({ OpensAt: "2030-05-01T10:00", ClosesAt: "2030-05-01T10:05" }))).toEqual([]);
    expect(problems(values({ ClosesAt: "2030-05-01" }))).toEqual(["ClosesAt: dateInvalid"]);
    // Either alone is fine: the other end is by hand.
    expect(problems(values({ ClosesAt: "2030-05-01T10:00" }))).toEqual([]);
  });

  it("needs the room or the session the binding names", () => {
    expect(problems(values({ Binding: "room" }))).toEqual(["PanoNodeID: roomRequired"]);
    expect(problems(values({ Binding: "session" }))).toEqual(["SessionID: sessionRequired"]);
    expect(problems(values({ Binding: "none", SessionID: "" }))).toEqual([]);
  });
});

describe("the poll document", () => {
  it("gives new options the next free ID and keeps existing ones through a reorder", () => {
    expect(withOptionIds([{ ID: "o2", Text: "B" }, { ID: "", Text: " A " }, { ID: "o1", Text: "C" }, { ID: "", Text: "D" }])).toEqual([
      { ID: "o2", Text: "B" },
      { ID: "o3", Text: "A" },
      { ID: "o1", Text: "C" },
      { ID: "o4", Text: "D" },
    ]);
  });

  it("sends times in UTC from the event's zone, only the chosen binding, and the stored hand-opened flag", () => {
    const body = toPollBody(values({ OpensAt: "2030-05-01T10:00", ClosesAt: "", Binding: "session", SessionID: "s1", PanoNodeID: "lobby", Multiple: "multiple" }), null, ZONE);
    expect(body).toEqual({
      InternalName: "",
      Title: "",
      Question: "Which topic first?",
      Options: [
        { ID: "o1", Text: "Hybrid stages" },
        { ID: "o2", Text: "Networking" },
      ],
      Multiple: true,
      AllowOther: false,
      AllowChange: true,
      Results: "live",
      OpensAt: "2030-05-01T08:00:00.000Z",
      ClosesAt: null,
      PanoNodeID: "",
      SessionID: "s1",
      IsActive: false,
    });
    const stored = { IsActive: true, InternalName: "demo-topic", Title: "Panel topic" } as PollView;
    expect(toPollBody(values({ Binding: "room", PanoNodeID: " lobby " }), stored, ZONE)).toMatchObject({
      InternalName: "demo-topic",
      Title: "Panel topic",
      PanoNodeID: "lobby",
      SessionID: null,
      IsActive: true,
    });
  });

  it("reads a stored poll back into the form in the event's zone", () => {
    const poll = {
      Question: "Q",
      Options: [{ ID: "a", Text: "A" }, { ID: "b", Text: "B" }],
      Multiple: false,
      AllowOther: true,
      AllowChange: false,
      Results: "closed",
      OpensAt: null,
      ClosesAt: "2030-01-01T12:00:00Z",
      PanoNodeID: "",
      SessionID: "s9",
    } as unknown as PollView;
    expect(pollValues(poll, ZONE)).toMatchObject({ ClosesAt: "2030-01-01T13:00", OpensAt: "", Binding: "session", SessionID: "s9", AllowOther: true, AllowChange: false, Results: "closed" });
  });
});
