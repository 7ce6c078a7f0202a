import { createTheme, type Theme } from '@mui/material/styles';
import {
  BREAKPOINT_MOBILE,
  BREAKPOINT_TABLET,
  PILL_HEIGHT_DESKTOP,
  PILL_HEIGHT_MOBILE,
} from '../../shared/constants';
import { BRAND_PRIMARY, BRAND_PRIMARY_CONTRAST } from '../../shared/brand';

/**
 * The keyboard focus ring (WCAG 2.2 focus appearance): 2px, solid, 2px off the control. Light blue rather
 * than the amber primary, so it stands apart from amber buttons and selected pills; it keeps more than 3:1
 * against every surface of the dark theme (theme.test.ts measures it).
 */
export const FOCUS_RING_COLOR = '#9ad2ff';
/** The ring itself, for the rare field that draws it on a box of its own (the pre-hydration search field). */
export const focusRing = { outlineStyle: 'solid', outlineColor: FOCUS_RING_COLOR, outlineWidth: 2, outlineOffset: 2 } as const;

/**
 * The overlay a pressed (or hovered, or focused) control shows, as its `::after`: where MUI drew a ripple.
 * The control is positioned and gives the overlay its shape (`border-radius`).
 */
export const pressedOverlay = (theme: Theme) => ({
  content: '""',
  position: 'absolute',
  inset: 0,
  borderRadius: 'inherit',
  pointerEvents: 'none',
  backgroundColor: 'currentcolor',
  opacity: 0,
  transition: theme.transitions.create('opacity', { duration: 250 }),
});

/** What MUI's SvgIcon draws around its path: a square of the font's size, filled in the text's colour. */
export const svgIconStyles = (theme: Theme) => ({
  userSelect: 'none',
  width: '1em',
  height: '1em',
  display: 'inline-block',
  flexShrink: 0,
  fill: 'currentColor',
  transition: theme.transitions.create('fill', { duration: theme.transitions.duration.shorter }),
});

/** Dark theme (spec §1) with the spec's breakpoints: phones below 768px, tablets below 932px. */
export const theme = createTheme({
  // One ring for every MUI control on its keyboard focus (`Mui-focusVisible`); MUI insets it where a parent clips.
  focusVisible: focusRing,
  palette: {
    mode: 'dark',
    primary: { main: BRAND_PRIMARY, contrastText: BRAND_PRIMARY_CONTRAST },
    secondary: { main: '#7cc4ff' },
    background: { default: '#0f1115', paper: '#171a21' },
    success: { main: '#5fd38d' },
    warning: { main: '#ffb547' },
    error: { main: '#ff7a7a' },
    info: { main: '#7cc4ff' },
  },
  breakpoints: { values: { xs: 0, sm: BREAKPOINT_MOBILE, md: BREAKPOINT_TABLET, lg: 1200, xl: 1536 } },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.35rem', fontWeight: 700 },
    h3: { fontSize: '1.1rem', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // The same ring on what is not an MUI control (plain links, the skip link, native elements). Zero
        // specificity: a component's own focus style still wins where it has one.
        ':where(:focus-visible)': focusRing,
      },
    },
    // Text fields, selects and the search box: the field's box carries the ring, since the inner <input> is
    // borderless and clipped by it.
    MuiInputBase: { styleOverrides: { root: { '&:has(:focus-visible)': focusRing } } },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiChip: {
      styleOverrides: {
        root: {
          height: PILL_HEIGHT_DESKTOP,
          borderRadius: PILL_HEIGHT_DESKTOP / 2,
          [`@media (max-width: ${BREAKPOINT_MOBILE - 0.05}px)`]: {
            height: PILL_HEIGHT_MOBILE,
            borderRadius: PILL_HEIGHT_MOBILE / 2,
          },
        },
      },
    },
  },
});
