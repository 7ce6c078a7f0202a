import DateRangeIcon from '@mui/icons-material/DateRange';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POPOVER_MARGIN_PX } from '../../../shared/constants';
import type { Locale } from '../../../shared/locales';
import { categoryPath } from '../../../shared/paths';
import type { Category, Subcategory, Tag } from '../../../shared/schemas/catalog';
import { useUiStore } from '../../stores/ui-store';
import { formatDay, todayInBelgrade } from './event-format';
import { DATE_PRESETS, type DatePreset, hasFilters, type ListingArgs, listingSearch } from '../../lib/listing-args';
import { type Pill, PillScroller } from './pill-scroller';

interface FilterBarProps {
  locale: Locale;
  category: Category;
  subcategory: Subcategory | null;
  tags: Tag[];
  args: ListingArgs;
  onChange: (args: ListingArgs) => void;
}

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value].sort();
}

/**
 * The category page's pills (DESIGN §5): all, subcategories, date presets, a chosen range, free,
 * reservable, then the quick-filter tags. Subcategories are links (they are pages); the rest toggle.
 */
export function FilterBar({ locale, category, subcategory, tags, args, onChange }: FilterBarProps) {
  const { t } = useTranslation('discovery');
  const setActiveFilter = useUiStore((state) => state.setActiveFilter);
  const setMenuOpen = useUiStore((state) => state.setMenuOpen);
  const [rangeAnchor, setRangeAnchor] = useState<HTMLElement | null>(null);
  const search = listingSearch(args);

  const presetPill = (preset: DatePreset): Pill => ({
    key: `when-${preset}`,
    label: t(`filters.${preset}`),
    selected: args.date?.kind === 'preset' && args.date.preset === preset,
    onClick: () => onChange({ ...args, date: args.date?.kind === 'preset' && args.date.preset === preset ? null : { kind: 'preset', preset } }),
    testId: `filter-when-${preset}`,
  });

  const pills: Pill[] = [
    {
      key: 'all',
      label: t('filters.all'),
      selected: !subcategory && !hasFilters(args),
      to: categoryPath(locale, category),
      testId: 'filter-all',
    },
    ...category.subcategories.map(
      (sub): Pill => ({
        key: `sub-${sub.slug}`,
        label: sub.name,
        selected: subcategory?.slug === sub.slug,
        to: `${categoryPath(locale, category, subcategory?.slug === sub.slug ? null : sub)}${search}`,
        testId: `filter-sub-${sub.slug}`,
      }),
    ),
    ...DATE_PRESETS.map(presetPill),
    {
      key: 'range',
      label: args.date?.kind === 'range' ? t('filters.rangeValue', { from: formatDay(args.date.from, locale), to: formatDay(args.date.to, locale) }) : t('filters.range'),
      selected: args.date?.kind === 'range',
      icon: <DateRangeIcon />,
      popup: true,
      onClick: (element) => {
        setRangeAnchor(element);
        setMenuOpen('dateRange', true);
      },
      testId: 'filter-range',
    },
    { key: 'free', label: t('filters.free'), selected: args.free, onClick: () => onChange({ ...args, free: !args.free }), testId: 'filter-free' },
    {
      key: 'reservable',
      label: t('filters.reservable'),
      selected: args.reservable,
      icon: <EventAvailableIcon />,
      onClick: () => onChange({ ...args, reservable: !args.reservable }),
      testId: 'filter-reservable',
    },
    // A tag that only repeats the free or reservable pill ("Free") would show twice.
    ...tags
      .filter(
        (tag) =>
          args.tags.includes(tag.slug) ||
          ![t('filters.free'), t('filters.reservable')].some((label) => label.toLocaleLowerCase() === tag.name.toLocaleLowerCase()),
      )
      .map(
        (tag): Pill => ({
          key: `tag-${tag.slug}`,
          label: tag.name,
          selected: args.tags.includes(tag.slug),
          onClick: () => onChange({ ...args, tags: toggle(args.tags, tag.slug) }),
          testId: `filter-tag-${tag.slug}`,
        }),
      ),
  ];

  const active = pills.flatMap((pill, index) => (pill.selected ? [index] : []));
  const activeKey = active.join(',');
  useEffect(() => {
    setActiveFilter(activeKey ? activeKey.split(',').map(Number) : []);
  }, [activeKey, setActiveFilter]);

  const closeRange = () => {
    setRangeAnchor(null);
    setMenuOpen('dateRange', false);
  };

  return (
    <>
      <PillScroller label={t('filters.label')} pills={pills} />
      <DateRangePopover
        anchor={rangeAnchor}
        initial={args.date?.kind === 'range' ? args.date : null}
        onClose={closeRange}
        onApply={(from, to) => {
          closeRange();
          onChange({ ...args, date: { kind: 'range', from: from <= to ? from : to, to: from <= to ? to : from } });
        }}
      />
    </>
  );
}

const today = () => todayInBelgrade();

function DateRangePopover({
  anchor,
  initial,
  onClose,
  onApply,
}: {
  anchor: HTMLElement | null;
  initial: { from: string; to: string } | null;
  onClose: () => void;
  onApply: (from: string, to: string) => void;
}) {
  const { t } = useTranslation('discovery');
  const titleId = useId();
  const [from, setFrom] = useState(initial?.from ?? '');
  const [to, setTo] = useState(initial?.to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = from || today();
    onApply(start, to || start);
  };
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      marginThreshold={POPOVER_MARGIN_PX}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, width: 300, maxWidth: `calc(100vw - ${POPOVER_MARGIN_PX * 2}px)` } } }}
    >
      <Stack component="form" spacing={2} onSubmit={submit} data-testid="date-range-form">
        <Typography id={titleId} variant="h3" component="h2">
          {t('filters.rangeTitle')}
        </Typography>
        <TextField
          type="date"
          label={t('filters.from')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
          required
        />
        <TextField
          type="date"
          label={t('filters.to')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || today() } }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('filters.apply')}
          </Button>
        </Stack>
      </Stack>
    </Popover>
  );
}
