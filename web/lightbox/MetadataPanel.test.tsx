import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { outingRoute } from '../../data/paths.ts';
import { galleryPhotoFromEntry } from '../photos.ts';
import { photos } from '../test/fixtures.tsx';
import { MetadataPanel } from './MetadataPanel.tsx';

const DAY = '2024-05-17';

function panel(outing: string | undefined) {
  const entry = outing === undefined ? photos.duckDrake : { ...photos.duckDrake, outing };
  return render(
    <MemoryRouter>
      <MetadataPanel photo={galleryPhotoFromEntry(entry)} title="Wood Duck" />
    </MemoryRouter>,
  );
}

describe('MetadataPanel', () => {
  it("links the outing of a photo's day when that day is an outing", () => {
    panel(DAY);
    expect(screen.getByTestId('photo-outing').querySelector('a')?.getAttribute('href')).toBe(outingRoute(DAY));
  });

  it('links no outing for a dated photo on none (dated in the future by a wrong camera clock)', () => {
    panel(undefined);
    // The photo keeps its day in its camera details; only the link to a page that does not exist is gone.
    expect(photos.duckDrake.takenOn).toBe(DAY);
    expect(screen.getByRole('complementary', { name: 'Photo details' })).toBeTruthy();
    expect(screen.queryByTestId('photo-outing')).toBeNull();
  });
});
