import type { EngagementTranslation } from "../en/engagement";

const engagement: EngagementTranslation = {
  title: "Isla de participación",
  intro: "En qué puedes participar ahora mismo.",
  loading: "Cargando…",
  polls: "Vota ahora",
  pollsEmpty: "Ahora no hay ninguna encuesta abierta.",
  hunt: "Búsqueda del tesoro",
  huntProgress: "Has encontrado {{found}} de {{total}} · {{score}} puntos",
  huntRank: "Estás en el puesto {{rank}}",
  huntUnranked: "Encuentra un objeto para entrar en la clasificación.",
  huntClosed: "Cerrada",
  leaderboard: "Abrir la clasificación",
  featured: "Proyectos destacados",
  featuredBy: "de {{name}}",
  wall: "Ver el muro de la fama",
  booth: "Fotomatón",
  boothText: "Hazte una foto con el marco del evento y compártela.",
  boothOpen: "Hacer una foto",
  gallery: "Galería de fotos",
  retry: "Reintentar",
  loadFailed: "Esta parte no se pudo cargar.",
};

export default engagement;
