import type { EngagementTranslation } from "../en/engagement";

const engagement: EngagementTranslation = {
  title: "Île de l'engagement",
  intro: "Ce à quoi vous pouvez participer maintenant.",
  loading: "Chargement…",
  polls: "Votez maintenant",
  pollsEmpty: "Aucun sondage n'est ouvert pour le moment.",
  hunt: "Chasse au trésor",
  huntProgress: "Vous avez trouvé {{found}} sur {{total}} · {{score}} points",
  huntRank: "Vous êtes n° {{rank}}",
  huntUnranked: "Trouvez un objet pour entrer au classement.",
  huntClosed: "Terminée",
  leaderboard: "Ouvrir le classement",
  featured: "Projets à la une",
  featuredBy: "par {{name}}",
  wall: "Voir le mur des célébrités",
  booth: "Photomaton",
  boothText: "Prenez une photo avec le cadre de l'événement et partagez-la.",
  boothOpen: "Prendre une photo",
  gallery: "Galerie photo",
  retry: "Réessayer",
  loadFailed: "Cette partie n'a pas pu être chargée.",
};

export default engagement;
