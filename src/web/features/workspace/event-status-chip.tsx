import RemovedIcon from '@mui/icons-material/GavelOutlined';
import ArchiveIcon from '@mui/icons-material/Inventory2Outlined';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import DraftIcon from '@mui/icons-material/EditNoteOutlined';
import PostponedIcon from '@mui/icons-material/EventBusyOutlined';
import PublishedIcon from '@mui/icons-material/PublicOutlined';
import RescheduledIcon from '@mui/icons-material/UpdateOutlined';
import ReviewIcon from '@mui/icons-material/HourglassTopOutlined';
import ScheduledIcon from '@mui/icons-material/ScheduleOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganizerEventStatus } from '../../../shared/schemas/organizer-workspace';

/** Colour, icon and text together: the state never rests on colour alone (WCAG 1.4.1). */
const LOOK: Record<OrganizerEventStatus, { color: ChipProps['color']; icon: ReactElement }> = {
  draft: { color: 'default', icon: <DraftIcon /> },
  pending_review: { color: 'warning', icon: <ReviewIcon /> },
  scheduled: { color: 'info', icon: <ScheduledIcon /> },
  published: { color: 'success', icon: <PublishedIcon /> },
  postponed: { color: 'warning', icon: <PostponedIcon /> },
  rescheduled: { color: 'info', icon: <RescheduledIcon /> },
  cancelled: { color: 'error', icon: <CancelIcon /> },
  archived: { color: 'default', icon: <ArchiveIcon /> },
};

/** `removed`: the admin took the event off the site after a report; that says more than "archived". */
export function EventStatusChip({ status, removed = false, size = 'small' }: { status: OrganizerEventStatus; removed?: boolean; size?: ChipProps['size'] }) {
  const { t } = useTranslation('workspace');
  if (removed) return <Chip size={size} variant="outlined" color="error" icon={<RemovedIcon />} label={t('reports:workspace.removed')} data-testid="event-status" />;
  const look = LOOK[status];
  return <Chip size={size} variant="outlined" color={look.color} icon={look.icon} label={t(`status.${status}`)} data-testid="event-status" />;
}
