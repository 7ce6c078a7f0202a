import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The centred card every sign-in screen sits in (≤ 440px wide). */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, sm: 6 } }}>
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 440, p: { xs: 2.5, sm: 4 }, borderRadius: 3, bgcolor: 'background.paper' }}
      >
        <Stack spacing={3}>
          <Box>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' }, fontWeight: 700 }}>
              {title}
            </Typography>
            {subtitle ? (
              <Typography color="textSecondary" sx={{ mt: 1 }}>
                {subtitle}
              </Typography>
            ) : null}
          </Box>
          {children}
          {footer ? <Box sx={{ textAlign: 'center' }}>{footer}</Box> : null}
        </Stack>
      </Paper>
    </Box>
  );
}
