/**
 * The product gallery (SPEC §2): the main picture at 862×520, thumbnails at 184×115, previous and
 * next, and a full-screen lightbox. The first picture is the page's largest paint, so it loads at
 * once with high priority and its box is sized before it arrives; the lightbox's code loads only
 * when someone opens it.
 */
import { Suspense, useRef, useState } from 'react';
import { PLACEHOLDER_IMAGE } from '../../../shared/product/product-image';
import { GALLERY, sizedImage, sizeOf, THUMBNAIL, type GalleryImage } from '../images';
import styles from './gallery.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const GalleryLightbox = lazyWhenOnline(() => import('./gallery-lightbox'));

interface GalleryProps {
  images: readonly GalleryImage[];
  /** What the pictures show, for their labels when one has no alt text. */
  name: string;
}

/** Falls back to the placeholder once (SPEC §2), then stays on it. */
function onImageError(event: React.SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(PLACEHOLDER_IMAGE)) image.src = PLACEHOLDER_IMAGE;
}

export function Gallery({ images, name }: GalleryProps) {
  const [selected, setSelected] = useState(0);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const mainButton = useRef<HTMLButtonElement>(null);
  const shown = images.length > 0 ? images : [{ src: PLACEHOLDER_IMAGE, alt: name }];
  const index = Math.min(selected, shown.length - 1);
  const current = shown[index] ?? shown[0];
  const count = shown.length;
  const step = (by: number) => setSelected((index + by + count) % count);

  return (
    <div className={styles.gallery}>
      <div className={styles.stage}>
        <button
          ref={mainButton}
          type="button"
          className={styles.main}
          onClick={() => setLightboxOpen(true)}
          // Warm the lightbox's code as the pointer or focus arrives, so the click opens it at once.
          onPointerEnter={() => void import('./gallery-lightbox')}
          onFocus={() => void import('./gallery-lightbox')}
          aria-label={`Enlarge photo ${index + 1} of ${count}: ${current?.alt || name}`}
        >
          <img
            key={current?.src}
            src={sizedImage(current?.src ?? PLACEHOLDER_IMAGE, GALLERY)}
            alt=""
            width={sizeOf(GALLERY).width}
            height={sizeOf(GALLERY).height}
            loading="eager"
            fetchPriority={index === 0 ? 'high' : 'auto'}
            className={styles.mainImage}
            onError={onImageError}
          />
          <span className={styles.zoom} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
              <circle cx="10.5" cy="10.5" r="6.5" />
              <path d="M15.5 15.5 21 21M10.5 7.5v6M7.5 10.5h6" />
            </svg>
          </span>
        </button>
        {count > 1 ? (
          <>
            <button type="button" className={`${styles.arrow} ${styles.previous}`} onClick={() => step(-1)} aria-label="Previous photo">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => step(1)} aria-label="Next photo">
              <span aria-hidden="true">›</span>
            </button>
            {/* The pictures carry their own captions in the corners; the position is announced only. */}
            <p className="visually-hidden" aria-live="polite">
              Photo {index + 1} of {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className={styles.thumbs} role="list" aria-label="Photos">
          {shown.map((image, position) => (
            <li key={`${position}-${image.src}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Show photo ${position + 1}`}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => setSelected(position)}
              >
                <img
                  src={sizedImage(image.src, THUMBNAIL)}
                  alt=""
                  width={sizeOf(THUMBNAIL).width}
                  height={sizeOf(THUMBNAIL).height}
                  loading="lazy"
                  decoding="async"
                  onError={onImageError}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {lightboxOpen ? (
        <Suspense fallback={null}>
          <GalleryLightbox
            images={shown}
            index={index}
            onView={setSelected}
            onClose={() => {
              setLightboxOpen(false);
              // Back to the picture that opened it, as a dialog returns focus to its opener.
              window.requestAnimationFrame(() => mainButton.current?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
