import CheckIcon from '@mui/icons-material/Check';
import DateRangeIcon from '@mui/icons-material/DateRange';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ComponentProps, type FormEvent, type SyntheticEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Locale } from '../../../shared/locales';
import { DATE_PRESETS, type DateConstraint, type DatePreset } from '../../lib/listing-args';
import { Pill } from '../../components/pill';
import { formatDay, todayInBelgrade } from './event-format';

interface WhenFilterProps {
  locale: Locale;
  date: DateConstraint;
  /** The link of the listing with another date constraint (null: none), every other filter kept. */
  hrefFor: (date: DateConstraint) => string;
  /** Where the range form goes without JavaScript (GET), and the other filters it keeps as hidden fields. */
  action: string;
  hidden: [string, string][];
  /** "Today" is "Tonight" from 18:00 in Belgrade (the server's presetRange runs it to 06:00): the server says which. */
  tonight: boolean;
  /** Belgrade's today as the server saw it; the browser puts its own once it runs (the picker's first day). */
  today: string;
}

/**
 * When (issue 11), the same on home, category and search pages: the date presets as chips that are links
 * (each a page of its own, working before hydration and without JavaScript), and a range of days as a
 * small GET form behind a disclosure.
 */
export function WhenFilter({ locale, date, hrefFor, action, hidden, tonight, today: serverToday }: WhenFilterProps) {
  const { t } = useTranslation('discovery');
  const navigate = useNavigate();
  // The picker's first day is the reader's today: the server's until the picker is opened, the browser's
  // own clock from then on (a page left open past midnight). Read on opening, not at hydration: the first
  // Intl formatter with a time zone costs a slow phone tens of milliseconds, for a picker most never open.
  const [today, setToday] = useState(serverToday);
  const range = date?.kind === 'range' ? date : null;
  const [from, setFrom] = useState(range?.from ?? '');
  const [to, setTo] = useState(range?.to ?? '');

  const selected = (preset: DatePreset) => date?.kind === 'preset' && date.preset === preset;
  const label = (preset: DatePreset) => (preset === 'today' && tonight ? t('whenCity.tonight') : t(`filters.${preset}`));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The form is inside the picker: opening it has read the clock.
    const start = from || today;
    const end = to || start;
    void navigate(hrefFor({ kind: 'range', from: start <= end ? start : end, to: start <= end ? end : start }), { preventScrollReset: true });
  };

  return (
    <Box role="group" aria-label={t('whenCity.when')} data-testid="when-filter" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      <Box component="ul" sx={{ display: 'contents', listStyle: 'none', m: 0, p: 0 }}>
        {DATE_PRESETS.map((preset) => (
          <li key={preset}>
            <Pill
              component={RouterLink}
              to={hrefFor(selected(preset) ? null : { kind: 'preset', preset })}
              preventScrollReset
              label={label(preset)}
              icon={selected(preset) ? <CheckIcon /> : undefined}
              selected={selected(preset)}
              aria-current={selected(preset) ? 'true' : undefined}
              data-testid={`when-${preset}`}
              sx={{ height: 40, borderRadius: 20 }}
            />
          </li>
        ))}
      </Box>
      <Box
        component="details"
        onToggle={(event: SyntheticEvent<HTMLDetailsElement>) => {
          if (event.currentTarget.open) setToday(todayInBelgrade());
        }}
        sx={{ '& > summary::-webkit-details-marker': { display: 'none' } }}
      >
        <Box
          component="summary"
          data-testid="filter-range"
          data-selected={range ? 'true' : 'false'}
          sx={{
            listStyle: 'none',
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.75,
            height: 40,
            px: 1.5,
            borderRadius: 20,
            border: 1,
            cursor: 'pointer',
            borderColor: range ? 'primary.main' : 'divider',
            bgcolor: range ? 'primary.main' : 'transparent',
            color: range ? 'primary.contrastText' : 'text.primary',
            fontSize: '0.8125rem',
            '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.light' },
          }}
        >
          <DateRangeIcon fontSize="small" aria-hidden />
          {range ? t('filters.rangeValue', { from: formatDay(range.from, locale), to: formatDay(range.to, locale) }) : t('filters.range')}
        </Box>
        <Stack
          component="form"
          method="get"
          action={action}
          onSubmit={submit}
          direction="row"
          spacing={1}
          useFlexGap
          data-testid="date-range-form"
          sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1.5 }}
        >
          {hidden
            .filter(([name]) => !['when', 'from', 'to', 'cursor'].includes(name))
            .map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          <DateInput name="from" label={t('filters.from')} value={from} onChange={(event) => setFrom(event.target.value)} min={today} required />
          <DateInput name="to" label={t('filters.to')} value={to} onChange={(event) => setTo(event.target.value)} min={from || today} />
          <Button type="submit" variant="contained">
            {t('filters.apply')}
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}

/**
 * A labelled native date field. Not MUI's TextField: that one brings Select, Menu, Popover and Modal
 * (some 25 KB gzip) into the first load of every listing page for two date boxes (issue #13 budget).
 */
function DateInput({ label, ...input }: { label: string } & Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <Box component="label" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, typography: 'caption', color: 'text.secondary' }}>
      {label}
      <Box
        component="input"
        type="date"
        {...input}
        sx={{
          font: 'inherit',
          typography: 'body1',
          color: 'text.primary',
          bgcolor: 'background.paper',
          minHeight: 40,
          px: 1.5,
          border: 1,
          borderColor: 'grey.500',
          borderRadius: 1,
        }}
      />
    </Box>
  );
}
