/**
 * i18next set-up. Keys are typed from the English file (`CustomTypeOptions` below), so a
 * misspelt key is a type error; the other languages are typed `Translation`, so a missing or extra
 * key in any language is a type error too. English, the fallback, is in the start-up chunk; each
 * other language is a lazy chunk of its own, loaded before the app renders in it (or before a
 * switch to it), so the login route carries one language instead of five (≈ 20 KB gzip less).
 */
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "@/locales/en";
import type enAccess from "@/locales/en/access";
import type enAdmins from "@/locales/en/admins";
import type enConsole from "@/locales/en/console";
import type enLook from "@/locales/en/look";
import type enNavigation from "@/locales/en/navigation";
import type enPages from "@/locales/en/pages";
import type enPrepublish from "@/locales/en/prepublish";
import type enTours from "@/locales/en/tours";
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

type Translation = typeof en;

// Each language's strings as a lazy chunk; English is the fallback and always present.
const loaders: Record<Language, () => Promise<{ default: Translation }>> = {
  en: () => Promise.resolve({ default: en }),
  de: () => import("@/locales/de"),
  es: () => import("@/locales/es"),
  fr: () => import("@/locales/fr"),
  it: () => import("@/locales/it"),
};

/** Adds `language`'s strings to i18next unless they are there. */
async function ensureLanguage(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, "translation")) return;
  const { default: strings } = await loaders[language]();
  i18next.addResourceBundle(language, "translation", strings);
}

export function initialLanguage(): Language {
  const browser = typeof navigator === "undefined" ? [] : [navigator.language];
  return chooseLanguage(readItem("local", storageKeys.language), browser);
}

export async function initI18n(language: Language = initialLanguage()): Promise<i18n> {
  if (!i18next.isInitialized) {
    const { default: strings } = await loaders[language]();
    await i18next.use(initReactI18next).init({
      resources: { en: { translation: en }, [language]: { translation: strings } },
      // Languages arrive as chunks later (`ensureLanguage`); i18next must not wait for a backend.
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: "en",
      interpolation: { escapeValue: false }, // React escapes; strings are rendered as text
      returnNull: false,
    });
  } else {
    await ensureLanguage(language);
    await i18next.changeLanguage(language);
  }
  document.documentElement.lang = language;
  return i18next;
}

/** The switcher. The choice is remembered only with functional consent (the caller knows it). */
export async function changeLanguage(language: Language, remember: boolean): Promise<void> {
  if (remember) writeItem("local", storageKeys.language, language);
  await ensureLanguage(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
