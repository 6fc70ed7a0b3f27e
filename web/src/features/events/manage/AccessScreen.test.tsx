import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { initI18n } from "@/lib/i18n";
import deErrors from "@/locales/de/errors";
import { AccessScreen } from "./AccessScreen";
import { refusedEntries } from "./access-api";

const PATH = "/api/v1/events/e1/email-whitelist";
const EVENT = "/api/v1/events/e1";

type Answer = { status: number; body?: unknown } | "offline";

/** The server's side of the two calls: GET answers the list, PUT stores it (deduplicated, sorted). */
function fakeServer(initial: string[]) {
  const state = {
    entries: [...initial],
    puts: [] as string[][],
    /** Answers for the next GETs / PUTs, in order; then the normal behaviour. */
    getAnswers: [] as Answer[],
    putAnswers: [] as Answer[],
    /** When set, PUT waits for it. */
    putGate: null as Promise<void> | null,
    /** The event's IsRestricted, and the bodies of PUT /events/e1. */
    restricted: false,
    eventPuts: [] as unknown[],
  };
  const respond = (answer: Answer) => {
    if (answer === "offline") return Promise.reject(new TypeError("Failed to fetch"));
    return Promise.resolve(new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status }));
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === EVENT) {
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as { IsRestricted: boolean };
        state.eventPuts.push(body);
        state.restricted = body.IsRestricted;
      }
      return respond({ status: 200, body: { ID: "e1", InternalName: "expo", IsRestricted: state.restricted } });
    }
    expect(String(input)).toBe(PATH);
    if (init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as { Entries: string[] };
      expect(Object.keys(body)).toEqual(["Entries"]);
      state.puts.push(body.Entries);
      if (state.putGate) await state.putGate;
      const answer = state.putAnswers.shift();
      if (answer) return respond(answer);
      state.entries = [...new Set(body.Entries)].sort();
      return respond({ status: 200, body: { IsAllowed: true, Entries: state.entries } });
    }
    const answer = state.getAnswers.shift();
    if (answer) return respond(answer);
    return respond({ status: 200, body: { IsAllowed: true, Entries: state.entries } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return state;
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AccessScreen eventId="e1" />
    </QueryClientProvider>,
  );
}

const announcer = () => screen.getByTestId("access-announcer");
const textarea = () => screen.getByLabelText("Email addresses or domains");
const counts = () => screen.getByTestId("access-preview-counts");

async function pasteAndCheck(text: string) {
  const user = userEvent.setup();
  await user.click(textarea());
  await user.paste(text);
  await user.click(screen.getByRole("button", { name: "Check entries" }));
  return user;
}

describe("AccessScreen", () => {
  beforeEach(async () => {
    await initI18n("en");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe("states", () => {
    it("loading, then the counts split in addresses and domains, and who can log in", async () => {
      fakeServer(["ada@example.com", "bob@example.org", "example.com"]);
      renderScreen();
      expect(screen.getByText("Loading the access list…")).toBeInTheDocument();
      expect(await screen.findByText("3 entries")).toBeInTheDocument();
      expect(screen.getByText("2 email addresses")).toBeInTheDocument();
      expect(screen.getByText("1 domain")).toBeInTheDocument();
      expect(screen.getByText("Only the listed email addresses and domains can log in.")).toBeInTheDocument();
      expect(screen.queryByText("This event is open to everyone with an account.")).toBeNull();
      expect(screen.getByRole("button", { name: "Remove example.com" })).toBeInTheDocument();
    });

    it("an empty list says the event is open to everyone, and shows no list", async () => {
      fakeServer([]);
      renderScreen();
      expect(await screen.findByText("This event is open to everyone with an account.")).toBeInTheDocument();
      expect(screen.getByText("0 entries")).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Entries" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Remove all" })).toBeNull();
    });

    it("a failed load shows the translated error and tries again", async () => {
      const server = fakeServer(["a.io"]);
      server.getAnswers.push({ status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } });
      renderScreen();
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("The access list could not be loaded.");
      expect(alert).toHaveTextContent("Something went wrong. Please try again.");
      await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
      expect(await screen.findByText("1 entry")).toBeInTheDocument();
      expect(screen.queryByRole("alert")).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Access" }));
    });

    it("offline: says so", async () => {
      const server = fakeServer([]);
      server.getAnswers.push("offline");
      renderScreen();
      expect(await screen.findByRole("alert")).toHaveTextContent("The server cannot be reached. Check your connection and try again.");
    });

    it("an answer without entries (not an admin) is never shown as an open list", async () => {
      const server = fakeServer([]);
      server.getAnswers.push({ status: 200, body: { IsAllowed: true } });
      renderScreen();
      expect(await screen.findByRole("alert")).toHaveTextContent("You are not allowed to do that.");
      expect(screen.queryByText("This event is open to everyone with an account.")).toBeNull();
    });

    it("thousands of entries: the first 200 are rendered, then 200 more at a time", async () => {
      const many = Array.from({ length: 450 }, (_, i) => `p${String(i).padStart(3, "0")}@example.com`);
      fakeServer(many);
      const { container } = renderScreen();
      const rendered = () => container.querySelectorAll("button[data-entry]").length;
      expect(await screen.findByText("450 entries")).toBeInTheDocument();
      expect(rendered()).toBe(200);
      expect(screen.getByTestId("access-matches")).toHaveTextContent("Showing 200 of 450.");
      // (getByText: role queries over hundreds of buttons are slow in jsdom)
      await userEvent.click(screen.getByText("Show 200 more"));
      expect(rendered()).toBe(400);
      // The focus goes to the first entry shown newly.
      await waitFor(() => expect(document.activeElement).toBe(container.querySelector('[data-entry="p200@example.com"]')));
      expect(document.activeElement).toHaveAccessibleName("Remove p200@example.com");
      await userEvent.click(screen.getByText("Show 50 more"));
      expect(rendered()).toBe(450);
      expect(screen.queryByText(/^Show .* more$/)).toBeNull();
    });

    it("search filters case-insensitively and says how many match", async () => {
      fakeServer(["ada@example.com", "bob@acme.io", "example.org"]);
      renderScreen();
      await screen.findByText("3 entries");
      await userEvent.type(screen.getByLabelText("Search entries"), "EXAMPLE");
      await waitFor(() => expect(screen.getByTestId("access-matches")).toHaveTextContent("2 entries match."));
      expect(screen.getByRole("button", { name: "Remove ada@example.com" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Remove bob@acme.io" })).toBeNull();
    });
  });

  describe("adding", () => {
    it("previews new, present and invalid entries, then PUTs the merged list", async () => {
      const server = fakeServer(["present@example.com", "kept.io"]);
      renderScreen();
      await screen.findByText("2 entries");
      const user = await pasteAndCheck("New@Example.com, new@example.com\n@Other.org; present@example.com nope a@@b.io");
      expect(counts()).toHaveTextContent("2 new");
      expect(counts()).toHaveTextContent("1 already on the list");
      expect(counts()).toHaveTextContent("2 not valid");
      expect(counts()).toHaveTextContent("1 repeated entry counted once");
      expect(screen.getByText("nope: neither an email address nor a domain (such as example.com)")).toBeInTheDocument();
      expect(screen.getByText("a@@b.io: more than one @")).toBeInTheDocument();
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Check before adding" }));

      await user.click(screen.getByRole("button", { name: "Add 2 entries" }));
      await waitFor(() => expect(announcer()).toHaveTextContent("Added 2 entries."));
      expect(server.puts).toEqual([["kept.io", "new@example.com", "other.org", "present@example.com"]]);
      expect(screen.getByText("4 entries")).toBeInTheDocument();
      expect(textarea()).toHaveValue("");
      expect(screen.queryByRole("heading", { name: "Check before adding" })).toBeNull();
      expect(document.activeElement).toBe(textarea());
    });

    it("adding to an empty list warns that it closes the event, and says so afterwards", async () => {
      const server = fakeServer([]);
      renderScreen();
      await screen.findByText("0 entries");
      const user = await pasteAndCheck("example.com");
      expect(
        screen.getByText("Adding these closes the event: after that, only the listed email addresses and domains can log in."),
      ).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Add 1 entry" }));
      await waitFor(() =>
        expect(announcer()).toHaveTextContent("Added 1 entry. Only the listed email addresses and domains can log in now."),
      );
      expect(server.puts).toEqual([["example.com"]]);
      expect(screen.getByText("Only the listed email addresses and domains can log in.")).toBeInTheDocument();
    });

    it("nothing typed: says what is needed", async () => {
      fakeServer([]);
      renderScreen();
      await screen.findByText("0 entries");
      await userEvent.click(screen.getByRole("button", { name: "Check entries" }));
      expect(screen.getByRole("alert")).toHaveTextContent("Enter at least one email address or domain.");
      expect(textarea()).toHaveAttribute("aria-invalid", "true");
      expect(document.activeElement).toBe(textarea());
    });

    it("only known entries: nothing to add, no save button", async () => {
      const server = fakeServer(["a.io"]);
      renderScreen();
      await screen.findByText("1 entry");
      await pasteAndCheck("A.io");
      expect(screen.getByText("Nothing to add: every valid entry is already on the list.")).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: /^Add / })).toBeNull();
      expect(server.puts).toEqual([]);
    });

    it("respects the limit of 5000 entries", async () => {
      const server = fakeServer(Array.from({ length: 4999 }, (_, i) => `p${i}@example.com`));
      renderScreen();
      await screen.findByText("4999 entries");
      await pasteAndCheck("a.io b.io c.io");
      expect(
        screen.getByText(
          "Too many entries: the list would have 5002, and an event can have at most 5000. Leave out 2, or remove entries first.",
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: /^Add / })).toBeNull();
      expect(server.puts).toEqual([]);
    });

    it("a refused save keeps the text and the preview, and says why, translated", async () => {
      const server = fakeServer(["kept.io"]);
      server.putAnswers.push({
        status: 422,
        body: {
          Error: {
            Code: "VALIDATION_ERROR",
            Message: "Invalid parameter Entries.1",
            Data: { Operation: "put_email_whitelist", Problems: [{ In: "body", Name: "Entries.1", Message: "bad" }] },
          },
        },
      });
      renderScreen();
      await screen.findByText("1 entry");
      const user = await pasteAndCheck("new@example.com");
      const save = screen.getByRole("button", { name: "Add 1 entry" });
      await user.click(save);
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("Nothing was added. Some of the entries are not valid. Please check them.");
      expect(alert).toHaveTextContent("Not accepted by the server: new@example.com");
      expect(textarea()).toHaveValue("new@example.com");
      expect(counts()).toHaveTextContent("1 new");
      expect(document.activeElement).toBe(save);
      expect(screen.getByText("1 entry")).toBeInTheDocument();

      // Trying again works.
      await user.click(save);
      await waitFor(() => expect(announcer()).toHaveTextContent("Added 1 entry."));
      expect(server.puts).toHaveLength(2);
    });

    it("errors are shown in the person's language", async () => {
      await initI18n("de");
      const server = fakeServer(["kept.io"]);
      server.putAnswers.push({ status: 409, body: { Error: { Code: "CONFLICT", Message: "conflict" } } });
      renderScreen();
      await screen.findByText("1 Eintrag");
      const user = userEvent.setup();
      await user.click(screen.getByLabelText("E-Mail-Adressen oder Domains"));
      await user.paste("neu.example");
      await user.click(screen.getByRole("button", { name: "Einträge prüfen" }));
      await user.click(screen.getByRole("button", { name: "1 Eintrag hinzufügen" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(`Es wurde nichts hinzugefügt. ${deErrors.conflict}`);
    });

    it("no double submits", async () => {
      const server = fakeServer([]);
      let open: () => void = () => undefined;
      server.putGate = new Promise((resolve) => (open = resolve));
      renderScreen();
      await screen.findByText("0 entries");
      await pasteAndCheck("a.io");
      const save = screen.getByRole("button", { name: "Add 1 entry" });
      fireEvent.click(save);
      fireEvent.click(save);
      await waitFor(() => expect(server.puts).toHaveLength(1));
      expect(save).toHaveTextContent("Saving…");
      expect(save).toHaveAttribute("aria-disabled", "true");
      fireEvent.click(save);
      await act(async () => open());
      await waitFor(() => expect(announcer()).toHaveTextContent("Added 1 entry."));
      expect(server.puts).toHaveLength(1);
    });

    it("imports a CSV file: every address or domain in any column, headers ignored", async () => {
      const server = fakeServer(["present@example.com"]);
      renderScreen();
      await screen.findByText("1 entry");
      const csv = 'Name;E-Mail;Domain\n"Lovelace, Ada";ada@example.com;example.org\nBob;PRESENT@example.com;\nCarol;carol@nowhere;\n';
      const user = userEvent.setup();
      await user.upload(screen.getByLabelText("Import a CSV file"), new File([csv], "guests.csv", { type: "text/csv" }));
      expect(await screen.findByText("Read from guests.csv")).toBeInTheDocument();
      expect(counts()).toHaveTextContent("2 new");
      expect(counts()).toHaveTextContent("1 already on the list");
      expect(counts()).toHaveTextContent("1 not valid");
      expect(screen.getByText("carol@nowhere: the part after the @ is not a valid domain")).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Add 2 entries" }));
      await waitFor(() => expect(announcer()).toHaveTextContent("Added 2 entries."));
      expect(server.puts).toEqual([["ada@example.com", "example.org", "present@example.com"]]);
    });

    it("a CSV file without entries says so", async () => {
      fakeServer([]);
      renderScreen();
      await screen.findByText("0 entries");
      await userEvent.upload(screen.getByLabelText("Import a CSV file"), new File(["Name,Email\n"], "empty.csv", { type: "text/csv" }));
      expect(await screen.findByRole("alert")).toHaveTextContent("No email addresses or domains were found in empty.csv.");
    });
  });

  describe("removing", () => {
    it("one entry: PUTs the list without it, announces it, and focuses the entry that took its place", async () => {
      const server = fakeServer(["a@x.io", "b@x.io", "c.io"]);
      renderScreen();
      await screen.findByText("3 entries");
      await userEvent.click(screen.getByRole("button", { name: "Remove b@x.io" }));
      await waitFor(() => expect(announcer()).toHaveTextContent("Removed b@x.io."));
      expect(server.puts).toEqual([["a@x.io", "c.io"]]);
      expect(screen.queryByRole("button", { name: "Remove b@x.io" })).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove c.io" })));
    });

    it("the last entry: asks first, since the event then opens to everyone", async () => {
      const server = fakeServer(["a.io"]);
      renderScreen();
      await screen.findByText("1 entry");
      await userEvent.click(screen.getByRole("button", { name: "Remove a.io" }));
      const dialog = screen.getByRole("alertdialog", { name: "Remove a.io?" });
      expect(dialog).toHaveAccessibleDescription("The list will be empty, and the event open to everyone with an account.");
      expect(document.activeElement).toBe(dialog);
      expect(server.puts).toEqual([]);
      await userEvent.click(within(dialog).getByRole("button", { name: "Yes, remove" }));
      await waitFor(() =>
        expect(announcer()).toHaveTextContent("Removed a.io. The event is now open to everyone with an account."),
      );
      expect(server.puts).toEqual([[]]);
      const note = screen.getByText("This event is open to everyone with an account.");
      await waitFor(() => expect(document.activeElement).toBe(note));
    });

    it("all: asks, Cancel and Escape keep everything and return the focus", async () => {
      const server = fakeServer(["a.io", "b.io"]);
      renderScreen();
      await screen.findByText("2 entries");
      const user = userEvent.setup();
      const removeAll = screen.getByRole("button", { name: "Remove all" });
      await user.click(removeAll);
      await user.click(within(screen.getByRole("alertdialog", { name: "Remove 2 entries?" })).getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(document.activeElement).toBe(removeAll);
      await user.click(removeAll);
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(document.activeElement).toBe(removeAll);
      expect(server.puts).toEqual([]);

      await user.click(removeAll);
      await user.click(screen.getByRole("button", { name: "Yes, remove" }));
      await waitFor(() => expect(announcer()).toHaveTextContent("Removed 2 entries. The event is now open to everyone with an account."));
      expect(server.puts).toEqual([[]]);
      expect(screen.getByText("This event is open to everyone with an account.")).toBeInTheDocument();
    });

    it("the matches of a search: asks, removes only those, and focuses the search field", async () => {
      const server = fakeServer(["a@x.io", "b@x.io", "c.org"]);
      renderScreen();
      await screen.findByText("3 entries");
      const user = userEvent.setup();
      await user.type(screen.getByLabelText("Search entries"), "x.io");
      await user.click(await screen.findByRole("button", { name: "Remove all 2 matching entries" }));
      await user.click(within(screen.getByRole("alertdialog", { name: "Remove 2 entries?" })).getByRole("button", { name: "Yes, remove" }));
      await waitFor(() => expect(announcer()).toHaveTextContent("Removed 2 entries."));
      expect(announcer()).not.toHaveTextContent("open to everyone");
      expect(server.puts).toEqual([["c.org"]]);
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Search entries")));
    });

    it("a failed removal keeps the entry and the focus, and says why", async () => {
      const server = fakeServer(["a.io", "b.io"]);
      server.putAnswers.push("offline");
      renderScreen();
      await screen.findByText("2 entries");
      const button = screen.getByRole("button", { name: "Remove a.io" });
      await userEvent.click(button);
      expect(await screen.findByRole("alert")).toHaveTextContent(
        "Nothing was removed. The server cannot be reached. Check your connection and try again.",
      );
      expect(screen.getByRole("button", { name: "Remove a.io" })).toBe(button);
      expect(document.activeElement).toBe(button);
      expect(screen.getByText("2 entries")).toBeInTheDocument();
    });
  });
});

describe("accessibility", () => {
  beforeEach(async () => {
    await initI18n("en");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("axe finds no violations with the list, a preview and a confirmation open", async () => {
    fakeServer(["ada@example.com", "example.org"]);
    const { container } = renderScreen();
    await screen.findByText("2 entries");
    await pasteAndCheck("new.io nope");
    await userEvent.click(screen.getByRole("button", { name: "Remove all" }));
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null); // jsdom has no canvas
    // Colour contrast needs a real layout engine (the browser tests check it).
    const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  });
});

describe("refusedEntries", () => {
  it("names the entries a 422 points at", () => {
    const error = new ApiError(422, "VALIDATION_ERROR", "bad", {
      Problems: [{ Name: "Entries.2" }, { Name: "Entries.0" }, { Name: "Entries" }, { Name: "Entries.9" }],
    });
    expect(refusedEntries(error, ["a.io", "b.io", "c.io"])).toEqual(["c.io", "a.io"]);
    expect(refusedEntries(new ApiError(409, "CONFLICT", "x"), ["a.io"])).toEqual([]);
  });
  describe("the access rule", () => {
    it("says an empty list of a restricted event admits nobody, and saves the switch alone", async () => {
      const server = fakeServer([]);
      renderScreen();
      expect(await screen.findByText("This event is open to everyone with an account.")).toBeInTheDocument();
      const user = userEvent.setup();
      await user.click(screen.getByRole("checkbox", { name: "Only the people on this list may enter" }));
      await waitFor(() => expect(server.eventPuts).toEqual([{ IsRestricted: true }]));
      expect(
        await screen.findByText("Nobody but the event's organizers can enter until you add entries."),
      ).toBeInTheDocument();
      await waitFor(() => expect(announcer()).toHaveTextContent("Access rule saved."));
      expect(screen.getByRole("checkbox", { name: "Only the people on this list may enter" })).toBeChecked();
    });
  });
});
