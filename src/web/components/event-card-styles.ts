import type { Theme } from '@mui/material/styles';
import { focusRing, pressedOverlay, svgIconStyles } from '../lib/theme';
import { chipBaseSx } from './pill';

/**
 * The lighter overlay MUI's dark theme gives a Paper at elevation 1 (`alpha('#fff', getOverlayAlpha(1))`;
 * event-card.test.tsx checks it against MUI and the theme's mode).
 */
export const CARD_OVERLAY = 'linear-gradient(rgba(255, 255, 255, 0.051), rgba(255, 255, 255, 0.051))';

/** The class of each part of an event card (event-card.tsx); their look is `eventCardStyles`. */
export const CARD = {
  root: 'kuda-card',
  link: 'kuda-card-link',
  media: 'kuda-card-media',
  body: 'kuda-card-body',
  kicker: 'kuda-card-kicker',
  category: 'kuda-card-category',
  title: 'kuda-card-title',
  meta: 'kuda-card-meta',
  note: 'kuda-card-note',
  foot: 'kuda-card-foot',
  price: 'kuda-card-price',
  reservable: 'kuda-card-reservable',
  icon: 'kuda-card-icon',
  tag: 'kuda-card-tag',
} as const;

/** A card's tag in a status colour (`data-color`); without one it is outlined ("+ 3 more dates"). */
const TAG_COLORS = ['error', 'warning', 'info'] as const;
export type CardTagColor = (typeof TAG_COLORS)[number];

const typography = (theme: Theme, variant: 'h3' | 'body2' | 'overline') => ({ margin: 0, ...theme.typography[variant] });

/**
 * What MUI's elevated Paper, CardActionArea, Box, Stack, Typography, SvgIcon and small Chip drew for a card,
 * written once as the page's styles (entry.server.tsx draws them with MUI's baseline, on the server only).
 * A listing has up to sixty cards, and each of those components resolved and serialised its styles again
 * for every card while the page hydrated, and wrote its class names into the HTML (two thirds of a home
 * page's styled elements; the script time saved was smaller than that share: docs/performance.md, "the
 * cards drawn by classes"). The card is now plain elements with these classes.
 *
 * The link's highlight (CardActionArea's hover and keyboard-focus overlay) is its `::after`; a tap shows the
 * same overlay while pressed, where MUI drew a ripple. The focus ring is the app's own (lib/theme.ts), drawn
 * inside the card, which clips what overflows it.
 */
export function eventCardStyles(theme: Theme) {
  const secondary = theme.palette.text.secondary;
  return {
    [`.${CARD.root}`]: {
      backgroundColor: theme.palette.background.paper,
      color: theme.palette.text.primary,
      transition: theme.transitions.create('box-shadow'),
      borderRadius: theme.shape.borderRadius,
      overflow: 'hidden',
      height: '100%',
      display: 'flex',
      position: 'relative',
      boxShadow: theme.shadows[1],
      backgroundImage: CARD_OVERLAY,
    },
    [`.${CARD.link}`]: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'stretch',
      justifyContent: 'flex-start',
      position: 'relative',
      boxSizing: 'border-box',
      width: '100%',
      textAlign: 'inherit',
      borderRadius: 'inherit',
      color: 'inherit',
      textDecoration: 'none',
      verticalAlign: 'middle',
      cursor: 'pointer',
      userSelect: 'none',
      WebkitTapHighlightColor: 'transparent',
      outline: 0,
      '&::after': pressedOverlay(theme),
      '&:hover::after': { opacity: theme.palette.action.hoverOpacity },
      '@media (hover: none)': { '&:hover::after': { opacity: 0 } },
      '&:active::after': { opacity: theme.palette.action.focusOpacity },
      '&:focus-visible': { ...focusRing, outlineOffset: -focusRing.outlineOffset },
      '&:focus-visible::after': { opacity: theme.palette.action.focusOpacity },
    },
    [`.${CARD.media}`]: { display: 'block', width: '100%', aspectRatio: '1200 / 630', height: 'auto', objectFit: 'cover' },
    [`.${CARD.root}[data-cancelled] .${CARD.media}`]: { filter: 'grayscale(0.8)' },
    [`.${CARD.body}`]: { padding: theme.spacing(2), flex: 1, display: 'flex', flexDirection: 'column', gap: theme.spacing(0.5) },
    [`.${CARD.kicker}`]: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: theme.spacing(1), minHeight: 0 },
    [`.${CARD.category}`]: { ...typography(theme, 'overline'), display: 'block', lineHeight: 1.6, color: secondary },
    [`.${CARD.title}`]: { ...typography(theme, 'h3'), overflowWrap: 'anywhere' },
    [`.${CARD.root}[data-cancelled] .${CARD.title}`]: { textDecoration: 'line-through' },
    [`.${CARD.meta}`]: { ...typography(theme, 'body2'), color: secondary },
    [`.${CARD.note}`]: { color: theme.palette.warning.dark, fontWeight: 600 },
    [`.${CARD.foot}`]: { display: 'flex', alignItems: 'center', columnGap: theme.spacing(1), marginTop: 'auto', paddingTop: theme.spacing(0.5) },
    [`.${CARD.price}`]: { ...typography(theme, 'body2'), color: theme.palette.primary.main, fontWeight: 600 },
    [`.${CARD.reservable}`]: {
      ...typography(theme, 'body2'),
      color: theme.palette.success.main,
      display: 'inline-flex',
      alignItems: 'center',
      gap: theme.spacing(0.5),
    },
    // SvgIcon at `fontSize="inherit"`.
    [`.${CARD.icon}`]: { ...svgIconStyles(theme), fontSize: 'inherit' },
    // MUI's small Chip, at the pill height on phones as the theme's pill rule draws it there.
    [`.${CARD.tag}`]: {
      ...chipBaseSx(theme, 24),
      fontWeight: 600,
      color: theme.palette.text.primary,
      border: `1px solid ${theme.palette.grey[700]}`,
      '& > span': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', paddingInline: 7 },
    },
    // "+ 3 more dates" sits in the card's column at its own width; a status sits in the kicker's row.
    [`.${CARD.body} > .${CARD.tag}`]: { alignSelf: 'flex-start' },
    ...Object.fromEntries(
      TAG_COLORS.map((color) => [
        `.${CARD.tag}[data-color="${color}"]`,
        { color: theme.palette[color].contrastText, backgroundColor: theme.palette[color].main, border: 0, '& > span': { paddingInline: 8 } },
      ]),
    ),
  };
}
