/**
 * i18next set-up. Keys are typed from the English file (`CustomTypeOptions` below), so a
 * misspelt key is a type error; the other languages are typed `Translation`, so a missing or extra
 * key in any language is a type error too. All five are bundled: together they are a few KB gzip.
 */
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import de from "@/locales/de";
import en from "@/locales/en";
import type enAccess from "@/locales/en/access";
import type enAdmins from "@/locales/en/admins";
import type enConsole from "@/locales/en/console";
import type enLook from "@/locales/en/look";
import type enNavigation from "@/locales/en/navigation";
import type enPages from "@/locales/en/pages";
import type enPrepublish from "@/locales/en/prepublish";
import type enTours from "@/locales/en/tours";
import es from "@/locales/es";
import fr from "@/locales/fr";
import it from "@/locales/it";
import { chooseLanguage, type Language } from "./locale";
import { readItem, storageKeys, writeItem } from "./storage";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    // `console` is the organizer console's namespace, added with its lazy chunk
    // (app/console/i18n.ts); `access` the Access screen's (features/events/manage/access-i18n.ts),
    // `admins` the Admins screen's (features/admins/manage/admins-i18n.ts), `pages` the Pages
    // screen's (features/events/manage/pages-i18n.ts), `prepublish` the pre-publish check's
    // (features/events/manage/prepublish-i18n.ts), `navigation` the Navigation screen's
    // (features/events/manage/navigation-i18n.ts).
    // `tours` is the Venue screen's (features/venue/manage/tours-i18n.ts).
    // `look` is the Look section's (features/themes/manage/look-i18n.ts).
    // Only their types are imported here.
    resources: { translation: typeof en; console: typeof enConsole; access: typeof enAccess; admins: typeof enAdmins; pages: typeof enPages; prepublish: typeof enPrepublish; tours: typeof enTours; navigation: typeof enNavigation; look: typeof enLook };
  }
}

export const resources = {
  en: { translation: en },
  de: { translation: de },
  es: { translation: es },
  fr: { translation: fr },
  it: { translation: it },
} as const;

export function initialLanguage(): Language {
  const browser = typeof navigator === "undefined" ? [] : [navigator.language];
  return chooseLanguage(readItem("local", storageKeys.language), browser);
}

export async function initI18n(language: Language = initialLanguage()): Promise<i18n> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: "en",
      interpolation: { escapeValue: false }, // React escapes; strings are rendered as text
      returnNull: false,
    });
  } else {
    await i18next.changeLanguage(language);
  }
  document.documentElement.lang = language;
  return i18next;
}

/** The switcher. The choice is remembered only with functional consent (the caller knows it). */
export async function changeLanguage(language: Language, remember: boolean): Promise<void> {
  if (remember) writeItem("local", storageKeys.language, language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
