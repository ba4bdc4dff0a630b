/**
 * Issue 31: the full-screen viewfinder a camera button opens (loaded on the first press). The
 * back camera's picture with a guide the shape of a number plate (or of a label); the guide's
 * part of each frame goes to the reader (a worker), and a registration is taken only when two
 * frames in a row agree. It is shown for the person to take or try again, never searched by
 * itself. A part number from a label goes into the field at once (its suggestions open).
 *
 * Without a camera, without permission, or where the browser cannot, 'Take a photo' opens the
 * phone's camera app (or a file) and reads the photo the same way. The camera stops when the
 * viewfinder closes, when the app is hidden and after 60 seconds. Nothing leaves the phone.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { agreedReading } from '../../domain/number-plates';
import { readStored, writeStored } from '../storage';
import { createReader, type Reader, type Reading } from './reader';
import { PLATE_ASPECT, PLATE_READ_WIDTH, type Pixels } from './prepare-image';
import styles from './viewfinder.module.css';

/** The camera runs at most this long at a time (battery, heat). */
const CAMERA_LIMIT_MS = 60_000;
/** A label's crop is read at this width. */
const LABEL_READ_WIDTH = 800;
/** A photo is read at most this wide. */
const PHOTO_READ_WIDTH = 1280;
/** Frames in a row that must agree on a registration. */
const FRAMES_AGREEING = 2;
const IOS_NOTE_KEY = 'camera-ios-note-shown';

type Phase =
  | { name: 'starting' }
  | { name: 'live' }
  | { name: 'stopped'; why: 'time' | 'hidden' }
  | { name: 'no-camera'; why: 'denied' | 'unavailable' }
  | { name: 'reading-photo' }
  | { name: 'photo-unread' }
  | { name: 'found'; reading: Reading };

export interface ViewfinderProps {
  kind: 'plate' | 'label';
  /** The reading the person takes; the viewfinder is to close. */
  onRead: (value: string) => void;
  /** Closed without a reading (the close button, Escape, 'Type it instead'). */
  onClose: () => void;
}

/** The guide within the video frame, in the frame's pixels: centred, 80 % of its width. */
function guideOf(kind: 'plate' | 'label', width: number, height: number) {
  const w = width * 0.8;
  const h = kind === 'plate' ? w / PLATE_ASPECT : Math.min(height * 0.7, w * 0.62);
  return { x: (width - w) / 2, y: (height - h) / 2, w, h };
}

/** The pixels of a drawable's region, scaled to `width` wide. */
function pixelsOf(source: CanvasImageSource, region: { x: number; y: number; w: number; h: number }, width: number): Pixels | null {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round((region.h * w) / region.w));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, region.x, region.y, region.w, region.h, 0, 0, w, h);
  return context.getImageData(0, 0, w, h);
}

const isInstalledIos = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) && ((navigator as { standalone?: boolean }).standalone === true || window.matchMedia('(display-mode: standalone)').matches);

export default function Viewfinder({ kind, onRead, onClose }: ViewfinderProps) {
  const [phase, setPhase] = useState<Phase>({ name: 'starting' });
  const [run, setRun] = useState(0);
  const [aspect, setAspect] = useState(16 / 9);
  const [iosNote] = useState(() => {
    if (!isInstalledIos() || readStored('local', IOS_NOTE_KEY)) return false;
    writeStored('local', IOS_NOTE_KEY, '1');
    return true;
  });
  const video = useRef<HTMLVideoElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const reader = useRef<Reader | null>(null);
  reader.current ??= createReader(kind);
  const title = kind === 'plate' ? 'Read the number plate' : 'Read the part’s label';

  const take = useCallback(
    (reading: Reading) => {
      if (kind === 'label') {
        // A part number's suggestions open at once: nothing is searched by itself.
        onRead(reading.value);
        return;
      }
      setPhase({ name: 'found', reading });
    },
    [kind, onRead],
  );

  // The camera: started for each run, stopped when the run ends (closing, hiding, 60 s).
  useEffect(() => {
    if (phase.name !== 'starting') return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const recent: ({ registration: string; reading: Reading } | null)[] = [];
    const stop = () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && !stopped) {
        stop();
        setPhase({ name: 'stopped', why: 'hidden' });
      }
    };
    const timer = window.setTimeout(() => {
      if (stopped) return;
      stop();
      setPhase({ name: 'stopped', why: 'time' });
    }, CAMERA_LIMIT_MS);
    document.addEventListener('visibilitychange', onHidden);

    const readFrames = async () => {
      const element = video.current;
      while (!stopped && element) {
        if (element.readyState >= 2 && element.videoWidth > 0) {
          const pixels = pixelsOf(element, guideOf(kind, element.videoWidth, element.videoHeight), kind === 'plate' ? PLATE_READ_WIDTH : LABEL_READ_WIDTH);
          const reading = pixels ? await reader.current?.read(pixels).catch(() => null) : null;
          if (stopped) return;
          recent.push(reading ? { registration: reading.value, reading } : null);
          if (recent.length > FRAMES_AGREEING) recent.shift();
          const agreed = reading?.fromCode ? reading : agreedReading(recent, FRAMES_AGREEING)?.reading;
          if (agreed) {
            stop();
            take(agreed);
            return;
          }
        }
        // The next frame: the reader works in its worker, so the picture keeps moving meanwhile.
        await new Promise((resolve) => window.setTimeout(resolve, 60));
      }
    };

    if (!navigator.mediaDevices?.getUserMedia) {
      setPhase({ name: 'no-camera', why: 'unavailable' });
    } else {
      navigator.mediaDevices
        .getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
        .then(async (media) => {
          if (stopped) {
            media.getTracks().forEach((track) => track.stop());
            return;
          }
          stream = media;
          const element = video.current;
          if (!element) return;
          element.srcObject = media;
          await element.play().catch(() => undefined);
          if (element.videoWidth > 0) setAspect(element.videoWidth / element.videoHeight);
          setPhase({ name: 'live' });
          void readFrames();
        })
        .catch((error: unknown) => {
          if (stopped) return;
          const denied = error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
          setPhase({ name: 'no-camera', why: denied ? 'denied' : 'unavailable' });
        });
    }
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHidden);
      stop();
    };
    // A new run (Try again, Start again) starts the camera anew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run]);

  const again = () => {
    setPhase({ name: 'starting' });
    setRun((n) => n + 1);
  };

  const readPhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhase({ name: 'reading-photo' });
    try {
      const bitmap = await createImageBitmap(file);
      // Where the guide would be first (a photo aimed as the viewfinder is), then the whole photo.
      const guided = pixelsOf(bitmap, guideOf(kind, bitmap.width, bitmap.height), kind === 'plate' ? PLATE_READ_WIDTH : LABEL_READ_WIDTH);
      let reading = guided ? await reader.current?.read(guided) : null;
      if (!reading) {
        const whole = pixelsOf(bitmap, { x: 0, y: 0, w: bitmap.width, h: bitmap.height }, Math.min(PHOTO_READ_WIDTH, bitmap.width));
        reading = whole ? await reader.current?.read(whole, true) : null;
      }
      bitmap.close();
      if (reading) take(reading);
      else setPhase({ name: 'photo-unread' });
    } catch {
      setPhase({ name: 'photo-unread' });
    }
  };

  const guide = guideOf(kind, 100 * aspect, 100);
  const live = phase.name === 'starting' || phase.name === 'live';
  const showPhoto = phase.name === 'no-camera' || phase.name === 'photo-unread' || phase.name === 'stopped' || phase.name === 'reading-photo';

  const status =
    phase.name === 'starting'
      ? 'Starting the camera…'
      : phase.name === 'live'
        ? kind === 'plate'
          ? 'Hold the number plate inside the frame.'
          : 'Hold the label’s barcode or part number inside the frame.'
        : phase.name === 'stopped'
          ? phase.why === 'time'
            ? 'The camera stopped after a minute.'
            : 'The camera stopped while the app was hidden.'
          : phase.name === 'no-camera'
            ? phase.why === 'denied'
              ? 'The camera is not allowed for this site. You can take a photo instead.'
              : 'No camera can be used here. You can take a photo instead.'
            : phase.name === 'reading-photo'
              ? 'Reading the photo…'
              : phase.name === 'photo-unread'
                ? kind === 'plate'
                  ? 'No registration could be read in that photo. Try another, closer and straight on.'
                  : 'No part number could be read in that photo. Try another, closer.'
                : kind === 'plate'
                  ? `Read: ${phase.reading.display}`
                  : `Read: ${phase.reading.display}`;

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content className={styles.screen} aria-describedby="viewfinder-status" onCloseAutoFocus={(event) => event.preventDefault()}>
          <div className={styles.head}>
            <DialogPrimitive.Title className={styles.title}>{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close className={styles.close} aria-label="Close the camera">
              <span aria-hidden="true">×</span>
            </DialogPrimitive.Close>
          </div>
          <div className={styles.stage}>
            <div className={styles.frame} style={{ '--aspect': String(aspect) } as CSSProperties} hidden={!live}>
              <video ref={video} className={styles.video} muted playsInline aria-hidden="true" />
              <div
                className={kind === 'plate' ? `${styles.guide} ${styles.plateGuide}` : styles.guide}
                style={{ left: `${(guide.x / (100 * aspect)) * 100}%`, width: `${(guide.w / (100 * aspect)) * 100}%`, top: `${guide.y}%`, height: `${guide.h}%` }}
                aria-hidden="true"
              />
            </div>
            {phase.name === 'found' ? (
              <p className={styles.found} aria-hidden="true">
                {phase.reading.display}
              </p>
            ) : null}
          </div>
          <div className={styles.panel}>
            <p id="viewfinder-status" className={styles.status} role="status" aria-live="polite">
              {status}
            </p>
            {iosNote ? <p className={styles.note}>On iPhone and iPad the installed app asks to use the camera each time it opens. Allow it to read here; nothing leaves your phone.</p> : null}
            <div className={styles.actions}>
              {phase.name === 'found' ? (
                <>
                  <button
                    type="button"
                    className={styles.primary}
                    onClick={() => onRead(phase.reading.value)}
                  >
                    Use {phase.reading.display}
                  </button>
                  <button type="button" className={styles.secondary} onClick={again}>
                    Try again
                  </button>
                </>
              ) : null}
              {phase.name === 'stopped' ? (
                <button type="button" className={styles.primary} onClick={again}>
                  Start the camera again
                </button>
              ) : null}
              {showPhoto ? (
                <>
                  <button type="button" className={phase.name === 'stopped' ? styles.secondary : styles.primary} onClick={() => photoInput.current?.click()} disabled={phase.name === 'reading-photo'}>
                    Take a photo
                  </button>
                  <input
                    ref={photoInput}
                    className={styles.file}
                    type="file"
                    accept="image/*"
                    capture="environment"
                    tabIndex={-1}
                    aria-hidden="true"
                    onChange={(event) => {
                      void readPhoto(event.target.files?.[0]);
                      event.target.value = '';
                    }}
                  />
                </>
              ) : null}
              <DialogPrimitive.Close className={styles.secondary}>Type it instead</DialogPrimitive.Close>
            </div>
            <p className={styles.privacy}>Read on this phone: no picture is sent anywhere.</p>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
