import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call, type Reply } from "@/app/console/test-utils";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import deErrors from "@/locales/de/errors";
import { PagesScreen } from "./PagesScreen";
import { installFakeXHR, step, type FakeXHR } from "./pages-test-utils";

const PUBLIC = "/api/v1/events/e1/public";
const BOOTH_PATH = "/api/v1/events/e1/photobooth";

const faq = {
  Title: "Questions",
  Content: "How do I join?\nClick the stage.",
  ImageURL: "",
  ImageHeight: "240px",
  Image: null,
  IsSidebar: false,
  UpdatedAt: "2031-01-01T00:00:00Z",
};

const booth = {
  Slug: "summer-gala",
  Domain: "booth.example.com",
  GalleryDisplayMode: "grid",
  GalleryQRCodeShow: false,
  PanoID: "",
  OnClickOpenPopup: true,
  OnClickGoToPanorama: false,
  ExpectPostMessage: false,
  PostMessageText: "",
  PostMessageDomain: "",
  HasAPIKey: true,
  Signature: "abc",
  SignatureEMail: "admin@example.com",
  UpdatedAt: "2031-01-01T00:00:00Z",
};

const tour = {
  FormatVersion: 1,
  Nodes: [
    {
      ID: "lobby",
      Name: { en: "Lobby" },
      WebElements: [
        { ID: "Screen_01", Type: "image", Default: "assets/sponsor.png" },
        { ID: "Screen_02", Type: "image", Default: "assets/banner.png" },
      ],
    },
  ],
};

function publicEvent(overrides: Record<string, unknown> = {}) {
  return {
    EventID: "e1",
    Title: "Demo Days",
    PanoURL: "/tours/p/1/",
    PanoEventVars: {},
    PanoEventModulesVars: {},
    PanoCustomVars: { WebElements: { Screen_02: { Type: "image", Value: "/api/v1/files/old" } } },
    FAQ: faq,
    Landing: null,
    Photobooth: booth,
    ...overrides,
  };
}

interface Server {
  calls: Call[];
  /** Answers for the next GET /public, in order; then the event. */
  publicAnswers: Reply[];
  boothAnswers: Reply[];
  removeAnswers: Reply[];
}

function serve(event = publicEvent()): Server {
  const server: Server = { calls: [], publicAnswers: [], boothAnswers: [], removeAnswers: [] };
  server.calls = fakeServer(({ method, url, body }) => {
    if (method === "GET" && url.pathname === PUBLIC) return server.publicAnswers.shift() ?? { status: 200, body: event };
    if (method === "GET" && url.pathname === "/tours/p/1/tour.json") return { status: 200, body: tour };
    if (method === "DELETE" && url.pathname === "/api/v1/events/e1/webelement-image/Screen_02") return server.removeAnswers.shift() ?? { status: 204 };
    if (method === "PUT" && url.pathname === BOOTH_PATH) {
      const answer = server.boothAnswers.shift();
      if (answer) return answer;
      const sent = body as Record<string, unknown>;
      const { APIKey, ...settings } = sent;
      return { status: 200, body: { ...settings, HasAPIKey: booth.HasAPIKey || (typeof APIKey === "string" && APIKey !== ""), UpdatedAt: "2031-01-02T00:00:00Z" } };
    }
    return undefined;
  });
  return server;
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PagesScreen eventId="e1" />
    </QueryClientProvider>,
  );
}

const region = (name: string) => screen.getByRole("region", { name });
/** A web element's card, once the tour has been read. */
const elementItem = async (key: string) => (await screen.findByRole("heading", { name: key })).closest("li") as HTMLElement;
const toasts = () => useNotifications.getState().items.map((n) => n.text);
const png = (name = "hero.png", size = 2048) => new File([new Uint8Array(size)], name, { type: "image/png" });

let xhr: typeof FakeXHR;

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
  xhr = installFakeXHR();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("PagesScreen", { timeout: 20_000 }, () => {
  describe("loading", () => {
    it("loads the pages as attendees get them, with the empty states", async () => {
      const server = serve();
      renderScreen();
      expect(screen.getByText("Loading the pages…")).toBeInTheDocument();
      const faqSection = await screen.findByRole("region", { name: "FAQ" });
      expect(within(faqSection).getByLabelText("Title")).toHaveValue("Questions");
      expect(within(faqSection).getByLabelText("Text")).toHaveValue("How do I join?\nClick the stage.");
      expect(within(faqSection).getByLabelText("Image height")).toHaveValue("240px");
      expect(within(faqSection).queryByText(/No FAQ yet/)).toBeNull();
      // The preview renders the text as attendees see it: plain text, line breaks kept.
      const preview = within(faqSection).getByTestId("faq-preview");
      expect(preview).toHaveTextContent("Questions");
      expect(preview.querySelector(".faq__content")?.textContent).toBe("How do I join?\nClick the stage.");

      expect(within(region("Landing page")).getByText("No landing page yet. Write it below.")).toBeInTheDocument();
      expect(within(region("Landing page")).getByLabelText("Title")).toHaveValue("");

      const boothSection = region("Photobooth");
      expect(within(boothSection).getByText(/The photobooth is an external service/)).toBeInTheDocument();
      expect(within(boothSection).getByLabelText("Slug")).toHaveValue("summer-gala");
      expect(within(boothSection).getByTestId("api-key-state")).toHaveTextContent("An API key is set. It is never shown.");
      expect(boothSection.querySelector('input[type="password"]')).toBeNull();

      const elements = region("Web-element images");
      await elementItem("Screen_01");
      const items = within(elements).getAllByRole("listitem");
      expect(items.map((li) => within(li).getByRole("heading").textContent)).toEqual(["Screen_01", "Screen_02"]);
      expect(within(items[0] as HTMLElement).getByRole("img", { name: "What attendees see at Screen_01" })).toHaveAttribute("src", "/tours/p/1/assets/sponsor.png");
      expect(within(items[0] as HTMLElement).getByText("The tour's own image")).toBeInTheDocument();
      expect(within(items[1] as HTMLElement).getByRole("img")).toHaveAttribute("src", "/api/v1/files/old");
      expect(within(items[1] as HTMLElement).getByText("Your upload")).toBeInTheDocument();
      expect(server.calls.filter((c) => c.method !== "GET")).toEqual([]);
    });

    it("nothing configured: says so for each part", async () => {
      serve(publicEvent({ FAQ: null, Landing: null, Photobooth: null, PanoURL: "", PanoCustomVars: {} }));
      renderScreen();
      expect(await screen.findByText(/^No FAQ yet/)).toBeInTheDocument();
      expect(screen.getByText("The photobooth is not set up: attendees get no photobooth link.")).toBeInTheDocument();
      expect(screen.getByTestId("api-key-state")).toHaveTextContent("No API key is set");
      expect(screen.getByText("This event has no venue tour yet, so there are no web elements to list.")).toBeInTheDocument();
      expect(screen.getByRole("heading", { name: "Another web element" })).toBeInTheDocument();
    });

    it("a failed load says why and tries again", async () => {
      const server = serve();
      server.publicAnswers.push({ status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } });
      renderScreen();
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("The pages could not be loaded.");
      expect(alert).toHaveTextContent("Something went wrong. Please try again.");
      await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
      expect(await screen.findByRole("region", { name: "FAQ" })).toBeInTheDocument();
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Pages", level: 2 }));
    });
  });

  describe("FAQ and landing", () => {
    it("saves the FAQ: every field as a multipart PUT; the preview follows typing; a toast", async () => {
      serve();
      renderScreen();
      const section = await screen.findByRole("region", { name: "FAQ" });
      const user = userEvent.setup();
      const text = within(section).getByLabelText("Text");
      await user.clear(text);
      await user.type(text, "Line one{Enter}Line two");
      expect(within(section).getByTestId("faq-preview").querySelector(".faq__content")?.textContent).toBe("Line one\nLine two");
      await user.click(within(section).getByLabelText("Open the FAQ in the sidebar instead of its own page"));
      await user.click(within(section).getByRole("button", { name: "Save" }));
      expect(xhr.sent).toHaveLength(1);
      const [request] = xhr.sent;
      expect(request?.method).toBe("PUT");
      expect(request?.url).toBe("/api/v1/events/e1/faq");
      expect(request?.fields()).toEqual({ Title: "Questions", Content: "Line one\nLine two", ImageURL: "", ImageHeight: "240px", IsSidebar: "true" });
      await step(() => request?.reply(200, { ...faq, Content: "Line one\nLine two", IsSidebar: true }));
      await waitFor(() => expect(toasts()).toEqual(["FAQ saved."]));
      expect(within(section).getByLabelText("Text")).toHaveValue("Line one\nLine two");
    });

    it("validates before sending and focuses the first refused field", async () => {
      serve();
      renderScreen();
      const section = await screen.findByRole("region", { name: "FAQ" });
      const user = userEvent.setup();
      await user.clear(within(section).getByLabelText("Title"));
      await user.clear(within(section).getByLabelText("Image height"));
      await user.type(within(section).getByLabelText("Image height"), "tall");
      await user.click(within(section).getByRole("button", { name: "Save" }));
      expect(await within(section).findByText("Enter a title.")).toBeInTheDocument();
      expect(within(section).getByText("Use auto, pixels (300 or 300px), or a value in vh or % (40vh, 50%).")).toBeInTheDocument();
      await waitFor(() => expect(document.activeElement).toBe(within(section).getByLabelText("Title")));
      expect(xhr.sent).toHaveLength(0);
    });

    it("a refusal goes beside its field, translated, and keeps what was typed", async () => {
      await initI18n("de");
      serve();
      renderScreen();
      const section = await screen.findByRole("region", { name: "FAQ" });
      const user = userEvent.setup();
      const url = within(section).getByLabelText("Bild-URL");
      await user.type(url, "https://example.com/help");
      await user.click(within(section).getByRole("button", { name: "Speichern" }));
      await step(() =>
        xhr.sent[0]?.reply(422, {
          Error: { Code: "VALIDATION_ERROR", Message: "Invalid parameter ImageURL", Data: { Problems: [{ In: "body", Name: "ImageURL" }] } },
        }),
      );
      expect(await within(section).findByText(deErrors.invalidInput)).toBeInTheDocument();
      expect(url).toHaveAttribute("aria-invalid", "true");
      expect(url).toHaveValue("https://example.com/help");
      await waitFor(() => expect(document.activeElement).toBe(url));
      expect(toasts()).toEqual([]);

      // A refusal naming no field stands above the button.
      await user.click(within(section).getByRole("button", { name: "Speichern" }));
      await step(() => xhr.sent[1]?.fail());
      expect(await within(section).findByTestId("form-error")).toHaveTextContent(/^Nicht gespeichert\. /);
    });

    it("sends once however often it is submitted", async () => {
      serve();
      renderScreen();
      const section = await screen.findByRole("region", { name: "FAQ" });
      const save = within(section).getByRole("button", { name: "Save" });
      fireEvent.click(save);
      fireEvent.click(save);
      await waitFor(() => expect(save).toHaveTextContent("Saving…"));
      expect(save).toHaveAttribute("aria-disabled", "true");
      fireEvent.click(save);
      expect(xhr.sent).toHaveLength(1);
      await step(() => xhr.sent[0]?.reply(200, faq));
      await waitFor(() => expect(save).toHaveTextContent("Save"));
      expect(xhr.sent).toHaveLength(1);
    });

    it("saves the landing page with an image: upload progress, then the image is shown", async () => {
      serve();
      renderScreen();
      const section = await screen.findByRole("region", { name: "Landing page" });
      const user = userEvent.setup();
      await user.type(within(section).getByLabelText("Title"), "Welcome");
      await user.type(within(section).getByLabelText("Text"), "Doors open at 9");
      await user.upload(within(section).getByLabelText("Choose an image"), png("hero.png", 4096));
      expect(within(section).getByText(/^Chosen: hero\.png \(4 kB\)/)).toBeInTheDocument();
      await user.click(within(section).getByRole("button", { name: "Save" }));
      const [request] = xhr.sent;
      expect(request?.url).toBe("/api/v1/events/e1/landing");
      expect(request?.fields()).toEqual({ Title: "Welcome", Content: "Doors open at 9", ImageURL: "", ImageHeight: "", Image: "file:hero.png" });
      await step(() => request?.progress(2048, 4096));
      expect(within(section).getByTestId("upload-progress")).toHaveTextContent("Uploading… 50%");
      expect(within(section).getByRole("progressbar", { name: "Uploading… 50%" })).toHaveAttribute("value", "50");
      await step(() => request?.reply(200, { ...faq, Title: "Welcome", Content: "Doors open at 9", ImageHeight: "", Image: { url: "/api/v1/files/h1", hash: "h1" } }));
      await waitFor(() => expect(toasts()).toEqual(["Landing page saved."]));
      expect(within(section).queryByTestId("upload-progress")).toBeNull();
      expect(within(section).getByRole("img", { name: "The landing page's current image" })).toHaveAttribute("src", "/api/v1/files/h1");
      expect(within(section).queryByText("No landing page yet. Write it below.")).toBeNull();
      expect(within(section).getByLabelText("Remove the current image")).not.toBeChecked();
    });

    it("refuses a file of the wrong type before sending, and a file the server refuses with its limit", async () => {
      serve();
      renderScreen();
      const section = await screen.findByRole("region", { name: "FAQ" });
      const user = userEvent.setup({ applyAccept: false });
      const input = within(section).getByLabelText("Choose an image");
      await user.upload(input, new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }));
      expect(within(section).getByText("This type of file is not accepted: choose a PNG, JPEG, WebP or GIF image.")).toBeInTheDocument();
      await user.click(within(section).getByRole("button", { name: "Save" }));
      expect(xhr.sent).toHaveLength(0);
      await waitFor(() => expect(document.activeElement).toBe(input));

      await user.upload(input, png("big.png"));
      await user.click(within(section).getByRole("button", { name: "Save" }));
      await step(() =>
        xhr.sent[0]?.reply(413, { Error: { Code: "BODY_TOO_LARGE", Message: "File exceeds", Data: { MaxBytes: 1048576, Field: "big.png" } } }),
      );
      expect(await within(section).findByText("The file is too large. Largest accepted size: 1 MB.")).toBeInTheDocument();
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(within(section).getByLabelText("Title")).toHaveValue("Questions");
    });
  });

  describe("photobooth", () => {
    it("validates like the server before sending", async () => {
      const server = serve();
      renderScreen();
      const section = await screen.findByRole("region", { name: "Photobooth" });
      const user = userEvent.setup();
      await user.clear(within(section).getByLabelText("Slug"));
      await user.type(within(section).getByLabelText("Slug"), "has space");
      await user.clear(within(section).getByLabelText("Domain"));
      await user.type(within(section).getByLabelText("Domain"), "not a host");
      await user.type(within(section).getByLabelText("Room to go to"), "no/pe");
      await user.click(within(section).getByLabelText("Wait for a message from the photobooth"));
      await user.click(within(section).getByRole("button", { name: "Save" }));
      expect(await within(section).findByText("Use only letters, digits, - and _ (at most 100).")).toBeInTheDocument();
      expect(within(section).getByText("Enter a host name such as booth.example.com, or an http(s) address.")).toBeInTheDocument();
      expect(within(section).getByText("A room ID has up to 64 letters, digits, - and _. Or leave it empty.")).toBeInTheDocument();
      expect(within(section).getByText("Enter the text the photobooth sends.")).toBeInTheDocument();
      expect(within(section).getByText("Enter where the message comes from, or *.")).toBeInTheDocument();
      await waitFor(() => expect(document.activeElement).toBe(within(section).getByLabelText("Slug")));
      expect(server.calls.filter((c) => c.method === "PUT")).toEqual([]);
    });

    it("keeps the stored key unless replaced; the key is never shown", async () => {
      const server = serve();
      renderScreen();
      const section = await screen.findByRole("region", { name: "Photobooth" });
      const user = userEvent.setup();
      await user.click(within(section).getByLabelText("Show a QR code in the gallery"));
      await user.click(within(section).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(toasts()).toEqual(["Photobooth settings saved."]));
      const [kept] = server.calls.filter((c) => c.method === "PUT");
      expect(kept?.url.pathname).toBe(BOOTH_PATH);
      expect(kept?.body).toEqual({
        Slug: "summer-gala",
        Domain: "booth.example.com",
        GalleryDisplayMode: "grid",
        GalleryQRCodeShow: true,
        PanoID: "",
        OnClickOpenPopup: true,
        OnClickGoToPanorama: false,
        ExpectPostMessage: false,
        PostMessageText: "",
        PostMessageDomain: "",
      });

      await user.click(within(section).getByRole("button", { name: "Replace the key" }));
      const key = within(section).getByLabelText("New API key");
      await waitFor(() => expect(document.activeElement).toBe(key));
      expect(key).toHaveAttribute("type", "password");
      await user.click(within(section).getByRole("button", { name: "Save" }));
      expect(await within(section).findByText("Enter the new API key, or keep the current one.")).toBeInTheDocument();
      await user.type(key, "n3w-k3y");
      await user.click(within(section).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(server.calls.filter((c) => c.method === "PUT")).toHaveLength(2));
      expect((server.calls.filter((c) => c.method === "PUT")[1]?.body as { APIKey?: string }).APIKey).toBe("n3w-k3y");
      await waitFor(() => expect(within(section).queryByLabelText("New API key")).toBeNull());
      expect(within(section).getByTestId("api-key-state")).toHaveTextContent("An API key is set.");
      expect(section).not.toHaveTextContent("n3w-k3y");
    });

    it("a refused field is marked with the server's message", async () => {
      const server = serve();
      server.boothAnswers.push({
        status: 422,
        body: { Error: { Code: "VALIDATION_ERROR", Message: "Invalid parameter Domain", Data: { Problems: [{ In: "body", Name: "Domain" }] } } },
      });
      renderScreen();
      const section = await screen.findByRole("region", { name: "Photobooth" });
      await userEvent.click(within(section).getByRole("button", { name: "Save" }));
      expect(await within(section).findByText("Some of the entries are not valid. Please check them.")).toBeInTheDocument();
      expect(within(section).getByLabelText("Domain")).toHaveAttribute("aria-invalid", "true");
      expect(within(section).getByLabelText("Domain")).toHaveValue("booth.example.com");
    });
  });

  describe("web-element images", () => {
    it("uploads with progress; the new image shows at once", async () => {
      serve();
      renderScreen();
      const item = await elementItem("Screen_01");
      const user = userEvent.setup();
      await user.upload(within(item).getByLabelText("New image for Screen_01"), png("sponsor.png", 1000));
      await user.click(within(item).getByRole("button", { name: "Upload Screen_01" }));
      const [request] = xhr.sent;
      expect(request?.method).toBe("POST");
      expect(request?.url).toBe("/api/v1/events/e1/webelement-image/Screen_01");
      expect(request?.fields()).toEqual({ file: "file:sponsor.png" });
      await step(() => request?.progress(250, 1000));
      expect(within(item).getByTestId("upload-progress")).toHaveTextContent("Uploading… 25%");
      expect(within(item).getByRole("button", { name: "Upload Screen_01" })).toHaveAttribute("aria-disabled", "true");
      await step(() => request?.progress(1000, 1000));
      expect(within(item).getByTestId("upload-progress")).toHaveTextContent("Uploading… 100%");
      await step(() => request?.reply(200, { WebElementKey: "Screen_01", url: "/api/v1/files/new", hash: "new" }));
      await waitFor(() => expect(toasts()).toEqual(["Image for Screen_01 uploaded."]));
      expect(within(item).getByRole("img")).toHaveAttribute("src", "/api/v1/files/new");
      expect(within(item).getByText("Your upload")).toBeInTheDocument();
      expect(within(item).queryByTestId("upload-progress")).toBeNull();
    });

    it("refusals: wrong type before sending, too large and not accepted from the server", async () => {
      serve();
      renderScreen();
      const item = await elementItem("Screen_02");
      const user = userEvent.setup({ applyAccept: false });
      const input = within(item).getByLabelText("New image for Screen_02");
      const upload = within(item).getByRole("button", { name: "Upload Screen_02" });
      await user.click(upload);
      expect(within(item).getByText("Choose an image first.")).toBeInTheDocument();
      await user.upload(input, new File(["%PDF"], "doc.pdf", { type: "application/pdf" }));
      await user.click(upload);
      expect(within(item).getByText("This type of file is not accepted: choose a PNG, JPEG, WebP or GIF image.")).toBeInTheDocument();
      expect(xhr.sent).toHaveLength(0);

      await user.upload(input, png("huge.png"));
      await user.click(upload);
      await step(() =>
        xhr.sent[0]?.reply(413, { Error: { Code: "BODY_TOO_LARGE", Message: "File exceeds", Data: { MaxBytes: 10485760, Field: "huge.png" } } }),
      );
      expect(await within(item).findByText("The file is too large. Largest accepted size: 10 MB.")).toBeInTheDocument();
      await user.click(upload);
      await step(() => xhr.sent[1]?.reply(415, { Error: { Code: "UNSUPPORTED_MEDIA_TYPE", Message: "Unsupported", Data: { Accepted: ["image"] } } }));
      expect(await within(item).findByText("This type of file is not accepted. Accepted: PNG, JPEG, WebP or GIF.")).toBeInTheDocument();
      expect(input).toHaveAttribute("aria-invalid", "true");
      // The element still shows what it showed.
      expect(within(item).getByRole("img")).toHaveAttribute("src", "/api/v1/files/old");
    });

    it("an upload is removed after asking; a refusal stays in the dialog", async () => {
      const server = serve();
      renderScreen();
      const item = await elementItem("Screen_02");
      // Only an element with an organizer's upload offers Remove.
      expect(within(await elementItem("Screen_01")).queryByRole("button", { name: /Remove the upload/ })).toBeNull();
      const user = userEvent.setup();
      await user.click(within(item).getByRole("button", { name: "Remove the upload Screen_02" }));
      let dialog = screen.getByRole("alertdialog", { name: "Remove the image uploaded for Screen_02?" });
      expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(server.calls.filter((c) => c.method === "DELETE")).toEqual([]);

      server.removeAnswers.push({ status: 403, body: { Error: { Code: "FORBIDDEN", Message: "no", Data: {} } } });
      await user.click(within(item).getByRole("button", { name: "Remove the upload Screen_02" }));
      dialog = screen.getByRole("alertdialog");
      await user.click(within(dialog).getByRole("button", { name: "Remove the upload" }));
      expect(await within(dialog).findByText(/^Not removed\./)).toBeInTheDocument();
      await user.click(within(dialog).getByRole("button", { name: "Remove the upload" }));
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
      expect(server.calls.filter((c) => c.method === "DELETE")).toHaveLength(2);
      await waitFor(() => expect(toasts()).toEqual(["Image for Screen_02 removed."]));
      // Attendees get the tour's image again; nothing is left to remove.
      expect(within(item).getByText("The tour's own image")).toBeInTheDocument();
      expect(within(item).getByRole("img")).toHaveAttribute("src", "/tours/p/1/assets/banner.png");
      expect(within(item).queryByRole("button", { name: /Remove the upload/ })).toBeNull();
    });

    it("an upload can be cancelled", async () => {
      serve();
      renderScreen();
      const item = await elementItem("Screen_01");
      const user = userEvent.setup();
      await user.upload(within(item).getByLabelText("New image for Screen_01"), png());
      await user.click(within(item).getByRole("button", { name: "Upload Screen_01" }));
      await user.click(within(item).getByRole("button", { name: "Cancel Screen_01" }));
      expect(await within(item).findByText("Upload cancelled.")).toBeInTheDocument();
      expect(within(item).queryByRole("button", { name: "Cancel Screen_01" })).toBeNull();
      expect(toasts()).toEqual([]);
    });

    it("another element by its key: the key is checked, then the element is listed", async () => {
      serve();
      renderScreen();
      const other = (await screen.findByRole("heading", { name: "Another web element" })).closest("section") as HTMLElement;
      const user = userEvent.setup();
      await user.type(within(other).getByLabelText("Web element key"), "Screen 9");
      await user.upload(within(other).getByLabelText("Choose an image"), png());
      await user.click(within(other).getByRole("button", { name: /^Upload/ }));
      expect(within(other).getByText("Use only letters, digits, _ . and - (at most 100).")).toBeInTheDocument();
      expect(xhr.sent).toHaveLength(0);
      await user.clear(within(other).getByLabelText("Web element key"));
      await user.type(within(other).getByLabelText("Web element key"), "Screen_09");
      await user.click(within(other).getByRole("button", { name: "Upload Screen_09" }));
      expect(xhr.sent[0]?.url).toBe("/api/v1/events/e1/webelement-image/Screen_09");
      await step(() => xhr.sent[0]?.reply(200, { WebElementKey: "Screen_09", url: "/api/v1/files/nine", hash: "nine" }));
      const listed = await screen.findByRole("heading", { name: "Screen_09" });
      expect(within(listed.closest("li") as HTMLElement).getByText("Not in the current tour")).toBeInTheDocument();
      expect(within(other).getByLabelText("Web element key")).toHaveValue("");
    });
  });
});

describe("accessibility", () => {
  it("axe finds no violations with every section filled and an upload under way", async () => {
    serve();
    const { container } = renderScreen();
    const item = await elementItem("Screen_01");
    const user = userEvent.setup();
    await user.upload(within(item).getByLabelText("New image for Screen_01"), png());
    await user.click(within(item).getByRole("button", { name: "Upload Screen_01" }));
    await step(() => xhr.sent[0]?.progress(10, 100));
    await user.click(within(region("Photobooth")).getByRole("button", { name: "Replace the key" }));
    await user.clear(within(region("FAQ")).getByLabelText("Title"));
    await user.click(within(region("FAQ")).getByRole("button", { name: "Save" }));
    await within(region("FAQ")).findByText("Enter a title.");
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null); // jsdom has no canvas
    // Colour contrast needs a real layout engine.
    const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  });
});
