/**
 * The venue's panel vocabulary (attendee-app.md §2, §4): what a menu item or a JS Call may ask
 * the frame to show. Only names live here; the sidebar state and its rules are the frame's
 * (`src/app/frame/layout-store.ts`), which composes the panels from several features.
 */
export type RightPanel = "faq" | "agenda" | "speaker" | "chat" | "leaderboard" | "breakoutroom" | "cinema" | "replays";
export type LeftPanel = "poll" | "media_info";
/** Right panels that stay open when opened again and are returned to when another panel closes. */
export type SliderPage = "cinema" | "breakoutroom";
export type MediaFrame = "cinema" | "replays" | "walloffame";
export type AgendaMode = "agenda" | "personal" | "location";

export const RIGHT_PANELS: readonly RightPanel[] = ["faq", "agenda", "speaker", "chat", "leaderboard", "breakoutroom", "cinema", "replays"];
export const LEFT_PANELS: readonly LeftPanel[] = ["poll", "media_info"];
