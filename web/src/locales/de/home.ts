import type { Translation } from "../en";

const home: Translation["home"] = {
  startTitle: "Willkommen bei {{event}}",
  signedInAs: "Angemeldet als {{name}}",
  profileLink: "Dein Profil",
  zoneNote: "Zeiten werden in {{zone}} angezeigt.",
  zoneDevice: "der Zeitzone deines Geräts ({{zone}})",
  enterTitle: "Der Veranstaltungsort",
  enter: "Veranstaltungsort betreten",
  enterDefault: "Du beginnst bei {{name}}.",
  enterTour: "Du beginnst in {{room}}.",
  noVenue: "Diese Veranstaltung hat noch keinen virtuellen Veranstaltungsort. Die Menüs führen zu allem, was sie bietet.",
  liveTitle: "Jetzt live",
  liveEmpty: "Gerade läuft nichts live.",
  nextTitle: "Als Nächstes",
  nextEmpty: "Es sind keine weiteren Sessions geplant.",
  noSessions: "Das Programm hat noch keine Sessions.",
  sessionsLoading: "Sessions werden geladen …",
  sessionsFailed: "Die Sessions konnten nicht geladen werden. Bitte lade die Seite neu.",
  inRoom: "In {{room}}",
  dayTime: "{{date}}, {{begin}} – {{end}}",
  landingEmpty: "Der Veranstalter hat noch keine Startseite eingerichtet.",
  pageNoAddress: "Diese Seite ist noch nicht eingerichtet.",
};

export default home;
