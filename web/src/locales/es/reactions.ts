import type { ReactionsTranslation } from "../en/reactions";

const reactions: ReactionsTranslation = {
  bar: "Reacciones",
  send: {
    applause: "Enviar un aplauso",
    heart: "Enviar un corazón",
    laugh: "Enviar una risa",
    celebrate: "Enviar una celebración",
    thumbsup: "Enviar un pulgar arriba",
    wow: "Enviar un asombro",
  },
  names: {
    applause: "Aplausos",
    heart: "Corazones",
    laugh: "Risas",
    celebrate: "Celebraciones",
    thumbsup: "Pulgares arriba",
    wow: "Asombros",
  },
  slowDown: "Un poco más despacio: las reacciones se pausan un momento.",
  off: "Las reacciones están desactivadas en esta sesión.",
  unavailable: "Las reacciones no están disponibles en esta sesión.",
  summary: "Reacciones del público: {{list}}",
  summaryItem: "{{name}}: {{count}}",
};

export default reactions;
