import type { Theme } from '@mui/material/styles';
import { focusRing, pressedOverlay, svgIconStyles } from '../../lib/theme';

/** The heart's class and its icon's (save-button.tsx); their look is `saveHeartStyles`. */
export const SAVE_HEART = { root: 'kuda-save-heart', icon: 'kuda-save-heart-icon' } as const;

/**
 * What MUI's medium IconButton (ButtonBase's reset, its size and round shape) and SvgIcon drew for the heart
 * on an event card, with the card's own look over it (the paper background, elevation 1, the colour of its
 * state), written once as the page's styles (entry.server.tsx draws them beside the cards'). A listing has a
 * heart on each of up to sixty cards, and each IconButton resolved its styles, its ripple and its focus
 * handling again for every one of them. A tap shows a pressed overlay where MUI drew a ripple.
 */
export function saveHeartStyles(theme: Theme) {
  return {
    [`.${SAVE_HEART.root}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      boxSizing: 'border-box',
      WebkitTapHighlightColor: 'transparent',
      outline: 0,
      border: 0,
      margin: 0,
      cursor: 'pointer',
      userSelect: 'none',
      verticalAlign: 'middle',
      appearance: 'none',
      textAlign: 'center',
      flex: '0 0 auto',
      fontSize: theme.typography.pxToRem(24),
      padding: 8,
      borderRadius: '50%',
      position: 'absolute',
      top: 8,
      right: 8,
      zIndex: 1,
      backgroundColor: theme.palette.background.paper,
      boxShadow: theme.shadows[1],
      color: theme.palette.text.secondary,
      transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
      '&[aria-pressed="true"]': { color: theme.palette.error.main },
      '&::after': pressedOverlay(theme),
      '&:active::after': { opacity: theme.palette.action.focusOpacity },
      '&:focus-visible': focusRing,
    },
    // SvgIcon at its medium size, the button's font size.
    [`.${SAVE_HEART.icon}`]: { ...svgIconStyles(theme), fontSize: 'inherit' },
  };
}
