import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocale } from '../lib/use-locale';

/** The admin back office's sections; the current one is the longest path that matches. */
export const ADMIN_SECTIONS = ['dashboard', 'applications', 'review', 'reports', 'taxonomy', 'users', 'audit'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export function adminSectionPath(locale: string, section: AdminSection): string {
  return section === 'dashboard' ? `/${locale}/admin` : `/${locale}/admin/${section}`;
}

/** Counts that need attention, shown beside their sections (from `GET /admin/dashboard`). */
export type AdminAttention = Partial<Record<AdminSection, number>>;

/**
 * Links, not ARIA tabs, as in the organizer workspace: each section is its own page, the current one is
 * marked with aria-current. Scrolls sideways on a phone.
 */
export function AdminNav({ attention }: { attention?: AdminAttention }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const { pathname } = useLocation();
  const current =
    ADMIN_SECTIONS.find((section) => section !== 'dashboard' && pathname.startsWith(adminSectionPath(locale, section))) ?? 'dashboard';
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ display: 'flex', gap: 0.5, overflowX: 'auto', mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {ADMIN_SECTIONS.map((section) => {
        const active = section === current;
        const count = attention?.[section] ?? 0;
        return (
          <Button
            key={section}
            component={Link}
            to={adminSectionPath(locale, section)}
            aria-current={active ? 'page' : undefined}
            color={active ? 'primary' : 'inherit'}
            // Room for the badge, which sits past the label's end.
            sx={{ flexShrink: 0, borderRadius: 0, borderBottom: 2, borderColor: active ? 'primary.main' : 'transparent', fontWeight: active ? 700 : 500, pr: count > 0 ? 2.5 : 1 }}
          >
            <Badge color="secondary" badgeContent={count} invisible={count === 0} sx={{ '& .MuiBadge-badge': { right: -10 } }}>
              {t(`nav.${section}`)}
            </Badge>
          </Button>
        );
      })}
    </Box>
  );
}
