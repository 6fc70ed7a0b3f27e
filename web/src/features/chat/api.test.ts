import { afterEach, expect, it, vi } from "vitest";
import { getReadInfo } from "./api";

afterEach(() => {
  vi.unstubAllGlobals();
});

it("asks for the read position of the given person (the server refuses the call without PersonID)", async () => {
  const status = {
    ID: "6650a1b2c3d4e5f600000201",
    EventID: "6650a1b2c3d4e5f601234567",
    Created: null,
    Updated: null,
    PersonID: "6650a1b2c3d4e5f6000000a1",
    ChatroomID: "6650a1b2c3d4e5f6000000f1",
    LastReadChatMessageID: "6650a1b2c3d4e5f600000101",
  };
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(status), { status: 200 })));
  vi.stubGlobal("fetch", fetchMock);
  await expect(getReadInfo(status.EventID, status.ChatroomID, status.PersonID)).resolves.toEqual(status);
  const [url] = fetchMock.mock.calls[0] as unknown as [string];
  expect(url).toBe(`/api/v1/events/${status.EventID}/chatrooms/${status.ChatroomID}/chatpersonstatus?PersonID=${status.PersonID}`);
});
