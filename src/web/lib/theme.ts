import { createTheme } from '@mui/material/styles';
import {
  BREAKPOINT_MOBILE,
  BREAKPOINT_TABLET,
  PILL_HEIGHT_DESKTOP,
  PILL_HEIGHT_MOBILE,
} from '../../shared/constants';
import { BRAND_PRIMARY, BRAND_PRIMARY_CONTRAST } from '../../shared/brand';

/** Dark theme (spec §1) with the spec's breakpoints: phones below 768px, tablets below 932px. */
export const theme = createTheme({
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
