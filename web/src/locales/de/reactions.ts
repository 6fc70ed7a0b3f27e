import type { ReactionsTranslation } from "../en/reactions";

const reactions: ReactionsTranslation = {
  bar: "Reaktionen",
  send: {
    applause: "Applaus senden",
    heart: "Ein Herz senden",
    laugh: "Ein Lachen senden",
    celebrate: "Jubel senden",
    thumbsup: "Daumen hoch senden",
    wow: "Ein Staunen senden",
  },
  names: {
    applause: "Applaus",
    heart: "Herzen",
    laugh: "Lacher",
    celebrate: "Jubel",
    thumbsup: "Daumen hoch",
    wow: "Staunen",
  },
  slowDown: "Etwas langsamer: Reaktionen pausieren kurz.",
  off: "Reaktionen sind für diese Session ausgeschaltet.",
  unavailable: "Reaktionen sind für diese Session nicht verfügbar.",
  summary: "Reaktionen aus dem Publikum: {{list}}",
  summaryItem: "{{name}}: {{count}}",
};

export default reactions;
