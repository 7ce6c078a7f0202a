import { useTranslation } from 'react-i18next';
import { useDialogStore } from '../../stores/dialog-store';

/**
 * The one confirmation before a guest cancels (the Cancel button and the reminder e-mail's link both open
 * it): cancelling gives the place away and cannot be undone.
 */
export function useAskCancel(onCancel: () => void): () => void {
  const { t } = useTranslation('reservations');
  const showDialog = useDialogStore((state) => state.show);
  return () =>
    showDialog({
      title: t('detail.cancelTitle'),
      message: t('detail.cancelMessage'),
      status: 'error',
      action: 'reservations:detail.cancelConfirm',
      onConfirm: onCancel,
    });
}
