import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call } from "@/app/console/test-utils";
import { installFakeXHR, step, type FakeXHR } from "@/features/events/manage/pages-test-utils";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import { LookScreen } from "./LookScreen";
import { BRAND_ID, hash, level, ref, themeServer, type ThemeServer } from "./look-test-server";
import { MAX_UPLOAD_BYTES } from "./look-schema";

const region = (name: string) => screen.getByRole("region", { name });
const group = (name: string) => within(region("Fonts")).getByRole("region", { name });
const toasts = () => useNotifications.getState().items.map((n) => n.text);
const writes = (calls: Call[]) => calls.filter((c) => c.method !== "GET").map((c) => `${c.method} ${c.url.pathname}`);
const file = (name: string, type: string, size = 2048) => new File([new Uint8Array(size)], name, { type });

let server: ThemeServer;
let calls: Call[];
let xhr: typeof FakeXHR;

async function renderScreen(start: Parameters<typeof themeServer>[0]) {
  server = themeServer(start);
  calls = fakeServer(server.handle);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LookScreen eventId="e1" />
    </QueryClientProvider>,
  );
  await screen.findByRole("region", { name: "Fonts" });
}

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
  xhr = installFakeXHR();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Look: fonts", { timeout: 20_000 }, () => {
  it("lists a group's fonts in order, or what it inherits", async () => {
    await renderScreen(level({ BaseThemeID: BRAND_ID, FontAssets: { regular: [ref(1), ref(2)] } }));
    const regular = group("Regular");
    expect(within(regular).getAllByRole("listitem").map((li) => li.textContent)).toEqual([expect.stringContaining("Font 1"), expect.stringContaining("Font 2")]);
    expect(within(group("Bold")).getByText("Inherited from the global theme “Brand”.")).toBeInTheDocument();
    expect(within(group("Light")).getByText(/attendees see the system font/)).toBeInTheDocument();
    // The preview uses them, under a family of its own so the console keeps its font.
    const style = document.querySelector("style")?.textContent ?? "";
    expect(style).toContain(`font-family: "VenuelyLookPreview"; src: url("/api/v1/files/${hash(1)}"), url("/api/v1/files/${hash(2)}")`);
    expect(style).not.toContain('"VenuelyTheme"');
  });

  it("uploads a font with progress; a file of the wrong type is refused before sending", async () => {
    await renderScreen(null);
    const regular = group("Regular");
    const user = userEvent.setup({ applyAccept: false });
    const input = within(regular).getByLabelText("Upload a font for Regular");
    await user.upload(input, file("brand.svg", "image/svg+xml"));
    expect(input).toHaveAccessibleDescription(expect.stringContaining("This is not a font file the server accepts. Accepted: WOFF2, WOFF, TTF or OTF."));
    await user.click(within(regular).getByRole("button", { name: "Upload Regular" }));
    expect(xhr.sent).toHaveLength(0);

    await user.upload(input, file("Brand.woff2", ""));
    await user.click(within(regular).getByRole("button", { name: "Upload Regular" }));
    expect(xhr.sent).toHaveLength(1);
    const [request] = xhr.sent;
    expect(request?.url).toBe("/api/v1/events/e1/themes/fonts/regular");
    expect(request?.fields()).toEqual({ file: "file:Brand.woff2" });
    await step(() => request?.progress(1024, 2048));
    expect(within(regular).getByTestId("upload-progress")).toHaveTextContent("50%");
    await step(() => request?.reply(200, level({ FontAssets: { regular: [ref(5)] } })));
    await waitFor(() => expect(toasts()).toContain("The font was added to Regular."));
    expect(within(group("Regular")).getAllByRole("listitem")).toHaveLength(1);
  });

  it("a refusal by the server says the limit it named", async () => {
    await renderScreen(null);
    const bold = group("Bold");
    const user = userEvent.setup();
    await user.upload(within(bold).getByLabelText("Upload a font for Bold"), file("b.ttf", "font/ttf"));
    await user.click(within(bold).getByRole("button", { name: "Upload Bold" }));
    await step(() => xhr.sent[0]?.reply(413, { Error: { Code: "BODY_TOO_LARGE", Message: "too large", Data: { MaxBytes: 2 * 1024 * 1024 } } }));
    expect(within(bold).getByLabelText("Upload a font for Bold")).toHaveAccessibleDescription(expect.stringContaining("Largest accepted size: 2 MB."));
  });

  it("a file over the limit is refused before sending", async () => {
    await renderScreen(null);
    const light = group("Light");
    await userEvent.upload(within(light).getByLabelText("Upload a font for Light"), file("big.otf", "font/otf", MAX_UPLOAD_BYTES + 1));
    expect(within(light).getByLabelText("Upload a font for Light")).toHaveAccessibleDescription(expect.stringContaining("This file is too large: at most 10 MB."));
  });

  it("moves a font down with the whole order, and removes one only after asking", async () => {
    await renderScreen(level({ FontAssets: { bold: [ref(1), ref(2), ref(3)] } }));
    const user = userEvent.setup();
    await user.click(within(group("Bold")).getByRole("button", { name: "Down Font 1 Bold" }));
    await waitFor(() => expect(server.level?.FontAssets.bold?.map((f) => f.hash)).toEqual([hash(2), hash(1), hash(3)]));
    const reorder = calls.find((c) => c.url.pathname.endsWith("/re-order"));
    expect(reorder?.method).toBe("PUT");
    expect(reorder?.body).toEqual([hash(2), hash(1), hash(3)]);
    await waitFor(() => expect(within(group("Bold")).getAllByRole("listitem")[1]).toHaveTextContent(hash(1).slice(0, 12)));

    await user.click(within(group("Bold")).getByRole("button", { name: "Remove Font 3 Bold" }));
    const dialog = screen.getByRole("alertdialog", { name: "Remove Font 3 of Bold?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(writes(calls).filter((w) => w.startsWith("DELETE"))).toEqual([]);
    await user.click(within(group("Bold")).getByRole("button", { name: "Remove Font 3 Bold" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(within(group("Bold")).getAllByRole("listitem")).toHaveLength(2));
    expect(writes(calls)).toContain(`DELETE /api/v1/events/e1/themes/fonts/bold/file-hash/${hash(3)}`);
  });
});

describe("Look: favicon", { timeout: 20_000 }, () => {
  it("uploads a favicon the preview shows; refuses SVG before sending", async () => {
    await renderScreen(null);
    const media = region("Favicon");
    expect(within(media).getByText("None set: attendees get Venuely's icon.")).toBeInTheDocument();
    const user = userEvent.setup({ applyAccept: false });
    const input = within(media).getByLabelText("Upload a favicon");
    await user.upload(input, file("icon.svg", "image/svg+xml"));
    expect(input).toHaveAccessibleDescription(expect.stringContaining("Accepted: PNG, JPEG, WebP, GIF or ICO (no SVG)."));
    await user.upload(input, file("icon.png", "image/png"));
    await user.click(within(media).getByRole("button", { name: "Upload Favicon" }));
    expect(xhr.sent.map((r) => r.url)).toEqual(["/api/v1/events/e1/themes/media-assets/favicon"]);
    await step(() => xhr.sent[0]?.reply(200, level({ MediaAssets: { favicon: ref(7) } })));
    await waitFor(() => expect(screen.getByTestId("preview-favicon")).toHaveAttribute("src", ref(7).url));
    expect(within(region("Favicon")).getByText("Set for this event.")).toBeInTheDocument();
  });

  it("removes the event's favicon after asking; the inherited one comes back", async () => {
    await renderScreen(level({ BaseThemeID: BRAND_ID, MediaAssets: { favicon: ref(7) } }));
    const user = userEvent.setup();
    await user.click(within(region("Favicon")).getByRole("button", { name: "Remove Favicon" }));
    const dialog = screen.getByRole("alertdialog", { name: "Remove the event's favicon?" });
    expect(dialog).toHaveTextContent("Attendees then get the inherited favicon.");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(within(region("Favicon")).getByText("Inherited from the global theme “Brand”.")).toBeInTheDocument());
    expect(writes(calls)).toEqual(["DELETE /api/v1/events/e1/themes/media-assets/favicon"]);
    expect(screen.getByTestId("preview-favicon")).toHaveAttribute("src", ref(8).url);
  });
});
