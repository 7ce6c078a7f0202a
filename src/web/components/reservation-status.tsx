import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type SvgIcon from '@mui/material/SvgIcon';
import type { ReservationStatus } from '../../shared/schemas/reservations';

/**
 * DESIGN §6: every status has its own colour AND its own icon and label, so no one has to tell the
 * statuses apart by colour alone. The colours are light tints that keep at least 7:1 contrast against
 * the dark paper (#171a21) they sit on, and differ in hue as well as lightness.
 */
export const STATUS_STYLE: Record<ReservationStatus, { color: string; Icon: typeof SvgIcon }> = {
  pending: { color: '#7cc4ff', Icon: ScheduleIcon },
  action_needed: { color: '#ffb547', Icon: ReportProblemIcon },
  accepted: { color: '#5fd38d', Icon: CheckCircleIcon },
  rejected: { color: '#ff7a7a', Icon: HighlightOffIcon },
  cancelled: { color: '#b4bccb', Icon: BlockIcon },
  waitlisted: { color: '#c9a7ff', Icon: FormatListNumberedIcon },
};
