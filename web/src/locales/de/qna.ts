import type { QnaTranslation } from "../en/qna";

const qna: QnaTranslation = {
  title: "Fragen & Antworten",
  heading: "Fragen ({{count}})",
  show: "Fragen & Antworten zeigen",
  hide: "Fragen & Antworten ausblenden",
  loading: "Fragen werden geladen…",
  loadFailed: "Die Fragen konnten nicht geladen werden.",
  retry: "Erneut versuchen",
  empty: "Noch keine Fragen. Stell die erste!",
  list: "Fragen",
  sort: {
    label: "Fragen sortieren",
    top: "Meiste Stimmen",
    newest: "Neueste",
  },
  ask: {
    label: "Deine Frage",
    counter: "{{count}} von {{max}} Zeichen",
    anonymous: "Anonym fragen",
    anonymousHint: "Andere Teilnehmende sehen deinen Namen nicht, das Team schon.",
    submit: "Fragen",
    sending: "Wird gesendet…",
    empty: "Schreib zuerst deine Frage.",
    tooLong: "Deine Frage ist zu lang: höchstens {{max}} Zeichen.",
    posted: "Deine Frage ist veröffentlicht.",
    pending: "Danke! Deine Frage erscheint, sobald die Moderation sie freigibt.",
  },
  question: {
    anonymous: "Anonym",
    you: "Du",
    youAnonymous: "Du (anonym)",
    asked: "{{author}} um {{time}}",
    pinned: "Angeheftet",
    answered: "Beantwortet",
    pending: "Wartet auf Freigabe",
    hidden: "Von der Moderation nicht veröffentlicht",
    upvote_one: "Unterstützen, {{count}} Stimme",
    upvote_other: "Unterstützen, {{count}} Stimmen",
  },
  errors: {
    closed: "Für diese Session werden keine Fragen mehr angenommen.",
    notFound: "Diese Frage gibt es nicht mehr.",
    empty: "Schreib zuerst deine Frage.",
    tooLong: "Deine Frage ist zu lang: höchstens {{max}} Zeichen.",
    rateLimited: "Du fragst sehr schnell. Bitte warte {{seconds}} Sekunden und versuche es dann erneut.",
  },
};

export default qna;
