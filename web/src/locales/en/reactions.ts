/**
 * English strings of the reactions bar and the floating reactions over the session player: the
 * key source of the `reactions` namespace, added when the reactions code loads
 * (features/reactions/i18n.ts). The other languages are typed `ReactionsTranslation`.
 */
const reactions = {
  bar: "Reactions",
  send: {
    applause: "Send applause",
    heart: "Send a heart",
    laugh: "Send a laugh",
    celebrate: "Send a celebration",
    thumbsup: "Send a thumbs up",
    wow: "Send a wow",
  },
  names: {
    applause: "Applause",
    heart: "Hearts",
    laugh: "Laughs",
    celebrate: "Celebrations",
    thumbsup: "Thumbs up",
    wow: "Wows",
  },
  slowDown: "Slow down a little: reactions pause for a moment.",
  off: "Reactions are switched off for this session.",
  unavailable: "Reactions are not available for this session.",
  summary: "Reactions from the audience: {{list}}",
  summaryItem: "{{name}}: {{count}}",
};

export type ReactionsTranslation = DeepStrings<typeof reactions>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default reactions;
