import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAttendeeStore } from "@/features/events";
import { initI18n } from "@/lib/i18n";
import type { Person } from "../api/get-person";
import { usePersonStore } from "../person-store";
import { useSession } from "../session";
import { ProfilePage } from "./ProfilePage";

const PERSON_ID = "a".repeat(24);
const EVENT_ID = "e".repeat(24);
const PICTURE = `/api/v1/files/${"f".repeat(64)}`;

const ada = (over: Partial<Person> = {}): Person => ({
  ID: PERSON_ID,
  FirstName: "Ada",
  LastName: "Lovelace",
  FullName: "Ada Lovelace",
  Language: "en",
  IsAdmin: false,
  ContactInfo: { Business: { EMailAddress: "ada@example.test", PictureURL: "" } },
  Login: { LoginEMail: "ada@example.test", IsVerified: true, IsDisabled: false },
  TimezoneName: "",
  TimezoneShift: 0,
  ...over,
});

// -- a fake server for fetch (JSON calls) --------------------------------------------------------

interface Call {
  method: string;
  path: string;
  body: unknown;
}
interface Reply {
  status: number;
  body?: unknown;
}

function stubFetch(answer: (call: Call) => Reply | Promise<Reply>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      const call: Call = { method: init?.method ?? "GET", path: url.pathname, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const reply = await answer(call);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

/** Answers PUT /persons like the server: the sent fields merged into the person, all of it back. */
function personServer(start: Person): (call: Call) => Reply {
  let person = start;
  return (call) => {
    if (call.method === "PUT" && call.path === `/api/v1/persons/${PERSON_ID}`) {
      const body = call.body as Partial<Person> & { PictureURL?: string };
      const { PictureURL, ...plain } = body;
      person = { ...person, ...plain };
      if (PictureURL !== undefined) person = { ...person, ContactInfo: { Business: { ...person.ContactInfo?.Business, PictureURL } } };
      person = { ...person, FullName: `${person.FirstName} ${person.LastName}` };
      return { status: 200, body: person };
    }
    return { status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND", Message: "no route" } } };
  };
}

const refusal = (status: number, Code: string, Data: unknown = {}): Reply => ({ status, body: { Error: { Code, Message: Code, Data } } });

// -- a fake XMLHttpRequest (uploads) -------------------------------------------------------------

class FakeXHR {
  static sent: FakeXHR[] = [];
  method = "";
  url = "";
  body: FormData | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(): void {}
  addEventListener(type: string, listener: EventListener): void {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData): void {
    this.body = body;
    FakeXHR.sent.push(this);
  }
  abort(): void {
    this.events.dispatchEvent(new Event("abort"));
  }
  progress(loaded: number, total: number): void {
    this.upload.dispatchEvent(new ProgressEvent("progress", { loaded, total, lengthComputable: true }));
  }
  reply(status: number, body?: unknown): void {
    this.status = status;
    this.responseText = body === undefined ? "" : JSON.stringify(body);
    this.events.dispatchEvent(new Event("load"));
  }
}

const file = (name: string, type: string, size = 2048) => new File([new Uint8Array(size)], name, { type });

// -- rendering ------------------------------------------------------------------------------------

function renderPage(person: Person) {
  usePersonStore.setState({ person });
  const router = createMemoryRouter(
    [
      { path: "/profile", element: <ProfilePage /> },
      { path: "/", element: <p>venue</p> },
    ],
    { initialEntries: ["/profile"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const firstName = () => screen.getByLabelText("First name");
const timezone = () => screen.getByRole("combobox", { name: "Time zone" });
const save = () => screen.getByRole("button", { name: "Save profile" });
const status = (text: string) => screen.getAllByRole("status").find((s) => s.textContent === text);

beforeEach(async () => {
  await initI18n("en");
  FakeXHR.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXHR);
  useSession.setState({ eventID: EVENT_ID, token: "t", claims: { eventId: EVENT_ID, personId: PERSON_ID } });
  useAttendeeStore.setState({ attendee: { PersonID: PERSON_ID, FullName: "Ada Lovelace", FirstName: "Ada", LastName: "Lovelace", PictureURL: "" } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  usePersonStore.setState({ person: null });
  useAttendeeStore.setState({ attendee: null });
  useSession.setState({ eventID: null, token: null, claims: null });
});

describe("ProfilePage: name, language, time zone", { timeout: 20_000 }, () => {
  it("saving name and zone sends the PUT body and updates the person store", async () => {
    const calls = stubFetch(personServer(ada()));
    renderPage(ada());
    const user = userEvent.setup();
    expect(timezone()).toHaveValue("");
    expect(screen.getByRole("option", { name: /^My device's time zone \(.+\)$/ })).toBeInTheDocument();
    const offered = screen.getAllByRole("option").map((o) => o.textContent);
    expect(offered).toContain("GMT-12");
    expect(offered).toContain("GMT+14");
    expect(offered).toHaveLength(1 + 5 + 27);

    await user.clear(firstName());
    await user.type(firstName(), "  Grace ");
    await user.selectOptions(timezone(), "GMT+2");
    await user.click(save());

    await waitFor(() => expect(status("Your profile is saved.")).toBeDefined());
    expect(calls).toEqual([
      {
        method: "PUT",
        path: `/api/v1/persons/${PERSON_ID}`,
        body: { FirstName: "Grace", LastName: "Lovelace", Language: "en", TimezoneName: "GMT+2", TimezoneShift: 2 },
      },
    ]);
    const stored = usePersonStore.getState().person;
    expect(stored).toMatchObject({ FirstName: "Grace", FullName: "Grace Lovelace", TimezoneName: "GMT+2", TimezoneShift: 2 });
    expect(useAttendeeStore.getState().attendee).toMatchObject({ FirstName: "Grace", FullName: "Grace Lovelace" });
    // The form now starts from what was saved (trimmed).
    expect(firstName()).toHaveValue("Grace");
  });

  it("choosing the device's zone stores no choice (empty name, shift 0)", async () => {
    const calls = stubFetch(personServer(ada({ TimezoneName: "GMT-5", TimezoneShift: -5 })));
    renderPage(ada({ TimezoneName: "GMT-5", TimezoneShift: -5 }));
    const user = userEvent.setup();
    expect(timezone()).toHaveValue("-5");
    expect(timezone()).toHaveAccessibleDescription(/^Agenda, session and chat times are shown in this zone\. It is .+ there now\.$/);
    await user.selectOptions(timezone(), "");
    await user.click(save());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ TimezoneName: "", TimezoneShift: 0 });
    await waitFor(() => expect(usePersonStore.getState().person).toMatchObject({ TimezoneName: "", TimezoneShift: 0 }));
  });

  it("the language is stored on the person and the app switches to it on save", async () => {
    const calls = stubFetch(personServer(ada()));
    renderPage(ada());
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "de");
    expect(i18next.language).toBe("en");
    await user.click(save());
    await waitFor(() => expect(status("Dein Profil ist gespeichert.")).toBeDefined());
    expect(calls[0]?.body).toMatchObject({ Language: "de" });
    expect(i18next.language).toBe("de");
    expect(document.documentElement.lang).toBe("de");
    expect(usePersonStore.getState().person?.Language).toBe("de");
  });

  it("validates before sending: an empty or too long name is refused beside the field", async () => {
    const calls = stubFetch(personServer(ada()));
    renderPage(ada());
    const user = userEvent.setup();
    await user.clear(firstName());
    await user.type(screen.getByLabelText("Last name"), "x".repeat(95));
    await user.click(save());
    expect(await screen.findByText("First name is required")).toBeInTheDocument();
    expect(firstName()).toHaveAccessibleDescription("First name is required");
    expect(screen.getByLabelText("Last name")).toHaveAccessibleDescription("At most 100 characters.");
    await waitFor(() => expect(firstName()).toHaveFocus());
    expect(calls).toEqual([]);
  });

  it("a server 422 shows beside the field it names and keeps what was typed", async () => {
    const calls = stubFetch(() => refusal(422, "VALIDATION_ERROR", { Operation: "update_person", Problems: [{ In: "body", Name: "FirstName", Type: "string_too_long", Message: "too long" }] }));
    renderPage(ada());
    const user = userEvent.setup();
    await user.clear(firstName());
    await user.type(firstName(), "Augusta");
    await user.selectOptions(timezone(), "GMT-3");
    await user.click(save());

    await waitFor(() => expect(firstName()).toHaveAccessibleDescription("At most 100 characters."));
    expect(screen.getByTestId("form-error")).toHaveTextContent("Your profile was not saved: Some of the entries are not valid. Please check them.");
    expect(firstName()).toHaveValue("Augusta");
    expect(timezone()).toHaveValue("-3");
    expect(firstName()).toHaveFocus();
    expect(calls).toHaveLength(1);
    expect(usePersonStore.getState().person?.FirstName).toBe("Ada");
    // Changing the field takes the server's message away.
    await user.type(firstName(), "a");
    expect(firstName()).not.toHaveAccessibleDescription("At most 100 characters.");
  });

  it("a network failure says so and a double click sends once", async () => {
    let fail: () => void = () => undefined;
    const calls: Call[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ method: init?.method ?? "GET", path: "", body: init?.body });
        return new Promise<Response>((_resolve, reject) => {
          fail = () => reject(new TypeError("offline"));
        });
      }),
    );
    renderPage(ada());
    const user = userEvent.setup();
    const button = save();
    await user.dblClick(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveTextContent("Saving…");
    await user.click(button);
    expect(calls).toHaveLength(1);
    await act(async () => fail());
    expect(await screen.findByTestId("form-error")).toHaveTextContent("Your profile was not saved: The server cannot be reached.");
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent("Save profile");
  });
});

describe("ProfilePage: picture", { timeout: 20_000 }, () => {
  it("an invalid picture URL is refused before sending", async () => {
    const calls = stubFetch(personServer(ada()));
    renderPage(ada());
    const user = userEvent.setup();
    const address = screen.getByLabelText("Picture from the web");
    await user.click(screen.getByRole("button", { name: "Use this picture" }));
    expect(address).toHaveAccessibleDescription(expect.stringContaining("Enter the address of the picture."));
    for (const bad of ["javascript:alert(1)", "ftp://example.com/me.png", "https://user:secret@example.com/me.png", "example.com/me.png"]) {
      await user.clear(address);
      await user.type(address, bad);
      await user.click(screen.getByRole("button", { name: "Use this picture" }));
      expect(address).toHaveAccessibleDescription(expect.stringContaining("Enter an address that starts with http:// or https://."));
      expect(address).toHaveFocus();
    }
    expect(calls).toEqual([]);
  });

  it("a picture from an address goes through the fromurl route and shows at once", async () => {
    const calls = stubFetch((call) =>
      call.method === "POST" && call.path === `/api/v1/events/${EVENT_ID}/vfiles/personpicture/fromurl`
        ? { status: 200, body: { PersonID: PERSON_ID, PictureURL: PICTURE } }
        : refusal(404, "ROUTE_NOT_FOUND"),
    );
    renderPage(ada());
    const user = userEvent.setup();
    expect(screen.getByText("No picture yet: others see your initials.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Picture from the web"), " https://example.com/me.png ");
    await user.click(screen.getByRole("button", { name: "Use this picture" }));
    expect(await screen.findByRole("img", { name: "Your current picture" })).toHaveAttribute("src", PICTURE);
    expect(calls).toEqual([{ method: "POST", path: `/api/v1/events/${EVENT_ID}/vfiles/personpicture/fromurl`, body: { url: "https://example.com/me.png" } }]);
    expect(usePersonStore.getState().person?.ContactInfo?.Business?.PictureURL).toBe(PICTURE);
    expect(useAttendeeStore.getState().attendee?.PictureURL).toBe(PICTURE);
    expect(status("Your picture is saved.")).toBeDefined();
    expect(screen.getByLabelText("Picture from the web")).toHaveValue("");
  });

  it("an address the server may not fetch says so beside the field", async () => {
    stubFetch(() => refusal(403, "FORBIDDEN", { url: "http://10.0.0.1/a.png", Reason: "private address" }));
    renderPage(ada());
    const user = userEvent.setup();
    const address = screen.getByLabelText("Picture from the web");
    await user.type(address, "http://10.0.0.1/a.png");
    await user.click(screen.getByRole("button", { name: "Use this picture" }));
    await waitFor(() => expect(address).toHaveAccessibleDescription(expect.stringContaining("This address cannot be used.")));
    expect(address).toHaveValue("http://10.0.0.1/a.png");
  });

  it("upload sends multipart to the person picture route with progress", async () => {
    const calls = stubFetch(personServer(ada()));
    renderPage(ada());
    const user = userEvent.setup();
    const input = screen.getByLabelText("Picture file");
    expect(input).toHaveAttribute("accept", "image/png,image/jpeg,image/gif,image/webp");
    expect(input).toHaveAccessibleDescription("PNG, JPEG, GIF or WebP, at most 10 MB. It is cropped to a square.");
    await user.upload(input, file("me.png", "image/png", 4096));
    await user.click(screen.getByRole("button", { name: "Upload picture" }));

    expect(FakeXHR.sent).toHaveLength(1);
    const [sent] = FakeXHR.sent;
    expect(sent?.method).toBe("POST");
    expect(sent?.url).toBe(`/api/v1/events/${EVENT_ID}/vfiles/personpicture`);
    const part = sent?.body?.get("file");
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe("me.png");
    expect([...(sent?.body?.keys() ?? [])]).toEqual(["file"]);
    expect(screen.getByRole("button", { name: "Uploading…" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Use this picture" })).toBeDisabled();

    await act(async () => sent?.progress(1024, 4096));
    expect(screen.getByTestId("upload-progress")).toHaveTextContent("25%");
    await act(async () => sent?.reply(200, { PersonID: PERSON_ID, PictureURL: PICTURE }));

    expect(await screen.findByRole("img", { name: "Your current picture" })).toHaveAttribute("src", PICTURE);
    expect(usePersonStore.getState().person?.ContactInfo?.Business?.PictureURL).toBe(PICTURE);
    expect(screen.queryByTestId("upload-progress")).toBeNull();
    expect(status("Your picture is saved.")).toBeDefined();
    expect(calls).toEqual([]);
  });

  it("a file of the wrong type, empty or too large is refused before sending", async () => {
    renderPage(ada());
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText("Picture file");
    await user.upload(input, file("me.svg", "image/svg+xml"));
    expect(input).toHaveAccessibleDescription(expect.stringContaining("Use a PNG, JPEG, GIF or WebP image."));
    await user.upload(input, file("empty.png", "image/png", 0));
    expect(input).toHaveAccessibleDescription(expect.stringContaining("This file is empty."));
    await user.upload(input, file("huge.jpg", "image/jpeg", 10 * 1024 * 1024 + 1));
    expect(input).toHaveAccessibleDescription(expect.stringContaining("This file is larger than 10 MB."));
    await user.click(screen.getByRole("button", { name: "Upload picture" }));
    expect(input).toHaveFocus();
    expect(FakeXHR.sent).toEqual([]);
  });

  it("asks for a file first, and a server refusal names the server's limit", async () => {
    renderPage(ada());
    const user = userEvent.setup();
    const input = screen.getByLabelText("Picture file");
    await user.click(screen.getByRole("button", { name: "Upload picture" }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining("Choose a picture file first."));
    await user.upload(input, file("me.webp", "image/webp"));
    await user.click(screen.getByRole("button", { name: "Upload picture" }));
    await act(async () => FakeXHR.sent[0]?.reply(413, { Error: { Code: "BODY_TOO_LARGE", Message: "too large", Data: { MaxBytes: 2 * 1024 * 1024 } } }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining("This file is larger than 2 MB.")));
    expect(usePersonStore.getState().person?.ContactInfo?.Business?.PictureURL).toBe("");
  });

  it("removing the picture is its own button and stores an empty PictureURL", async () => {
    const withPicture = ada({ ContactInfo: { Business: { EMailAddress: "ada@example.test", PictureURL: PICTURE } } });
    const calls = stubFetch(personServer(withPicture));
    renderPage(withPicture);
    const user = userEvent.setup();
    expect(screen.getByRole("img", { name: "Your current picture" })).toHaveAttribute("src", PICTURE);
    await user.click(screen.getByRole("button", { name: "Remove picture" }));
    expect(await screen.findByText("No picture yet: others see your initials.")).toBeInTheDocument();
    expect(calls).toEqual([{ method: "PUT", path: `/api/v1/persons/${PERSON_ID}`, body: { PictureURL: "" } }]);
    expect(usePersonStore.getState().person?.ContactInfo?.Business?.PictureURL).toBe("");
    expect(status("Your picture is removed.")).toBeDefined();
    expect(screen.getByLabelText("Picture file")).toHaveFocus();
  });
});
