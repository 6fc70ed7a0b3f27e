/**
 * The console's strings: the `console` namespace in all five languages, added to i18next when
 * the console's chunk loads, so the attendee app never carries them.
 */
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/console";
import en from "@/locales/en/console";
import es from "@/locales/es/console";
import fr from "@/locales/fr/console";
import it from "@/locales/it/console";

export const CONSOLE_NS = "console";

export const consoleResources = { en, de, es, fr, it } as const;

export function addConsoleStrings(): void {
  addNamespace(CONSOLE_NS, consoleResources);
}
