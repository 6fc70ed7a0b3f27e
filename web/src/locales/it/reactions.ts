import type { ReactionsTranslation } from "../en/reactions";

const reactions: ReactionsTranslation = {
  bar: "Reazioni",
  send: {
    applause: "Invia un applauso",
    heart: "Invia un cuore",
    laugh: "Invia una risata",
    celebrate: "Invia un festeggiamento",
    thumbsup: "Invia un pollice in su",
    wow: "Invia uno stupore",
  },
  names: {
    applause: "Applausi",
    heart: "Cuori",
    laugh: "Risate",
    celebrate: "Festeggiamenti",
    thumbsup: "Pollici in su",
    wow: "Stupori",
  },
  slowDown: "Un po' più piano: le reazioni si fermano un momento.",
  off: "Le reazioni sono disattivate per questa sessione.",
  unavailable: "Le reazioni non sono disponibili per questa sessione.",
  summary: "Reazioni del pubblico: {{list}}",
  summaryItem: "{{name}}: {{count}}",
};

export default reactions;
