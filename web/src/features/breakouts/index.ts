/**
 * Breakout rooms, the attendee's side (docs/subsystems/web-breakouts.md): the rooms with who is
 * inside, joining and leaving, the room's call and chat. The venue frame loads the view and the
 * status line lazily by their module paths (`./BreakoutsView`, `./BreakoutStatus`), so each is
 * its own chunk; this index is the surface for anything else. The organizer's screen is in `manage/`.
 */
export { BreakoutsView } from "./BreakoutsView";
export { BreakoutStatus } from "./BreakoutStatus";
