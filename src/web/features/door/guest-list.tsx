import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import SearchIcon from '@mui/icons-material/Search';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Guest, GuestList } from '../../../shared/schemas/organizer-door';
import { ReservationStatusSchema } from '../../../shared/schemas/reservations';
import { ReservationStatusChip } from '../../components/reservation-status-chip';
import { formatEventDate } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { formatTime } from './door-format';

export interface GuestListViewProps {
  list: GuestList;
  timeZone: string;
  onCheckIn: (guest: Guest) => Promise<void>;
  onDownload: () => Promise<void>;
}

function StatusChip({ status }: { status: string }) {
  const parsed = ReservationStatusSchema.safeParse(status);
  return parsed.success ? <ReservationStatusChip status={parsed.data} /> : <Chip size="small" label={status} />;
}

/** The guest list of one event: totals, a search over name, code and note, CSV, and check-in per guest. */
export function GuestListView({ list, timeZone, onCheckIn, onDownload }: GuestListViewProps) {
  const { t, i18n } = useTranslation('door');
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);
  const { totals } = list;

  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    if (!needle) return list.guests;
    const compact = needle.replace(/[\s-]+/g, '');
    return list.guests.filter(
      (guest) =>
        guest.name.toLocaleLowerCase().includes(needle) ||
        (guest.note ?? '').toLocaleLowerCase().includes(needle) ||
        (compact !== '' && (guest.code ?? '').toLocaleLowerCase().includes(compact)),
    );
  }, [list.guests, query]);

  const checkIn = async (guest: Guest) => {
    setPending(guest.reservation_id);
    try {
      await onCheckIn(guest);
    } finally {
      setPending(null);
    }
  };

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h1">{list.event.title}</Typography>
        <Typography color="textSecondary">{formatEventDate(list.event.starts_at, timeZone, locale)}</Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="guest-totals">
        <Chip label={t('totals.parties', { count: totals.parties })} />
        <Chip label={t('totals.people', { count: totals.people })} />
        <Chip color="success" variant="outlined" label={t('totals.checkedIn', { count: totals.checked_in_people })} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="search"
          label={t('guests.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          size="small"
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden /></InputAdornment> } }}
        />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={downloading}
          onClick={() => {
            setDownloading(true);
            void onDownload().finally(() => setDownloading(false));
          }}
        >
          {t('guests.downloadCsv')}
        </Button>
      </Stack>
      {list.guests.length === 0 ? <Typography color="textSecondary">{t('guests.empty')}</Typography> : null}
      {list.guests.length > 0 && shown.length === 0 ? <Typography color="textSecondary">{t('guests.noMatch')}</Typography> : null}
      {shown.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('guests.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('guests.name')}</TableCell>
                <TableCell align="right">{t('guests.party')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('guests.note')}</TableCell>
                <TableCell>{t('guests.status')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('guests.code')}</TableCell>
                <TableCell>{t('guests.checkedIn')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((guest) => (
                <TableRow key={guest.reservation_id} data-testid="guest-row">
                  <TableCell>
                    <Typography sx={{ fontWeight: 600 }}>{guest.name}</Typography>
                    {guest.note ? (
                      <Typography variant="body2" color="textSecondary" sx={{ display: { md: 'none' } }}>
                        {guest.note}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell align="right">{guest.party_size}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, maxWidth: 280 }}>{guest.note ?? ''}</TableCell>
                  <TableCell>
                    <StatusChip status={guest.status} />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace' }}>{guest.code ?? '—'}</TableCell>
                  <TableCell>
                    {guest.checked_in_at ? (
                      <Typography variant="body2">
                        {guest.checked_in_by
                          ? t('guests.checkedInBy', { time: formatTime(guest.checked_in_at, i18n.language, timeZone), name: guest.checked_in_by })
                          : formatTime(guest.checked_in_at, i18n.language, timeZone)}
                      </Typography>
                    ) : guest.status === 'accepted' && guest.code ? (
                      <Button
                        size="small"
                        variant="contained"
                        startIcon={<HowToRegIcon />}
                        disabled={pending === guest.reservation_id}
                        onClick={() => void checkIn(guest)}
                        aria-label={t('guests.checkInGuest', { name: guest.name })}
                      >
                        {t('guests.checkIn')}
                      </Button>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Stack>
  );
}
