import type { TreasureHuntTranslation } from "./en";

const treasurehunt: TreasureHuntTranslation = {
  room: {
    item: "Verstecktes Objekt: {{name}}",
    found: "Gefunden: {{name}}",
    toast_one: "+{{count}} Punkt · du bist auf Platz {{rank}}",
    toast_other: "+{{count}} Punkte · du bist auf Platz {{rank}}",
    closed: "Diese Schatzsuche ist geschlossen: Funde zählen gerade nicht.",
    gone: "Dieses Objekt ist hier nicht mehr versteckt.",
    failed: "Das Objekt konnte nicht eingesammelt werden. {{reason}}",
  },
  board: {
    loading: "Bestenliste wird geladen …",
    failed: "Die Bestenliste konnte nicht geladen werden.",
    none: "Diese Veranstaltung hat keine Schatzsuche.",
    pick: "Schatzsuche",
    caption: "Beste Spieler von „{{hunt}}“",
    rank: "Platz",
    player: "Spieler",
    score: "Punkte",
    empty: "Noch hat niemand etwas gefunden. Sei die oder der Erste!",
    hidden: "Verborgener Spieler",
    you: "Du",
    youHidden: "Du (Name verborgen)",
    points_one: "{{count}} Punkt",
    points_other: "{{count}} Punkte",
    notRanked: "Du stehst noch nicht auf der Liste: Finde ein verstecktes Objekt, um dabei zu sein.",
    notOpen: "Diese Schatzsuche ist gerade nicht geöffnet.",
  },
  me: {
    progress: "Gefundene Objekte: {{found}} von {{total}}",
    hide: "Meinen Namen verbergen",
    hideHint: "Andere sehen „Verborgener Spieler“ statt deines Namens und Bildes.",
    hideFailed: "Deine Wahl konnte nicht gespeichert werden. {{reason}}",
    clues: "Hinweise zu den Objekten, die du noch nicht gefunden hast",
    allFound: "Du hast alle Objekte dieser Schatzsuche gefunden.",
  },
};

export default treasurehunt;
