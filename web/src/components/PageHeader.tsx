import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * An organizer console page's heading (the `h1` the console focuses after a navigation) and its
 * document title, with room for the page's actions beside it.
 */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation("console");
  useDocumentTitle(t("documentTitle", { page: title }));
  return (
    <div className="console-page-header">
      <h1 tabIndex={-1}>{title}</h1>
      {children ? <div className="console-page-header__actions">{children}</div> : null}
    </div>
  );
}
