import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * The drawer's separators and group headings, drawn with the styles MUI's Divider and ListSubheader give
 * them, without those components' code in every page's first load (DESIGN §13, docs/decisions/0005).
 */
export function DrawerDivider() {
  return <Box component="hr" sx={{ m: 0, flexShrink: 0, borderWidth: 0, borderStyle: 'solid', borderColor: 'divider', borderBottomWidth: 'thin' }} />;
}

/** A group's heading at the top of its list (a list item, or a div in a plain group), as ListSubheader. */
export function DrawerSubheader({ id, component = 'li', lineHeight = 48, children }: { id: string; component?: 'li' | 'div'; lineHeight?: number; children: ReactNode }) {
  return (
    <Box
      component={component}
      id={id}
      sx={(theme: Theme) => ({
        boxSizing: 'border-box',
        lineHeight: `${lineHeight}px`,
        listStyle: 'none',
        color: 'text.secondary',
        fontFamily: theme.typography.fontFamily,
        fontWeight: theme.typography.fontWeightMedium,
        fontSize: theme.typography.pxToRem(14),
        px: 2,
        position: 'sticky',
        top: 0,
        zIndex: 1,
      })}
    >
      {children}
    </Box>
  );
}
