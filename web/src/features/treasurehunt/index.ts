/**
 * The treasure hunt (docs/subsystems/web-treasurehunt.md): the hidden items in the venue's rooms,
 * the leaderboard sidebar, and the console's section. The venue frame loads the room's part
 * (`./RoomItems`) and the leaderboard (`./LeaderboardView`) lazily by their module paths, and the
 * console the section (`./manage/HuntScreen`), so each is its own chunk; this index is the
 * surface for anything else.
 */
export type { Hunt, HuntItem, MyHunt, Ranking } from "./api";
// The engagement island shows each hunt and the attendee's standing from the same queries.
export { getMe, listHunts, useHuntKeys } from "./api";
export type { RoomItemsProps } from "./RoomItems";
