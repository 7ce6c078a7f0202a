import { images } from '../db/schema';

/** What a page needs to show an image: its size, crop, alt text, placeholder and derivatives. */
export const imageDisplayColumns = {
  id: images.id,
  width: images.width,
  height: images.height,
  status: images.status,
  focalX: images.focalX,
  focalY: images.focalY,
  alt: images.alt,
  dominantColor: images.dominantColor,
  placeholder: images.placeholder,
  variants: images.variants,
};

/** What the API answers about an image: everything but the private original. */
export const publicImageColumns = {
  ...imageDisplayColumns,
  organizerId: images.organizerId,
  error: images.error,
};
