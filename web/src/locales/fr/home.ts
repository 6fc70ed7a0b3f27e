import type { Translation } from "../en";

const home: Translation["home"] = {
  startTitle: "Bienvenue à {{event}}",
  signedInAs: "Connecté en tant que {{name}}",
  profileLink: "Votre profil",
  zoneNote: "Les heures sont affichées selon {{zone}}.",
  zoneDevice: "le fuseau horaire de votre appareil ({{zone}})",
  enterTitle: "Le lieu",
  enter: "Entrer dans le lieu",
  enterDefault: "Vous commencez par {{name}}.",
  enterTour: "Vous commencez dans {{room}}.",
  noVenue: "Cet événement n'a pas encore de lieu virtuel. Les menus mènent à tout ce qu'il propose.",
  liveTitle: "En direct",
  liveEmpty: "Rien n'est en direct pour le moment.",
  nextTitle: "À suivre",
  nextEmpty: "Aucune autre session n'est prévue.",
  noSessions: "Le programme n'a pas encore de sessions.",
  sessionsLoading: "Chargement des sessions…",
  sessionsFailed: "Les sessions n'ont pas pu être chargées. Veuillez recharger la page.",
  inRoom: "Dans {{room}}",
  dayTime: "{{date}}, {{begin}} – {{end}}",
  landingEmpty: "L'organisateur n'a pas encore préparé de page d'accueil.",
  pageNoAddress: "Cette page n'est pas encore configurée.",
};

export default home;
