import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import { NULL_ID } from "@/lib/routes";
import { CUSTOMER, EVENT, itemId, menuItem, refusal, renderNavigation, serveMenu, type MenuServer } from "./navigation-test-utils";

const LOCATION = "5".repeat(24);
const toasts = () => useNotifications.getState().items.map((n) => n.text);
const dialog = () => screen.getByRole("dialog");
const group = (name: string) => within(dialog()).getByRole("group", { name });
const rowOf = (name: string) => screen.getAllByTestId("navigation-row").find((r) => r.querySelector(".navigation-row__name > span")?.textContent === name) as HTMLElement;

function items() {
  return [
    menuItem(1, { Index: 50, Names: { en: "Lobby" }, Name: "Lobby" }),
    menuItem(2, { Index: 40, Names: { en: "Docs" }, Name: "Docs", Type: "URL", Data: { mode: "New tab", src: "https://docs.example" } }),
    menuItem(3, { Index: 30, Names: { en: "Stage" }, Name: "Stage", Type: "FullscreenIframe", Data: { slug: "stage" } }),
    menuItem(4, { Position: "Bottom", Index: 10, Names: { en: "FAQ" }, Name: "FAQ", Type: "Addon", Data: { module: "FAQ" } }),
  ];
}

async function openAdd(position: "Top" | "Bottom", server: MenuServer = serveMenu(items())) {
  renderNavigation();
  await screen.findByRole("region", { name: "Top menu" });
  await userEvent.click(screen.getByRole("button", { name: `Add an item to the ${position} menu` }));
  return server;
}

async function pickType(label: string) {
  await userEvent.selectOptions(within(dialog()).getByLabelText("What it does"), label);
}

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("NavigationItemDialog", { timeout: 20_000 }, () => {
  it("adds a tour room at the end of the bottom menu, the room picked from the tour", async () => {
    const server = await openAdd("Bottom");
    expect(screen.getByRole("dialog", { name: "New item (Bottom menu)" })).toBeInTheDocument();
    const user = userEvent.setup();
    const room = await within(dialog()).findByLabelText("Room");
    expect([...(room as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(["Choose a room", "Lobby (lobby)", "Expo (expo)"]);
    await user.selectOptions(room, "expo");
    await user.type(within(group("Name on the button")).getByLabelText("English"), "Expo hall");
    await user.type(within(group("Name on the button")).getByLabelText("German"), "Messehalle");
    await user.type(within(dialog()).getByLabelText("View direction"), "90");
    await user.click(within(dialog()).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toasts()).toEqual(["“Expo hall” added."]));
    expect(server.writes()).toEqual([
      {
        what: "POST /menu",
        body: {
          Position: "Bottom",
          IsVisible: true,
          // Last: below FAQ's 10.
          Index: 0,
          Name: "Expo hall",
          NameDE: "Messehalle",
          Names: { en: "Expo hall", de: "Messehalle", es: "", fr: "", it: "" },
          SidebarTitles: { en: "", de: "", es: "", fr: "", it: "" },
          Type: "Panorama",
          SidebarType: null,
          Data: { id: "expo", angle: 90 },
          VirtualSpaceID: NULL_ID,
          IsSidebar: false,
        },
      },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(rowOf("Expo hall").closest("section")).toBe(screen.getByRole("region", { name: "Bottom menu" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add an item to the Bottom menu" }));
  });

  it("validates before sending: messages beside the fields, the first one focused, nothing sent", async () => {
    const server = await openAdd("Top");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Save" }));
    const english = within(group("Name on the button")).getByLabelText("English");
    await waitFor(() => expect(english).toHaveAccessibleDescription("Enter the English name."));
    expect(within(dialog()).getByLabelText("Room")).toHaveAccessibleDescription("Choose or type a room.");
    await waitFor(() => expect(english).toHaveFocus());
    await pickType("Full-screen page (FullscreenIframe)");
    await userEvent.type(within(dialog()).getByLabelText("Page address"), "stage");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(dialog()).getByLabelText("Page address")).toHaveAccessibleDescription(/Another page of this event already uses this address\./));
    expect(server.writes()).toEqual([]);
  });

  it("without a tour says so and lets the room be typed, with the server's shape checked", async () => {
    const server = serveMenu(items(), { panoURL: "" });
    await openAdd("Top", server);
    expect(within(dialog()).getByText(/This event has no venue tour yet/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(group("Name on the button")).getByLabelText("English"), "Plenary");
    await user.type(within(dialog()).getByLabelText("Room ID"), "main hall");
    await user.click(within(dialog()).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(dialog()).getByLabelText("Room ID")).toHaveAccessibleDescription(/At most 200 characters, without spaces\./));
    await user.clear(within(dialog()).getByLabelText("Room ID"));
    await user.type(within(dialog()).getByLabelText("Room ID"), "plenary-01");
    await user.click(within(dialog()).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect((server.writes()[0]?.body as { Data: unknown }).Data).toEqual({ id: "plenary-01" });
  });

  it("a refusal: the server's message beside the field it names, what was typed kept; others above the buttons", async () => {
    const server = await openAdd("Top");
    server.postAnswers.push(refusal(422, "VALIDATION_ERROR", { Problems: [{ In: "body", Name: "URL.Data.src", Message: "must be an http(s) URL" }] }), refusal(500, "INTERNAL_ERROR"));
    const user = userEvent.setup();
    await pickType("Web address (URL)");
    await user.selectOptions(within(dialog()).getByLabelText("Opens"), "Over page");
    await user.type(within(group("Name on the button")).getByLabelText("English"), "Help");
    await user.type(within(dialog()).getByLabelText("Web address"), "https://help.example");
    await user.click(within(dialog()).getByRole("button", { name: "Save" }));
    const address = within(dialog()).getByLabelText("Web address");
    await waitFor(() => expect(address).toHaveAccessibleDescription(/Some of the entries are not valid\. Please check them\./));
    expect(address).toHaveValue("https://help.example");
    expect(address).toHaveFocus();
    expect(within(dialog()).getByLabelText("Opens")).toHaveValue("Over page");
    await user.click(within(dialog()).getByRole("button", { name: "Save" }));
    expect(await within(dialog()).findByTestId("form-error")).toHaveTextContent("Not saved. Something went wrong. Please try again.");
    expect(server.writes()).toHaveLength(2);
  });

  it("sends once however often it is submitted", async () => {
    const server = await openAdd("Top");
    await pickType("Add-on (Addon)");
    await userEvent.type(within(group("Name on the button")).getByLabelText("English"), "Cinema");
    await userEvent.selectOptions(within(dialog()).getByLabelText("Add-on"), "Cinema");
    const form = within(dialog()).getByRole("button", { name: "Save" }).closest("form") as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(toasts()).toEqual(["“Cinema” added."]));
    expect(server.writes()).toHaveLength(1);
  });

  it("edits an item: every field, its ID, its place kept; moved to the other menu it goes last there", async () => {
    const server = serveMenu(items());
    renderNavigation();
    await screen.findByRole("region", { name: "Top menu" });
    const user = userEvent.setup();
    await user.click(within(rowOf("Docs")).getByRole("button", { name: "Edit “Docs”" }));
    expect(screen.getByRole("dialog", { name: "Edit “Docs”" })).toBeInTheDocument();
    expect(within(dialog()).getByLabelText("Web address")).toHaveValue("https://docs.example");
    await user.click(within(dialog()).getByLabelText("Show to attendees"));
    await user.click(within(dialog()).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toasts()).toEqual(["“Docs” saved."]));
    expect(server.writes()[0]).toEqual({
      what: `PUT /menu/${itemId(2)}`,
      body: expect.objectContaining({ ID: itemId(2), Position: "Top", Index: 40, IsVisible: false, Type: "URL", Data: { mode: "New tab", src: "https://docs.example" } }),
    });
    expect(within(rowOf("Docs")).getByText("Hidden")).toBeInTheDocument();

    await user.click(within(rowOf("Docs")).getByRole("button", { name: "Edit “Docs”" }));
    await user.selectOptions(within(dialog()).getByLabelText("Menu"), "Bottom");
    await user.click(within(dialog()).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.writes()[1]?.body).toEqual(expect.objectContaining({ Position: "Bottom", Index: 0 }));
  });

  it("offers the add-ons attendees can use and the modules the attendee app knows, keeping a stored unknown one", async () => {
    const server = serveMenu([menuItem(1, { Names: { en: "Custom" }, Type: "Module", Data: { module: "lounge" } })]);
    renderNavigation();
    await screen.findByRole("region", { name: "Top menu" });
    await userEvent.click(screen.getByRole("button", { name: "Edit “Custom”" }));
    const module = within(dialog()).getByLabelText("Module") as HTMLSelectElement;
    expect(module).toHaveValue("lounge");
    expect([...module.querySelectorAll("optgroup")].map((g) => [g.label, g.querySelectorAll("option").length])).toEqual([
      ["Pages", 9],
      ["Sidebar panels and the photobooth", 7],
    ]);
    expect(within(module).getByRole("option", { name: "Auditorium (auditorium)" })).toBeInTheDocument();
    expect(within(module).getByRole("option", { name: "lounge (as stored; unknown to the attendee app)" })).toBeInTheDocument();
    await pickType("Add-on (Addon)");
    const addon = within(dialog()).getByLabelText("Add-on") as HTMLSelectElement;
    expect([...addon.options].map((o) => o.value)).toEqual(["", "Auditorium", "BreakoutRoom", "Cinema", "EngagementIsland", "Helpdesk", "Landing", "Photobooth", "Polls", "TreasureHunt", "WallOfFame", "FAQ", "Iframe"]);
    expect(server.writes()).toEqual([]);
  });

  it("opens a sidebar panel: the panel is required, with a title per language", async () => {
    const server = await openAdd("Top");
    const user = userEvent.setup();
    await pickType("Module");
    await user.selectOptions(within(dialog()).getByLabelText("Module"), "chat");
    await user.type(within(group("Name on the button")).getByLabelText("English"), "Chat");
    await user.click(within(dialog()).getByLabelText("Open a sidebar panel instead"));
    await user.click(within(dialog()).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(dialog()).getByLabelText("Panel")).toHaveAccessibleDescription("Choose the panel the button opens."));
    await user.selectOptions(within(dialog()).getByLabelText("Panel"), "Chat");
    await user.type(within(group("Title of the panel")).getByLabelText("French"), "Discussion");
    await user.click(within(dialog()).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.body).toEqual(
      expect.objectContaining({ Type: "Module", Data: { module: "chat" }, IsSidebar: true, SidebarType: "Chat", SidebarTitles: { en: "", de: "", es: "", fr: "Discussion", it: "" } }),
    );
  });

  it("a location room: the location from the event's list, its rooms named from the tour", async () => {
    const server = serveMenu(items());
    server.locations = [
      { ID: LOCATION, Name: "Partner booths", VirtualSpacepanoIDs: ["expo", "booth-2"], IsDisabled: false },
      { ID: "6".repeat(24), Name: "Old wing", VirtualSpacepanoIDs: [], IsDisabled: true },
    ];
    await openAdd("Top", server);
    const user = userEvent.setup();
    await pickType("Location room (VirtualLocation)");
    const location = await within(dialog()).findByLabelText("Location");
    expect([...(location as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(["No location: type the rooms", "Partner booths", "Old wing (disabled)"]);
    await user.selectOptions(location, LOCATION);
    const open = within(dialog()).getByLabelText("Room to open") as HTMLSelectElement;
    expect([...open.options].map((o) => o.textContent)).toEqual(["Choose a room", "Expo (expo)", "booth-2"]);
    expect(within(dialog()).getByLabelText("Main room of the location")).toHaveValue("expo");
    await user.selectOptions(open, "booth-2");
    await user.type(within(group("Name on the button")).getByLabelText("English"), "Booth 2");
    await user.click(within(dialog()).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.body).toEqual(expect.objectContaining({ Type: "VirtualLocation", VirtualSpaceID: LOCATION, Data: { VirtualSpaceMainpanoID: "expo", id: "booth-2" } }));
    const asked = server.calls.find((c) => c.url.pathname === `/api/v1/customers/${CUSTOMER}/locations`);
    expect(asked?.url.searchParams.get("EventID")).toBe(EVENT);
  });

  it("Escape or Cancel closes without sending", async () => {
    const server = await openAdd("Top");
    await userEvent.type(within(group("Name on the button")).getByLabelText("English"), "Draft");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.writes()).toEqual([]);
  });
});
