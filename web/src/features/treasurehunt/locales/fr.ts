import type { TreasureHuntTranslation } from "./en";

const treasurehunt: TreasureHuntTranslation = {
  room: {
    item: "Objet caché : {{name}}",
    found: "Trouvé : {{name}}",
    toast_one: "+{{count}} point · vous êtes n° {{rank}}",
    toast_other: "+{{count}} points · vous êtes n° {{rank}}",
    closed: "Cette chasse au trésor est fermée : les trouvailles ne comptent pas en ce moment.",
    gone: "Cet objet n’est plus caché ici.",
    failed: "L’objet n’a pas pu être ramassé. {{reason}}",
  },
  board: {
    loading: "Chargement du classement…",
    failed: "Le classement n’a pas pu être chargé.",
    none: "Cet événement n’a pas de chasse au trésor.",
    pick: "Chasse au trésor",
    caption: "Meilleurs joueurs de « {{hunt}} »",
    rank: "Rang",
    player: "Joueur",
    score: "Score",
    empty: "Personne n’a encore rien trouvé. Soyez le premier !",
    hidden: "Joueur masqué",
    you: "Vous",
    youHidden: "Vous (nom masqué)",
    points_one: "{{count}} point",
    points_other: "{{count}} points",
    notRanked: "Vous n’êtes pas encore classé : trouvez un objet caché pour entrer au classement.",
    notOpen: "Cette chasse n’est pas ouverte en ce moment.",
  },
  me: {
    progress: "Objets trouvés : {{found}} sur {{total}}",
    hide: "Masquer mon nom",
    hideHint: "Les autres voient « Joueur masqué » au lieu de votre nom et de votre photo.",
    hideFailed: "Votre choix n’a pas pu être enregistré. {{reason}}",
    clues: "Indices des objets que vous n’avez pas encore trouvés",
    allFound: "Vous avez trouvé tous les objets de cette chasse.",
  },
};

export default treasurehunt;
