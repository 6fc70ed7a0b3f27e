import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import { ScheduleScreen } from "./ScheduleScreen";
import { EVENT, relation, renderWithRouter, serveSchedule, session, speaker, video, type ScheduleServer } from "./schedule-test-utils";

const maya = speaker(1, "Maya", "Chen", { JobTitle: "Host" });
const jonas = speaker(2, "Jonas", "Weber");
const recordingVideo = video(1, "Keynote recording");

const toasts = () => useNotifications.getState().items.map((n) => n.text);
const dialog = () => screen.getByRole("dialog");
const rowOf = async (title: string) => (await screen.findByText(title, { selector: ".schedule-title" })).closest("tr") as HTMLElement;
const sessionWrites = (server: ScheduleServer) => server.writes().filter((w) => w.what.includes("/activities"));

function renderScreen(path?: string) {
  return renderWithRouter(<ScheduleScreen eventId={EVENT} />, path);
}

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Opens the new-session dialog and fills what every test needs. */
async function startSession(user: ReturnType<typeof userEvent.setup>, title = "Closing panel") {
  await user.click(await screen.findByRole("button", { name: "New session" }));
  const form = within(dialog());
  await user.type(form.getByLabelText("Title"), title);
  await user.tab();
  return form;
}

describe("ScheduleScreen", { timeout: 20_000 }, () => {
  it("lists the sessions by event day, in the event's zone, with screen, stream, speakers and recording", async () => {
    const s1 = session(1, { Title: "Keynote", ConferenceType: "Iframe", ConferenceJoinURL: "https://live.example" });
    const s2 = session(2, { Title: "Panel", DateBegin: "2030-05-01T07:30:00Z", DateEnd: "2030-05-01T08:30:00Z" });
    const s3 = session(3, { Title: "Tomorrow", ScreenID: "welcome", DateBegin: "2030-05-02T08:00:00Z", DateEnd: "2030-05-02T09:00:00Z", ConferenceType: "Video", ConferenceID: recordingVideo.ID });
    serveSchedule({
      sessions: [s3, s2, s1],
      speakers: [maya, jonas],
      relations: [relation(s1.ID, jonas.ID, 2), relation(s1.ID, maya.ID, 1)],
      videos: [recordingVideo],
      recordings: [{ SessionID: s1.ID, IsEnded: false, Video: recordingVideo }],
    });
    renderScreen();
    expect(screen.getByText("Loading the schedule…")).toBeInTheDocument();
    const keynote = await rowOf("Keynote");
    expect(screen.getByText("Times are in the event's time zone, Europe/Berlin.")).toBeInTheDocument();
    const days = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(days).toEqual(["Wednesday, 01.05.2030", "Thursday, 02.05.2030"]);
    // Berlin is UTC+2 in May; speakers in the agenda's order (Index).
    expect(within(keynote).getByText("09:00–10:00")).toBeInTheDocument();
    await waitFor(() => expect(within(keynote).getByText("Auditorium — stage")).toBeInTheDocument());
    expect(within(keynote).getByText("A web page (iframe)")).toBeInTheDocument();
    expect(within(keynote).getByText("Maya Chen, Jonas Weber")).toBeInTheDocument();
    await waitFor(() => expect(within(keynote).getByText("Recording: Keynote recording")).toBeInTheDocument());
    expect(within(await rowOf("Tomorrow")).getByText("Lobby — welcome")).toBeInTheDocument();
    // The two sessions on one screen at once, as the pre-publish check reports them.
    const overlaps = screen.getByTestId("schedule-overlaps");
    expect(overlaps).toHaveTextContent("“Panel” and “Keynote” play on screen stage at the same time.");
    expect(within(overlaps).getByRole("link", { name: "Open the check" })).toHaveAttribute("href", `/events/${EVENT}/check`);
    expect(within(keynote).getByText("Overlaps")).toBeInTheDocument();
  });

  it("refuses an end before the begin and a stream URL that is not http(s), before sending", async () => {
    const server = serveSchedule();
    renderScreen();
    const user = userEvent.setup();
    const form = await startSession(user);
    fireEvent.change(form.getByLabelText("Begins"), { target: { value: "2030-05-01T10:00" } });
    fireEvent.change(form.getByLabelText("Ends"), { target: { value: "2030-05-01T09:30" } });
    await user.selectOptions(form.getByLabelText("What plays"), "Iframe");
    await user.type(form.getByLabelText("Page address"), "javascript:alert(1)");
    await user.click(form.getByRole("button", { name: "Save" }));
    expect(await form.findByText("The session must end after it begins.")).toBeInTheDocument();
    expect(form.getByText("Enter a full address beginning with http:// or https://.")).toBeInTheDocument();
    expect(form.getByLabelText("Ends")).toHaveAttribute("aria-invalid", "true");
    expect(sessionWrites(server)).toEqual([]);
  });

  it("saves a new session once, in UTC from the event's local time, then links its speakers", async () => {
    const server = serveSchedule({ speakers: [maya, jonas] });
    let release: (() => void) | null = null;
    server.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderScreen();
    const user = userEvent.setup();
    const form = await startSession(user, "Closing Panel: Q&A");
    // The internal name is proposed from the title.
    expect(form.getByLabelText("Internal name")).toHaveValue("closing-panel-q-a");
    fireEvent.change(form.getByLabelText("Begins"), { target: { value: "2030-05-02T14:00" } });
    fireEvent.change(form.getByLabelText("Ends"), { target: { value: "2030-05-02T15:30" } });
    await waitFor(() => expect(form.getByRole("option", { name: "Auditorium — stage" })).toBeInTheDocument());
    await user.selectOptions(form.getByLabelText("Screen in the venue"), "stage");
    await user.selectOptions(form.getByLabelText("What plays"), "Youtube");
    await user.type(form.getByLabelText("YouTube video"), "https://youtu.be/aqz-KE-bpKQ");
    await user.click(form.getByLabelText(/Maya Chen/));
    await user.click(form.getByLabelText(/Jonas Weber/));
    const save = form.getByRole("button", { name: "Save" });
    await user.click(save);
    await user.click(save);
    await user.click(save);
    await waitFor(() => expect(sessionWrites(server)).toHaveLength(1));
    await act(async () => release?.());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const writes = server.writes();
    expect(writes.filter((w) => w.what.includes("/activities"))).toEqual([
      {
        what: `POST /events/${EVENT}/activities?EntityType=Session`,
        body: {
          InternalName: "closing-panel-q-a",
          Title: "Closing Panel: Q&A",
          Description: "",
          PanoNodeID: "auditorium",
          ScreenID: "stage",
          IsVirtual: true,
          DateBegin: "2030-05-02T12:00:00.000Z",
          DateEnd: "2030-05-02T13:30:00.000Z",
          NoAvtoPlay: false,
          StreamID: "",
          ConferenceType: "Youtube",
          ConferenceJoinURL: "",
          ConferenceID: "aqz-KE-bpKQ",
          ConferencePassword: "",
          LocationID: "",
          Tags: [],
          QnaEnabled: true,
          QnaModerated: false,
          ReactionsEnabled: true,
        },
      },
    ]);
    const links = writes.filter((w) => w.what === "POST /relations").map((w) => w.body as Record<string, unknown>);
    expect(links.map((l) => [l.ChildID, l.SortFields])).toEqual([
      [maya.ID, { Index: 1 }],
      [jonas.ID, { Index: 2 }],
    ]);
    expect(links[0]).toMatchObject({ EventID: EVENT, ParentType: "Session", RelationType: "Speaker", ChildType: "Speaker" });
    expect(toasts()).toContain("Session “Closing Panel: Q&A” added.");
    expect(within(await rowOf("Closing Panel: Q&A")).getByText("Maya Chen, Jonas Weber")).toBeInTheDocument();
  });

  it("puts a server refusal beside its field and keeps what was typed", async () => {
    const s1 = session(1, { Title: "Keynote" });
    const server = serveSchedule({ sessions: [s1] });
    server.sessionWrites.push({
      status: 422,
      body: { Error: { Code: "VALIDATION_ERROR", Message: "bad", Data: { Problems: [{ In: "body", Name: "ConferenceJoinURL", Message: "refused" }] } } },
    });
    renderScreen();
    const user = userEvent.setup();
    await user.click(within(await rowOf("Keynote")).getByRole("button", { name: "Edit “Keynote”" }));
    const form = within(dialog());
    await user.clear(form.getByLabelText("Title"));
    await user.type(form.getByLabelText("Title"), "Keynote (live)");
    await user.selectOptions(form.getByLabelText("What plays"), "Iframe");
    await user.type(form.getByLabelText("Page address"), "https://blocked.example/live");
    await user.click(form.getByRole("button", { name: "Save" }));
    const field = form.getByLabelText("Page address");
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(form.getByText("Some of the entries are not valid. Please check them.")).toBeInTheDocument();
    expect(field).toHaveValue("https://blocked.example/live");
    expect(form.getByLabelText("Title")).toHaveValue("Keynote (live)");
    expect(sessionWrites(server)).toHaveLength(1);
    expect(sessionWrites(server)[0]?.what).toBe(`PUT /events/${EVENT}/activities/${s1.ID}`);
  });

  it("writes the speaker links an edit changes: removed ones unlinked, new ones added after the others", async () => {
    const s1 = session(1, { Title: "Keynote" });
    const mayaLink = relation(s1.ID, maya.ID, 1);
    const server = serveSchedule({ sessions: [s1], speakers: [maya, jonas], relations: [mayaLink] });
    renderScreen();
    const user = userEvent.setup();
    await user.click(within(await rowOf("Keynote")).getByRole("button", { name: "Edit “Keynote”" }));
    const form = within(dialog());
    expect(form.getByLabelText(/Maya Chen/)).toBeChecked();
    await user.click(form.getByLabelText(/Maya Chen/));
    await user.click(form.getByLabelText(/Jonas Weber/));
    await user.click(form.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.writes().map((w) => w.what)).toEqual([`PUT /events/${EVENT}/activities/${s1.ID}`, `DELETE /relations/${mayaLink.ID}`, "POST /relations"]);
    expect(server.writes()[2]?.body).toMatchObject({ ParentID: s1.ID, ChildID: jonas.ID, SortFields: { Index: 1 } });
    expect(within(await rowOf("Keynote")).getByText("Jonas Weber")).toBeInTheDocument();
  });

  it("stays on the saved session when a speaker link is refused, so a retry updates it", async () => {
    const server = serveSchedule({ speakers: [maya] });
    server.relationWrites.push({ status: 422, body: { Error: { Code: "VALIDATION_ERROR", Message: "ChildID names no Speaker of this event", Data: { ChildID: maya.ID } } } });
    renderScreen();
    const user = userEvent.setup();
    const form = await startSession(user);
    await user.click(form.getByLabelText(/Maya Chen/));
    await user.click(form.getByRole("button", { name: "Save" }));
    expect(await form.findByText(/The session was saved, but these speakers could not be linked: Maya Chen/)).toBeInTheDocument();
    expect(form.getByText("A chosen speaker is not a speaker of this event (any more).")).toBeInTheDocument();
    await user.click(form.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const writes = server.writes().map((w) => w.what.replace(/activities\/[0-9a-f]{24}/, "activities/ID"));
    expect(writes).toEqual([`POST /events/${EVENT}/activities?EntityType=Session`, "POST /relations", `PUT /events/${EVENT}/activities/ID`, "POST /relations"]);
  });

  it("says clearly when Zoom is not configured on the server", async () => {
    const s1 = session(1, { Title: "Keynote" });
    const server = serveSchedule({ sessions: [s1] });
    renderScreen();
    const user = userEvent.setup();
    await user.click(within(await rowOf("Keynote")).getByRole("button", { name: "Edit “Keynote”" }));
    const form = within(dialog());
    await user.selectOptions(form.getByLabelText("What plays"), "Zoom");
    await user.click(form.getByRole("button", { name: "Create Zoom meeting" }));
    expect(await form.findByTestId("zoom-error")).toHaveTextContent(/Zoom is not set up on this server.*VENUELY_ZOOM_ACCOUNT_ID/);
    expect(server.writes().map((w) => w.what)).toEqual([`POST /events/${EVENT}/activities/${s1.ID}/createzoommeeting`]);

    // Configured: the meeting fills the fields.
    server.zoomAnswers.push({ status: 200, body: { ...s1, ConferenceType: "Zoom", ConferenceID: "8531", ConferenceJoinURL: "https://zoom.us/j/8531", ConferencePassword: "pw" } });
    await user.click(form.getByRole("button", { name: "Create Zoom meeting" }));
    await waitFor(() => expect(form.getByLabelText("Join link")).toHaveValue("https://zoom.us/j/8531"));
    expect(form.getByLabelText("Meeting ID")).toHaveValue("8531");
    expect(form.getByRole("button", { name: "Delete the Zoom meeting" })).toBeInTheDocument();
  });

  it("attaches a recording and removes it after asking", async () => {
    const s1 = session(1, { Title: "Keynote" });
    const server = serveSchedule({ sessions: [s1], videos: [recordingVideo] });
    renderScreen();
    const user = userEvent.setup();
    const row = await rowOf("Keynote");
    await user.click(await within(row).findByRole("button", { name: "Add recording “Keynote”" }));
    const form = within(dialog());
    await user.click(form.getByRole("button", { name: "Save recording" }));
    expect(await form.findByText("Choose a video.")).toBeInTheDocument();
    await user.selectOptions(form.getByLabelText("Video"), recordingVideo.ID);
    await user.click(form.getByRole("button", { name: "Save recording" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.writes()).toEqual([{ what: `PUT /events/${EVENT}/recordings/${s1.ID}`, body: { VideoID: recordingVideo.ID } }]);
    expect(within(row).getByText("Recording: Keynote recording")).toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Remove recording “Keynote”" }));
    const ask = screen.getByRole("alertdialog");
    expect(ask).toHaveTextContent("Remove the recording of “Keynote”?");
    expect(server.writes()).toHaveLength(1);
    await user.click(within(ask).getByRole("button", { name: "Remove recording" }));
    await waitFor(() => expect(within(row).getByText("No recording")).toBeInTheDocument());
    expect(server.writes()[1]?.what).toBe(`DELETE /events/${EVENT}/recordings/${s1.ID}`);
  });

  it("asks before deleting a session", async () => {
    const s1 = session(1, { Title: "Keynote" });
    const server = serveSchedule({ sessions: [s1] });
    renderScreen();
    const user = userEvent.setup();
    await user.click(within(await rowOf("Keynote")).getByRole("button", { name: "Delete “Keynote”" }));
    let ask = screen.getByRole("alertdialog");
    expect(ask).toHaveTextContent("Delete “Keynote”?");
    // Cancel is focused first: the harmless choice.
    expect(within(ask).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(server.writes()).toEqual([]);
    await user.click(within(await rowOf("Keynote")).getByRole("button", { name: "Delete “Keynote”" }));
    ask = screen.getByRole("alertdialog");
    await user.click(within(ask).getByRole("button", { name: "Delete session" }));
    await waitFor(() => expect(screen.queryByText("Keynote", { selector: ".schedule-title" })).toBeNull());
    expect(server.writes()).toEqual([{ what: `DELETE /events/${EVENT}/activities/${s1.ID}`, body: undefined }]);
    expect(toasts()).toContain("Session “Keynote” deleted.");
  });

  it("refuses a screen the tour does not have", async () => {
    const s1 = session(1, { Title: "Keynote", ScreenID: "old-screen" });
    const server = serveSchedule({ sessions: [s1] });
    renderScreen();
    const user = userEvent.setup();
    const row = await rowOf("Keynote");
    await waitFor(() => expect(within(row).getByText("old-screen (not in the tour)")).toBeInTheDocument());
    await user.click(within(row).getByRole("button", { name: "Edit “Keynote”" }));
    const form = within(dialog());
    await user.click(form.getByRole("button", { name: "Save" }));
    expect(await form.findByText("This screen is not in the event's tour: choose one of its screens, or none.")).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
  });

  it("opens the session a check finding names", async () => {
    const s1 = session(1, { Title: "Keynote" });
    serveSchedule({ sessions: [s1] });
    renderScreen(`/manage/events/${EVENT}/schedule?session=${s1.ID}`);
    expect(await screen.findByRole("dialog", { name: "Edit “Keynote”" })).toBeInTheDocument();
  });

  it("warns in the dialog when the times collide on the chosen screen", async () => {
    serveSchedule({ sessions: [session(1, { Title: "Keynote" })] });
    renderScreen();
    const user = userEvent.setup();
    const form = await startSession(user);
    await waitFor(() => expect(form.getByRole("option", { name: "Auditorium — stage" })).toBeInTheDocument());
    await user.selectOptions(form.getByLabelText("Screen in the venue"), "stage");
    expect(form.getByTestId("session-collision")).toHaveTextContent("On this screen at the same time: “Keynote” (09:00–10:00).");
  });

  it("axe finds no violations in the list and the dialog", async () => {
    serveSchedule({ sessions: [session(1, { Title: "Keynote" })], speakers: [maya], videos: [recordingVideo] });
    const { container } = renderScreen();
    await rowOf("Keynote");
    const rules = { rules: { "color-contrast": { enabled: false } } };
    let result = await axe.run(container, rules);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
    await userEvent.setup().click(screen.getByRole("button", { name: "New session" }));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    result = await axe.run(container, rules);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  });
});

