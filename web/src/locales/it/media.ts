import type { MediaTranslation } from "../en/media";

const media: MediaTranslation = {
  player: {
    label: "Video: {{title}}",
    loading: "Caricamento del video…",
    buffering: "Caricamento in corso…",
    errorTitle: "Impossibile riprodurre questo video",
    errors: {
      load: "Non è stato possibile caricare il video.",
      network: "Non è stato possibile caricare il video. Controlla la connessione a internet e riprova.",
      media: "Il video non può essere riprodotto su questo dispositivo.",
      unsupported: "Questo browser non può riprodurre questo tipo di video.",
      timeout: "Il caricamento del video richiede troppo tempo. Riprova tra un momento.",
      source: "Questo video non ha un indirizzo riproducibile.",
    },
    retry: "Riprova",
    unmute: "Attiva l'audio",
    mute: "Disattiva l'audio",
    play: "Riproduci",
    ended: "Questa trasmissione è terminata.",
  },
  cinema: {
    title: "Cinema",
    loading: "Caricamento del cinema…",
    loadFailed: "Non è stato possibile caricare il cinema.",
    empty: "Nel cinema non ci sono ancora video.",
    list: "Video",
    nowPlaying: "In riproduzione",
    close: "Chiudi il video",
    duration: "Durata: {{duration}}",
  },
  replays: {
    title: "Registrazioni",
    loading: "Caricamento delle registrazioni…",
    loadFailed: "Non è stato possibile caricare le registrazioni.",
    empty: "Ancora nessuna registrazione. La registrazione di una sessione compare qui quando la sessione è terminata.",
    day: "Giorno {{day}} · {{date}}",
    time: "{{begin}} – {{end}}",
    speakers: "Con {{names}}",
    nowPlaying: "Registrazione",
    close: "Chiudi la registrazione",
    notYetPublic: "I partecipanti vedranno questa registrazione quando la sessione sarà terminata.",
  },
  retry: "Riprova",
};

export default media;
