/**
 * Test helpers for the console's Treasure hunt section: a fake server holding one event's hunts,
 * items and board and answering the section's calls as the contract says (a new hunt joins the
 * list, an item write answers the stored item), the screen rendered with its own query client,
 * and the viewer replaced by a recorder (it needs WebGL) — see the vi.mock in the test.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { Hunt, HuntItem } from "../api";
import { BASE, EVENT, hunt, HUNTS, item, MAIN, refused, routeServer, row, SIDE } from "../testing";
import { HuntScreen } from "./HuntScreen";

export const PANO = "/tours/p/1/";
export const NEW_HUNT = "6650a1b2c3d4e5f600000a09";

export const tourJson = {
  FormatVersion: 1,
  StartNodeID: "lobby",
  Nodes: [
    { ID: "lobby", Name: { en: "Lobby", de: "Foyer" }, Panorama: "images/lobby.jpg" },
    { ID: "auditorium", Name: { en: "Auditorium" }, Panorama: "images/auditorium.jpg" },
    { ID: "bad id!", Panorama: "images/x.jpg" },
  ],
};

export function demoHunts(): Hunt[] {
  return [
    hunt(MAIN, { IsMain: true, Title: "Find the hidden stars", ItemCount: 3 }),
    hunt(SIDE, { Title: "Evening hunt", IsOpen: false, DateBegin: "2099-05-01T17:00:00Z", ItemCount: 0 }),
  ];
}

export function demoItems(): HuntItem[] {
  return [
    item("i1", { Name: "Golden star", Points: 20, FoundCount: 2, Clue: "Near the stage" }),
    item("i2", { Name: "Old lamp", NodeID: "auditorium", FoundCount: 1 }),
    item("i3", { Name: "Lost key", NodeID: "ghost", FoundCount: 0 }),
  ];
}

export function serveSection(options: { panoURL?: string } = {}) {
  const state = { hunts: demoHunts(), items: demoItems() };
  const server = routeServer({
    [`GET ${BASE}`]: { status: 200, body: { ID: EVENT, TimeZone: "Europe/Berlin", PanoURL: options.panoURL ?? PANO } },
    [`GET ${PANO}tour.json`]: { status: 200, body: tourJson },
    [`GET ${HUNTS}`]: () => ({ status: 200, body: state.hunts }),
    [`GET ${HUNTS}/${MAIN}/items`]: () => ({ status: 200, body: state.items }),
    [`GET ${HUNTS}/${SIDE}/items`]: { status: 200, body: [] },
    [`GET ${HUNTS}/${NEW_HUNT}/items`]: { status: 200, body: [] },
    [`GET ${HUNTS}/${MAIN}/rankings`]: {
      status: 200,
      body: [row(1, "6650a1b2c3d4e5f6000000b2", { FullName: "Bob Builder", Score: 40 }), row(2, "6650a1b2c3d4e5f6000000c3", { FullName: "Cara Clark", Hidden: true, Score: 20 })],
    },
    [`GET ${HUNTS}/${SIDE}/rankings`]: { status: 200, body: [] },
    [`GET ${HUNTS}/${NEW_HUNT}/rankings`]: { status: 200, body: [] },
    [`POST ${BASE}/activities`]: (_url, body) => {
      const created = hunt(NEW_HUNT, { Title: (body as { Title: string }).Title, ItemCount: 0 });
      state.hunts = [...state.hunts, created];
      return { status: 201, body: { ID: NEW_HUNT, Title: created.Title } };
    },
    [`POST ${HUNTS}/${MAIN}/items`]: (_url, body) => {
      const created = item("i9", { ...(body as Partial<HuntItem>), FoundCount: 0 });
      state.items = [...state.items, created];
      return { status: 201, body: created };
    },
    [`PUT ${HUNTS}/${MAIN}/items/i1`]: (_url, body) => {
      const saved = { ...(state.items[0] as HuntItem), ...(body as Partial<HuntItem>) };
      state.items = state.items.map((i) => (i.ID === "i1" ? saved : i));
      return { status: 200, body: saved };
    },
    [`DELETE ${HUNTS}/${MAIN}/items/i2`]: () => {
      state.items = state.items.filter((i) => i.ID !== "i2");
      return { status: 204 };
    },
    [`GET ${HUNTS}/${MAIN}/rankings.csv`]: { status: 200, body: "Rank,Name" },
    // The side hunt's activity: a document with a field of the organizer's own beside the hunt's.
    [`GET ${BASE}/activities/${SIDE}`]: () => {
      const side = state.hunts.find((h) => h.ID === SIDE) as Hunt;
      return { status: 200, body: { ID: SIDE, EntityType: "TreasureHunt", Title: side.Title, DateBegin: side.DateBegin, Sponsor: "Acme" } };
    },
    [`PUT ${BASE}/activities/${SIDE}`]: (_url, body) => {
      const sent = body as { Title: string; DateBegin?: string; DateEnd?: string };
      state.hunts = state.hunts.map((h) => (h.ID === SIDE ? { ...h, Title: sent.Title, DateBegin: sent.DateBegin ?? null, DateEnd: sent.DateEnd ?? null, IsOpen: !sent.DateBegin } : h));
      return { status: 200, body: { ID: SIDE, Title: sent.Title } };
    },
    [`DELETE ${BASE}/activities/${SIDE}`]: () => {
      state.hunts = state.hunts.filter((h) => h.ID !== SIDE);
      return { status: 204 };
    },
  });
  return { ...server, state };
}

export function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <HuntScreen eventId={EVENT} />
    </QueryClientProvider>,
  );
}

export { BASE, EVENT, HUNTS, MAIN, refused, SIDE };
