import type { QnaTranslation } from "../en/qna";

const qna: QnaTranslation = {
  title: "Questions-réponses",
  heading: "Questions ({{count}})",
  show: "Afficher les questions-réponses",
  hide: "Masquer les questions-réponses",
  loading: "Chargement des questions…",
  loadFailed: "Les questions n'ont pas pu être chargées.",
  retry: "Réessayer",
  empty: "Aucune question pour l'instant. Posez la première !",
  list: "Questions",
  sort: {
    label: "Trier les questions",
    top: "Plus de votes",
    newest: "Plus récentes",
  },
  ask: {
    label: "Votre question",
    counter: "{{count}} sur {{max}} caractères",
    anonymous: "Poser anonymement",
    anonymousHint: "Les autres participants ne verront pas votre nom ; les organisateurs, si.",
    submit: "Poser",
    sending: "Envoi…",
    empty: "Écrivez d'abord votre question.",
    tooLong: "Votre question est trop longue : {{max}} caractères au maximum.",
    posted: "Votre question est publiée.",
    pending: "Merci ! Votre question apparaîtra dès que la modération l'aura approuvée.",
  },
  question: {
    anonymous: "Anonyme",
    you: "Vous",
    youAnonymous: "Vous (anonymement)",
    asked: "{{author}} à {{time}}",
    pinned: "Épinglée",
    answered: "Répondue",
    pending: "En attente d'approbation",
    hidden: "Non publiée par la modération",
    upvote_one: "Soutenir, {{count}} vote",
    upvote_other: "Soutenir, {{count}} votes",
  },
  errors: {
    closed: "Cette session n'accepte plus de questions.",
    notFound: "Cette question n'est plus disponible.",
    empty: "Écrivez d'abord votre question.",
    tooLong: "Votre question est trop longue : {{max}} caractères au maximum.",
    rateLimited: "Vous posez des questions très vite. Attendez {{seconds}} secondes et réessayez.",
  },
};

export default qna;
