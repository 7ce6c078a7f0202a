import ButtonBase, { type ButtonBaseProps } from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ElementType, ReactElement, Ref } from 'react';
import { BREAKPOINT_MOBILE, PILL_HEIGHT_DESKTOP, PILL_HEIGHT_MOBILE } from '../../shared/constants';

/**
 * A filter pill (spec §1, §9): what MUI's clickable Chip draws, outlined or (selected) filled in the primary
 * colour, at the theme's pill height, on MUI's ButtonBase (its ripple and focus ring) without the Chip
 * component, whose code would otherwise be in the first load of every listing page (DESIGN §13,
 * docs/decisions/0005). Chips that are labels, not pills, stay MUI Chips.
 */
/** What MUI's Chip draws for every chip, pill or tag: a rounded inline box, one line, at `height` (the phone's pill height on phones). */
export const chipBaseSx = (theme: Theme, height: number) => ({
  maxWidth: '100%',
  fontFamily: theme.typography.fontFamily,
  fontSize: theme.typography.pxToRem(13),
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  height,
  borderRadius: `${height / 2}px`,
  [`@media (max-width: ${BREAKPOINT_MOBILE - 0.05}px)`]: { height: PILL_HEIGHT_MOBILE, borderRadius: `${PILL_HEIGHT_MOBILE / 2}px` },
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
  boxSizing: 'border-box' as const,
});

const pillSx = (selected: boolean) => (theme: Theme) => ({
  ...chipBaseSx(theme, PILL_HEIGHT_DESKTOP),
  transition: theme.transitions.create(['background-color', 'box-shadow']),
  outline: 0,
  textDecoration: 'none',
  padding: 0,
  userSelect: 'none',
  WebkitTapHighlightColor: 'transparent',
  cursor: 'pointer',
  '&:active': { boxShadow: theme.shadows[1] },
  '& > .MuiSvgIcon-root': { marginLeft: selected ? '5px' : '4px', marginRight: '-6px', color: selected ? 'inherit' : theme.palette.grey[300] },
  '& > .kuda-pill-label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', px: selected ? '12px' : '11px' },
  ...(selected
    ? { color: theme.palette.primary.contrastText, backgroundColor: theme.palette.primary.main, border: 0, '&:hover': { backgroundColor: theme.palette.primary.dark } }
    : {
        color: theme.palette.text.primary,
        backgroundColor: 'transparent',
        border: `1px solid ${theme.palette.grey[700]}`,
        '&:hover': { backgroundColor: theme.palette.action.hover },
      }),
});

export type PillProps = Omit<ButtonBaseProps, 'children' | 'ref'> & {
  ref?: Ref<HTMLElement>;
  label: string;
  icon?: ReactElement;
  selected: boolean;
  component?: ElementType;
  to?: string;
  preventScrollReset?: boolean;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
  'data-selected'?: boolean;
};

// ButtonBase's types cannot follow a `component` chosen at run time (a router link or a button).
const Base = ButtonBase as ElementType;

export function Pill({ label, icon, selected, sx, ...props }: PillProps) {
  return (
    <Base {...props} sx={[pillSx(selected), ...(Array.isArray(sx) ? sx : [sx])]}>
      {icon}
      <span className="kuda-pill-label">{label}</span>
    </Base>
  );
}
