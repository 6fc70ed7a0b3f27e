/** Fixtures for the treasure hunt tests (not shipped: only tests import it). */
import type { Hunt, HuntItem, MyHunt, Ranking } from "./api";

export const EVENT = "6650a1b2c3d4e5f601234567";
export const ME = "6650a1b2c3d4e5f6000000a1";
export const BOB = "6650a1b2c3d4e5f6000000b2";
export const CARA = "6650a1b2c3d4e5f6000000c3";
export const MAIN = "6650a1b2c3d4e5f600000a01";
export const SIDE = "6650a1b2c3d4e5f600000a02";
export const BASE = `/api/v1/events/${EVENT}`;
export const HUNTS = `${BASE}/treasure-hunts`;

export function hunt(id: string, over: Partial<Hunt> = {}): Hunt {
  return { ID: id, Title: `Hunt ${id.slice(-2)}`, IsMain: false, IsOpen: true, DateBegin: null, DateEnd: null, ItemCount: 3, MyScore: 0, MyFound: 0, ...over };
}

export function item(id: string, over: Partial<HuntItem> = {}): HuntItem {
  return { ID: id, HuntID: MAIN, NodeID: "lobby", Yaw: 30, Pitch: -5, Name: `Item ${id}`, Clue: "", Points: 10, Sort: 0, Found: false, FoundCount: null, ...over };
}

export function row(rank: number, personID: string, over: Partial<Ranking> = {}): Ranking {
  return { Rank: rank, PersonID: personID, FullName: `Person ${rank}`, PictureURL: "", Score: 100 - rank * 10, UpdatedAt: "2026-05-09T12:00:00Z", Hidden: false, ...over };
}

export function mine(over: Partial<MyHunt> = {}): MyHunt {
  return { HuntID: MAIN, Score: 0, Found: 0, Rank: null, Hidden: false, ItemCount: 3, FoundItemIDs: [], ...over };
}

export { type Reply, refused, routeServer } from "@/test/route-server";
