import type { QnaTranslation } from "../en/qna";

const qna: QnaTranslation = {
  title: "Preguntas",
  heading: "Preguntas ({{count}})",
  show: "Mostrar las preguntas",
  hide: "Ocultar las preguntas",
  loading: "Cargando las preguntas…",
  loadFailed: "No se pudieron cargar las preguntas.",
  retry: "Reintentar",
  empty: "Todavía no hay preguntas. ¡Haz la primera!",
  list: "Preguntas",
  sort: {
    label: "Ordenar las preguntas",
    top: "Más votadas",
    newest: "Más recientes",
  },
  ask: {
    label: "Tu pregunta",
    counter: "{{count}} de {{max}} caracteres",
    anonymous: "Preguntar de forma anónima",
    anonymousHint: "Los demás asistentes no verán tu nombre; la organización sí.",
    submit: "Preguntar",
    sending: "Enviando…",
    empty: "Escribe primero tu pregunta.",
    tooLong: "Tu pregunta es demasiado larga: como máximo {{max}} caracteres.",
    posted: "Tu pregunta está publicada.",
    pending: "¡Gracias! Tu pregunta aparecerá cuando la moderación la apruebe.",
  },
  question: {
    anonymous: "Anónimo",
    you: "Tú",
    youAnonymous: "Tú (de forma anónima)",
    asked: "{{author}} a las {{time}}",
    pinned: "Fijada",
    answered: "Respondida",
    pending: "Pendiente de aprobación",
    hidden: "No publicada por la moderación",
    upvote_one: "Apoyar, {{count}} voto",
    upvote_other: "Apoyar, {{count}} votos",
  },
  errors: {
    closed: "Esta sesión ya no acepta preguntas.",
    notFound: "Esta pregunta ya no está disponible.",
    empty: "Escribe primero tu pregunta.",
    tooLong: "Tu pregunta es demasiado larga: como máximo {{max}} caracteres.",
    rateLimited: "Estás preguntando muy rápido. Espera {{seconds}} segundos y vuelve a intentarlo.",
  },
};

export default qna;
