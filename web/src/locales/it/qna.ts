import type { QnaTranslation } from "../en/qna";

const qna: QnaTranslation = {
  title: "Domande e risposte",
  heading: "Domande ({{count}})",
  show: "Mostra domande e risposte",
  hide: "Nascondi domande e risposte",
  loading: "Caricamento delle domande…",
  loadFailed: "Non è stato possibile caricare le domande.",
  retry: "Riprova",
  empty: "Ancora nessuna domanda. Fai la prima!",
  list: "Domande",
  sort: {
    label: "Ordina le domande",
    top: "Più votate",
    newest: "Più recenti",
  },
  ask: {
    label: "La tua domanda",
    counter: "{{count}} di {{max}} caratteri",
    anonymous: "Chiedi in forma anonima",
    anonymousHint: "Gli altri partecipanti non vedranno il tuo nome; gli organizzatori sì.",
    submit: "Chiedi",
    sending: "Invio…",
    empty: "Scrivi prima la tua domanda.",
    tooLong: "La tua domanda è troppo lunga: al massimo {{max}} caratteri.",
    posted: "La tua domanda è stata pubblicata.",
    pending: "Grazie! La tua domanda comparirà appena la moderazione l'avrà approvata.",
  },
  question: {
    anonymous: "Anonimo",
    you: "Tu",
    youAnonymous: "Tu (in forma anonima)",
    asked: "{{author}} alle {{time}}",
    pinned: "In evidenza",
    answered: "Con risposta",
    pending: "In attesa di approvazione",
    hidden: "Non pubblicata dalla moderazione",
    upvote_one: "Sostieni, {{count}} voto",
    upvote_other: "Sostieni, {{count}} voti",
  },
  errors: {
    closed: "Questa sessione non accetta più domande.",
    notFound: "Questa domanda non è più disponibile.",
    empty: "Scrivi prima la tua domanda.",
    tooLong: "La tua domanda è troppo lunga: al massimo {{max}} caratteri.",
    rateLimited: "Stai facendo domande molto in fretta. Aspetta {{seconds}} secondi e riprova.",
  },
};

export default qna;
