import type { EngagementTranslation } from "../en/engagement";

const engagement: EngagementTranslation = {
  title: "Isola del coinvolgimento",
  intro: "A cosa puoi partecipare adesso.",
  loading: "Caricamento…",
  polls: "Vota ora",
  pollsEmpty: "Al momento non c'è nessun sondaggio aperto.",
  hunt: "Caccia al tesoro",
  huntProgress: "Hai trovato {{found}} su {{total}} · {{score}} punti",
  huntRank: "Sei al {{rank}}° posto",
  huntUnranked: "Trova un oggetto per entrare in classifica.",
  huntClosed: "Chiusa",
  leaderboard: "Apri la classifica",
  featured: "Progetti in evidenza",
  featuredBy: "di {{name}}",
  wall: "Vai alla Wall of Fame",
  booth: "Photobooth",
  boothText: "Scatta una foto con la cornice dell'evento e condividila.",
  boothOpen: "Scatta una foto",
  gallery: "Galleria foto",
  retry: "Riprova",
  loadFailed: "Questa parte non è stata caricata.",
};

export default engagement;
