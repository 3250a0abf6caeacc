import Lightbox, { type SlideImage } from 'yet-another-react-lightbox';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';
import './lightbox.css';
import { imageUrl } from '../assets.ts';
import { photoAlt, type GalleryPhoto } from '../photos.ts';
import { Metadata, PanelTitleContext } from './metadata-plugin.tsx';
import { usePhotoNavigation } from './photo-param.ts';

/** The overlay colour (rgba(0,0,0,0.8)) is in lightbox.css; the portal fades it in. */
const FADE_MS = 300;

export function toSlide(photo: GalleryPhoto): SlideImage {
  return {
    src: imageUrl(photo.full.path),
    alt: photoAlt(photo),
    width: photo.full.width,
    height: photo.full.height,
    thumbnail: imageUrl(photo.thumbnail.path),
    photo,
  };
}

interface PhotoLightboxProps {
  photos: readonly GalleryPhoto[];
  index: number;
  title: string;
}

/** The lightbox of a page's photos; which one is open comes from the URL. No Slideshow plugin: no autoplay. */
export default function PhotoLightbox({ photos, index, title }: PhotoLightboxProps) {
  const { show, close } = usePhotoNavigation();
  return (
    <PanelTitleContext.Provider value={title}>
      <Lightbox
        open
        index={index}
        slides={photos.map(toSlide)}
        close={close}
        on={{
          view: ({ index: viewed }) => {
            const photo = photos[viewed];
            if (photo) show(photo.key);
          },
        }}
        plugins={[Fullscreen, Thumbnails, Zoom, Metadata]}
        labels={{ Close: 'Close modal' }}
        animation={{ fade: FADE_MS }}
        controller={{ closeOnBackdropClick: true }}
        // With two photos an endless carousel would show one of them twice in the thumbnails strip.
        carousel={{ finite: photos.length <= 2 }}
        render={photos.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : {}}
        thumbnails={{ width: 96, height: 64, border: 0, gap: 8, padding: 0, vignette: true }}
      />
    </PanelTitleContext.Provider>
  );
}
