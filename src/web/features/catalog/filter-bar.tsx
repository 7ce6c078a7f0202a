import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../shared/locales';
import { categoryPath } from '../../../shared/paths';
import type { Category, Subcategory, Tag } from '../../../shared/schemas/catalog';
import { useUiStore } from '../../stores/ui-store';
import { hasFilters, type ListingArgs, listingSearch } from '../../lib/listing-args';
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
 * The category page's pills (DESIGN §5): all, subcategories, free, reservable, then the quick-filter tags.
 * Subcategories are links (they are pages); the rest toggle. The dates are the WhenFilter beside it (the
 * one date control of every listing, issue 11).
 */
export function FilterBar({ locale, category, subcategory, tags, args, onChange }: FilterBarProps) {
  const { t } = useTranslation('discovery');
  const setActiveFilter = useUiStore((state) => state.setActiveFilter);
  const search = listingSearch(args);

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

  return <PillScroller label={t('filters.label')} pills={pills} />;
}
