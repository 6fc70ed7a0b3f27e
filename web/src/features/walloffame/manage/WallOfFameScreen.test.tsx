import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addConsoleStrings } from "@/app/console/i18n";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { callsTo, EVENT, ME, picture, project, serveWall } from "../testing";
import { WallOfFameScreen } from "./WallOfFameScreen";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WallOfFameScreen eventId={EVENT} />
    </QueryClientProvider>,
  );
}

const submissions = () => [
  project("p1", { Title: "Solar kiosk", State: "pending", Pictures: [picture(1)], Link: "https://example.org" }),
  project("p2", { Title: "Quiet room", State: "pending", AuthorID: ME }),
  project("a1", { Title: "Robot bar" }),
  project("r1", { Title: "Spam", State: "rejected", Reason: "Not a project." }),
];
const tab = (name: RegExp) => screen.getByRole("tab", { name });
const item = (title: string) => screen.getByRole("heading", { name: title, level: 4 }).closest("article") as HTMLElement;
const actions = (title: string) => within(screen.getByRole("group", { name: `Actions for “${title}”` }));

beforeEach(async () => {
  await initI18n("en");
  addConsoleStrings();
  fakeRealtime.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe("the console's Wall of Fame", { timeout: 30_000 }, () => {
  it("shows the queue by state with counts, and approves a pending project", async () => {
    const server = serveWall(submissions(), { admin: true });
    renderSection();
    expect(screen.getByRole("heading", { name: "Wall of Fame", level: 2 })).toBeInTheDocument();
    await screen.findByRole("heading", { name: "Solar kiosk", level: 4 });
    expect(tab(/^Pending/)).toHaveTextContent("Pending 2");
    expect(tab(/^Approved/)).toHaveTextContent("Approved 1");
    expect(tab(/^Rejected/)).toHaveTextContent("Rejected 1");
    expect(within(item("Solar kiosk")).getByRole("img", { name: "Picture 1 of “Solar kiosk”" })).toBeInTheDocument();
    expect(within(item("Solar kiosk")).getByRole("link", { name: /Project link/ })).toHaveAttribute("rel", "noopener noreferrer");

    await userEvent.click(actions("Solar kiosk").getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Solar kiosk" })).toBeNull());
    expect(callsTo(server, "POST", "/projects/p1/approve")).toHaveLength(1);
    expect(tab(/^Pending/)).toHaveTextContent("Pending 1");
    expect(tab(/^Approved/)).toHaveTextContent("Approved 2");
    expect(screen.getByRole("status")).toHaveTextContent("“Solar kiosk” was approved.");
    // The focus takes the same button of the project now in its place.
    await waitFor(() => expect(actions("Quiet room").getByRole("button", { name: "Approve" })).toHaveFocus());
  });

  it("rejects only with a reason, asked in a dialog", async () => {
    const server = serveWall(submissions(), { admin: true });
    renderSection();
    await screen.findByRole("heading", { name: "Solar kiosk", level: 4 });
    const opener = actions("Solar kiosk").getByRole("button", { name: "Reject" });
    await userEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Reject “Solar kiosk”" });
    const reason = within(dialog).getByRole("textbox", { name: "Reason" });
    expect(reason).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: "Reject project" }));
    expect(await within(dialog).findByText("Give a reason: the author reads it.")).toBeInTheDocument();
    expect(callsTo(server, "POST", "/reject")).toEqual([]);
    // Escape leaves without rejecting, the focus back on Reject.
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    await userEvent.type(screen.getByRole("textbox", { name: "Reason" }), "  Please add a picture of the kiosk. ");
    await userEvent.click(screen.getByRole("button", { name: "Reject project" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo(server, "POST", "/projects/p1/reject")[0]?.body).toEqual({ Reason: "Please add a picture of the kiosk." });
    await userEvent.click(tab(/^Rejected/));
    expect(await screen.findByText("Reason: Please add a picture of the kiosk.")).toBeInTheDocument();
    expect(tab(/^Rejected/)).toHaveTextContent("Rejected 2");
  });

  it("features and unfeatures an approved project, and says a refusal", async () => {
    const server = serveWall(submissions(), { admin: true });
    renderSection();
    await userEvent.click(await screen.findByRole("tab", { name: /^Approved/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Feature" }));
    expect(await actions("Robot bar").findByRole("button", { name: "Unfeature" })).toBeInTheDocument();
    expect(within(item("Robot bar")).getByText("Featured")).toBeInTheDocument();
    expect(callsTo(server, "PUT", "/projects/a1/featured")[0]?.body).toEqual({ Featured: true });

    server.answers.push({ when: "PUT /projects/a1/featured", status: 409, body: { Error: { Code: "WALLOFFAME_INVALID_STATE", Message: "x", Data: {} } } });
    await userEvent.click(actions("Robot bar").getByRole("button", { name: "Unfeature" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That did not work. This project changed in the meantime.");
  });

  it("removes a project after confirming", async () => {
    const server = serveWall(submissions(), { admin: true });
    renderSection();
    await screen.findByRole("heading", { name: "Quiet room", level: 4 });
    await userEvent.click(actions("Quiet room").getByRole("button", { name: "Remove" }));
    const dialog = screen.getByRole("alertdialog", { name: "Remove “Quiet room”?" });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove project" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Quiet room" })).toBeNull());
    expect(callsTo(server, "DELETE", "/projects/p2")).toHaveLength(1);
    expect(tab(/^Pending/)).toHaveTextContent("Pending 1");
  });

  it("follows frame 45: a new submission and the counts after the burst, a removal at once", async () => {
    const server = serveWall(submissions(), { admin: true });
    renderSection();
    await screen.findByRole("heading", { name: "Solar kiosk", level: 4 });
    const reads = callsTo(server, "GET", "/projects").length;
    server.projects = [...server.projects, project("p3", { Title: "Fresh idea", State: "pending" })];
    for (let i = 0; i < 5; i++) act(() => fakeRealtime.deliver("WALLOFFAME_PROJECT_NOTIFY", { EventID: EVENT, ProjectID: "p3", State: "pending", Featured: false, AuthorID: ME }));
    expect(await screen.findByRole("heading", { name: "Fresh idea", level: 4 }, { timeout: 3000 })).toBeInTheDocument();
    expect(tab(/^Pending/)).toHaveTextContent("Pending 3");
    // Five frames, one reread of the tab shown.
    expect(callsTo(server, "GET", "/projects").length - reads).toBe(1);
    // A removed project leaves the tab at once.
    const reads2 = callsTo(server, "GET", "/projects").length;
    act(() => fakeRealtime.deliver("WALLOFFAME_PROJECT_NOTIFY", { EventID: EVENT, ProjectID: "p1", State: "pending", Featured: false, AuthorID: ME, Deleted: true }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Solar kiosk" })).toBeNull());
    expect(tab(/^Pending/)).toHaveTextContent("Pending 2");
    // Before the reread (which would find it still on this fake server).
    expect(callsTo(server, "GET", "/projects").length).toBe(reads2);
  });

  it("switches review on and off", async () => {
    const server = serveWall([], { admin: true, reviewRequired: true });
    renderSection();
    const toggle = await screen.findByRole("switch", { name: "Review submissions before they are public" });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(callsTo(server, "PUT", "/settings")[0]?.body).toEqual({ ReviewRequired: false });
    expect(screen.getByRole("status")).toHaveTextContent("Submissions now appear without review.");
  });

  it("edits the categories: add, rename, remove, checked before saving", async () => {
    const server = serveWall([], { admin: true, categories: ["Best booth", "Innovation"] });
    renderSection();
    const first = await screen.findByRole("textbox", { name: "Category 1" });
    await userEvent.clear(first);
    await userEvent.type(first, "Best stand");
    await userEvent.click(screen.getByRole("button", { name: "Add category" }));
    const added = screen.getByRole("textbox", { name: "Category 3" });
    await waitFor(() => expect(added).toHaveFocus());
    await userEvent.type(added, " innovation ");
    await userEvent.click(screen.getByRole("button", { name: "Save categories" }));
    expect(await screen.findByText("This category is already in the list.")).toBeInTheDocument();
    expect(callsTo(server, "PUT", "/categories")).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Remove category 2" }));
    expect(screen.getByRole("textbox", { name: "Category 2" })).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Save categories" }));
    await waitFor(() => expect(callsTo(server, "PUT", "/categories")).toHaveLength(1));
    expect(callsTo(server, "PUT", "/categories")[0]?.body).toEqual(["Best stand", "innovation"]);
    expect(await screen.findByText("The categories were saved.")).toBeInTheDocument();
  });

  it("axe finds nothing serious in the queue, the dialog and the editor", async () => {
    serveWall(submissions(), { admin: true });
    const { container } = renderSection();
    await screen.findByRole("heading", { name: "Solar kiosk", level: 4 });
    await screen.findByRole("textbox", { name: "Category 1" });
    const check = async () => {
      const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
      expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    };
    await check();
    await userEvent.click(actions("Solar kiosk").getByRole("button", { name: "Reject" }));
    await check();
  });
});
