/**
 * One group of admins (the event's event admins, or its customer's customer admins): a heading,
 * what the group may do, then loading / error with retry / empty / the people, each with their
 * login address, the right, its roles as chips ("Full rights" without any), and (for those who
 * may manage rights) "Edit roles", "Resend invitation" and "Remove". A list rather than a table:
 * a few short facts and three actions per person fit a phone's width without sideways scrolling.
 */
import { useId, useState, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { isStatus, mailLimit, sendNewAdminInfoMail, type AdminKind, type AdminListItem } from "./api";
import { RoleChips } from "./RolesFieldset";

export type GroupState =
  | { status: "loading" }
  | { status: "restricted" }
  | { status: "error"; error: unknown; retry: () => void }
  | { status: "ready"; rows: readonly AdminListItem[] };

export const displayName = (admin: AdminListItem) => admin.FullName.trim() || admin.LoginEMail;

type ListQuery = {
  isPending: boolean;
  isError: boolean;
  data: readonly AdminListItem[] | undefined;
  error: unknown;
  refetch: () => unknown;
};

/** A list query as the group shows it. */
export function groupState(query: ListQuery): GroupState {
  if (query.data) return { status: "ready", rows: query.data };
  if (query.isError) return { status: "error", error: query.error, retry: () => void query.refetch() };
  return { status: "loading" };
}

interface AdminGroupProps {
  kind: AdminKind;
  title: string;
  description: string;
  empty: string;
  state: GroupState;
  selfId: string | null;
  /** False: the caller may not change rights here (the actions are not offered). */
  mayManage: boolean;
  customerName: string;
  onRemove: (admin: AdminListItem, kind: AdminKind) => void;
  onEditRoles: (admin: AdminListItem, kind: AdminKind) => void;
  announce: (text: string) => void;
  /** The heading takes the focus when a removed person's row disappears. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function AdminGroup({ kind, title, description, empty, state, selfId, mayManage, customerName, onRemove, onEditRoles, announce, headingRef }: AdminGroupProps) {
  const { t } = useTranslation("admins");
  const { t: tc } = useTranslation();
  const headingId = useId();
  const { busy, run } = useSubmitLock();
  const [sending, setSending] = useState<string | null>(null);
  const [failures, setFailures] = useState<Record<string, string>>({});

  const resend = (admin: AdminListItem) =>
    run(async () => {
      const name = displayName(admin);
      setSending(admin.AdminID);
      setFailures((all) => Object.fromEntries(Object.entries(all).filter(([adminId]) => adminId !== admin.AdminID)));
      try {
        await sendNewAdminInfoMail(admin.AdminID);
        const text = t("resent", { email: admin.LoginEMail });
        notify("success", text);
        announce(text);
      } catch (error) {
        const limit = mailLimit(error);
        const text = limit
          ? limit.perGrant
            ? t("resendLimitGrant", { name, count: limit.minutes })
            : t("resendLimitSender", { count: limit.minutes })
          : isStatus(error, 403)
            ? t("forbidden", { customer: customerName })
            : `${t("resendFailed", { name })} ${tc(errorMessageKey(error))}`;
        setFailures((all) => ({ ...all, [admin.AdminID]: text }));
      } finally {
        setSending(null);
      }
    });

  return (
    <section className="admins-group" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        {title}
      </h3>
      <p className="muted small">{description}</p>
      {state.status === "loading" ? <p role="status">{t("loading")}</p> : null}
      {state.status === "restricted" ? <p className="admins-group__note">{t("customerGroup.restricted")}</p> : null}
      {state.status === "error" ? (
        <div role="alert" className="console-error">
          <p>
            {t("loadFailed")} {tc(errorMessageKey(state.error))}
          </p>
          <button type="button" className="button button--secondary" onClick={state.retry}>
            {tc("common.retry")}
          </button>
        </div>
      ) : null}
      {state.status === "ready" && state.rows.length === 0 ? <p className="admins-group__note">{empty}</p> : null}
      {state.status === "ready" && state.rows.length > 0 ? (
        <ul className="admins-list" aria-labelledby={headingId}>
          {state.rows.map((admin) => {
            const name = displayName(admin);
            const isSelf = admin.PersonID === selfId;
            const failure = failures[admin.AdminID];
            return (
              <li key={admin.AdminID} className="admins-list__item">
                <div className="admins-list__who">
                  <span className="admins-list__name">
                    {name}
                    {isSelf ? <span className="admins-list__you">{` (${t("you")})`}</span> : null}
                  </span>
                  <span className="admins-list__email">{admin.LoginEMail}</span>
                  <span className="muted small">{t(kind === "Event" ? "types.Event" : "types.Customer")}</span>
                  {admin.Roles ? <RoleChips roles={admin.Roles} /> : null}
                </div>
                {mayManage ? (
                  <div className="admins-list__actions">
                    <button type="button" className="link-button" onClick={() => onEditRoles(admin, kind)}>
                      {t("editRoles")}
                      {" "}
                      <span className="visually-hidden">{t("editRolesFor", { name })}</span>
                    </button>
                    <button type="button" className="link-button" aria-disabled={busy || undefined} onClick={() => void resend(admin)}>
                      {sending === admin.AdminID ? t("resending") : t("resend")}
                      {" "}
                      <span className="visually-hidden">{t("resendFor", { name })}</span>
                    </button>
                    <button type="button" className="link-button console-danger-link" onClick={() => onRemove(admin, kind)}>
                      {t("remove")}
                      {" "}
                      <span className="visually-hidden">{t("removeFor", { name })}</span>
                    </button>
                  </div>
                ) : null}
                {failure ? (
                  <p role="alert" className="form-error admins-list__failure">
                    {failure}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
