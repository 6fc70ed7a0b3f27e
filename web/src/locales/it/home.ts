import type { Translation } from "../en";

const home: Translation["home"] = {
  startTitle: "Benvenuto a {{event}}",
  signedInAs: "Accesso effettuato come {{name}}",
  profileLink: "Il tuo profilo",
  zoneNote: "Gli orari sono mostrati nel fuso: {{zone}}.",
  zoneDevice: "quello del tuo dispositivo ({{zone}})",
  enterTitle: "La sede",
  enter: "Entra nella sede",
  enterDefault: "Inizi da {{name}}.",
  enterTour: "Inizi in {{room}}.",
  noVenue: "Questo evento non ha ancora una sede virtuale. I menu portano a tutto ciò che offre.",
  liveTitle: "In diretta ora",
  liveEmpty: "Al momento non c'è niente in diretta.",
  nextTitle: "Prossimamente",
  nextEmpty: "Non sono previste altre sessioni.",
  noSessions: "Il programma non ha ancora sessioni.",
  sessionsLoading: "Caricamento delle sessioni…",
  sessionsFailed: "Non è stato possibile caricare le sessioni. Ricarica la pagina.",
  inRoom: "In {{room}}",
  dayTime: "{{date}}, {{begin}} – {{end}}",
  landingEmpty: "L'organizzatore non ha ancora preparato una pagina di benvenuto.",
  pageNoAddress: "Questa pagina non è ancora configurata.",
};

export default home;
