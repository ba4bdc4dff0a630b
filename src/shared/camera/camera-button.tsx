/**
 * Issue 31: the camera button of a registration or part-number field, loaded after hydration by
 * camera-slot.tsx (so nothing of it is in a page's first download); the viewfinder with every
 * reader loads only when it is first pressed. Drawn only where reading can work at all (a Web
 * Worker and WebAssembly): the viewfinder itself falls back from the camera to a photo.
 */
import { Suspense, useRef, useState } from 'react';
import styles from './camera-button.module.css';
import { lazyWhenOnline } from '../lazy-when-online';

const Viewfinder = lazyWhenOnline(() => import('./viewfinder'));

export interface CameraButtonProps {
  /** A registration from a number plate, or a part number from a label. */
  kind: 'plate' | 'label';
  /** What was read, once the person takes it (the viewfinder has closed; focus the field). */
  onRead: (value: string) => void;
  className?: string;
}

const canRead = () => typeof Worker === 'function' && typeof WebAssembly === 'object';

export default function CameraButton({ kind, onRead, className }: CameraButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!canRead()) return null;
  const label = kind === 'plate' ? 'Read the registration with the camera' : 'Read the part number with the camera';
  return (
    <>
      <button ref={button} type="button" className={className ? `${styles.button} ${className}` : styles.button} aria-label={label} title={label} onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M9 3 7.2 5H4a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9Zm3 5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z" />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <Viewfinder
            kind={kind}
            onRead={(value) => {
              setOpen(false);
              // After the viewfinder has gone: the field takes the reading and the focus.
              window.setTimeout(() => onRead(value), 0);
            }}
            onClose={() => {
              setOpen(false);
              window.setTimeout(() => button.current?.focus(), 0);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
