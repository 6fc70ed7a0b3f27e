/**
 * The photobooth settings (`PUT /events/{EventID}/photobooth`, JSON; pages_schemas.py). The API
 * key is write-only: the server answers only `HasAPIKey`, so a stored key shows as "set" with a
 * Replace button, and the key is sent only when typed (left out, the server keeps it).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "@/components/CheckboxField";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { notify } from "@/features/notifications";
import type { ErrorMessageKey } from "@/lib/errors";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import type { PhotoboothSettings } from "./pages-api";
import { mapPagesError } from "./pages-errors";
import { isPagesValidationKey, photoboothFormSchema, toPhotoboothBody, type PhotoboothBody, type PhotoboothFormValues } from "./pages-schema";

export function photoboothDefaults(booth: PhotoboothSettings | null): PhotoboothFormValues {
  return {
    Slug: booth?.Slug ?? "",
    Domain: booth?.Domain ?? "",
    ReplaceKey: false,
    APIKey: "",
    GalleryDisplayMode: booth?.GalleryDisplayMode ?? "",
    GalleryQRCodeShow: booth?.GalleryQRCodeShow ?? false,
    PanoID: booth?.PanoID ?? "",
    OnClickOpenPopup: booth?.OnClickOpenPopup ?? false,
    OnClickGoToPanorama: booth?.OnClickGoToPanorama ?? false,
    ExpectPostMessage: booth?.ExpectPostMessage ?? false,
    PostMessageText: booth?.PostMessageText ?? "",
    PostMessageDomain: booth?.PostMessageDomain ?? "",
  };
}

type ServerField = keyof PhotoboothBody;
const SERVER_FIELDS: readonly ServerField[] = [
  "Slug",
  "Domain",
  "APIKey",
  "GalleryDisplayMode",
  "GalleryQRCodeShow",
  "OnClickOpenPopup",
  "OnClickGoToPanorama",
  "PanoID",
  "ExpectPostMessage",
  "PostMessageText",
  "PostMessageDomain",
];

export interface PagesPhotoboothFormProps {
  booth: PhotoboothSettings | null;
  save: (body: PhotoboothBody) => Promise<PhotoboothSettings>;
}

export function PagesPhotoboothForm({ booth, save }: PagesPhotoboothFormProps) {
  const { t } = useTranslation("pages");
  const { t: tc } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const replaceRef = useRef<HTMLButtonElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const keyLabelId = useId();
  // Whether the server has a key stored; the form never holds the stored key itself. The resolver
  // reads it through a ref, since the form keeps the resolver it started with.
  const [hasStoredKey, setHasStoredKey] = useState(booth?.HasAPIKey ?? false);
  const storedKeyRef = useRef(booth?.HasAPIKey ?? false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<PhotoboothFormValues>({
    resolver: (values, context, options) =>
      zodResolver(photoboothFormSchema({ hasStoredKey: storedKeyRef.current }))(values, context, options),
    mode: "onTouched",
    defaultValues: photoboothDefaults(booth),
  });
  const replacing = useWatch({ control, name: "ReplaceKey" });
  const keyInput = !hasStoredKey || replacing;

  const message = (value: unknown): string | undefined => {
    if (isPagesValidationKey(value)) return t(`validation.${value}`);
    if (typeof value === "string" && value.startsWith("errors.")) return tc(value as ErrorMessageKey);
    return undefined;
  };

  const startReplacing = () => {
    setValue("ReplaceKey", true);
    // The input appears with this render; focus it next.
    requestAnimationFrame(() => setFocus("APIKey"));
  };
  const keepKey = () => {
    setValue("ReplaceKey", false);
    setValue("APIKey", "");
    clearErrors("APIKey");
    requestAnimationFrame(() => replaceRef.current?.focus());
  };

  const onValid = (values: PhotoboothFormValues) =>
    run(async () => {
      setFormError(null);
      try {
        const saved = await save(toPhotoboothBody(values, { hasStoredKey: storedKeyRef.current }));
        storedKeyRef.current = saved.HasAPIKey;
        setHasStoredKey(saved.HasAPIKey);
        reset(photoboothDefaults(saved));
        notify("success", t("photobooth.saved"));
      } catch (error) {
        const mapped = mapPagesError(error, SERVER_FIELDS);
        if (mapped.fields.length === 0) {
          setFormError(t("notSaved", { reason: tc(mapped.message) }));
          return;
        }
        mapped.fields.forEach((field, index) =>
          setError(field, { type: "server", message: mapped.message }, { shouldFocus: index === 0 }),
        );
      }
    });

  return (
    <form
      ref={formRef}
      className="console-form pages-form"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
    >
      <fieldset>
        <legend>{t("photobooth.connection")}</legend>
        <Field
          label={t("photobooth.slug")}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          hint={t("photobooth.slugHint")}
          error={message(errors.Slug?.message)}
          {...register("Slug")}
        />
        <Field
          label={t("photobooth.domain")}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          inputMode="url"
          hint={t("photobooth.domainHint")}
          error={message(errors.Domain?.message)}
          {...register("Domain")}
        />
        {/* With a key stored, a group named "API key" says so and offers Replace; without one,
            the key's field is the only control and carries the name itself. */}
        <div className="pages-key" role={hasStoredKey ? "group" : undefined} aria-labelledby={hasStoredKey ? keyLabelId : undefined}>
          {hasStoredKey ? (
            <p id={keyLabelId} className="pages-key__label">
              {t("photobooth.apiKey")}
            </p>
          ) : null}
          <p className="small" data-testid="api-key-state">
            {hasStoredKey ? t("photobooth.apiKeySet") : t("photobooth.apiKeyNone")}
          </p>
          {keyInput ? (
            <Field
              label={hasStoredKey ? t("photobooth.newApiKey") : t("photobooth.apiKey")}
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              hint={t("photobooth.apiKeyHint")}
              error={message(errors.APIKey?.message)}
              {...register("APIKey")}
            />
          ) : null}
          {hasStoredKey ? (
            replacing ? (
              <button type="button" className="button button--secondary" onClick={keepKey}>
                {t("photobooth.keepKey")}
              </button>
            ) : (
              <button ref={replaceRef} type="button" className="button button--secondary" onClick={startReplacing}>
                {t("photobooth.replaceKey")}
              </button>
            )
          ) : null}
        </div>
      </fieldset>

      <fieldset>
        <legend>{t("photobooth.gallery")}</legend>
        <Field
          label={t("photobooth.displayMode")}
          autoComplete="off"
          hint={t("photobooth.displayModeHint")}
          error={message(errors.GalleryDisplayMode?.message)}
          {...register("GalleryDisplayMode")}
        />
        <CheckboxField label={t("photobooth.qrCode")} error={message(errors.GalleryQRCodeShow?.message)} {...register("GalleryQRCodeShow")} />
      </fieldset>

      <fieldset>
        <legend>{t("photobooth.onClick")}</legend>
        <CheckboxField label={t("photobooth.openPopup")} error={message(errors.OnClickOpenPopup?.message)} {...register("OnClickOpenPopup")} />
        <CheckboxField label={t("photobooth.goToPanorama")} error={message(errors.OnClickGoToPanorama?.message)} {...register("OnClickGoToPanorama")} />
        <Field
          label={t("photobooth.panoId")}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          hint={t("photobooth.panoIdHint")}
          error={message(errors.PanoID?.message)}
          {...register("PanoID")}
        />
      </fieldset>

      <fieldset>
        <legend>{t("photobooth.messages")}</legend>
        <CheckboxField
          label={t("photobooth.expectMessage")}
          error={message(errors.ExpectPostMessage?.message)}
          {...register("ExpectPostMessage", { deps: ["PostMessageText", "PostMessageDomain"] })}
        />
        <Field
          label={t("photobooth.messageText")}
          autoComplete="off"
          hint={t("photobooth.messageTextHint")}
          error={message(errors.PostMessageText?.message)}
          {...register("PostMessageText")}
        />
        <Field
          label={t("photobooth.messageDomain")}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          inputMode="url"
          hint={t("photobooth.messageDomainHint")}
          error={message(errors.PostMessageDomain?.message)}
          {...register("PostMessageDomain")}
        />
      </fieldset>

      <FormError message={formError} />
      <div className="console-form__actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t("saving") : t("save")}
        </button>
      </div>
    </form>
  );
}
