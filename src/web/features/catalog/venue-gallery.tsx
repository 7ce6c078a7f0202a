import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Image } from '../../../shared/schemas/catalog';
import { ResponsiveImage, type ResponsiveImageData } from '../../components/responsive-image';

/** The page is at most ~1200 px wide; the header photo spans it, a gallery photo a third of it (half on phones). */
const HEADER_SIZES = '(min-width: 1240px) 1200px, 100vw';
const GALLERY_SIZES = '(min-width: 1240px) 400px, (min-width: 600px) 33vw, 50vw';

const drawable = (image: Image): ResponsiveImageData => ({
  width: image.width,
  height: image.height,
  variants: image.variants,
  dominant_color: image.dominant_color ?? null,
  placeholder: image.placeholder ?? null,
});

/** The venue's first photo, drawn first and at once: the page's largest paint. */
export function VenueHeaderPhoto({ image }: { image: Image }) {
  return (
    <ResponsiveImage
      image={drawable(image)}
      alt={image.alt}
      sizes={HEADER_SIZES}
      priority
      style={{ display: 'block', width: '100%', maxHeight: 480, objectFit: 'cover', borderRadius: 12 }}
    />
  );
}

/** The other photos, small and in order (16:9 crops around each focal point), loaded lazily. */
export function VenueGallery({ images, venueName }: { images: Image[]; venueName: string }) {
  const { t } = useTranslation('discovery');
  if (!images.length) return null;
  return (
    <Box
      component="ul"
      aria-label={t('venue.photos', { venue: venueName })}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}
    >
      {images.map((image) => (
        <li key={image.url}>
          <ResponsiveImage image={drawable(image)} alt={image.alt} crop="card" sizes={GALLERY_SIZES} style={{ display: 'block', width: '100%', borderRadius: 8 }} />
        </li>
      ))}
    </Box>
  );
}
