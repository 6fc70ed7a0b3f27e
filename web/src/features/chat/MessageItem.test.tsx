import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { usePersonStore, type Person } from "@/features/accounts";
import { initI18n } from "@/lib/i18n";
import { MessageItem } from "./MessageItem";
import type { RoomEntry } from "./state";
import { BOB, message } from "./testing";

const ROOM = "6650a1b2c3d4e5f6000000c3";
const entry = { kind: "broadcast", readers: {} } as unknown as RoomEntry;
const person = (over: Partial<Person>): Person => ({ ID: "p", FirstName: "Ada", LastName: "L", ...over });

function renderMessage() {
  const sent = message(1, BOB, ROOM, { CreatedAt: "2026-05-09T10:05:00.000000Z" });
  render(<MessageItem message={sent} entry={entry} name="Bob" mine={false} deletable={false} onEdit={() => undefined} onDelete={() => undefined} language="de" />);
  return () => screen.getByText((_, element) => element?.tagName === "TIME");
}

describe("a message's time", () => {
  beforeEach(async () => {
    await initI18n("en");
  });

  it("is written in the attendee's chosen zone, and follows a change of it", () => {
    usePersonStore.setState({ person: person({ TimezoneName: "GMT+2", TimezoneShift: 2 }) });
    const time = renderMessage();
    expect(time()).toHaveTextContent("12:05");
    expect(time()).toHaveAttribute("dateTime", "2026-05-09T10:05:00.000000Z");
    act(() => usePersonStore.setState({ person: person({ TimezoneName: "GMT-5", TimezoneShift: -5 }) }));
    expect(time()).toHaveTextContent("05:05");
  });
});
