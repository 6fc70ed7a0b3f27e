/**
 * A modal dialog's frame, shared by every confirmation in the console: the backdrop, the dialog
 * role with its label and description, focus kept inside (Tab and Shift+Tab cycle), Escape to
 * cancel (not while `busy`), and focus given back to what opened it when the dialog goes — unless
 * `keepFocus` says the screen has moved it somewhere on purpose (after a removal, say).
 */
import { useEffect, useRef, type ReactNode, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  labelledBy: string;
  describedBy?: string;
  /** `alertdialog` for a question that needs an answer (the default), `dialog` for a form. */
  role?: "dialog" | "alertdialog";
  /** Receives the focus when the dialog opens (else the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  busy?: boolean;
  onCancel: () => void;
  /** Read when the dialog closes: true leaves the focus where the screen put it. */
  keepFocus?: RefObject<boolean>;
  children: ReactNode;
}

export function Modal({ labelledBy, describedBy, role = "alertdialog", initialFocus, busy = false, onCancel, keepFocus, children }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = initialFocus?.current ?? dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      // The value at closing time is the one wanted: the screen sets it just before closing.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      if (!keepFocus?.current && opener?.isConnected) opener.focus();
    };
    // Once per opening: the refs are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    if (e.key !== "Tab" || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal"
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}
