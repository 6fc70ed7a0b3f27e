/**
 * The four roles an admin right can be limited to, as checkboxes with a line each on what the
 * role allows, and the rule in words: no role ticked is full rights. Used by the invite form and
 * the edit dialog; both register the group under one name (react-hook-form reads the ticked
 * values as a list). `RoleChips` shows a grant's roles in the lists.
 */
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ADMIN_ROLES, isAdminRole } from "@/lib/admin-roles";

export function RolesFieldset({ registration, legend }: { registration: UseFormRegisterReturn; legend?: string }) {
  const { t } = useTranslation("admins");
  const id = useId();
  return (
    <fieldset className="admins-roles" aria-describedby={`${id}-hint`}>
      <legend>{legend ?? t("rolesForm.legend")}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {t("rolesForm.hint")}
      </p>
      <ul className="admins-roles__list">
        {ADMIN_ROLES.map((role) => (
          <li key={role} className="admins-roles__item">
            <input id={`${id}-${role}`} type="checkbox" value={role} aria-describedby={`${id}-${role}-about`} {...registration} />
            <label htmlFor={`${id}-${role}`}>{t(`roleNames.${role}`)}</label>
            <span id={`${id}-${role}-about`} className="field__hint admins-roles__about">
              {t(`roleDescriptions.${role}`)}
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * A grant's roles as chips ("Full rights" without any); unknown stored strings show as stored.
 * Spans, not a list: each person is already a list item, and screen readers hear "Roles:" first.
 */
export function RoleChips({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation("admins");
  return (
    <span className="admins-chips">
      <span className="visually-hidden">{`${t("rolesLabel")} `}</span>
      {roles.length === 0 ? (
        <span className="console-badge">{t("fullRights")}</span>
      ) : (
        roles.map((role) => (
          <span key={role} className="console-badge">
            {isAdminRole(role) ? t(`roleNames.${role}`) : role}
          </span>
        ))
      )}
    </span>
  );
}
