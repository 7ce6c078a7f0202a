import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One titled section of the profile page; `danger` marks the deletion zone. */
export function ProfileSection({ id, title, description, danger = false, children }: { id: string; title: string; description?: ReactNode; danger?: boolean; children: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, borderColor: danger ? 'error.dark' : 'divider', scrollMarginTop: 80 }}
    >
      <Stack spacing={2}>
        <div>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, color: danger ? 'error.light' : 'text.primary' }}>
            {title}
          </Typography>
          {description ? (
            <Typography color="textSecondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
