import { BREAKPOINT_MOBILE } from '../../shared/constants';

/**
 * The theme makes every chip a 40–50px filter pill (spec §9). Labels (statuses, modes) are not pills:
 * this keeps them small at every width, the theme's phone rule included.
 */
export function labelChipSx(height: number) {
  const shape = { height, borderRadius: `${height / 2}px` };
  return { ...shape, [`@media (max-width: ${BREAKPOINT_MOBILE - 0.05}px)`]: shape };
}
