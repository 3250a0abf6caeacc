import { createContext, useContext, type ReactNode } from 'react';
import { ACTION_CLOSE, createModule, useEvents, useLightboxState, MODULE_CONTROLLER, MODULE_NO_SCROLL, type Plugin } from 'yet-another-react-lightbox';
import type { GalleryPhoto } from '../photos.ts';
import { MetadataPanel } from './MetadataPanel.tsx';

declare module 'yet-another-react-lightbox' {
  interface GenericSlide {
    /** The photo a slide shows, for the metadata panel. */
    photo?: GalleryPhoto;
  }
}

/** The page title the panel shows; provided around the lightbox (context crosses its portal). */
export const PanelTitleContext = createContext('');

/** Centres the lightbox in a max-w-7xl column; a click on the margins closes it like the backdrop. */
function Frame({ children }: { children?: ReactNode }) {
  const { publish } = useEvents();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the margins act as the backdrop, which Escape and the close button already cover for the keyboard
    <div
      className="flex h-full w-full justify-center"
      onClick={(event) => {
        if (event.target === event.currentTarget) publish(ACTION_CLOSE);
      }}
    >
      <div className="relative h-full w-full max-w-7xl">{children}</div>
    </div>
  );
}

/** The image area (controller: slide, toolbar, arrows) with the panel beside it, below it on narrow screens. */
function MetadataLayout({ children }: { children?: ReactNode }) {
  const { currentSlide } = useLightboxState();
  const title = useContext(PanelTitleContext);
  const photo = currentSlide?.photo;
  return (
    <div className="flex h-full w-full flex-col lg:flex-row">
      <div className="relative min-h-0 min-w-0 flex-1">{children}</div>
      <MetadataPanel key={photo?.key} photo={photo} title={title} />
    </div>
  );
}

/**
 * Our metadata plugin, built like the library's Captions and Counter plugins.
 * Resulting tree: NoScroll > Frame > (Fullscreen > Thumbnails >) MetadataLayout > Controller,
 * so the panel sits above the thumbnails strip and inside the fullscreen area.
 */
export const Metadata: Plugin = ({ addParent, append }) => {
  addParent(MODULE_CONTROLLER, createModule('metadata', MetadataLayout));
  append(MODULE_NO_SCROLL, createModule('frame', Frame));
};
