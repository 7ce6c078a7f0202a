import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../../lib/session';
import { localePath, useLocale } from '../../../lib/use-locale';
import { useSnackbarStore } from '../../../stores/snackbar-store';

/** Signs out (server first, then this browser) and leaves private pages. */
export function useSignOut() {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((state) => state.show);
  return async () => {
    await signOut();
    showSnackbar(t('signOut.done'));
    await navigate(localePath(locale));
  };
}
