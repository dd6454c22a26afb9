import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';

interface ModalPanelProps {
  /** The id of the dialog's heading (its accessible name). */
  titleId: string;
  /** The id of the text that says what the dialog is about (its accessible description), when there is one. */
  descriptionId?: string | undefined;
  onClose: () => void;
  /** Where focus starts inside the panel: the first match of this selector. */
  initialFocus?: string;
  testId?: string;
  /** The panel's width (Tailwind max-w-*): narrow unless said. */
  className?: string;
  children: ReactNode;
}

/** What Tab moves between; an unchecked radio of a group with a checked one is skipped, as the browser skips it. */
const FOCUSABLE = 'a[href], button:not([disabled]), textarea, input:not([disabled])';

/**
 * A modal dialog over a dimmed backdrop: focus starts inside and stays there (Tab wraps), Escape and the backdrop
 * close it, and focus returns to whatever opened it. The panel is the `role="dialog"` element.
 */
export function ModalPanel({
  titleId,
  descriptionId,
  onClose,
  initialFocus = 'input, button',
  testId,
  className = 'max-w-md',
  children,
}: ModalPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, read when a key is pressed: a parent that re-renders (text typed in the panel) with a new
  // function does not re-run the effect, which would move focus back to the start.
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>(initialFocus)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (event.key !== 'Tab' || !panel.current) return;
      const controls = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element) =>
          !(
            element instanceof HTMLInputElement &&
            element.type === 'radio' &&
            !element.checked &&
            element.form?.querySelector('input[type=radio]:checked')
          ),
      );
      const first = controls[0];
      const last = controls.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [initialFocus]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-slate-950/50 p-4"
      onClick={onClose}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        data-testid={testId}
        className={`w-full ${className} rounded-2xl bg-white p-6 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-700`}
        onClick={(event) => event.stopPropagation()}
      >
        {children}
      </div>
    </div>
  );
}
