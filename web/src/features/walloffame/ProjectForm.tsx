/**
 * The project form (react-hook-form + zod: project-schema.ts): title, category (a select of the
 * organizer's categories; a text field while they have set none, as the server then takes any),
 * description, link and up to six pictures. Validation first with §5's texts, the first invalid
 * field focused; then one request however often it is submitted. A 422 puts the §5 text beside
 * each field it names; any other refusal (ten projects already, offline) stands above the button.
 * Pictures go up once the project is saved (pictures.ts); if one fails, the project stays saved,
 * the form stays open on it, and saving again retries what is left.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { SelectField } from "@/components/SelectField";
import { TextareaField } from "@/components/TextareaField";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { createProject, getProject, LIMITS, type Picture, type Project, updateProject, type WallKeys } from "./api";
import { applyProject } from "./cache";
import { refusedFields } from "./errors";
import { useRefusalText, useWallT } from "./i18n";
import { PicturePicker } from "./PicturePicker";
import { type PictureItem, release, savePictures, storedItems } from "./pictures";
import { fieldsOf, isFormMessage, isProjectField, projectSchema, type ProjectValues, SERVER_MESSAGE } from "./project-schema";

interface ProjectFormProps {
  eventID: string;
  me: string;
  keys: WallKeys;
  project: Project | null;
  categories: string[];
  /** null while the setting is unknown (no note then). */
  reviewRequired: boolean | null;
  onCancel: () => void;
  onSaved: (project: Project, said: string) => void;
}

function defaults(project: Project | null, categories: string[]): ProjectValues {
  // A category the organizers have since removed cannot be sent again: the select starts empty.
  const category = project && (categories.length === 0 || categories.includes(project.Category)) ? project.Category : "";
  return { Title: project?.Title ?? "", Category: category, Description: project?.Description ?? "", Link: project?.Link ?? "" };
}

export function ProjectForm({ eventID, me, keys, project, categories, reviewRequired, onCancel, onSaved }: ProjectFormProps) {
  const { t } = useWallT();
  const refusal = useRefusalText();
  const client = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const [items, setItems] = useState<PictureItem[]>(() => storedItems(project?.Pictures ?? []));
  const [removed, setRemoved] = useState<Picture[]>([]);
  /** The project once saved: a second save (after a failed upload) updates it instead of creating another. */
  const [savedID, setSavedID] = useState<string | null>(project?.ID ?? null);
  const { register, handleSubmit, setError, formState, control } = useForm<ProjectValues>({
    resolver: zodResolver(projectSchema),
    mode: "onTouched",
    defaultValues: defaults(project, categories),
  });
  const description = useWatch({ control, name: "Description" });

  // Previews still shown when the form goes are released with it.
  const shown = useRef(items);
  useEffect(() => {
    shown.current = items;
  });
  useEffect(() => () => shown.current.forEach(release), []);

  const message = (field: keyof ProjectValues): string | undefined => {
    const value = formState.errors[field]?.message;
    return isFormMessage(value) ? t(`form.${value}`, { max: LIMITS[field] }) : undefined;
  };

  const onValid = (values: ProjectValues) =>
    run(async () => {
      setFormError(null);
      const created = savedID === null;
      let saved: Project;
      try {
        saved = savedID ? await updateProject(eventID, savedID, fieldsOf(values)) : await createProject(eventID, fieldsOf(values));
      } catch (error) {
        const fields = refusedFields(error).filter(isProjectField);
        if (fields.length === 0) setFormError(t("form.failed", { reason: refusal(error) }));
        else fields.forEach((field, i) => setError(field, { type: "server", message: SERVER_MESSAGE[field] }, { shouldFocus: i === 0 }));
        return;
      }
      setSavedID(saved.ID);
      applyProject(client, keys, saved, me);
      const outcome = await savePictures(eventID, saved.ID, removed, items);
      // The pictures changed on the server: the project as it is now (the gallery's order too).
      const fresh = await getProject(eventID, saved.ID).catch(() => saved);
      applyProject(client, keys, fresh, me);
      void client.invalidateQueries({ queryKey: keys.galleries });
      if (outcome.error !== null) {
        const kept = new Set(outcome.failed.map((item) => item.key));
        items.filter((item) => !kept.has(item.key)).forEach(release);
        setItems([...storedItems(fresh.Pictures), ...outcome.failed]);
        setRemoved([]);
        setFormError(t("form.picturesFailed", { reason: refusal(outcome.error) }));
        return;
      }
      const said = created ? t(fresh.State === "pending" ? "form.submittedReview" : "form.submittedPublic") : t("form.saved");
      onSaved(fresh, said);
    });

  const note = reviewNote(project, reviewRequired);
  return (
    <form ref={formRef} className="wall-form" noValidate aria-busy={busy} onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}>
      {note ? <p className="wall-note">{t(note)}</p> : null}
      <Field label={t("form.title")} autoComplete="off" error={message("Title")} {...register("Title")} />
      {categories.length > 0 ? (
        <SelectField label={t("form.category")} error={message("Category")} {...register("Category")}>
          <option value="">{t("form.chooseCategory")}</option>
          {categories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      ) : (
        <Field label={t("form.category")} autoComplete="off" error={message("Category")} {...register("Category")} />
      )}
      <TextareaField
        label={t("form.description")}
        rows={6}
        hint={t("form.counter", { count: Array.from(description ?? "").length, max: LIMITS.Description })}
        error={message("Description")}
        {...register("Description")}
      />
      <Field label={t("form.link")} type="url" inputMode="url" autoComplete="url" hint={t("form.linkHint")} error={message("Link")} {...register("Link")} />
      <PicturePicker
        items={items}
        disabled={busy}
        onChange={(next, gone) => {
          setItems(next);
          if (gone?.kind === "stored") setRemoved((list) => [...list, gone.picture]);
        }}
      />
      <FormError message={formError} />
      <p className="wall-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t("form.saving") : savedID ? t("form.save") : t("form.submit")}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {t("form.cancel")}
        </button>
      </p>
    </form>
  );
}

/** What the form says about review: a new or pending project waits; an edit may send it back. */
function reviewNote(project: Project | null, reviewRequired: boolean | null): "form.reviewNote" | "form.reviewAgain" | null {
  if (project?.State === "rejected") return "form.reviewAgain";
  if (!reviewRequired) return null;
  return project?.State === "approved" ? "form.reviewAgain" : "form.reviewNote";
}
