import type { TreasureHuntTranslation } from "./en";

const treasurehunt: TreasureHuntTranslation = {
  room: {
    item: "Objeto escondido: {{name}}",
    found: "Encontrado: {{name}}",
    toast_one: "+{{count}} punto · estás en el puesto {{rank}}",
    toast_other: "+{{count}} puntos · estás en el puesto {{rank}}",
    closed: "Esta búsqueda del tesoro está cerrada: los hallazgos no cuentan ahora.",
    gone: "Este objeto ya no está escondido aquí.",
    failed: "No se pudo recoger el objeto. {{reason}}",
  },
  board: {
    loading: "Cargando la clasificación…",
    failed: "No se pudo cargar la clasificación.",
    none: "Este evento no tiene búsqueda del tesoro.",
    pick: "Búsqueda del tesoro",
    caption: "Mejores jugadores de «{{hunt}}»",
    rank: "Puesto",
    player: "Jugador",
    score: "Puntuación",
    empty: "Nadie ha encontrado nada todavía. ¡Sé el primero!",
    hidden: "Jugador oculto",
    you: "Tú",
    youHidden: "Tú (nombre oculto)",
    points_one: "{{count}} punto",
    points_other: "{{count}} puntos",
    notRanked: "Todavía no estás en la clasificación: encuentra un objeto escondido para entrar.",
    notOpen: "Esta búsqueda no está abierta en este momento.",
  },
  me: {
    progress: "Objetos encontrados: {{found}} de {{total}}",
    hide: "Ocultar mi nombre",
    hideHint: "Los demás ven «Jugador oculto» en lugar de tu nombre y tu foto.",
    hideFailed: "No se pudo guardar tu elección. {{reason}}",
    clues: "Pistas de los objetos que aún no has encontrado",
    allFound: "Has encontrado todos los objetos de esta búsqueda.",
  },
};

export default treasurehunt;
