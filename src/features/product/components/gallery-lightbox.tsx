/**
 * The gallery's full-screen view (yet-another-react-lightbox), in its own chunk: swipe, arrow keys,
 * Escape to close, and focus back on the picture that opened it.
 */
import { useEffect } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/plugins/counter.css';
import 'yet-another-react-lightbox/styles.css';

interface GalleryLightboxProps {
  images: readonly GalleryImage[];
  index: number;
  onView: (index: number) => void;
  onClose: () => void;
}

import { GALLERY, sizedImage, type GalleryImage } from '../images';

/**
 * Keeps Tab and Shift+Tab inside the open lightbox (it is a modal view, but the library lets
 * focus walk out to the page behind it).
 */
function useFocusTrap() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const root = document.querySelector<HTMLElement>('.yarl__root');
      if (!root) return;
      const focusable = [...root.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex]:not([tabindex="-1"])')].filter((element) => element.offsetParent !== null);
      if (focusable.length === 0) return;
      const at = focusable.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (at <= 0 ? focusable.length - 1 : at - 1) : at === -1 || at === focusable.length - 1 ? 0 : at + 1;
      event.preventDefault();
      focusable[next]?.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}

export default function GalleryLightbox({ images, index, onView, onClose }: GalleryLightboxProps) {
  useFocusTrap();
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      on={{ view: ({ index: viewed }) => onView(viewed) }}
      slides={images.map((image) => ({ src: sizedImage(image.src, GALLERY), alt: image.alt }))}
      plugins={[Counter]}
      carousel={{ finite: images.length < 2 }}
      controller={{ closeOnBackdropClick: true }}
      render={images.length < 2 ? { buttonPrev: () => null, buttonNext: () => null } : {}}
      labels={{
        Previous: 'Previous photo',
        Next: 'Next photo',
        Close: 'Close full-screen photos',
        Lightbox: 'Full-screen photos',
        'Photo gallery': 'Photos',
        Carousel: 'photos',
        Slide: 'photo',
        '{index} of {total}': 'Photo {index} of {total}',
      }}
    />
  );
}
