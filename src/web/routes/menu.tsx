import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LOCALES, localeFromPath, switchPathLocale } from '../../shared/locales';
import { DrawerContent } from '../app/app-shell';
import { PageMeta } from '../components/page-meta';
import type { Route } from './+types/menu';

/**
 * The page a reader only meets when they tap the menu or language button before the app's JavaScript has
 * run (a slow phone): the hydrated app opens its drawer and menu in place instead. It holds the drawer's
 * links and, for each language, a link to the page they came from in that language.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const from = url.searchParams.get('from') ?? '';
  // Only a path on this site; switchPathLocale keeps any result under "/{lang}/" as well.
  const back = /^\/(?![/\\])/.test(from) ? new URL(from, 'http://kuda.invalid') : null;
  const locale = localeFromPath(url.pathname);
  const pathname = back ? back.pathname : `/${locale}/`;
  return { locale, languages: LOCALES.map((code) => ({ code, href: `${switchPathLocale(pathname, code)}${back?.search ?? ''}` })) };
}

export default function Menu({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, languages } = loaderData;
  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 520 }}>
      <PageMeta title={t('polishShell.menu.title')} />
      <Typography variant="h1">{t('polishShell.menu.title')}</Typography>
      <DrawerContent onNavigate={() => undefined} />
      <Box component="section" id="language" aria-labelledby="menu-language" sx={{ scrollMarginTop: 72 }}>
        <Typography variant="h2" id="menu-language" sx={{ px: 2, mb: 1 }}>
          {t('polishShell.menu.language')}
        </Typography>
        <List component="div">
          {languages.map(({ code, href }) => (
            <ListItemButton key={code} component={RouterLink} to={href} lang={code} hrefLang={code} selected={code === locale} aria-current={code === locale ? 'true' : undefined}>
              <ListItemIcon>{code === locale ? <CheckIcon /> : null}</ListItemIcon>
              <ListItemText primary={t(`language.name.${code}`)} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Stack>
  );
}
