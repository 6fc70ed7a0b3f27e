import { describe, expect, it } from "vitest";
import { RESERVED_NAMES } from "@/lib/generated/reserved-names";
import { eventCreateSchema, eventSettingsSchema, internalNameProblem, toSettingsBody, type EventFormValues } from "./schema";

const valid: EventFormValues = {
  CustomerID: "c".repeat(24),
  Title: "  Spring Summit ",
  InternalName: "spring-summit",
  TimeZone: "Europe/Berlin",
  DateBegin: "2031-05-01T09:00",
  DateEnd: "2031-05-01T17:00",
  DefaultLanguage: "de",
  IsListed: true,
  IsUseIsolation: true,
  Isolations: [{ value: " Hall A " }, { value: "Hall B" }],
  ChatRetentionDays: "",
};

function messagesFor(values: Partial<EventFormValues>, schema = eventCreateSchema) {
  const result = schema.safeParse({ ...valid, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("internal name", () => {
  it.each([
    ["", "nameRequired"],
    ["a", "nameFormat"],
    ["Demo", "nameFormat"],
    ["-demo", "nameFormat"],
    ["demo days", "nameFormat"],
    ["démo", "nameFormat"],
    ["a".repeat(64), "nameFormat"],
    ["manage", "nameReserved"],
    ["api", "nameReserved"],
    ["policies", "nameReserved"],
  ])("%j → %s", (name, problem) => {
    expect(internalNameProblem(name)).toBe(problem);
    expect(messagesFor({ InternalName: name }).InternalName).toBe(problem);
  });

  it.each(["ab", "demo-2031", "0day", "a".repeat(63), "x-"])("accepts %j", (name) => {
    expect(internalNameProblem(name)).toBeNull();
  });

  it("refuses every generated reserved name that fits the format", () => {
    for (const name of RESERVED_NAMES.filter((n) => /^[a-z0-9][a-z0-9-]{1,62}$/.test(n))) {
      expect(internalNameProblem(name), name).toBe("nameReserved");
    }
  });
});

describe("the other fields", () => {
  it("accepts a complete form", () => {
    expect(messagesFor({})).toEqual({});
  });

  it("needs a title of at most 200 characters", () => {
    expect(messagesFor({ Title: "   " }).Title).toBe("titleRequired");
    expect(messagesFor({ Title: "x".repeat(201) }).Title).toBe("titleTooLong");
    expect(messagesFor({ Title: ` ${"x".repeat(200)} ` }).Title).toBeUndefined();
  });

  it("wants the end after the begin, read in the event's zone", () => {
    expect(messagesFor({ DateEnd: "2031-05-01T09:00" }).DateEnd).toBe("endBeforeBegin");
    expect(messagesFor({ DateEnd: "2031-05-01T08:59" }).DateEnd).toBe("endBeforeBegin");
    expect(messagesFor({ DateEnd: "2031-05-01T09:01" }).DateEnd).toBeUndefined();
    // Across the autumn change: 02:30 (first, summer time) to 02:10 is earlier in wall time but
    // still ends before it begins.
    expect(messagesFor({ DateBegin: "2031-10-26T02:30", DateEnd: "2031-10-26T02:10" }).DateEnd).toBe("endBeforeBegin");
  });

  it("needs dates, a known zone, one of the five languages", () => {
    expect(messagesFor({ DateBegin: "" }).DateBegin).toBe("dateRequired");
    expect(messagesFor({ DateEnd: "2031-02-30T10:00" }).DateEnd).toBe("dateInvalid");
    expect(messagesFor({ TimeZone: "Atlantis/Capital" }).TimeZone).toBe("timeZoneInvalid");
    expect(messagesFor({ DefaultLanguage: "pt" as EventFormValues["DefaultLanguage"] }).DefaultLanguage).toBe("languageInvalid");
  });

  it("checks isolation names", () => {
    expect(messagesFor({ Isolations: [{ value: " " }] })["Isolations.0.value"]).toBe("isolationRequired");
    expect(messagesFor({ Isolations: [{ value: "x".repeat(201) }] })["Isolations.0.value"]).toBe("isolationTooLong");
  });

  it("needs a customer only when creating", () => {
    expect(messagesFor({ CustomerID: "" }).CustomerID).toBe("customerRequired");
    expect(messagesFor({ CustomerID: "" }, eventSettingsSchema).CustomerID).toBeUndefined();
  });
});

describe("toSettingsBody", () => {
  it("sends only the form's fields, trimmed, the dates in UTC", () => {
    expect(toSettingsBody(valid)).toEqual({
      Title: "Spring Summit",
      InternalName: "spring-summit",
      DateBeginUTC: "2031-05-01T07:00:00.000Z",
      DateEndUTC: "2031-05-01T15:00:00.000Z",
      TimeZone: "Europe/Berlin",
      DefaultLanguage: "de",
      IsListed: true,
      IsUseIsolation: true,
      Isolations: ["Hall A", "Hall B"],
      ChatRetentionDays: null,
    });
  });
});

describe("chat retention", () => {
  it("is empty (keep) or a whole number of days from 1 to 3650", () => {
    for (const ok of ["", " ", "1", "30", " 90 ", "3650"]) expect(messagesFor({ ChatRetentionDays: ok }).ChatRetentionDays).toBeUndefined();
    for (const bad of ["0", "3651", "-5", "1.5", "ten", "1e3"]) expect(messagesFor({ ChatRetentionDays: bad }).ChatRetentionDays).toBe("retentionInvalid");
  });

  it("is sent as a number, or null to keep the chat", () => {
    expect(toSettingsBody({ ...valid, ChatRetentionDays: " 30 " }).ChatRetentionDays).toBe(30);
    expect(toSettingsBody({ ...valid, ChatRetentionDays: "" }).ChatRetentionDays).toBeNull();
  });
});
