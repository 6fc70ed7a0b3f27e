import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeXHR, step, type FakeXHR } from "@/features/events/manage/pages-test-utils";
import { useNotifications } from "@/features/notifications";
import { setTokenProvider } from "@/lib/api-client";
import { initI18n } from "@/lib/i18n";
import { EVENT, relation, renderWithRouter, serveSchedule, session, speaker } from "./schedule-test-utils";
import { SpeakersScreen } from "./SpeakersScreen";

const maya = speaker(1, "Maya", "Chen", { JobTitle: "Head of Hybrid", Company: "Venuely Labs" });
const amara = speaker(2, "Amara", "Okafor");
const keynote = session(1, { Title: "Keynote" });
const PICTURE = `/api/v1/files/${"9".repeat(64)}`;

const toasts = () => useNotifications.getState().items.map((n) => n.text);
const dialog = () => within(screen.getByRole("dialog"));
const png = (name = "maya.png", size = 4096) => new File([new Uint8Array(size)], name, { type: "image/png" });

let xhr: typeof FakeXHR;

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
  xhr = installFakeXHR();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setTokenProvider(() => null);
});

function renderScreen() {
  return renderWithRouter(<SpeakersScreen eventId={EVENT} />, `/manage/events/${EVENT}/speakers`);
}

describe("SpeakersScreen", { timeout: 20_000 }, () => {
  it("lists the speakers by last name, with role and sessions", async () => {
    serveSchedule({ sessions: [keynote], speakers: [amara, maya], relations: [relation(keynote.ID, maya.ID, 1)] });
    renderScreen();
    await screen.findAllByTestId("speaker-row");
    const rows = screen.getAllByTestId("speaker-row");
    expect(rows.map((r) => r.querySelector(".schedule-title")?.textContent)).toEqual(["Maya Chen", "Amara Okafor"]);
    expect(rows[0]).toHaveTextContent("Head of Hybrid, Venuely Labs");
    expect(rows[0]).toHaveTextContent("Speaks in: Keynote");
    expect(rows[1]).toHaveTextContent("Not in any session yet.");
  });

  it("checks the form before sending and sends the speaker's fields", async () => {
    const server = serveSchedule();
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New speaker" }));
    await user.click(dialog().getByRole("button", { name: "Add a link" }));
    await user.type(dialog().getByLabelText("Label"), "Website");
    await user.type(dialog().getByLabelText("Address"), "javascript:alert(1)");
    await user.click(dialog().getByRole("button", { name: "Save" }));
    expect(await dialog().findByText("Enter a first name, a last name or a display name.")).toBeInTheDocument();
    expect(dialog().getByText("Enter a full address beginning with http:// or https://.")).toBeInTheDocument();
    expect(dialog().getByLabelText("First name")).toHaveFocus();
    expect(server.writes()).toEqual([]);

    await user.type(dialog().getByLabelText("First name"), "Jonas");
    await user.type(dialog().getByLabelText("Last name"), "Weber");
    await user.type(dialog().getByLabelText("Job title"), "Streaming Engineer");
    await user.clear(dialog().getByLabelText("Address"));
    await user.type(dialog().getByLabelText("Address"), "https://jonas.example");
    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.writes()).toEqual([
      {
        what: `POST /events/${EVENT}/activities?EntityType=Speaker`,
        body: {
          InternalName: "",
          PanoNodeID: "",
          FirstName: "Jonas",
          LastName: "Weber",
          FullName: "",
          Company: "",
          JobTitle: "Streaming Engineer",
          PictureURL: "",
          Biography: "",
          Links: [{ Label: "Website", URL: "https://jonas.example" }],
          PersonID: null,
        },
      },
    ]);
    expect(toasts()).toContain("Jonas Weber added.");
  });

  it("uploads a picture in one request with progress, and shows the path the server stored", async () => {
    const server = serveSchedule({ speakers: [maya] });
    setTokenProvider(() => "console-token");
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Maya Chen" }));
    await user.upload(dialog().getByLabelText("Upload a picture"), png());
    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const upload = xhr.sent[0];
    expect(upload?.method).toBe("POST");
    expect(upload?.url).toBe(`/api/v1/events/${EVENT}/activities/${maya.ID}/picture`);
    expect(upload?.headers.Authorization).toBe("Bearer console-token");
    expect(upload?.fields()).toEqual({ file: "file:maya.png" });
    await step(() => upload?.progress(1024, 4096));
    expect(dialog().getByText("Uploading… 25%")).toBeInTheDocument();
    await step(() => upload?.reply(200, { ...maya, PictureURL: PICTURE }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The speaker is saved first; the upload sets its PictureURL, so no second save follows.
    expect(server.writes().map((w) => w.what)).toEqual([`PUT /events/${EVENT}/activities/${maya.ID}`]);
    expect(screen.getByTestId("speaker-row").querySelector("img")).toHaveAttribute("src", PICTURE);
    expect(toasts()).toContain("Maya Chen saved.");
  });

  it("keeps a stored picture's path when the speaker is saved again", async () => {
    const server = serveSchedule({ speakers: [{ ...maya, PictureURL: PICTURE }] });
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Maya Chen" }));
    expect(dialog().getByLabelText("Or the picture's address")).toHaveValue(PICTURE);
    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.writes()[0]?.body).toMatchObject({ PictureURL: PICTURE });
    expect(xhr.sent).toHaveLength(0);
  });

  it("says why a picture was refused, beside the file input", async () => {
    const server = serveSchedule({ speakers: [maya] });
    renderScreen();
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole("button", { name: "Edit Maya Chen" }));
    // Checked before sending: an SVG never leaves the browser.
    await user.upload(dialog().getByLabelText("Upload a picture"), new File(["<svg/>"], "x.svg", { type: "image/svg+xml" }));
    expect(dialog().getByText("This type of file is not accepted: choose a PNG, JPEG, GIF or WebP image.")).toBeInTheDocument();

    await user.upload(dialog().getByLabelText("Upload a picture"), png());
    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    await step(() => xhr.sent[0]?.reply(413, { Error: { Code: "BODY_TOO_LARGE", Message: "too large", Data: { MaxBytes: 1048576 } } }));
    expect(await dialog().findByText("The speaker was saved, but the picture was not uploaded. Choose the file again or save to retry.")).toBeInTheDocument();
    const input = dialog().getByLabelText("Upload a picture");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(/Largest accepted size: 1 MB\./);
    // Nothing to clean up: a refused upload stored nothing, and the speaker was saved once.
    expect(server.writes().map((w) => w.what)).toEqual([`PUT /events/${EVENT}/activities/${maya.ID}`]);
  });

  it("cancels an upload on request", async () => {
    serveSchedule({ speakers: [maya] });
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Maya Chen" }));
    await user.upload(dialog().getByLabelText("Upload a picture"), png());
    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    await user.click(dialog().getByRole("button", { name: "Cancel upload" }));
    expect(await dialog().findByText("The upload was cancelled.")).toBeInTheDocument();
  });

  it("asks before deleting a speaker and says how many sessions lose them", async () => {
    const server = serveSchedule({ sessions: [keynote], speakers: [maya], relations: [relation(keynote.ID, maya.ID, 1)] });
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete Maya Chen" }));
    const ask = within(screen.getByRole("alertdialog"));
    expect(ask.getByText("They are taken off 1 session. Attendees no longer see them.")).toBeInTheDocument();
    await user.click(ask.getByRole("button", { name: "Cancel" }));
    expect(server.writes()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Delete Maya Chen" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete speaker" }));
    await waitFor(() => expect(screen.queryAllByTestId("speaker-row")).toHaveLength(0));
    expect(server.writes()).toEqual([{ what: `DELETE /events/${EVENT}/activities/${maya.ID}`, body: undefined }]);
  });

  it("axe finds no violations in the list and the dialog", async () => {
    serveSchedule({ speakers: [maya] });
    const { container } = renderScreen();
    await screen.findAllByTestId("speaker-row");
    const rules = { rules: { "color-contrast": { enabled: false } } };
    let result = await axe.run(container, rules);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
    await userEvent.setup().click(screen.getByRole("button", { name: "Edit Maya Chen" }));
    result = await axe.run(container, rules);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  });
});
