import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { ACTION_CLOSE, createModule, MODULE_CAROUSEL, MODULE_CONTROLLER, useEvents, type Plugin } from 'yet-another-react-lightbox';

/**
 * False on a stage's first render, true one step later, as a transition. The library mounts its
 * whole tree in one commit, and each level measures its box when it mounts and renders again at
 * once (a state update in the commit, which React finishes in the same task): the controller,
 * then the carousel and its slide. Under a phone's 4x slower CPU, mounted at once, that is one
 * task of 250–300 ms right after the app starts on a photo link. Mounted a level at a time, each
 * level is a task of its own, and a transition's render yields to the browser every few milliseconds.
 */
function useShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown;
}

function Stage({ children }: { children?: ReactNode }) {
  return useShown() ? children : null;
}

/** The controller's stage: until the controller (which handles the keyboard) is there, Escape still closes the lightbox. */
function ControllerStage({ children }: { children?: ReactNode }) {
  const shown = useShown();
  const { publish } = useEvents();
  useEffect(() => {
    if (shown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') publish(ACTION_CLOSE);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [shown, publish]);
  return shown ? children : null;
}

/**
 * Mounts the lightbox in steps: the overlay and the panel, then the controller (toolbar,
 * arrows), then the carousel with the open photo. Last among the plugins, so each stage is the
 * closest parent of its level. The open photo is on screen meanwhile, as the photo link's
 * preview (removed once the lightbox's photo has loaded) or, after a click, within a few frames.
 */
export const Staged: Plugin = ({ addParent }) => {
  addParent(MODULE_CONTROLLER, createModule('stage-controller', ControllerStage));
  addParent(MODULE_CAROUSEL, createModule('stage-carousel', Stage));
};
