import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import { NULL_ID } from "@/lib/routes";
import { itemId, menuItem, refusal, renderNavigation, serveMenu } from "./navigation-test-utils";

const menu = (name: "Top menu" | "Bottom menu") => screen.getByRole("region", { name });
const rowNames = (region: HTMLElement) => within(region).queryAllByTestId("navigation-row").map((row) => row.querySelector(".navigation-row__name > span")?.textContent);
const row = (name: string) => screen.getAllByTestId("navigation-row").find((r) => r.querySelector(".navigation-row__name > span")?.textContent === name) as HTMLElement;
const toasts = () => useNotifications.getState().items.map((n) => n.text);
const announcer = () => screen.getByTestId("navigation-announcer");

/** A top menu of four, one hidden, and a bottom menu of one. */
function standardMenu() {
  return [
    menuItem(1, { Index: 50, Names: { en: "Lobby" }, Name: "Lobby" }),
    menuItem(2, { Index: 40, Names: { en: "Expo" }, Name: "Expo", Data: { id: "expo", angle: 90 } }),
    menuItem(3, { Index: 30, Names: { en: "Draft" }, Name: "Draft", IsVisible: false, Type: "URL", Data: { mode: "New tab", src: "https://example.com" } }),
    menuItem(4, { Index: 20, Names: { en: "Agenda" }, Name: "Agenda", Type: "Module", Data: { module: "agenda" }, IsSidebar: true, SidebarType: "Agenda" }),
    menuItem(5, { Position: "Bottom", Index: 10, Names: { en: "FAQ" }, Name: "FAQ", Type: "Addon", Data: { module: "FAQ" } }),
  ];
}

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("NavigationScreen", { timeout: 20_000 }, () => {
  describe("reading", () => {
    it("shows each menu in attendees' order, hidden items marked, targets named from the tour", async () => {
      serveMenu(standardMenu(), { defaultPage: itemId(1) });
      renderNavigation();
      expect(screen.getByRole("heading", { level: 2, name: "Navigation" })).toBeInTheDocument();
      expect(screen.getByText("Loading the menus…")).toBeInTheDocument();
      const top = await screen.findByRole("region", { name: "Top menu" });
      expect(rowNames(top)).toEqual(["Lobby", "Expo", "Draft", "Agenda"]);
      expect(rowNames(menu("Bottom menu"))).toEqual(["FAQ"]);
      expect(within(row("Draft")).getByText("Hidden")).toBeInTheDocument();
      expect(within(row("Lobby")).getByText("Default page")).toBeInTheDocument();
      expect(within(row("Agenda")).getByText("Opens the sidebar: Agenda")).toBeInTheDocument();
      expect(within(row("FAQ")).getByText("Add-on (Addon) · Add-on: FAQ")).toBeInTheDocument();
      // The tour's room names arrive with tour.json.
      expect(await within(row("Expo")).findByText("Tour room (Panorama) · Room: Expo (expo)")).toBeInTheDocument();
    });

    it("an empty menu says so; a failed read says why and tries again", async () => {
      const server = serveMenu([]);
      server.publicAnswers.push(refusal(500, "INTERNAL_ERROR"));
      renderNavigation();
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("The menus could not be loaded.");
      await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
      expect(await within(await screen.findByRole("region", { name: "Top menu" })).findByText("No items in this menu yet.")).toBeInTheDocument();
      expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Navigation" }));
    });
  });

  describe("reordering", () => {
    it("Move down writes the new Index of the moved item only, as a whole item, and says where it went", async () => {
      const server = serveMenu(standardMenu());
      renderNavigation();
      await screen.findByRole("region", { name: "Top menu" });
      const user = userEvent.setup();
      const down = within(row("Lobby")).getByRole("button", { name: "Move down “Lobby”" });
      await user.click(down);
      await waitFor(() => expect(announcer()).toHaveTextContent("“Lobby” is now at place 2 of 4 (Top menu)."));
      expect(rowNames(menu("Top menu"))).toEqual(["Expo", "Lobby", "Draft", "Agenda"]);
      const stored = standardMenu()[0];
      expect(server.writes()).toEqual([{ what: `PUT /menu/${itemId(1)}`, body: { ...stored, Index: 35, Names: { en: "Lobby" }, SidebarTitles: {} } }]);
      // The focus stays on the button that moved the row.
      await waitFor(() => expect(document.activeElement).toBe(within(row("Lobby")).getByRole("button", { name: "Move down “Lobby”" })));
    });

    it("Move up on the first item and Move down on the last do nothing", async () => {
      const server = serveMenu(standardMenu());
      renderNavigation();
      await screen.findByRole("region", { name: "Top menu" });
      const up = within(row("Lobby")).getByRole("button", { name: "Move up “Lobby”" });
      expect(up).toHaveAttribute("aria-disabled", "true");
      await userEvent.click(up);
      await userEvent.click(within(row("Agenda")).getByRole("button", { name: "Move down “Agenda”" }));
      expect(server.writes()).toEqual([]);
    });

    it("one move at a time: clicks while saving are ignored", async () => {
      const server = serveMenu(standardMenu());
      let open: (() => void) | undefined;
      server.putGate = new Promise<void>((resolve) => (open = resolve));
      renderNavigation();
      await screen.findByRole("region", { name: "Top menu" });
      const down = within(row("Lobby")).getByRole("button", { name: "Move down “Lobby”" });
      fireEvent.click(down);
      fireEvent.click(down);
      await waitFor(() => expect(announcer()).toHaveTextContent("Saving the new order…"));
      fireEvent.click(within(row("Expo")).getByRole("button", { name: "Move down “Expo”" }));
      // The new order shows at once, while the server has not answered yet.
      expect(rowNames(menu("Top menu"))).toEqual(["Expo", "Lobby", "Draft", "Agenda"]);
      // A browser drops the focus of a row it moves (jsdom does not): drop it here, as it would.
      (document.activeElement as HTMLElement).blur();
      await act(async () => open?.());
      await waitFor(() => expect(announcer()).toHaveTextContent("is now at place 2 of 4"));
      expect(server.writes()).toHaveLength(1);
      // Back on the button that moved it once the new order is shown.
      expect(document.activeElement).toBe(within(row("Lobby")).getByRole("button", { name: "Move down “Lobby”" }));
    });

    it("when some items do not save: names them with the reason, and shows the menu as the server has it", async () => {
      const items = [menuItem(1, { Index: 0, Names: { en: "Lobby" } }), menuItem(2, { Index: 0, Names: { en: "Expo" } }), menuItem(3, { Index: 0, Names: { en: "Stage" } })];
      const server = serveMenu(items);
      server.putAnswers.set(itemId(3), [refusal(422, "VALIDATION_ERROR", { Problems: [{ Name: "Panorama.Data.id" }] })]);
      renderNavigation();
      await screen.findByRole("region", { name: "Top menu" });
      // Equal Index values: moving Stage between them numbers the menu again (30, 20, 10).
      await userEvent.click(within(row("Stage")).getByRole("button", { name: "Move up “Stage”" }));
      const alert = await within(menu("Top menu")).findByRole("alert");
      expect(alert).toHaveTextContent("The new place was not saved for: “Stage” (Some of the entries are not valid. Please check them.).");
      expect(alert).toHaveTextContent("The menus were read again and show the order attendees get now.");
      expect(server.writes().map((w) => [w.what, (w.body as { Index: number }).Index])).toEqual([
        [`PUT /menu/${itemId(1)}`, 30],
        [`PUT /menu/${itemId(3)}`, 20],
        [`PUT /menu/${itemId(2)}`, 10],
      ]);
      // Lobby 30 and Expo 10 were stored, Stage kept 0: that is what the screen shows now.
      await waitFor(() => expect(rowNames(menu("Top menu"))).toEqual(["Lobby", "Expo", "Stage"]));
      expect(server.calls.filter((c) => c.method === "GET" && c.url.pathname.endsWith("/public"))).toHaveLength(2);
    });

    it("drags with the keyboard: picked up, moved and dropped with announcements in the console's language", async () => {
      const server = serveMenu(standardMenu());
      renderNavigation();
      await screen.findByRole("region", { name: "Top menu" });
      // jsdom lays nothing out: give each row a place, 50 px apart, so the keyboard sensor can move.
      vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
        const li = this.closest("li");
        const place = li ? [...(li.parentElement?.children ?? [])].indexOf(li) : 0;
        return DOMRect.fromRect({ x: 0, y: place * 50, width: 600, height: 40 });
      });
      const handle = within(row("Lobby")).getByRole("button", { name: "Reorder “Lobby”" });
      expect(handle).toHaveAttribute("aria-roledescription", "movable item");
      // dnd-kit puts the instructions in the page once it is mounted.
      await waitFor(() => expect(handle).toHaveAccessibleDescription(/press Space or Enter on the handle to pick the item up/));
      // The sensor listens for the next keys from the following tick on.
      const key = async (code: string) => {
        fireEvent.keyDown(handle, { code, key: code === "Space" ? " " : code });
        await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      };
      handle.focus();
      await key("Space");
      expect(screen.getByText("Picked up “Lobby” at place 1 of 4.")).toBeInTheDocument();
      await key("ArrowDown");
      expect(screen.getByText("“Lobby” is over place 2 of 4.")).toBeInTheDocument();
      await key("Space");
      await waitFor(() => expect(announcer()).toHaveTextContent("“Lobby” is now at place 2 of 4 (Top menu)."));
      expect(server.writes().map((w) => [w.what, (w.body as { Index: number }).Index])).toEqual([[`PUT /menu/${itemId(1)}`, 35]]);
      expect(rowNames(menu("Top menu"))).toEqual(["Expo", "Lobby", "Draft", "Agenda"]);
      await waitFor(() => expect(document.activeElement).toBe(within(row("Lobby")).getByRole("button", { name: "Reorder “Lobby”" })));
    });
  });

  describe("deleting", () => {
    it("asks first; Cancel sends nothing; Delete removes it and says so", async () => {
      const server = serveMenu(standardMenu(), { defaultPage: itemId(2) });
      renderNavigation();
      await screen.findByRole("region", { name: "Top menu" });
      const user = userEvent.setup();
      await user.click(within(row("Expo")).getByRole("button", { name: "Delete “Expo”" }));
      let dialog = screen.getByRole("alertdialog", { name: "Delete “Expo”?" });
      expect(dialog).toHaveTextContent("The button disappears from the menu (Top menu) for everyone.");
      expect(dialog).toHaveTextContent("It is the default page: attendees will land on the start page instead.");
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(server.writes()).toEqual([]);

      await user.click(within(row("Expo")).getByRole("button", { name: "Delete “Expo”" }));
      dialog = screen.getByRole("alertdialog");
      await user.click(within(dialog).getByRole("button", { name: "Delete" }));
      await waitFor(() => expect(toasts()).toEqual(["“Expo” deleted."]));
      expect(server.writes()).toEqual([{ what: `DELETE /menu/${itemId(2)}`, body: undefined }]);
      expect(rowNames(menu("Top menu"))).toEqual(["Lobby", "Draft", "Agenda"]);
      // The server cleared the default page with it; so does the picker.
      expect(screen.getByLabelText("Item attendees land on")).toHaveValue(NULL_ID);
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Top menu" })));
    });

    it("a refusal stays in the dialog; an item already gone leaves the list", async () => {
      const server = serveMenu(standardMenu());
      server.deleteAnswers.push(refusal(403, "FORBIDDEN"), refusal(404, "MENU_ITEM_NOT_FOUND"));
      renderNavigation();
      await screen.findByRole("region", { name: "Top menu" });
      const user = userEvent.setup();
      await user.click(within(row("Draft")).getByRole("button", { name: "Delete “Draft”" }));
      await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
      expect(await within(screen.getByRole("alertdialog")).findByRole("alert")).toHaveTextContent("You are not allowed to do that.");
      await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
      expect(toasts()).toEqual(["“Draft” had already been deleted."]);
      expect(rowNames(menu("Top menu"))).toEqual(["Lobby", "Expo", "Agenda"]);
    });
  });

  describe("default page", () => {
    it("offers the items by menu, warns when attendees would not get there, and saves the ID", async () => {
      const server = serveMenu(standardMenu());
      renderNavigation();
      const picker = (await screen.findByLabelText("Item attendees land on")) as HTMLSelectElement;
      expect(picker).toHaveValue(NULL_ID);
      expect(screen.getByText("Attendees land on the start page.")).toBeInTheDocument();
      expect([...picker.querySelectorAll("optgroup")].map((g) => [g.label, [...g.querySelectorAll("option")].map((o) => o.textContent)])).toEqual([
        ["Top menu", ["Lobby (Tour room (Panorama))", "Expo (Tour room (Panorama))", "Draft (Web address (URL))", "Agenda (Module)"]],
        ["Bottom menu", ["FAQ (Add-on (Addon))"]],
      ]);
      const user = userEvent.setup();
      await user.selectOptions(picker, itemId(3));
      expect(screen.getByText("This item is hidden: attendees land on the start page until it is shown.")).toBeInTheDocument();
      await user.selectOptions(picker, itemId(4));
      expect(screen.getByText(/This item opens no page/)).toBeInTheDocument();
      await user.selectOptions(picker, itemId(2));
      expect(screen.getByText("Attendees land on this item's page.")).toBeInTheDocument();
      const save = screen.getByRole("button", { name: "Save the default page" });
      await user.click(save);
      await waitFor(() => expect(toasts()).toEqual(["Default page saved."]));
      expect(save).toHaveFocus();
      expect(server.writes()).toEqual([{ what: "PUT /menu/default", body: { ID: itemId(2) } }]);
      expect(within(row("Expo")).getByText("Default page")).toBeInTheDocument();
    });

    it("a refusal is said beside the picker, and the choice stays", async () => {
      const server = serveMenu(standardMenu());
      server.defaultAnswers.push(refusal(404, "MENU_ITEM_NOT_FOUND"));
      renderNavigation();
      const picker = await screen.findByLabelText("Item attendees land on");
      await userEvent.selectOptions(picker, itemId(1));
      await userEvent.click(screen.getByRole("button", { name: "Save the default page" }));
      await waitFor(() => expect(picker).toHaveAccessibleDescription(/Not saved\. This could not be found\./));
      expect(picker).toHaveValue(itemId(1));
      expect(picker).toHaveFocus();
    });
  });

  it("has no serious accessibility violations", async () => {
    serveMenu(standardMenu(), { defaultPage: itemId(1) });
    const { container } = renderNavigation();
    await screen.findByRole("region", { name: "Top menu" });
    const result = await axe.run(container, { rules: { region: { enabled: false }, "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });
});
