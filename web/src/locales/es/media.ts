import type { MediaTranslation } from "../en/media";

const media: MediaTranslation = {
  player: {
    label: "Vídeo: {{title}}",
    loading: "Cargando el vídeo…",
    buffering: "Cargando en búfer…",
    errorTitle: "No se puede reproducir este vídeo",
    errors: {
      load: "No se pudo cargar el vídeo.",
      network: "No se pudo cargar el vídeo. Comprueba la conexión a internet y vuelve a intentarlo.",
      media: "El vídeo no se puede reproducir en este dispositivo.",
      unsupported: "Este navegador no puede reproducir este tipo de vídeo.",
      timeout: "El vídeo tarda demasiado en cargar. Vuelve a intentarlo en un momento.",
      source: "Este vídeo no tiene una dirección que se pueda reproducir.",
    },
    retry: "Reintentar",
    unmute: "Activar el sonido",
    mute: "Desactivar el sonido",
    play: "Reproducir",
    ended: "Esta transmisión ha terminado.",
  },
  cinema: {
    title: "Cine",
    loading: "Cargando el cine…",
    loadFailed: "No se pudo cargar el cine.",
    empty: "Todavía no hay vídeos en el cine.",
    list: "Vídeos",
    nowPlaying: "Reproduciendo",
    close: "Cerrar el vídeo",
    duration: "Duración: {{duration}}",
  },
  replays: {
    title: "Grabaciones",
    loading: "Cargando las grabaciones…",
    loadFailed: "No se pudieron cargar las grabaciones.",
    empty: "Todavía no hay grabaciones. La grabación de una sesión aparece aquí cuando la sesión ha terminado.",
    day: "Día {{day}} · {{date}}",
    time: "{{begin}} – {{end}}",
    speakers: "Con {{names}}",
    nowPlaying: "Grabación",
    close: "Cerrar la grabación",
    notYetPublic: "Los asistentes verán esta grabación cuando la sesión haya terminado.",
  },
  retry: "Reintentar",
};

export default media;
