import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "@/app/console/test-utils";
import { installFakeXHR, step, type FakeXHR } from "@/features/events/manage/pages-test-utils";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { packageProblem } from "./TourUpload";
import { VenueScreen } from "./VenueScreen";
import { EVENT, PANO, renderWithClient, serve, version } from "./venue-test-utils";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));
// The 360° viewer is NodePreview's business (its own test); here it only has to stay out of the way.
vi.mock("../PanoramaViewer", () => ({ PanoramaViewer: () => null }));

const zip = (name = "campus.zip", size = 1024, type = "application/zip") => new File([new Uint8Array(size)], name, { type });
const toasts = () => useNotifications.getState().items.map((n) => n.text);

let xhr: typeof FakeXHR;

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
  fakeRealtime.reset();
  xhr = installFakeXHR();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openUpload() {
  const server = serve(fakeServer);
  renderWithClient(<VenueScreen eventId={EVENT} />);
  const region = await screen.findByRole("region", { name: "Upload a version of Campus" });
  const input = within(region).getByLabelText("Tour package (zip)") as HTMLInputElement;
  return { server, region, input, user: userEvent.setup() };
}

const phases = () => screen.getByTestId("upload-phases");
const frame = (Step: "check" | "images" | "store", Done: number, Total: number, Version = 3) =>
  act(() => fakeRealtime.deliver("PANO_UPLOADER_PROGRESS", { PanoID: PANO, Version, Step, Done, Total }));

describe("tour upload", { timeout: 20_000 }, () => {
  it("shows the bytes going up, then the server's steps, and lists the new version", async () => {
    const { region, input, user } = await openUpload();
    expect(within(region).getByText(/It becomes version 3 of Campus/)).toBeInTheDocument();
    await user.upload(input, zip());
    await user.click(within(region).getByRole("button", { name: "Upload" }));
    expect(xhr.sent).toHaveLength(1);
    const [request] = xhr.sent;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe(`/api/v1/panos/${PANO}/upload`);
    expect(request?.fields()).toEqual({ file: "file:campus.zip" });

    await step(() => request?.progress(512, 1024));
    expect(phases()).toHaveTextContent("Sending the file: 50%");
    expect(phases()).toHaveTextContent("Processing on the server: starts once the file is sent");
    expect(within(region).getByRole("button", { name: "Cancel upload" })).toBeInTheDocument();

    await step(() => request?.progress(1024, 1024));
    expect(within(region).getByRole("status")).toHaveTextContent("The file is sent. The server is processing it…");
    // The server has the bytes: there is nothing left to cancel.
    expect(within(region).queryByRole("button", { name: "Cancel upload" })).toBeNull();

    frame("images", 2, 4);
    expect(phases()).toHaveTextContent("Processing on the server: step 2 of 3, re-encoding the images (2 of 4)");
    expect(within(region).getByRole("progressbar", { name: /re-encoding the images/ })).toHaveAttribute("value", "2");
    expect(within(region).getByRole("status")).toHaveTextContent("The server is re-encoding the images…");
    // A frame of another upload (another pano, or an older number) changes nothing.
    act(() => fakeRealtime.deliver("PANO_UPLOADER_PROGRESS", { PanoID: "f".repeat(24), Version: 3, Step: "store", Done: 1, Total: 9 }));
    expect(phases()).toHaveTextContent("re-encoding the images (2 of 4)");
    frame("store", 5, 6);
    expect(phases()).toHaveTextContent("step 3 of 3, storing the files (5 of 6)");

    // However often it is pressed meanwhile, one upload runs.
    await user.click(within(region).getByRole("button", { name: "Uploading…" }));
    expect(xhr.sent).toHaveLength(1);

    act(() => fakeRealtime.deliver("PANO_UPLOADER_SUCCESS", { PanoID: PANO, Version: 3, PanoURL: `/tours/${PANO}/3/` }));
    await step(() => request?.reply(201, version(3, { Title: "Campus v3" })));
    expect(screen.queryByTestId("upload-phases")).toBeNull();
    expect(within(region).getByRole("status")).toHaveTextContent("Stored as version 3.");
    expect(toasts()).toContain("Version 3 of Campus uploaded.");
    expect(input.files).toHaveLength(0);
    const versions = screen.getByRole("region", { name: "Versions of Campus" });
    expect(within(versions).getAllByRole("heading", { level: 4 }).map((h) => h.textContent)).toEqual([
      "Version 3 · Campus v3",
      "Version 2 · Campus v2",
      "Version 1 · Campus v1",
    ]);
    // The new version is the one previewed, and the next upload would be version 4.
    expect(screen.getByRole("heading", { name: "Preview of version 3 of Campus" })).toBeInTheDocument();
    expect(within(region).getByText(/It becomes version 4 of Campus/)).toBeInTheDocument();
  });

  it("works without the socket: the answer alone decides", async () => {
    const { region, input, user } = await openUpload();
    await user.upload(input, zip());
    await user.click(within(region).getByRole("button", { name: "Upload" }));
    await step(() => xhr.sent[0]?.progress(1024, 1024));
    expect(phases()).toHaveTextContent("Processing on the server: under way.");
    await step(() => xhr.sent[0]?.reply(201, version(3)));
    expect(within(region).getByRole("status")).toHaveTextContent("Stored as version 3.");
  });

  it("a refused package names the entry at fault, keeps the file, and can be sent again", async () => {
    const { server, region, input, user } = await openUpload();
    await user.upload(input, zip());
    await user.click(within(region).getByRole("button", { name: "Upload" }));
    const message = "Tour package refused: a node panorama must be twice as wide as high, not 80x50 (images/hall.png)";
    act(() =>
      fakeRealtime.deliver("PANO_UPLOADER_ERROR", { Error: { Code: "INVALID_FILE", Message: message, Data: { PanoID: PANO, Version: 3, Entry: "images/hall.png" } } }),
    );
    await step(() => xhr.sent[0]?.reply(422, { Error: { Code: "INVALID_FILE", Message: message, Data: { Name: "file", Entry: "images/hall.png" } } }));
    const refusal = within(region).getByTestId("upload-refusal");
    expect(refusal).toHaveAttribute("role", "alert");
    expect(refusal).toHaveTextContent("The package was not stored. This file cannot be used. Please check it and try again.");
    expect(refusal).toHaveTextContent("Zip entry at fault: images/hall.png");
    expect(within(refusal).getByText(message)).toHaveAttribute("lang", "en");
    expect(input.files?.[0]?.name).toBe("campus.zip");
    expect(within(screen.getByRole("region", { name: "Versions of Campus" })).getAllByRole("listitem")).toHaveLength(2);
    expect(server.calls.filter((c) => c.url.pathname === "/api/v1/panos")).toHaveLength(1);

    await user.click(within(region).getByRole("button", { name: "Upload" }));
    expect(xhr.sent).toHaveLength(2);
    expect(within(region).queryByTestId("upload-refusal")).toBeNull();
  });

  it("a size refusal says so with the limit, also from a proxy without the server's envelope", async () => {
    const { region, input, user } = await openUpload();
    await user.upload(input, zip());
    await user.click(within(region).getByRole("button", { name: "Upload" }));
    await step(() => xhr.sent[0]?.reply(413, { Error: { Code: "BODY_TOO_LARGE", Message: "Tour package refused: entry too large (images/lobby.jpg)", Data: { Entry: "images/lobby.jpg", MaxBytes: 64 * 1024 * 1024 } } }));
    const refusal = within(region).getByTestId("upload-refusal");
    expect(refusal).toHaveTextContent("The file is too large.");
    expect(refusal).toHaveTextContent("Zip entry at fault: images/lobby.jpg");
    expect(refusal).toHaveTextContent("The server takes at most 64 MB.");

    await user.click(within(region).getByRole("button", { name: "Upload" }));
    await step(() => xhr.sent[1]?.reply(413));
    expect(within(region).getByTestId("upload-refusal")).toHaveTextContent("The package was not stored. The file is too large.");
  });

  it("checks the file before sending anything", async () => {
    const { region, input } = await openUpload();
    const user = userEvent.setup({ applyAccept: false });
    await user.click(within(region).getByRole("button", { name: "Upload" }));
    expect(within(region).getByText("Please choose a tour package.")).toBeInTheDocument();
    expect(document.activeElement).toBe(input);
    await user.upload(input, zip("notes.txt", 10, "text/plain"));
    expect(within(region).getByText("Please choose a .zip file: tour packages are zip files.")).toBeInTheDocument();
    await user.upload(input, zip("empty.zip", 0));
    expect(within(region).getByText("This file is empty.")).toBeInTheDocument();
    await user.click(within(region).getByRole("button", { name: "Upload" }));
    expect(xhr.sent).toHaveLength(0);
    expect(input).toHaveAttribute("aria-invalid", "true");
  });

  it("when the answer is lost but the server said it committed, the version counts as stored", async () => {
    const { server, region, input, user } = await openUpload();
    await user.upload(input, zip());
    await user.click(within(region).getByRole("button", { name: "Upload" }));
    act(() => fakeRealtime.deliver("PANO_UPLOADER_SUCCESS", { PanoID: PANO, Version: 3, PanoURL: `/tours/${PANO}/3/` }));
    server.panos = server.panos.map((p) => (p.ID === PANO ? { ...p, Versions: [...p.Versions, version(3)] } : p));
    await step(() => xhr.sent[0]?.fail());
    expect(within(region).getByRole("status")).toHaveTextContent("Stored as version 3.");
    expect(within(region).queryByTestId("upload-refusal")).toBeNull();
    // The list is read again, since the answer that would have carried the version never came.
    const versions = screen.getByRole("region", { name: "Versions of Campus" });
    await vi.waitFor(() => expect(versions.querySelector('[data-version="3"] h4')).toHaveTextContent("Version 3 · Campus v3"));
  });

  it("a lost answer without a word from the server says it may be stored and reads the list again", async () => {
    const { server, region, input, user } = await openUpload();
    await user.upload(input, zip());
    await user.click(within(region).getByRole("button", { name: "Upload" }));
    await step(() => xhr.sent[0]?.fail());
    const refusal = within(region).getByTestId("upload-refusal");
    expect(refusal).toHaveTextContent("The server cannot be reached");
    expect(refusal).toHaveTextContent("If the file reached the server, the new version appears in the list below.");
    await vi.waitFor(() => expect(server.calls.filter((c) => c.url.pathname === "/api/v1/panos")).toHaveLength(2));
  });

  it("can be cancelled while the bytes go up", async () => {
    const { region, input, user } = await openUpload();
    await user.upload(input, zip());
    fireEvent.submit(within(region).getByRole("button", { name: "Upload" }));
    await step(() => xhr.sent[0]?.progress(100, 1024));
    await user.click(within(region).getByRole("button", { name: "Cancel upload" }));
    expect(within(region).getByRole("status")).toHaveTextContent("Upload cancelled. Nothing was stored.");
    expect(screen.queryByTestId("upload-phases")).toBeNull();
    expect(input.files?.[0]?.name).toBe("campus.zip");
  });
});

describe("packageProblem", () => {
  it("takes a zip by its type or its name, refuses others, empty and oversized files", () => {
    expect(packageProblem(null)).toBe("fileRequired");
    expect(packageProblem(zip("a.ZIP", 10, ""))).toBeNull();
    expect(packageProblem(zip("tour", 10, "application/x-zip-compressed"))).toBeNull();
    expect(packageProblem(zip("a.tar", 10, "application/x-tar"))).toBe("notZip");
    expect(packageProblem(zip("a.zip", 0))).toBe("fileEmpty");
    const huge = zip("a.zip", 1);
    Object.defineProperty(huge, "size", { value: 200 * 1024 * 1024 + 1 });
    expect(packageProblem(huge)).toBe("tooLarge");
  });
});
