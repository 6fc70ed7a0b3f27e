/**
 * Adding or editing one menu item, in a dialog over the lists: the menu, what the button does
 * (its Type) and the target that Type needs (NavigationTargetFields), whether attendees see it,
 * its name in the five languages, and whether it opens a sidebar panel with a title per
 * language. The form checks everything the server would (navigation-schema.ts) before sending,
 * once; a refusal puts the server's message beside the fields it names and keeps what was typed.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useRef, useState } from "react";
import { FormProvider, useForm, useWatch, type FieldPath } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "@/components/CheckboxField";
import { DialogActions } from "@/components/DialogActions";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { SelectField } from "@/components/SelectField";
import { notify } from "@/features/notifications";
import { NULL_ID } from "@/lib/routes";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import type { NavItem, NavItemBody } from "./navigation-api";
import { itemBodyOf, itemValues, mapNavigationError } from "./navigation-form";
import { lastIndex, menuOf, POSITIONS, type MenuPosition } from "./navigation-order";
import {
  LANGUAGES,
  MENU_TYPES,
  navigationFormSchema,
  newItemValues,
  SIDEBAR_TYPES,
  type NavigationFormValues,
} from "./navigation-schema";
import { useNavigationMessage, type NavigationLabels } from "./navigation-labels";
import { NavigationTargetFields, type LocationsState, type RoomsState } from "./NavigationTargetFields";

export type ItemDialogMode = { kind: "create"; position: MenuPosition } | { kind: "edit"; item: NavItem };

export interface NavigationItemDialogProps {
  mode: ItemDialogMode;
  /** Every item of the event (slugs in use, the Index of the end of a menu). */
  items: NavItem[];
  rooms: RoomsState;
  locations: LocationsState;
  /** Tells the screen which Type is chosen, so the locations are read only when needed. */
  onTypeChange: (type: NavigationFormValues["Type"]) => void;
  labels: NavigationLabels;
  save: (body: NavItemBody, itemId: string | null) => Promise<NavItem>;
  onSaved: (item: NavItem) => void;
  onCancel: () => void;
}

export function NavigationItemDialog({ mode, items, rooms, locations, onTypeChange, labels, save, onSaved, onCancel }: NavigationItemDialogProps) {
  const { t } = useTranslation("navigation");
  const { t: tc } = useTranslation();
  const message = useNavigationMessage();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const editing = mode.kind === "edit" ? mode.item : null;
  const slugsTaken = useMemo(
    () => new Set(items.filter((i) => i.Type === "FullscreenIframe" && i.ID !== editing?.ID).map((i) => String(i.Data.slug ?? "").trim())),
    [items, editing],
  );
  const form = useForm<NavigationFormValues>({
    resolver: zodResolver(navigationFormSchema({ slugsTaken })),
    mode: "onTouched",
    defaultValues: editing ? itemValues(editing) : newItemValues(mode.kind === "create" ? mode.position : "Top"),
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const isSidebar = useWatch({ control, name: "IsSidebar" });
  const typeField = register("Type", { onChange: (e: React.ChangeEvent<HTMLSelectElement>) => onTypeChange(e.target.value as NavigationFormValues["Type"]) });

  const onValid = (values: NavigationFormValues) =>
    run(async () => {
      setFormError(null);
      // A new item, or one moved to the other menu, goes to the end of that menu.
      const index = editing && editing.Position === values.Position ? editing.Index : lastIndex(menuOf(items, values.Position));
      const body = itemBodyOf(values, { ...(editing ? { ID: editing.ID } : {}), Index: index, VirtualSpaceID: editing?.VirtualSpaceID ?? NULL_ID });
      try {
        const saved = await save(body, editing?.ID ?? null);
        notify("success", t(editing ? "form.saved" : "form.created", { name: labels.nameOf(saved) }));
        onSaved(saved);
      } catch (error) {
        const mapped = mapNavigationError(error, values.Type);
        if (mapped.fields.length === 0) {
          setFormError(t("form.notSaved", { reason: tc(mapped.message) }));
          return;
        }
        mapped.fields.forEach((field, i) =>
          setError(field as FieldPath<NavigationFormValues>, { type: "server", message: mapped.message }, { shouldFocus: i === 0 }),
        );
      }
    });

  const title = editing ? t("form.editTitle", { name: labels.nameOf(editing) }) : t("form.addTitle", { menu: labels.menuLabel(mode.kind === "create" ? mode.position : "Top") });
  return (
    <Modal labelledBy={titleId} role="dialog" busy={busy} onCancel={onCancel}>
      <h2 id={titleId}>{title}</h2>
      <FormProvider {...form}>
        <form
          ref={formRef}
          className="console-form navigation-form"
          noValidate
          aria-busy={busy}
          onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
        >
          <fieldset>
            <legend>{t("form.general")}</legend>
            <SelectField label={t("form.position")} hint={editing ? t("form.positionHint") : undefined} error={message(errors.Position?.message)} {...register("Position")}>
              {POSITIONS.map((position) => (
                <option key={position} value={position}>
                  {labels.menuLabel(position)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t("form.type")} error={message(errors.Type?.message)} {...typeField}>
              {MENU_TYPES.map((type) => (
                <option key={type} value={type}>
                  {labels.typeLabel(type)}
                </option>
              ))}
            </SelectField>
            <CheckboxField label={t("form.visible")} error={message(errors.IsVisible?.message)} {...register("IsVisible")} />
          </fieldset>

          <fieldset aria-describedby={`${titleId}-names`}>
            <legend>{t("form.names")}</legend>
            <p id={`${titleId}-names`} className="muted small">
              {t("form.namesHint")}
            </p>
            {LANGUAGES.map((language) => (
              <Field
                key={language}
                label={t(`languages.${language}`)}
                lang={language}
                autoComplete="off"
                error={message(errors.Names?.[language]?.message)}
                {...register(`Names.${language}`)}
              />
            ))}
          </fieldset>

          <NavigationTargetFields rooms={rooms} locations={locations} labels={labels} />

          <fieldset>
            <legend>{t("form.sidebar")}</legend>
            <CheckboxField label={t("form.isSidebar")} error={message(errors.IsSidebar?.message)} {...register("IsSidebar", { deps: ["SidebarType"] })} />
            {isSidebar ? (
              <>
                <SelectField label={t("form.sidebarType")} error={message(errors.SidebarType?.message)} {...register("SidebarType")}>
                  <option value="">{t("form.choosePanel")}</option>
                  {SIDEBAR_TYPES.map((kind) => (
                    <option key={kind} value={kind}>
                      {labels.panelLabel(kind)}
                    </option>
                  ))}
                </SelectField>
                <fieldset aria-describedby={`${titleId}-titles`}>
                  <legend>{t("form.sidebarTitles")}</legend>
                  <p id={`${titleId}-titles`} className="muted small">
                    {t("form.sidebarTitlesHint")}
                  </p>
                  {LANGUAGES.map((language) => (
                    <Field
                      key={language}
                      label={t(`languages.${language}`)}
                      lang={language}
                      autoComplete="off"
                      error={message(errors.SidebarTitles?.[language]?.message)}
                      {...register(`SidebarTitles.${language}`)}
                    />
                  ))}
                </fieldset>
              </>
            ) : null}
          </fieldset>

          <FormError message={formError} />
          <DialogActions
            cancelLabel={t("form.cancel")}
            onCancel={onCancel}
            confirmLabel={t("form.save")}
            busyLabel={t("form.saving")}
            busy={busy}
            keepFocusWhileBusy
          />
        </form>
      </FormProvider>
    </Modal>
  );
}
