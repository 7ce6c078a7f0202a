// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Image } from '../../../shared/schemas/catalog';
import { renderAt } from '../../test-support/render';
import { VenueGallery, VenueHeaderPhoto } from './venue-gallery';

afterEach(cleanup);

const photo = (name: string, alt: string): Image => ({
  url: `/media/${name}-1200.jpg`,
  width: 1200,
  height: 630,
  alt,
  variants: [
    { url: `/media/${name}-640.jpg`, format: 'jpeg', width: 640, height: 336, crop: 'full' },
    { url: `/media/${name}-1200.jpg`, format: 'jpeg', width: 1200, height: 630, crop: 'full' },
    { url: `/media/${name}-card.jpg`, format: 'jpeg', width: 640, height: 360, crop: 'card' },
  ],
  dominant_color: '#264653',
  placeholder: null,
});

describe('venue photos on the public page', () => {
  it('draws the first photo as the header, fetched first and never lazily', () => {
    renderAt(<VenueHeaderPhoto image={photo('hall', 'The hall')} />, { path: '/en/venues/hall-1' });
    const header = screen.getByRole('img', { name: 'The hall' });
    expect(header.getAttribute('fetchpriority')).toBe('high');
    expect(header.getAttribute('loading')).toBe('eager');
  });

  it('lists the other photos in order as lazy 16:9 crops, and nothing without any', () => {
    renderAt(<VenueGallery images={[photo('bar', 'The bar'), photo('stage', 'The stage')]} venueName="Gallery" />, { path: '/en/venues/gallery-1' });
    const gallery = screen.getByRole('list', { name: 'Photos of Gallery' });
    const shown = within(gallery).getAllByRole('img');
    expect(shown.map((image) => image.getAttribute('alt'))).toEqual(['The bar', 'The stage']);
    expect(shown.map((image) => image.getAttribute('src'))).toEqual(['/media/bar-card.jpg', '/media/stage-card.jpg']);
    expect(shown.every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);
    cleanup();
    renderAt(<VenueGallery images={[]} venueName="Gallery" />, { path: '/en/venues/gallery-1' });
    expect(screen.queryByRole('list')).toBeNull();
  });
});
