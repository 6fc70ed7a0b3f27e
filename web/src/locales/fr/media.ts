import type { MediaTranslation } from "../en/media";

const media: MediaTranslation = {
  player: {
    label: "Vidéo : {{title}}",
    loading: "Chargement de la vidéo…",
    buffering: "Mise en mémoire tampon…",
    errorTitle: "Impossible de lire cette vidéo",
    errors: {
      load: "La vidéo n'a pas pu être chargée.",
      network: "La vidéo n'a pas pu être chargée. Vérifiez la connexion Internet et réessayez.",
      media: "La vidéo ne peut pas être lue sur cet appareil.",
      unsupported: "Ce navigateur ne peut pas lire ce type de vidéo.",
      timeout: "Le chargement de la vidéo prend trop de temps. Réessayez dans un instant.",
      source: "Cette vidéo n'a pas d'adresse lisible.",
    },
    retry: "Réessayer",
    unmute: "Activer le son",
    mute: "Couper le son",
    play: "Lire",
    ended: "Cette diffusion est terminée.",
  },
  cinema: {
    title: "Cinéma",
    loading: "Chargement du cinéma…",
    loadFailed: "Le cinéma n'a pas pu être chargé.",
    empty: "Il n'y a pas encore de vidéos au cinéma.",
    list: "Vidéos",
    nowPlaying: "En cours de lecture",
    close: "Fermer la vidéo",
    duration: "Durée : {{duration}}",
  },
  replays: {
    title: "Rediffusions",
    loading: "Chargement des rediffusions…",
    loadFailed: "Les rediffusions n'ont pas pu être chargées.",
    empty: "Pas encore de rediffusion. L'enregistrement d'une session apparaît ici une fois la session terminée.",
    day: "Jour {{day}} · {{date}}",
    time: "{{begin}} – {{end}}",
    speakers: "Avec {{names}}",
    nowPlaying: "Rediffusion",
    close: "Fermer la rediffusion",
    notYetPublic: "Les participants verront cette rediffusion une fois la session terminée.",
  },
  retry: "Réessayer",
};

export default media;
