/**
 * Polls, the attendee's side (docs/subsystems/web-interaction.md): the left sidebar's poll panel
 * and the "a poll has opened" notice. The venue frame loads both lazily by their module paths
 * (`./PollPanel`, `./PollNotifier`), so each is its own chunk; this index is the surface for
 * anything else. The organizer's screens are in `manage/`.
 */
export { PollPanel } from "./PollPanel";
export { PollNotifier } from "./PollNotifier";
export type { Where as PollWhere } from "./api";
// The engagement island shows the event's open polls with the panel's own card.
export { PollCard } from "./PollCard";
export { pollsKey, usePolls } from "./use-polls";
