import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

/** A message in the page (a failed load, a rule to know): errors are announced at once. */
export function Notice({ tone = 'info', title, children }: { tone?: NoticeTone; title?: string; children?: ReactNode }) {
  return (
    <div className={`bo-notice bo-notice--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      {title ? <p className="bo-notice__title">{title}</p> : null}
      {children}
    </div>
  );
}

interface Toast {
  id: number;
  tone: NoticeTone;
  text: string;
}

type Notify = (text: string, tone?: NoticeTone) => void;

const ToastContext = createContext<Notify>(() => undefined);

/** How long a toast stays: long enough to read twice. */
const TOAST_MS = 6000;

/**
 * Short confirmations after an action ('Role changed.'): one polite live region in a corner, each
 * message gone after a few seconds or when dismissed. `useToast()` gives `notify(text, tone)`.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const notify = useCallback<Notify>(
    (text, tone = 'success') => {
      const id = next.current++;
      setToasts((list) => [...list.slice(-2), { id, tone, text }]);
      window.setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="bo-toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`bo-toast bo-notice--${toast.tone}`}>
            <span>{toast.text}</span>
            <button type="button" className="bo-toast__close" onClick={() => dismiss(toast.id)} aria-label="Dismiss">
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = (): Notify => useContext(ToastContext);
