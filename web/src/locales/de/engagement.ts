import type { EngagementTranslation } from "../en/engagement";

const engagement: EngagementTranslation = {
  title: "Engagement-Insel",
  intro: "Woran du jetzt teilnehmen kannst.",
  loading: "Wird geladen …",
  polls: "Jetzt abstimmen",
  pollsEmpty: "Gerade ist keine Umfrage offen.",
  hunt: "Schnitzeljagd",
  huntProgress: "Du hast {{found}} von {{total}} gefunden · {{score}} Punkte",
  huntRank: "Du bist auf Platz {{rank}}",
  huntUnranked: "Finde einen Gegenstand, um auf die Rangliste zu kommen.",
  huntClosed: "Beendet",
  leaderboard: "Rangliste öffnen",
  featured: "Ausgewählte Projekte",
  featuredBy: "von {{name}}",
  wall: "Zur Wall of Fame",
  booth: "Fotobox",
  boothText: "Mach ein Foto mit dem Rahmen der Veranstaltung und teile es.",
  boothOpen: "Foto machen",
  gallery: "Fotogalerie",
  retry: "Erneut versuchen",
  loadFailed: "Dieser Teil konnte nicht geladen werden.",
};

export default engagement;
