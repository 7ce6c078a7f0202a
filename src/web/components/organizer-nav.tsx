import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocale } from '../lib/use-locale';

/** The organizer workspace's sections; the current one is the longest path that matches. */
export const ORGANIZER_SECTIONS = ['reservations', 'events', 'venues', 'team', 'door'] as const;
export type OrganizerSection = (typeof ORGANIZER_SECTIONS)[number];

export function organizerSectionPath(locale: string, section: OrganizerSection): string {
  return section === 'reservations' ? `/${locale}/organizer` : `/${locale}/organizer/${section}`;
}

/**
 * Links, not ARIA tabs: each section is its own page, so the current one is marked with aria-current
 * (a tablist would promise tab panels on this page). Scrolls sideways on a phone.
 */
export function OrganizerNav() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  const current =
    ORGANIZER_SECTIONS.find((section) => section !== 'reservations' && pathname.startsWith(organizerSectionPath(locale, section))) ??
    'reservations';
  return (
    <Box
      component="nav"
      aria-label={t('workspace:nav.label')}
      sx={{ display: 'flex', gap: 0.5, overflowX: 'auto', mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {ORGANIZER_SECTIONS.map((section) => {
        const active = section === current;
        return (
          <Button
            key={section}
            component={Link}
            to={organizerSectionPath(locale, section)}
            aria-current={active ? 'page' : undefined}
            color={active ? 'primary' : 'inherit'}
            sx={{
              flexShrink: 0,
              borderRadius: 0,
              borderBottom: 2,
              borderColor: active ? 'primary.main' : 'transparent',
              fontWeight: active ? 700 : 500,
            }}
          >
            {t(`workspace:nav.${section}`)}
          </Button>
        );
      })}
    </Box>
  );
}
