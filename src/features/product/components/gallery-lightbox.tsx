/**
 * The gallery's full-screen view (yet-another-react-lightbox), in its own chunk: swipe, arrow keys,
 * Escape to close, and focus back on the picture that opened it.
 */
import Lightbox from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/plugins/counter.css';
import 'yet-another-react-lightbox/styles.css';
import type { GalleryImage } from './gallery';

interface GalleryLightboxProps {
  images: readonly GalleryImage[];
  index: number;
  onView: (index: number) => void;
  onClose: () => void;
}

import { GALLERY, sizedImage } from '../images';

export default function GalleryLightbox({ images, index, onView, onClose }: GalleryLightboxProps) {
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
