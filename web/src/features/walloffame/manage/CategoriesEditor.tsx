/**
 * The categories attendees choose from: one field per name (rename by editing it), Remove, Add
 * category, and Save, which sends the whole list (`PUT …/categories`: 1–30 names of 1–100
 * characters, unique regardless of case — checked here first, each problem beside its field).
 * Projects keep the category they were submitted with, so renaming or removing one changes no
 * project; the intro says so. Removing moves the focus to the next name (or Add category).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { z } from "zod";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { LoadState } from "@/components/LoadState";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { getCategories, LIMITS, MAX_CATEGORIES, putCategories, type WallKeys } from "../api";
import { useRefusalText, useWallT } from "../i18n";
import { categoryKey } from "../model";

const schema = z.object({
  Names: z
    .array(z.object({ Name: z.string().refine((v) => v.trim() !== "", "required").refine((v) => Array.from(v.trim()).length <= LIMITS.Category, "tooLong") }))
    .superRefine((names, ctx) => {
      const seen = new Set<string>();
      names.forEach(({ Name }, i) => {
        const key = categoryKey(Name);
        if (key && seen.has(key)) ctx.addIssue({ code: "custom", path: [i, "Name"], message: "duplicate" });
        seen.add(key);
      });
    }),
});
type Values = z.infer<typeof schema>;
const MESSAGES = ["required", "tooLong", "duplicate"] as const;

interface Props {
  eventID: string;
  keys: WallKeys;
  announce: (text: string) => void;
}

export function CategoriesEditor({ eventID, keys, announce }: Props) {
  const { t } = useWallT();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useQuery({ queryKey: keys.categories, queryFn: ({ signal }) => getCategories(eventID, signal) });
  return (
    <section className="wall-categories" aria-labelledby="wall-categories-title">
      <h3 id="wall-categories-title" ref={heading} tabIndex={-1}>
        {t("manage.categories.title")}
      </h3>
      <p className="small muted">{t("manage.categories.intro")}</p>
      <LoadState query={query} loadingText={t("manage.categories.loading")} failedText={t("manage.categories.loadFailed")} focusAfterRetry={heading} />
      {query.data ? <CategoriesForm eventID={eventID} keys={keys} stored={query.data} announce={announce} /> : null}
    </section>
  );
}

function CategoriesForm({ eventID, keys, stored, announce }: Props & { stored: string[] }) {
  const { t } = useWallT();
  const refusal = useRefusalText();
  const client = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusAt = useRef<number | null>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, formState, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { Names: stored.map((Name) => ({ Name })) },
  });
  const { fields, append, remove } = useFieldArray({ control, name: "Names" });

  useEffect(() => {
    const index = focusAt.current;
    if (index === null) return;
    focusAt.current = null;
    const inputs = formRef.current?.querySelectorAll<HTMLInputElement>("input") ?? [];
    (inputs[Math.min(index, inputs.length - 1)] ?? addRef.current)?.focus();
  });

  const message = (i: number): string | undefined => {
    const value = formState.errors.Names?.[i]?.Name?.message;
    const key = MESSAGES.find((m) => m === value);
    return key ? t(`manage.categories.${key}`, { max: LIMITS.Category }) : undefined;
  };

  const onValid = (values: Values) =>
    run(async () => {
      setFormError(null);
      const names = values.Names.map((n) => n.Name.trim());
      if (names.length === 0) {
        setFormError(t("manage.categories.atLeastOne"));
        return;
      }
      try {
        const saved = await putCategories(eventID, names);
        client.setQueryData<string[]>(keys.categories, saved);
        reset({ Names: saved.map((Name) => ({ Name })) });
        announce(t("manage.categories.saved"));
      } catch (error) {
        setFormError(t("manage.categories.failed", { reason: refusal(error) }));
      }
    });

  return (
    <form ref={formRef} noValidate className="wall-categories__form" aria-busy={busy} onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}>
      {fields.length === 0 ? <p className="wall-empty">{t("manage.categories.none")}</p> : null}
      <ol className="wall-categories__list">
        {fields.map((field, i) => (
          <li key={field.id} className="wall-categories__row">
            <Field label={t("manage.categories.name", { n: i + 1 })} autoComplete="off" error={message(i)} {...register(`Names.${i}.Name`)} />
            <button
              type="button"
              className="button button--secondary"
              aria-label={t("manage.categories.removeNamed", { n: i + 1 })}
              onClick={() => {
                focusAt.current = i;
                remove(i);
              }}
            >
              {t("manage.categories.remove")}
            </button>
          </li>
        ))}
      </ol>
      {fields.length >= MAX_CATEGORIES ? <p className="small muted">{t("manage.categories.tooMany", { max: MAX_CATEGORIES })}</p> : null}
      <FormError message={formError} />
      <p className="wall-actions">
        <button ref={addRef} type="button" className="button button--secondary" disabled={fields.length >= MAX_CATEGORIES} onClick={() => append({ Name: "" })}>
          {t("manage.categories.add")}
        </button>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t("manage.categories.saving") : t("manage.categories.save")}
        </button>
      </p>
    </form>
  );
}
