/**
 * /{event}/profile, inside the venue frame: the attendee's name, picture, language and time zone.
 *
 * - Name, language and time zone are one form (react-hook-form + zod, `profile/schema.ts`) saved
 *   with `PUT /persons/{PersonID}`. A refusal keeps what was typed, puts the server's message
 *   beside each field it names and says why above the button; a double submit sends once.
 * - The language is stored on the person (emails) and the app switches to it once saved.
 * - The time zone (attendee-app.md §9): "my device's time zone" stores nothing (an empty
 *   `TimezoneName`), so times follow the browser, daylight saving included; GMT −12 … +14 store a
 *   fixed offset. Agenda, session and chat times read it through `useDisplayZone()`.
 * - The picture (`profile/PictureSection.tsx`) changes at once through the person picture routes.
 *
 * Every save goes into the person store, so the menu, the start screen and every time shown
 * follow without a reload.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { SelectField } from "@/components/SelectField";
import { useConsent } from "@/features/consent";
import { formatTime } from "@/lib/dates";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";
import { changeLanguage } from "@/lib/i18n";
import { isLanguage, supportedLanguages, type Language } from "@/lib/locale";
import { paths } from "@/lib/routes";
import { useNow } from "@/lib/use-now";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import type { Person } from "../api/get-person";
import { usePersonStore } from "../person-store";
import { serverFieldErrors, updatePerson, type ServerFieldKey } from "../profile/api";
import { applyPerson } from "../profile/apply";
import { PictureSection } from "../profile/PictureSection";
import { DEVICE_ZONE, isFormKey, profileSchema, profileUpdate, profileValues, type ProfileField, type ProfileValues } from "../profile/schema";
import { useSession } from "../session";
import { browserZone, isShift, shiftName, TIMEZONE_SHIFTS, zoneOfShift } from "../timezone";
import "../profile.css";

const FIELDS: readonly ProfileField[] = ["firstName", "lastName", "language", "timezone"];

function zoneOfChoice(choice: string): string {
  const shift = Number(choice);
  return choice === DEVICE_ZONE || !isShift(shift) ? browserZone() : zoneOfShift(shift);
}

const appLanguage = (language: string): Language => (isLanguage(language) ? language : "en");

function ProfileForm({ person }: { person: Person }) {
  const { t, i18n } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProfileField, ServerFieldKey>>>({});
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    mode: "onTouched",
    defaultValues: profileValues(person, appLanguage(i18n.language)),
  });
  const timezone = useWatch({ control, name: "timezone" });
  // The clock the time-zone hint shows; a minute's precision is all it needs.
  const now = new Date(useNow(30_000));

  const fieldError = (field: ProfileField): string | undefined => {
    const own = errors[field]?.message;
    if (isFormKey(own)) return t(own);
    const server = serverErrors[field];
    return server ? t(server) : undefined;
  };

  // A server message stays beside its field until that field is changed.
  const clearServerError = (field: ProfileField) => () =>
    setServerErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const field = (name: ProfileField) => register(name, { onChange: clearServerError(name) });

  const onValid = (values: ProfileValues) =>
    run(async () => {
      setSaved(false);
      setFormError(null);
      setServerErrors({});
      try {
        applyPerson(await updatePerson(person.ID, profileUpdate(values)));
        const stored = usePersonStore.getState().person ?? person;
        // The saved values (names trimmed) become the form's new starting point.
        reset(profileValues(stored, values.language));
        if (values.language !== i18n.language) await changeLanguage(values.language, useConsent.getState().functional);
        setSaved(true);
      } catch (error) {
        const named = serverFieldErrors(error);
        setServerErrors(named);
        setFormError(errorMessageKey(error));
        const first = FIELDS.find((f) => named[f]);
        if (first) setFocus(first);
      }
    });

  return (
    <form
      ref={formRef}
      className="profile-form"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
    >
      <div className="field-row">
        <Field label={t("profile.firstName")} autoComplete="given-name" error={fieldError("firstName")} {...field("firstName")} />
        <Field label={t("profile.lastName")} autoComplete="family-name" error={fieldError("lastName")} {...field("lastName")} />
      </div>
      <SelectField label={t("profile.language")} hint={t("profile.languageHint")} error={fieldError("language")} {...field("language")}>
        {supportedLanguages.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {t(`languages.${lang}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("profile.timezone")}
        hint={t("profile.timezoneHint", { time: formatTime(now, i18n.language, zoneOfChoice(timezone)) })}
        error={fieldError("timezone")}
        {...field("timezone")}
      >
        <option value={DEVICE_ZONE}>{t("profile.timezoneDevice", { zone: browserZone() })}</option>
        {TIMEZONE_SHIFTS.map((shift) => (
          <option key={shift} value={String(shift)}>
            {shiftName(shift)}
          </option>
        ))}
      </SelectField>
      <FormError message={formError && t("profile.notSaved", { reason: t(formError) })} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("profile.saving") : t("profile.save")}
      </button>
      <p className="profile-status" role="status">
        {saved && !isDirty ? t("profile.saved") : null}
      </p>
    </form>
  );
}

/** `children`: parts other features add below the form (app/ composes "Your data" there). */
export function ProfilePage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const person = usePersonStore((s) => s.person);
  const eventID = useSession((s) => s.eventID);
  return (
    <main className="content-page profile-page" data-page="profile">
      <h1>{t("profile.title")}</h1>
      <p className="muted">{t("profile.intro")}</p>
      {person && eventID ? (
        <>
          <PictureSection person={person} eventID={eventID} />
          {/* Keyed by person: the form's starting values are the person it was opened for. */}
          <ProfileForm key={person.ID} person={person} />
          {children}
        </>
      ) : (
        <p role="status">{t("common.loading")}</p>
      )}
      <p>
        <Link className="button button--secondary" to={paths.root}>
          {t("venue.pages.back")}
        </Link>
      </p>
    </main>
  );
}
