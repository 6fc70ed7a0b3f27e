import type { ReactionsTranslation } from "../en/reactions";

const reactions: ReactionsTranslation = {
  bar: "Réactions",
  send: {
    applause: "Envoyer des applaudissements",
    heart: "Envoyer un cœur",
    laugh: "Envoyer un rire",
    celebrate: "Envoyer une fête",
    thumbsup: "Envoyer un pouce levé",
    wow: "Envoyer un waouh",
  },
  names: {
    applause: "Applaudissements",
    heart: "Cœurs",
    laugh: "Rires",
    celebrate: "Fêtes",
    thumbsup: "Pouces levés",
    wow: "Waouh",
  },
  slowDown: "Un peu moins vite : les réactions font une courte pause.",
  off: "Les réactions sont désactivées pour cette session.",
  unavailable: "Les réactions ne sont pas disponibles pour cette session.",
  summary: "Réactions du public : {{list}}",
  summaryItem: "{{name}}: {{count}}",
};

export default reactions;
