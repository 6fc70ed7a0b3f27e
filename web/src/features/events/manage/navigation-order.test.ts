import { describe, expect, it } from "vitest";
import { toNavItem, type NavItem } from "./navigation-api";
import { INDEX_MAX, INDEX_MIN, itemName, lastIndex, menuOf, planMove } from "./navigation-order";

/** Items a…: `id(n)` is a 24-hex ID that sorts by n. */
const id = (n: number) => n.toString(16).padStart(24, "0");
function item(n: number, index: number, change: Partial<NavItem> = {}): NavItem {
  return toNavItem({ ID: id(n), Type: "Panorama", Index: index, Name: `Item ${n}`, Data: { id: `room-${n}` }, ...change }) as NavItem;
}
const names = (list: NavItem[]) => list.map((i) => i.Name);
const changes = (plan: ReturnType<typeof planMove>) => plan.changes.map((c) => [c.item.Name, c.index]);

describe("menuOf: attendees' order", () => {
  it("one position, hidden items included, Index descending, equal values by ID", () => {
    const items = [
      item(1, 10),
      item(2, 30, { IsVisible: false }),
      item(3, 20, { Position: "Bottom" }),
      item(5, 10),
      item(4, 10),
      item(6, -5),
    ];
    expect(names(menuOf(items, "Top"))).toEqual(["Item 2", "Item 1", "Item 4", "Item 5", "Item 6"]);
    expect(names(menuOf(items, "Bottom"))).toEqual(["Item 3"]);
  });

  it("an item without Position is in the top menu (the server's default)", () => {
    const loose = toNavItem({ ID: id(9), Type: "URL" }) as NavItem;
    expect(menuOf([loose], "Top")).toEqual([loose]);
  });
});

describe("planMove: as few writes as possible", () => {
  const list = [item(1, 50), item(2, 40), item(3, 30), item(4, 20)];

  it("between two neighbours with room: only the moved item, halfway", () => {
    const plan = planMove(list, 3, 1);
    expect(names(plan.order)).toEqual(["Item 1", "Item 4", "Item 2", "Item 3"]);
    expect(changes(plan)).toEqual([["Item 4", 45]]);
  });

  it("to either end: one step past the end", () => {
    expect(changes(planMove(list, 2, 0))).toEqual([["Item 3", 60]]);
    expect(changes(planMove(list, 0, 3))).toEqual([["Item 1", 10]]);
  });

  it("no room between neighbours: the list is numbered again, and only changed items are written", () => {
    const tight = [item(1, 40), item(2, 31), item(3, 30), item(4, 29)];
    const plan = planMove(tight, 0, 2);
    expect(names(plan.order)).toEqual(["Item 2", "Item 3", "Item 1", "Item 4"]);
    // 40, 30, 20, 10 from the top: Item 3 keeps its 30.
    expect(changes(plan)).toEqual([
      ["Item 2", 40],
      ["Item 1", 20],
      ["Item 4", 10],
    ]);
  });

  it("equal Index values (ordered by ID) are numbered apart when an item goes between them", () => {
    const tied = [item(1, 0), item(2, 0), item(3, 0)];
    const plan = planMove(tied, 2, 1);
    expect(names(plan.order)).toEqual(["Item 1", "Item 3", "Item 2"]);
    expect(changes(plan)).toEqual([
      ["Item 1", 30],
      ["Item 3", 20],
      ["Item 2", 10],
    ]);
  });

  it("the result always sorts back into the new order", () => {
    const tied = [item(1, 7), item(2, 7), item(3, 6), item(4, 6), item(5, 6)];
    for (let from = 0; from < tied.length; from++) {
      for (let to = 0; to < tied.length; to++) {
        const plan = planMove(tied, from, to);
        const written = tied.map((entry) => ({ ...entry, Index: plan.changes.find((c) => c.item.ID === entry.ID)?.index ?? entry.Index }));
        expect(names(menuOf(written, "Top")), `${from} → ${to}`).toEqual(names(plan.order));
      }
    }
  });

  it("stays within the server's bounds", () => {
    const high = [item(1, INDEX_MAX - 5), item(2, 0)];
    const plan = planMove(high, 1, 0);
    expect(plan.changes.every((c) => c.index <= INDEX_MAX && c.index >= INDEX_MIN)).toBe(true);
    expect(changes(plan)).toEqual([
      ["Item 2", 20],
      ["Item 1", 10],
    ]);
  });

  it("no move, or a place outside the list, writes nothing", () => {
    expect(planMove(list, 1, 1).changes).toEqual([]);
    expect(planMove(list, 1, 9).changes).toEqual([]);
    expect(planMove([], 0, 0).changes).toEqual([]);
  });
});

describe("lastIndex: a new item goes last", () => {
  it("one step below the lowest; 0 in an empty menu; never below the bound", () => {
    expect(lastIndex([item(1, 50), item(2, -20)])).toBe(-30);
    expect(lastIndex([])).toBe(0);
    expect(lastIndex([item(1, INDEX_MIN)])).toBe(INDEX_MIN);
  });
});

describe("itemName: as the attendee app names the button", () => {
  it("Names in the language, NameDE for German, Name, then English", () => {
    const named = item(1, 0, { Name: "Lobby", NameDE: "Foyer", Names: { fr: "Hall d'accueil", en: "Main lobby" } });
    expect(itemName(named, "fr")).toBe("Hall d'accueil");
    expect(itemName(named, "de")).toBe("Foyer");
    expect(itemName(named, "it")).toBe("Lobby");
    expect(itemName(item(2, 0, { Name: "", Names: { en: "Expo" } }), "es")).toBe("Expo");
    expect(itemName(item(3, 0, { Name: "" }), "en")).toBe("");
  });
});
