import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { callsTo, EVENT, ME, picture, project, serveWall } from "./testing";
import { WallOfFameView } from "./WallOfFameView";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

function renderPage(entry = "/walloffame") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <WallOfFameView eventID={EVENT} me={ME} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cards = () => screen.getAllByRole("article");
const tab = (name: string) => screen.getByRole("tab", { name });

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
  let n = 0;
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => `blob:preview-${++n}`), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe("the gallery", { timeout: 20_000 }, () => {
  it("shows approved projects as cards, featured first and marked, filtered by category chips", async () => {
    const server = serveWall([
      project("a", { Title: "Solar kiosk", Pictures: [picture(1)] }),
      project("b", { Title: "Quiet room", Category: "Best booth", Featured: true }),
      project("c", { Title: "Hidden draft", State: "pending" }),
    ]);
    renderPage();
    await screen.findByRole("button", { name: "Solar kiosk" });
    expect(cards().map((c) => within(c).getByRole("heading").textContent)).toEqual(["Quiet room", "Solar kiosk"]);
    expect(within(cards()[0] as HTMLElement).getByText("Featured")).toBeInTheDocument();
    expect(within(cards()[1] as HTMLElement).queryByText("Featured")).toBeNull();
    const solar = cards()[1] as HTMLElement;
    expect(solar.querySelector("img")?.getAttribute("src")).toBe("/files/p1-thumb.jpg");
    expect(within(solar).getByText("Innovation")).toBeInTheDocument();
    expect(within(solar).getByText("by Bob Builder")).toBeInTheDocument();
    expect(screen.queryByText("Hidden draft")).toBeNull();

    const filter = screen.getByRole("group", { name: "Filter by category" });
    expect(within(filter).getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(within(filter).getByRole("button", { name: "Best booth" }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(filter).getByRole("button", { name: "Best booth" })).toHaveAttribute("aria-pressed", "true");
    expect(callsTo(server, "GET", "/projects").at(-1)?.query.get("Category")).toBe("Best booth");
  });

  it("says when there is nothing, and when reading failed (with a retry)", async () => {
    const server = serveWall([]);
    server.answers.push({ when: "GET /projects", status: 500, body: { Error: { Code: "INTERNAL", Message: "x" } } });
    renderPage();
    expect(await screen.findByText("The projects could not be loaded.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No projects yet. Be the first to submit one!")).toBeInTheDocument();
  });
});

describe("a project", { timeout: 20_000 }, () => {
  it("shows pictures, description and a link in a new tab, and Back returns to its card", async () => {
    serveWall([project("a", { Title: "Solar kiosk", Description: "Runs on\nsunlight.", Link: "https://example.org/solar", Pictures: [picture(1), picture(2)] })]);
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Solar kiosk" }));
    const heading = await screen.findByRole("heading", { name: "Solar kiosk", level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole("img", { name: "Picture 2 of 2: Solar kiosk" })).toHaveAttribute("src", "/files/p2.jpg");
    expect(screen.getByText(/Runs on/)).toHaveTextContent("Runs on sunlight.");
    const link = screen.getByRole("link", { name: "Visit the project (opens in a new tab)" });
    expect(link).toHaveAttribute("href", "https://example.org/solar");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    // Someone else's project: no Edit.
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Solar kiosk" })).toHaveFocus());
  });

  it("never turns a stored non-http link into a link, and opens from ?project=", async () => {
    serveWall([project("a", { Title: "Old row", Link: "javascript:alert(1)" })]);
    renderPage("/walloffame?project=a");
    await screen.findByRole("heading", { name: "Old row", level: 2 });
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("submitting a project", { timeout: 30_000 }, () => {
  const field = (name: string) => screen.getByRole("textbox", { name });

  it("checks the §5 rules first, then creates it once and uploads its pictures after", async () => {
    const server = serveWall([]);
    renderPage();
    await userEvent.click(screen.getByRole("button", { name: "Submit a project" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Submit a project", level: 2 })).toHaveFocus());
    expect(await screen.findByText(/The organizers review every project/)).toBeInTheDocument();
    const category = await screen.findByRole("combobox", { name: "Category" });
    expect([...(category as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(["Choose a category", "Best booth", "Innovation"]);

    await userEvent.type(field("Link"), "not a link");
    await userEvent.click(screen.getByRole("button", { name: "Submit project" }));
    for (const text of ["Enter title", "Select category", "Enter description", "Provide a valid link"]) expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(field("Title")).toHaveFocus());
    expect(callsTo(server, "POST", "/projects")).toEqual([]);

    await userEvent.type(field("Title"), " Solar kiosk ");
    await userEvent.selectOptions(category, "Innovation");
    await userEvent.type(field("Description"), "Runs on sunlight.");
    await userEvent.clear(field("Link"));
    await userEvent.type(field("Link"), "https://example.org");
    const files = [new File(["a"], "a.png", { type: "image/png" }), new File(["b"], "b.jpg", { type: "image/jpeg" })];
    await userEvent.upload(screen.getByLabelText("Add pictures"), files);
    expect(screen.getByRole("img", { name: "Picture 2" })).toHaveAttribute("src", "blob:preview-2");
    expect(screen.getByText(/2 of 6 pictures/)).toBeInTheDocument();

    const submit = screen.getByRole("button", { name: "Submit project" });
    await userEvent.dblClick(submit);
    expect(await screen.findByRole("heading", { name: "Solar kiosk", level: 2 })).toBeInTheDocument();
    expect(callsTo(server, "POST", "/projects")).toHaveLength(1);
    expect(callsTo(server, "POST", "/projects")[0]?.body).toEqual({ Title: "Solar kiosk", Category: "Innovation", Description: "Runs on sunlight.", Link: "https://example.org" });
    // Pictures go up after the project exists, in order, to its id.
    const order = server.calls.map((c) => `${c.method} ${c.path.replace(/.*\/walloffame/, "")}`);
    const created = order.indexOf("POST /projects");
    expect(order.filter((c) => c.endsWith("/pictures"))).toEqual(["POST /projects/n1/pictures", "POST /projects/n1/pictures"]);
    expect(order.indexOf("POST /projects/n1/pictures")).toBeGreaterThan(created);
    expect(server.uploads.map((u) => u.file.name)).toEqual(["a.png", "b.jpg"]);
    // It waits for review, and says so.
    expect(screen.getByText("Waiting for review")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Your project was submitted. It waits for the organizers' review.");
    expect(tab("My projects")).toHaveAttribute("aria-selected", "true");
  });

  it("puts the server's 422 beside the fields it names, and other refusals above the button", async () => {
    const server = serveWall([], { categories: [] });
    renderPage();
    await userEvent.click(screen.getByRole("button", { name: "Submit a project" }));
    // Without organizer categories the category is typed.
    await userEvent.type(await screen.findByRole("textbox", { name: "Category" }), "Anything");
    await userEvent.type(field("Title"), "Kiosk");
    await userEvent.type(field("Description"), "Text");
    server.answers.push({ when: "POST /projects", status: 422, body: { Error: { Code: "VALIDATION_ERROR", Message: "x", Data: { Problems: [{ Name: "Description", Message: "Enter description" }] } } } });
    await userEvent.click(screen.getByRole("button", { name: "Submit project" }));
    expect(await screen.findByText("Enter description")).toBeInTheDocument();
    await waitFor(() => expect(field("Description")).toHaveFocus());

    server.answers.push({ when: "POST /projects", status: 409, body: { Error: { Code: "WALLOFFAME_TOO_MANY_PROJECTS", Message: "x", Data: {} } } });
    await userEvent.click(screen.getByRole("button", { name: "Submit project" }));
    expect(await screen.findByTestId("form-error")).toHaveTextContent("You have submitted as many projects as one person may.");
  });

  it("keeps the project when an upload fails, and saving again retries it on the same project", async () => {
    const server = serveWall([], { reviewRequired: false });
    renderPage();
    await userEvent.click(screen.getByRole("button", { name: "Submit a project" }));
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Category" }), "Innovation");
    await userEvent.type(field("Title"), "Kiosk");
    await userEvent.type(field("Description"), "Text");
    await userEvent.upload(screen.getByLabelText("Add pictures"), [new File(["a"], "a.png", { type: "image/png" })]);
    server.answers.push({ when: "POST /projects/n1/pictures", status: 413, body: { Error: { Code: "BODY_TOO_LARGE", Message: "x", Data: {} } } });
    await userEvent.click(screen.getByRole("button", { name: "Submit project" }));
    expect(await screen.findByTestId("form-error")).toHaveTextContent("The project was saved, but not every picture could be changed.");
    expect(screen.getByText("New")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByRole("heading", { name: "Kiosk", level: 2 })).toBeInTheDocument();
    expect(callsTo(server, "POST", "/projects")).toHaveLength(1);
    expect(callsTo(server, "PUT", "/projects/n1")).toHaveLength(1);
    expect(server.uploads.map((u) => u.file.name)).toEqual(["a.png"]);
    expect(screen.getByRole("status")).toHaveTextContent("Your changes were saved.");
  });

  it("keeps at most six pictures and leaves out files that are not pictures", async () => {
    serveWall([]);
    renderPage();
    await userEvent.click(screen.getByRole("button", { name: "Submit a project" }));
    const files = Array.from({ length: 7 }, (_, i) => new File(["x"], `p${i}.png`, { type: "image/png" }));
    await userEvent.upload(await screen.findByLabelText("Add pictures"), [...files, new File(["x"], "notes.txt", { type: "text/plain" })], { applyAccept: false });
    expect(screen.getAllByRole("button", { name: /^Remove picture/ })).toHaveLength(6);
    expect(screen.getByRole("alert")).toHaveTextContent("“notes.txt” is not a picture and was left out.");
    expect(screen.getByRole("alert")).toHaveTextContent("A project can have at most 6 pictures: one was left out.");
    expect(screen.queryByLabelText("Add pictures")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Remove picture 6" }));
    expect(screen.getByRole("button", { name: "Remove picture 5" })).toHaveFocus();
  });
});

describe("my projects", { timeout: 30_000 }, () => {
  const mine = () => [
    project("p", { Title: "Waiting one", AuthorID: ME, State: "pending" }),
    project("r", { Title: "Turned down", AuthorID: ME, State: "rejected", Reason: "Pictures are blurry." }),
    project("a", { Title: "Live one", AuthorID: ME, Pictures: [picture(7)] }),
  ];

  it("lists the attendee's projects with their state and the organizers' reason", async () => {
    serveWall([...mine(), project("x", { Title: "Not mine" })]);
    renderPage();
    await userEvent.click(tab("My projects"));
    await screen.findByRole("button", { name: "Waiting one" });
    const items = screen.getAllByRole("listitem").filter((li) => li.dataset.project);
    expect(items.map((li) => li.dataset.project)).toEqual(["p", "r", "a"]);
    expect(within(items[0] as HTMLElement).getByText("Waiting for review")).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText("Rejected")).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText("Reason from the organizers: Pictures are blurry.")).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByText("Approved")).toBeInTheDocument();
  });

  it("edits a project: the form is filled, saving sends it back to review, and says so first", async () => {
    const server = serveWall(mine());
    renderPage();
    await userEvent.click(tab("My projects"));
    await userEvent.click(await screen.findByRole("button", { name: "Edit “Live one”" }));
    expect(await screen.findByRole("heading", { name: "Edit “Live one”", level: 2 })).toBeInTheDocument();
    expect(screen.getByText("Saving your changes sends the project back to the organizers for review.")).toBeInTheDocument();
    const title = screen.getByRole("textbox", { name: "Title" });
    expect(title).toHaveValue("Live one");
    await userEvent.clear(title);
    await userEvent.type(title, "Live one, improved");
    expect(screen.getByRole("img", { name: "Picture 1" })).toHaveAttribute("src", "/files/p7-thumb.jpg");
    await userEvent.click(screen.getByRole("button", { name: "Remove picture 1" }));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByRole("heading", { name: "Live one, improved", level: 2 })).toBeInTheDocument();
    expect(callsTo(server, "PUT", "/projects/a")[0]?.body).toMatchObject({ Title: "Live one, improved", Category: "Innovation" });
    expect(callsTo(server, "DELETE", `/projects/a/pictures/${picture(7).VFileID}`)).toHaveLength(1);
    expect(screen.getByText("Waiting for review")).toBeInTheDocument();
  });

  it("follows the organizers' decision live (frame 45) and reads the reason again", async () => {
    const server = serveWall(mine());
    renderPage();
    await userEvent.click(tab("My projects"));
    const item = (await screen.findByRole("button", { name: "Waiting one" })).closest("li") as HTMLElement;
    server.projects = server.projects.map((p) => (p.ID === "p" ? { ...p, State: "rejected", Reason: "Add a link, please." } : p));
    act(() => fakeRealtime.deliver("WALLOFFAME_PROJECT_NOTIFY", { EventID: EVENT, ProjectID: "p", State: "rejected", Featured: false, AuthorID: ME }));
    expect(within(item).getByText("Rejected")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("“Waiting one” was not approved.");
    expect(await within(item).findByText("Reason from the organizers: Add a link, please.", {}, { timeout: 3000 })).toBeInTheDocument();
    // Another event's frame changes nothing.
    act(() => fakeRealtime.deliver("WALLOFFAME_PROJECT_NOTIFY", { EventID: "6650a1b2c3d4e5f6000000ff", ProjectID: "a", State: "pending", Featured: false, AuthorID: ME }));
    expect(within(screen.getByRole("button", { name: "Live one" }).closest("li") as HTMLElement).getByText("Approved")).toBeInTheDocument();
  });

  it("deletes one's own project after asking", async () => {
    const server = serveWall(mine());
    renderPage("/walloffame?project=a");
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete “Live one”?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete project" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(callsTo(server, "DELETE", "/projects/a")).toHaveLength(1);
    expect(screen.getByRole("status")).toHaveTextContent("“Live one” was deleted.");
  });
});

it("axe finds nothing serious in the gallery, a project and the form", async () => {
  serveWall([project("a", { Title: "Solar kiosk", Featured: true, Pictures: [picture(1)], Link: "https://example.org" }), project("m", { AuthorID: ME, State: "rejected", Reason: "No." })]);
  const { container } = renderPage();
  const check = async () => {
    const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  };
  await userEvent.click(await screen.findByRole("button", { name: "Solar kiosk" }));
  await screen.findByRole("heading", { name: "Solar kiosk", level: 2 });
  await check();
  await userEvent.click(screen.getByRole("button", { name: "Submit a project" }));
  await screen.findByRole("combobox", { name: "Category" });
  await check();
  await userEvent.click(tab("My projects"));
  await screen.findByText("Reason from the organizers: No.");
  await check();
}, 30_000);

