/**
 * Reactions (docs/subsystems/web-interaction.md): the bar under the session player and the
 * floating emoji over it. The venue frame composes both into the player (`app/frame/pages.tsx`).
 */
export { ReactionBar, type ReactionSession } from "./ReactionBar";
export { ReactionOverlay } from "./ReactionOverlay";
