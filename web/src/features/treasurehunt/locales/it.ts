import type { TreasureHuntTranslation } from "./en";

const treasurehunt: TreasureHuntTranslation = {
  room: {
    item: "Oggetto nascosto: {{name}}",
    found: "Trovato: {{name}}",
    toast_one: "+{{count}} punto · sei al {{rank}}° posto",
    toast_other: "+{{count}} punti · sei al {{rank}}° posto",
    closed: "Questa caccia al tesoro è chiusa: i ritrovamenti ora non contano.",
    gone: "Questo oggetto non è più nascosto qui.",
    failed: "Non è stato possibile raccogliere l’oggetto. {{reason}}",
  },
  board: {
    loading: "Caricamento della classifica…",
    failed: "Non è stato possibile caricare la classifica.",
    none: "Questo evento non ha una caccia al tesoro.",
    pick: "Caccia al tesoro",
    caption: "Migliori giocatori di «{{hunt}}»",
    rank: "Posizione",
    player: "Giocatore",
    score: "Punteggio",
    empty: "Nessuno ha ancora trovato niente. Sii il primo!",
    hidden: "Giocatore nascosto",
    you: "Tu",
    youHidden: "Tu (nome nascosto)",
    points_one: "{{count}} punto",
    points_other: "{{count}} punti",
    notRanked: "Non sei ancora in classifica: trova un oggetto nascosto per entrarci.",
    notOpen: "Questa caccia non è aperta in questo momento.",
  },
  me: {
    progress: "Oggetti trovati: {{found}} su {{total}}",
    hide: "Nascondi il mio nome",
    hideHint: "Gli altri vedono «Giocatore nascosto» invece del tuo nome e della tua foto.",
    hideFailed: "Non è stato possibile salvare la tua scelta. {{reason}}",
    clues: "Indizi per gli oggetti che non hai ancora trovato",
    allFound: "Hai trovato tutti gli oggetti di questa caccia.",
  },
};

export default treasurehunt;
