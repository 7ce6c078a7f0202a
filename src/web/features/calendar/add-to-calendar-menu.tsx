import DownloadIcon from '@mui/icons-material/Download';
import EventNoteIcon from '@mui/icons-material/EventNote';
import GoogleIcon from '@mui/icons-material/Google';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { googleCalendarUrl, outlookCalendarUrl, type CalendarLinkEvent } from './calendar-links';

/** Loaded on first use (MUI's menu stays out of the event page's first load). Every entry is a real link. */
export default function AddToCalendarMenu({
  id,
  anchor,
  onClose,
  icsUrl,
  event,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  icsUrl: string;
  event: CalendarLinkEvent;
}) {
  const { t } = useTranslation('posted');
  const external = { target: '_blank', rel: 'noopener noreferrer' };
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} slotProps={{ list: { 'aria-label': t('calendar.add.menu') } }}>
      <MenuItem component="a" href={icsUrl} download onClick={onClose} data-testid="calendar-ics">
        <ListItemIcon>
          <DownloadIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('calendar.add.file')}</ListItemText>
      </MenuItem>
      <MenuItem component="a" href={googleCalendarUrl(event)} {...external} onClick={onClose} data-testid="calendar-google">
        <ListItemIcon>
          <GoogleIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('calendar.add.google')}</ListItemText>
      </MenuItem>
      <MenuItem component="a" href={outlookCalendarUrl(event)} {...external} onClick={onClose} data-testid="calendar-outlook">
        <ListItemIcon>
          <EventNoteIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('calendar.add.outlook')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
