import type { Translation } from "../en";

const home: Translation["home"] = {
  startTitle: "Bienvenido a {{event}}",
  signedInAs: "Sesión iniciada como {{name}}",
  profileLink: "Tu perfil",
  zoneNote: "Las horas se muestran en {{zone}}.",
  zoneDevice: "la zona horaria de tu dispositivo ({{zone}})",
  enterTitle: "El recinto",
  enter: "Entrar al recinto",
  enterDefault: "Empiezas en {{name}}.",
  enterTour: "Empiezas en {{room}}.",
  noVenue: "Este evento aún no tiene un recinto virtual. Los menús llevan a todo lo que ofrece.",
  liveTitle: "En directo",
  liveEmpty: "Ahora no hay nada en directo.",
  nextTitle: "A continuación",
  nextEmpty: "No hay más sesiones programadas.",
  noSessions: "El programa aún no tiene sesiones.",
  sessionsLoading: "Cargando las sesiones…",
  sessionsFailed: "No se pudieron cargar las sesiones. Vuelve a cargar la página.",
  inRoom: "En {{room}}",
  dayTime: "{{date}}, {{begin}} – {{end}}",
  landingEmpty: "El organizador aún no ha preparado una página de bienvenida.",
  pageNoAddress: "Esta página aún no está configurada.",
};

export default home;
