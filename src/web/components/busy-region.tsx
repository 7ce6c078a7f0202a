import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Content that is being replaced: dimmed and marked busy (assistive technology waits for the new
 * content), so old results never pass for the answer to the new question.
 */
export function BusyRegion({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Box aria-busy={busy} data-testid="busy-region" sx={{ opacity: busy ? 0.45 : 1, transition: 'opacity 150ms ease-out' }}>
      {children}
    </Box>
  );
}
