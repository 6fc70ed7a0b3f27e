import type { MediaTranslation } from "../en/media";

const media: MediaTranslation = {
  player: {
    label: "Video: {{title}}",
    loading: "Video wird geladen…",
    buffering: "Wird gepuffert…",
    errorTitle: "Dieses Video kann nicht abgespielt werden",
    errors: {
      load: "Das Video konnte nicht geladen werden.",
      network: "Das Video konnte nicht geladen werden. Prüfe die Internetverbindung und versuche es erneut.",
      media: "Das Video kann auf diesem Gerät nicht abgespielt werden.",
      unsupported: "Dieser Browser kann diese Art von Video nicht abspielen.",
      timeout: "Das Video braucht zu lange zum Laden. Versuche es gleich noch einmal.",
      source: "Dieses Video hat keine abspielbare Adresse.",
    },
    retry: "Erneut versuchen",
    unmute: "Ton einschalten",
    mute: "Ton ausschalten",
    play: "Abspielen",
    ended: "Dieser Stream ist zu Ende.",
  },
  cinema: {
    title: "Kino",
    loading: "Kino wird geladen…",
    loadFailed: "Das Kino konnte nicht geladen werden.",
    empty: "Im Kino gibt es noch keine Videos.",
    list: "Videos",
    nowPlaying: "Läuft gerade",
    close: "Video schließen",
    duration: "Dauer: {{duration}}",
  },
  replays: {
    title: "Aufzeichnungen",
    loading: "Aufzeichnungen werden geladen…",
    loadFailed: "Die Aufzeichnungen konnten nicht geladen werden.",
    empty: "Noch keine Aufzeichnungen. Die Aufzeichnung einer Session erscheint hier, sobald die Session vorbei ist.",
    day: "Tag {{day}} · {{date}}",
    time: "{{begin}} – {{end}}",
    speakers: "Mit {{names}}",
    nowPlaying: "Aufzeichnung",
    close: "Aufzeichnung schließen",
    notYetPublic: "Teilnehmende sehen diese Aufzeichnung, sobald die Session vorbei ist.",
  },
  retry: "Erneut versuchen",
};

export default media;
