import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { CUSTOMER, eventFixture, fakeServer, organizerAnswers, renderConsole, setUpConsole, type Call, type Handler, type Reply } from "@/app/console/test-utils";

const EVENT = eventFixture();
/** Waits past the name check's debounce, with room for a loaded machine. */
const slow = { timeout: 4000 };
const TAKEN = { EventID: EVENT.ID, InternalName: "demo", Title: "Demo Days" };

/** Names: "demo" is taken (by EVENT), everything else is free. */
const names: Handler = ({ url }) => {
  const m = /^\/api\/v1\/events\/name\/([^/]+)\/metadata$/.exec(url.pathname);
  if (!m) return undefined;
  return m[1] === "demo" ? { status: 200, body: TAKEN } : { status: 404, body: { Error: { Code: "EVENT_NOT_FOUND", Message: "no" } } };
};

function serve(extra: Handler): Call[] {
  return fakeServer(async (call) => (await extra(call)) ?? names(call) ?? organizerAnswers(call));
}

async function fillNewEvent(user: ReturnType<typeof userEvent.setup>, values: { title?: string; name?: string } = {}) {
  await user.type(await screen.findByLabelText("Title"), values.title ?? "Spring Summit");
  await user.type(screen.getByLabelText("Internal name"), values.name ?? "spring-summit");
  await user.selectOptions(screen.getByLabelText("Time zone"), "Europe/Berlin");
  fireEvent.change(screen.getByLabelText("Begins"), { target: { value: "2031-05-01T09:00" } });
  fireEvent.change(screen.getByLabelText("Ends"), { target: { value: "2031-05-01T17:00" } });
}

describe("creating an event", { timeout: 20_000 }, () => {
  beforeEach(() => setUpConsole(true));

  it("validates live: format and reserved names at once, taken names after a pause", async () => {
    const calls = serve(() => undefined);
    renderConsole("/events/new");
    const user = userEvent.setup();
    const name = await screen.findByLabelText("Internal name");
    await user.type(name, "Manage");
    expect(await screen.findByText(/Use 2 to 63 lowercase letters/)).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    await user.clear(name);
    await user.type(name, "manage");
    expect(await screen.findByText("This name is reserved by the platform")).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, "demo");
    expect(await screen.findByText("Another event already uses this name", {}, slow)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, "fresh-name");
    expect(await screen.findByText("This name is free.", {}, slow)).toBeInTheDocument();
    expect(name).not.toHaveAttribute("aria-invalid");
    // Reserved and malformed names never reach the server; typing is debounced.
    const asked = calls.filter((c) => c.url.pathname.startsWith("/api/v1/events/name/")).map((c) => c.url.pathname.split("/")[5]);
    expect(asked).toEqual(["demo", "fresh-name"]);
  });

  it("explains every refused field on submit and focuses the first", async () => {
    const calls = serve(() => undefined);
    renderConsole("/events/new");
    const user = userEvent.setup();
    await screen.findByLabelText("Title");
    fireEvent.change(screen.getByLabelText("Begins"), { target: { value: "2031-05-01T17:00" } });
    fireEvent.change(screen.getByLabelText("Ends"), { target: { value: "2031-05-01T09:00" } });
    await user.click(screen.getByRole("button", { name: "Add a page" }));
    await user.click(screen.getByRole("button", { name: "Create event" }));
    expect(await screen.findByText("Please enter a title")).toBeInTheDocument();
    expect(screen.getByText("Please enter an internal name")).toBeInTheDocument();
    expect(screen.getByText("The end must be after the beginning")).toBeInTheDocument();
    expect(screen.getByText("Please enter the page's path (such as auditorium), or remove it")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Title")).toHaveFocus());
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("creates once, however often the button is pressed, with UTC dates, then opens the event", async () => {
    let release: (reply: Reply) => void = () => undefined;
    const calls = serve((call) =>
      call.method === "POST" && call.url.pathname === `/api/v1/customers/${CUSTOMER}/events`
        ? new Promise<Reply>((resolve) => {
            release = resolve;
          })
        : call.url.pathname === `/api/v1/events/${"f".repeat(24)}`
          ? { status: 200, body: eventFixture({ ID: "f".repeat(24), Title: "Spring Summit", InternalName: "spring-summit" }) }
          : undefined,
    );
    const { router } = renderConsole("/events/new");
    const user = userEvent.setup();
    await fillNewEvent(user);
    await screen.findByText("This name is free.", {}, slow);
    const submit = screen.getByRole("button", { name: "Create event" });
    await user.click(submit);
    await user.click(submit);
    fireEvent.submit(submit.closest("form") as HTMLFormElement);
    await waitFor(() => expect(screen.getByRole("button", { name: "Creating…" })).toBeDisabled());
    release({ status: 201, body: eventFixture({ ID: "f".repeat(24), Title: "Spring Summit", InternalName: "spring-summit" }) });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage/events/${"f".repeat(24)}`));
    expect(await screen.findByText("The event “Spring Summit” has been created.")).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === "POST" && c.url.pathname.endsWith("/events"));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      Title: "Spring Summit",
      InternalName: "spring-summit",
      DateBeginUTC: "2031-05-01T07:00:00.000Z",
      DateEndUTC: "2031-05-01T15:00:00.000Z",
      TimeZone: "Europe/Berlin",
      DefaultLanguage: "en",
      IsListed: false,
      IsUseIsolation: false,
      Isolations: [],
      ChatRetentionDays: null,
    });
  });

  it("puts a server refusal beside the field it names and keeps what was typed", async () => {
    serve((call) =>
      call.method === "POST"
        ? { status: 409, body: { Error: { Code: "INTERNAL_NAME_TAKEN", Message: "An event named 'spring-summit' already exists", Data: { InternalName: "spring-summit" } } } }
        : undefined,
    );
    renderConsole("/events/new");
    const user = userEvent.setup();
    await fillNewEvent(user);
    await user.click(screen.getByRole("button", { name: "Create event" }));
    const name = screen.getByLabelText("Internal name");
    expect(await screen.findByText("This name is already taken.")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveValue("spring-summit");
    expect(screen.getByLabelText("Title")).toHaveValue("Spring Summit");
    expect(screen.getByRole("button", { name: "Create event" })).toBeEnabled();
  });

  it("shows a refusal that names no field above the button", async () => {
    serve((call) => (call.method === "POST" ? { status: 403, body: { Error: { Code: "FORBIDDEN", Message: "no" } } } : undefined));
    renderConsole("/events/new");
    const user = userEvent.setup();
    await fillNewEvent(user);
    await user.click(screen.getByRole("button", { name: "Create event" }));
    expect(await screen.findByTestId("form-error")).toHaveTextContent("You are not allowed to do that.");
  });

  it("offers only customers that may create events; with none it explains", async () => {
    serve((call) =>
      call.url.pathname === "/api/v1/customers"
        ? { status: 200, body: [{ ID: "1".repeat(24), Name: "Viewer Only", MayCreateEvents: false }] }
        : undefined,
    );
    renderConsole("/events/new");
    expect(await screen.findByText(/so you cannot create an event here/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create event" })).not.toBeInTheDocument();
  });
});

describe("editing an event", { timeout: 20_000 }, () => {
  beforeEach(() => setUpConsole(true));

  const eventAnswers = (overrides: Record<string, unknown> = {}): Handler => (call) => {
    if (call.url.pathname === `/api/v1/events/${EVENT.ID}` && call.method === "GET") return { status: 200, body: { ...EVENT, ...overrides } };
    if (call.url.pathname === "/api/v1/admins/getiscustomerormasteradminfromeventid") return { status: 200, body: true };
    return undefined;
  };

  it("fills the form in the event's zone, does not call its own name taken, and sends only the form's fields", async () => {
    const base = eventAnswers({ IsUseIsolation: true, Isolations: ["Hall A"] });
    const calls = serve((call) => {
      if (call.method === "PUT") return { status: 200, body: { ...EVENT, ...(call.body as object) } };
      return base(call);
    });
    renderConsole(`/events/${EVENT.ID}`);
    const user = userEvent.setup();
    const title = await screen.findByLabelText("Title");
    expect(title).toHaveValue("Demo Days");
    expect(screen.getByLabelText("Begins")).toHaveValue("2031-05-01T09:00");
    expect(screen.getByLabelText("Ends")).toHaveValue("2031-05-01T17:00");
    expect(screen.getByLabelText("Time zone")).toHaveValue("Europe/Berlin");
    expect(screen.getByLabelText("Page 1")).toHaveValue("Hall A");
    expect(screen.getByRole("navigation", { name: "Event sections" })).toBeInTheDocument();
    expect(within(screen.getByRole("navigation", { name: "Event sections" })).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");

    await user.clear(title);
    await user.type(title, "Demo Days 2031");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Your changes have been saved.")).toBeInTheDocument();
    expect(screen.queryByText("Another event already uses this name")).not.toBeInTheDocument();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.url.pathname).toBe(`/api/v1/events/${EVENT.ID}`);
    expect(put?.body).toEqual({
      Title: "Demo Days 2031",
      InternalName: "demo",
      DateBeginUTC: "2031-05-01T07:00:00.000Z",
      DateEndUTC: "2031-05-01T15:00:00.000Z",
      TimeZone: "Europe/Berlin",
      DefaultLanguage: "en",
      IsListed: true,
      IsUseIsolation: true,
      Isolations: ["Hall A"],
      ChatRetentionDays: null,
    });
    // The page heading follows the saved title.
    expect(await screen.findByRole("heading", { level: 1, name: "Demo Days 2031" })).toBeInTheDocument();
  });

  it("shows the chat retention with its hint, refuses days out of range and sends the number", async () => {
    const base = eventAnswers({ ChatRetentionDays: 30 });
    const calls = serve((call) => (call.method === "PUT" ? { status: 200, body: { ...EVENT, ...(call.body as object) } } : base(call)));
    renderConsole(`/events/${EVENT.ID}`);
    const user = userEvent.setup();
    const days = await screen.findByLabelText("Delete chat messages after (days)");
    expect(days).toHaveValue("30");
    expect(days).toHaveAccessibleDescription(/Empty keeps the chat/);
    await user.clear(days);
    await user.type(days, "4000");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Enter a whole number of days from 1 to 3650, or leave it empty to keep the chat")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    await user.clear(days);
    await user.type(days, "90");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect((calls.find((c) => c.method === "PUT")?.body as { ChatRetentionDays: unknown } | undefined)?.ChatRetentionDays).toBe(90));
  });

  it("maps rejected input to its field", async () => {
    const base = eventAnswers();
    serve((call) =>
      call.method === "PUT"
        ? { status: 422, body: { Error: { Code: "VALIDATION_ERROR", Message: "bad", Data: { Operation: "update_event", Problems: [{ In: "body", Name: "Title", Type: "string_too_long", Message: "too long" }] } } } }
        : base(call),
    );
    renderConsole(`/events/${EVENT.ID}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "!");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Some of the entries are not valid. Please check them.")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Title")).toHaveValue("Demo Days!");
  });

  it("deletes from the settings page after confirmation, then goes to the list", async () => {
    const base = eventAnswers();
    const calls = serve((call) => {
      if (call.method === "DELETE") return { status: 204 };
      if (call.url.pathname === "/api/v1/events/managed") return { status: 200, body: [] };
      return base(call);
    });
    const { router } = renderConsole(`/events/${EVENT.ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete event" }));
    const dialog = screen.getByRole("alertdialog");
    await user.type(within(dialog).getByRole("textbox"), "demo");
    await user.click(within(dialog).getByRole("button", { name: "Delete event" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/manage"));
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });

  it("does not offer deleting to an event admin", async () => {
    const base = eventAnswers();
    serve((call) => (call.url.pathname === "/api/v1/admins/getiscustomerormasteradminfromeventid" ? { status: 200, body: false } : base(call)));
    renderConsole(`/events/${EVENT.ID}`);
    await screen.findByLabelText("Title");
    expect(screen.queryByRole("button", { name: "Delete event" })).not.toBeInTheDocument();
  });
});
