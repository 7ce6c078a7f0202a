import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { type SessionUser, useUserStore } from '../../../stores/user-store';
import { loginPath } from './next-url';

/**
 * For pages only a signed-in person may see: answers the user once the session is known; a guest is sent
 * to the sign-in page, which brings them back here afterwards. Until then it answers null.
 */
export function useRequireUser(): SessionUser | null {
  const { user, loggedIn, checked } = useUserStore();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (checked && !loggedIn) void navigate(loginPath(locale, `${location.pathname}${location.search}`), { replace: true });
  }, [checked, loggedIn, locale, location.pathname, location.search, navigate]);
  return loggedIn ? user : null;
}
