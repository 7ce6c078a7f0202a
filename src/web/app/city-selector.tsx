import CheckIcon from '@mui/icons-material/Check';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { cityChoiceHref } from '../lib/city-choice';
import { useRootData } from '../lib/root-data';
import { useLocale } from '../lib/use-locale';

/**
 * The app bar's city (issue 11): which city the pages show, and the way to choose another. A native
 * disclosure (details/summary) of plain links: it opens, and a choice is remembered by the server
 * (routes/city.tsx), before hydration and without JavaScript.
 */
export function CitySelector() {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const root = useRootData();
  const details = useRef<HTMLDetailsElement | null>(null);
  const cities = root?.cities ?? [];
  if (cities.length < 2) return null;
  const current = cities.find((city) => city.slug === root?.city) ?? null;
  const back = `${pathname}${search}`;
  const choices = [{ slug: null, name: t('whenCity.allCities') }, ...cities];
  return (
    <Box
      component="details"
      ref={details}
      data-testid="city-selector"
      // Closes when focus or a tap moves elsewhere (after hydration; without JavaScript the summary closes it).
      onBlur={(event: React.FocusEvent<HTMLElement>) => {
        if (details.current && !details.current.contains(event.relatedTarget as Node | null)) details.current.open = false;
      }}
      sx={{ position: 'relative', mr: 0.5, '& > summary::-webkit-details-marker': { display: 'none' } }}
    >
      <Box
        component="summary"
        aria-label={t('whenCity.chooseCity', { city: current?.name ?? t('whenCity.allCities') })}
        data-testid="city-selector-toggle"
        sx={{
          listStyle: 'none',
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          minHeight: 40,
          px: 1,
          borderRadius: 20,
          cursor: 'pointer',
          fontWeight: 600,
          fontSize: '0.875rem',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <PlaceIcon fontSize="small" aria-hidden />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, whiteSpace: 'nowrap' }}>
          {current?.name ?? t('whenCity.allCities')}
        </Box>
      </Box>
      <Box
        component="ul"
        aria-label={t('whenCity.cities')}
        sx={{
          position: 'absolute',
          right: 0,
          top: '100%',
          mt: 0.5,
          p: 0.5,
          listStyle: 'none',
          minWidth: 180,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          boxShadow: 8,
          zIndex: (theme) => theme.zIndex.modal,
        }}
      >
        {choices.map((choice) => {
          const selected = (current?.slug ?? null) === choice.slug;
          return (
            <li key={choice.slug ?? 'all'}>
              <Box
                component="a"
                href={cityChoiceHref(locale, choice.slug, back)}
                aria-current={selected ? 'true' : undefined}
                data-testid={`city-choice-${choice.slug ?? 'all'}`}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  minHeight: 40,
                  px: 1.5,
                  borderRadius: 1,
                  color: 'text.primary',
                  textDecoration: 'none',
                  fontWeight: selected ? 700 : 400,
                  '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                }}
              >
                <CheckIcon fontSize="small" aria-hidden sx={{ visibility: selected ? 'visible' : 'hidden' }} />
                {choice.name}
              </Box>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
