import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../../shared/locales';

type Names = Partial<Record<(typeof LOCALES)[number], string | undefined>>;

/** How many of the four languages have a name written. */
export function writtenCount(names: Names | undefined): number {
  return LOCALES.filter((language) => Boolean(names?.[language]?.trim())).length;
}

/**
 * "3/4": how many languages the entry is named in, the missing ones spelled out for a screen reader and on
 * hover. Only Serbian is required; a page in a missing language falls back to Serbian (DESIGN §3).
 */
export function NameCompleteness({ names }: { names: Names }) {
  const { t } = useTranslation('taxonomy');
  const written = writtenCount(names);
  const missing = LOCALES.filter((language) => !names[language]?.trim()).map((language) => t(`common:language.name.${language}`));
  const label = missing.length ? t('names.missing', { written, total: LOCALES.length, languages: missing.join(', ') }) : t('names.complete');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={written === LOCALES.length ? 'success' : 'warning'}
      label={`${written}/${LOCALES.length}`}
      title={label}
      aria-label={label}
    />
  );
}
