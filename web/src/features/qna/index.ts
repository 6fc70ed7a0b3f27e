/**
 * Q&A, the attendee's side (docs/subsystems/web-interaction.md): the panel beside the session
 * player. The venue frame composes it into the player (`app/frame/pages.tsx`). The organizer's
 * moderation screens are in `manage/`.
 */
export { QnaPanel, type QnaSession } from "./QnaPanel";
