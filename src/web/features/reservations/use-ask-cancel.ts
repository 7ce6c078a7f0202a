import { useTranslation } from 'react-i18next';
import type { Reservation } from '../../../shared/schemas/reservations';
import { useDialogStore } from '../../stores/dialog-store';

/** What the dialog says cancelling does: a freed place goes to someone only when someone is waiting for it. */
function cancelMessageKey(reservation: Pick<Reservation, 'status' | 'others_waiting'> | null) {
  if (reservation?.status === 'waitlisted') return 'polishAccounts.leaveWaitlistMessage';
  return reservation?.others_waiting ? 'detail.cancelMessage' : 'polishAccounts.cancelMessage';
}

/**
 * The one confirmation before a guest cancels (the Cancel button and the reminder e-mail's link both open
 * it): cancelling gives the place away and cannot be undone. Both buttons say what they do.
 */
export function useAskCancel(reservation: Pick<Reservation, 'status' | 'others_waiting'> | null, onCancel: () => void): () => void {
  const { t } = useTranslation('reservations');
  const showDialog = useDialogStore((state) => state.show);
  return () =>
    showDialog({
      title: t('detail.cancelTitle'),
      message: t(cancelMessageKey(reservation)),
      status: 'error',
      action: 'reservations:detail.cancelConfirm',
      dismiss: 'reservations:polishAccounts.keep',
      onConfirm: onCancel,
    });
}
