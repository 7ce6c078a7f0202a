import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';
import { BREAKPOINT_TABLET, DRAWER_WIDTH } from '../../shared/constants';

/**
 * The phone and tablet drawer: a modal sheet, loaded when the reader first reaches for the menu button, so
 * that MUI's modal is not part of the first page load. (The desktop drawer is in the page from the start.)
 */
export default function MobileDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer
      id="app-drawer"
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{ [`@media (min-width: ${BREAKPOINT_TABLET}px)`]: { display: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      data-testid="drawer-mobile"
    >
      {children}
    </Drawer>
  );
}
