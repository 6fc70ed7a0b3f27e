import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeXHR, step, type FakeXHR } from "@/features/events/manage/pages-test-utils";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import type { Video } from "./api";
import { MediaScreen } from "./MediaScreen";

const EVENT = "e".repeat(24);
const BASE = `/api/v1/events/${EVENT}`;
const stored = (c: string) => `/api/v1/files/${c.repeat(64)}`;

function video(n: number, title: string, change: Partial<Video> = {}): Video {
  return {
    ID: `c${n.toString(16).padStart(23, "0")}`,
    EventID: EVENT,
    Title: title,
    Description: "",
    Kind: "youtube",
    URL: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
    FileHash: null,
    ExternalID: "aqz-KE-bpKQ",
    DurationSeconds: null,
    PosterURL: "",
    Position: n,
    IsInCinema: true,
    CreatedAt: "2030-01-01T00:00:00Z",
    UpdatedAt: "2030-01-01T00:00:00Z",
    ...change,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}
type Reply = { status: number; body?: unknown };

interface MediaServer {
  calls: Call[];
  videos: Video[];
  answers: Reply[];
  writes: () => Call[];
}

function serve(videos: Video[]): MediaServer {
  const server: MediaServer = { calls: [], videos, answers: [], writes: () => server.calls.filter((c) => c.method !== "GET") };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      const call: Call = { method: init?.method ?? "GET", path: url.pathname, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined };
      server.calls.push(call);
      const reply = ((): Reply => {
        if (call.method === "GET" && call.path === `${BASE}/videos`) return { status: 200, body: server.videos };
        if (call.method === "GET" && call.path === `${BASE}/activities`) return { status: 200, body: [{ ID: "s1", InternalName: "keynote", Title: "Keynote" }] };
        const queued = server.answers.shift();
        if (queued) return queued;
        if (call.method === "POST" && call.path === `${BASE}/videos`) {
          const created = video(90, "", { ...(call.body as object), ID: `c${"9".repeat(23)}`, Position: server.videos.length });
          server.videos = [...server.videos, created];
          return { status: 201, body: created };
        }
        if (call.method === "PUT" && call.path === `${BASE}/videos/order`) {
          const ids = (call.body as { VideoIDs: string[] }).VideoIDs;
          server.videos = ids.map((id, i) => ({ ...(server.videos.find((v) => v.ID === id) as Video), Position: i }));
          return { status: 200, body: server.videos };
        }
        if (call.method === "PUT") {
          const id = call.path.split("/").pop();
          const updated = { ...(server.videos.find((v) => v.ID === id) as Video), ...(call.body as object) };
          server.videos = server.videos.map((v) => (v.ID === id ? updated : v));
          return { status: 200, body: updated };
        }
        if (call.method === "DELETE") return { status: 204 };
        return { status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND", Message: "no route" } } };
      })();
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return server;
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MediaScreen eventId={EVENT} />
    </QueryClientProvider>,
  );
}

const titles = () => screen.getAllByTestId("video-row").map((r) => r.querySelector(".media-row__title")?.textContent);
const row = (title: string) => screen.getAllByTestId("video-row").find((r) => r.querySelector(".media-row__title")?.textContent === title) as HTMLElement;
const dialog = () => within(screen.getByRole("dialog"));
const toasts = () => useNotifications.getState().items.map((n) => n.text);
const mp4 = (name = "Opening talk.mp4", size = 8192) => new File([new Uint8Array(size)], name, { type: "video/mp4" });

let xhr: typeof FakeXHR;

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
  xhr = installFakeXHR();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const three = () => [video(0, "One"), video(1, "Two", { Kind: "mp4", URL: stored("a"), FileHash: "a".repeat(64), ExternalID: "", DurationSeconds: 3723 }), video(2, "Backstage", { IsInCinema: false })];

describe("MediaScreen", { timeout: 20_000 }, () => {
  it("lists the videos in cinema order with kind, length and whether the cinema shows them", async () => {
    serve(three());
    renderScreen();
    expect(screen.getByText("Loading the videos…")).toBeInTheDocument();
    await screen.findAllByTestId("video-row");
    expect(titles()).toEqual(["One", "Two", "Backstage"]);
    expect(row("Two")).toHaveTextContent("MP4 video · uploaded file · 1:02:03");
    expect(within(row("One")).getByLabelText("Shown in the cinema “One”")).toBeChecked();
    expect(within(row("Backstage")).getByLabelText("Shown in the cinema “Backstage”")).not.toBeChecked();
  });

  it("checks an address for its kind before sending, then adds the video", async () => {
    const server = serve([]);
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add video" }));
    await user.type(dialog().getByLabelText("Title"), "Livestream");
    await user.selectOptions(dialog().getByLabelText("Kind"), "hls");
    await user.type(dialog().getByLabelText("Address"), "https://cdn.example.com/live.mp4");
    await user.click(dialog().getByRole("button", { name: "Save" }));
    expect(await dialog().findByText("An HLS stream is an http or https address of a .m3u8 playlist.")).toBeInTheDocument();
    await user.clear(dialog().getByLabelText("Address"));
    await user.type(dialog().getByLabelText("Address"), "javascript:alert(1)");
    await user.click(dialog().getByRole("button", { name: "Save" }));
    expect(await dialog().findByText("Enter a full address beginning with http:// or https://.")).toBeInTheDocument();
    expect(server.writes()).toEqual([]);

    await user.clear(dialog().getByLabelText("Address"));
    await user.type(dialog().getByLabelText("Address"), "https://cdn.example.com/live/index.m3u8");
    const save = dialog().getByRole("button", { name: "Save" });
    await user.click(save);
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.writes()).toEqual([
      {
        method: "POST",
        path: `${BASE}/videos`,
        body: { Title: "Livestream", Description: "", Kind: "hls", URL: "https://cdn.example.com/live/index.m3u8", DurationSeconds: null, PosterURL: "", IsInCinema: true },
      },
    ]);
    expect(toasts()).toContain("“Livestream” added.");
    expect(titles()).toEqual(["Livestream"]);
  });

  it("uploads an MP4 with progress, then makes it a video", async () => {
    const server = serve([]);
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add video" }));
    await user.click(dialog().getByLabelText("Upload an MP4 file"));
    await user.upload(dialog().getByLabelText("MP4 file"), mp4());
    // The file's name is a first title.
    expect(dialog().getByLabelText("Title")).toHaveValue("Opening talk");
    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]?.url).toBe(`${BASE}/videos/upload`);
    expect(xhr.sent[0]?.fields()).toEqual({ file: "file:Opening talk.mp4" });
    await step(() => xhr.sent[0]?.progress(4096, 8192));
    expect(dialog().getByText("Uploading… 50%")).toBeInTheDocument();
    await step(() => xhr.sent[0]?.reply(201, { URL: stored("d"), FileHash: "d".repeat(64), ContentType: "video/mp4", Size: 8192, Width: 1280, Height: 720, DurationSeconds: 60 }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.writes()).toEqual([
      { method: "POST", path: `${BASE}/videos`, body: { Title: "Opening talk", Description: "", Kind: "mp4", URL: stored("d"), DurationSeconds: null, PosterURL: "", IsInCinema: true } },
    ]);
  });

  it("says why an upload was refused, beside the file input, and never creates the video", async () => {
    const server = serve([]);
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add video" }));
    await user.click(dialog().getByLabelText("Upload an MP4 file"));
    await user.click(dialog().getByRole("button", { name: "Save" }));
    expect(await dialog().findByText("Choose a file.")).toBeInTheDocument();
    expect(xhr.sent).toHaveLength(0);

    await user.upload(dialog().getByLabelText("MP4 file"), mp4("clip.mp4"));
    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    await step(() => xhr.sent[0]?.reply(415, { Error: { Code: "UNSUPPORTED_MEDIA_TYPE", Message: "QuickTime" } }));
    const input = dialog().getByLabelText("MP4 file");
    await waitFor(() => expect(input).toHaveAccessibleDescription(/This type of file is not accepted\..*Accepted: MP4 videos\./));

    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    await step(() => xhr.sent[1]?.reply(422, { Error: { Code: "INVALID_FILE", Message: "the file is truncated: 3 of 9 pictures" } }));
    expect(await dialog().findByText("the file is truncated: 3 of 9 pictures")).toHaveAttribute("lang", "en");

    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(3));
    await step(() => xhr.sent[2]?.reply(413, { Error: { Code: "BODY_TOO_LARGE", Message: "big", Data: { MaxBytes: 209715200 } } }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/Largest accepted size: 200 MB\./));
    expect(server.writes()).toEqual([]);
  });

  it("cancels an upload, and does not upload again when only the create was refused", async () => {
    const server = serve([]);
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add video" }));
    await user.click(dialog().getByLabelText("Upload an MP4 file"));
    await user.upload(dialog().getByLabelText("MP4 file"), mp4());
    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    await user.click(dialog().getByRole("button", { name: "Cancel upload" }));
    expect(await dialog().findByText("The upload was cancelled.")).toBeInTheDocument();

    await user.upload(dialog().getByLabelText("MP4 file"), mp4());
    server.answers.push({ status: 403, body: { Error: { Code: "FORBIDDEN", Message: "no" } } });
    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    await step(() => xhr.sent[1]?.reply(201, { URL: stored("e"), FileHash: "e".repeat(64), ContentType: "video/mp4", Size: 8192, Width: 1, Height: 1, DurationSeconds: 1 }));
    expect(await dialog().findByTestId("form-error")).toHaveTextContent("Not saved.");
    await user.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(xhr.sent).toHaveLength(2);
    expect(server.writes().map((w) => w.method)).toEqual(["POST", "POST"]);
  });

  it("moves a video and sends every id in the new order", async () => {
    const server = serve(three());
    renderScreen();
    await screen.findAllByTestId("video-row");
    const user = userEvent.setup();
    const down = within(row("One")).getByRole("button", { name: "Move down “One”" });
    await user.click(down);
    await waitFor(() => expect(titles()).toEqual(["Two", "One", "Backstage"]));
    expect(server.writes()).toEqual([{ method: "PUT", path: `${BASE}/videos/order`, body: { VideoIDs: [video(1, "").ID, video(0, "").ID, video(2, "").ID] } }]);
    await waitFor(() => expect(screen.getByTestId("media-announcer")).toHaveTextContent("“One” is now at place 2 of 3."));
    await waitFor(() => expect(within(row("One")).getByRole("button", { name: "Move down “One”" })).toHaveFocus());
  });

  it("puts the order back and reads the list again when the server says it changed", async () => {
    const server = serve(three());
    renderScreen();
    await screen.findAllByTestId("video-row");
    server.answers.push({ status: 409, body: { Error: { Code: "CONFLICT", Message: "changed", Data: { Missing: ["x"], Unknown: [] } } } });
    const user = userEvent.setup();
    await user.click(within(row("Two")).getByRole("button", { name: "Move up “Two”" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The videos changed meanwhile, so the order was not saved; the list was read again.");
    expect(titles()).toEqual(["One", "Two", "Backstage"]);
    expect(server.calls.filter((c) => c.method === "GET" && c.path === `${BASE}/videos`)).toHaveLength(2);
  });

  it("drags with the keyboard", async () => {
    const server = serve(three());
    renderScreen();
    await screen.findAllByTestId("video-row");
    // jsdom lays nothing out: give each row a place so the keyboard sensor can move.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      const li = this.closest("li");
      const place = li ? [...(li.parentElement?.children ?? [])].indexOf(li) : 0;
      return DOMRect.fromRect({ x: 0, y: place * 60, width: 600, height: 50 });
    });
    const handle = within(row("One")).getByRole("button", { name: "Move One" });
    await waitFor(() => expect(handle).toHaveAccessibleDescription(/To pick up a video, press Space or Enter/));
    const key = async (code: string) => {
      fireEvent.keyDown(handle, { code, key: code === "Space" ? " " : code });
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    };
    handle.focus();
    await key("Space");
    expect(screen.getByText("Picked up One, place 1 of 3.")).toBeInTheDocument();
    await key("ArrowDown");
    await key("Space");
    await waitFor(() => expect(titles()).toEqual(["Two", "One", "Backstage"]));
    expect(server.writes()).toHaveLength(1);
  });

  it("shows a video in the cinema or not, sending its whole state", async () => {
    const server = serve(three());
    renderScreen();
    await screen.findAllByTestId("video-row");
    const user = userEvent.setup();
    await user.click(within(row("Two")).getByLabelText("Shown in the cinema “Two”"));
    await waitFor(() => expect(within(row("Two")).getByLabelText("Shown in the cinema “Two”")).not.toBeChecked());
    expect(server.writes()).toEqual([
      {
        method: "PUT",
        path: `${BASE}/videos/${video(1, "").ID}`,
        body: { Title: "Two", Description: "", Kind: "mp4", URL: stored("a"), DurationSeconds: 3723, PosterURL: "", IsInCinema: false },
      },
    ]);
  });

  it("asks before deleting, and names the sessions that stream a video it may not delete", async () => {
    const server = serve(three());
    renderScreen();
    await screen.findAllByTestId("video-row");
    const user = userEvent.setup();
    await user.click(within(row("One")).getByRole("button", { name: "Delete “One”" }));
    let ask = within(screen.getByRole("alertdialog"));
    expect(ask.getByText("Delete “One”?")).toBeInTheDocument();
    await user.click(ask.getByRole("button", { name: "Cancel" }));
    expect(server.writes()).toEqual([]);

    server.answers.push({ status: 409, body: { Error: { Code: "CONFLICT", Message: "streams", Data: { VideoID: "x", SessionIDs: ["s1"] } } } });
    await user.click(within(row("One")).getByRole("button", { name: "Delete “One”" }));
    ask = within(screen.getByRole("alertdialog"));
    await user.click(ask.getByRole("button", { name: "Delete video" }));
    expect(await ask.findByRole("alert")).toHaveTextContent("This video cannot be deleted while sessions stream it: “Keynote”.");
    expect(titles()).toContain("One");

    await user.click(ask.getByRole("button", { name: "Delete video" }));
    await waitFor(() => expect(titles()).toEqual(["Two", "Backstage"]));
    expect(server.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`DELETE ${BASE}/videos/${video(0, "").ID}`, `DELETE ${BASE}/videos/${video(0, "").ID}`]);
  });

  it("uploads a poster from the edit dialog, with progress", async () => {
    serve(three());
    renderScreen();
    await screen.findAllByTestId("video-row");
    const user = userEvent.setup();
    await user.click(within(row("One")).getByRole("button", { name: "Edit “One”" }));
    await user.upload(dialog().getByLabelText("Poster image"), new File([new Uint8Array(100)], "p.png", { type: "image/png" }));
    await user.click(dialog().getByRole("button", { name: "Upload poster" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]?.url).toBe(`${BASE}/videos/${video(0, "").ID}/poster`);
    await step(() => xhr.sent[0]?.progress(50, 100));
    expect(dialog().getByText("Uploading… 50%")).toBeInTheDocument();
    await step(() => xhr.sent[0]?.reply(200, { ...video(0, "One"), PosterURL: stored("f") }));
    expect(await dialog().findByRole("img", { name: "Poster of “One”" })).toHaveAttribute("src", stored("f"));
    expect(dialog().getByLabelText("Remove the poster when saving")).toBeInTheDocument();
  });

  it("axe finds no violations in the list and the dialog", async () => {
    serve(three());
    const { container } = renderScreen();
    await screen.findAllByTestId("video-row");
    const rules = { rules: { "color-contrast": { enabled: false } } };
    let result = await axe.run(container, rules);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
    await userEvent.setup().click(within(row("Two")).getByRole("button", { name: "Edit “Two”" }));
    result = await axe.run(container, rules);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  });
});
