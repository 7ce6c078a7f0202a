import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext, useLocation, useNavigate, useNavigation } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { type SessionUser, useUserStore } from '../../../stores/user-store';
import { loginPath } from './next-url';

/**
 * For pages only a signed-in person may see: answers the user once the session is known; a guest is sent
 * to the sign-in page, which brings them back here afterwards. Until then it answers null.
 *
 * A page that is being left is not guarded: React Router commits a navigation in a transition, so a session
 * that ends just as the person leaves (the account deleted, then home; a revoked token noticed by a call
 * made meanwhile) re-renders the old page first, and its redirect to sign in would overtake the way out.
 * Where the router is (its own state, ahead of what is drawn) decides; once it is idle on this page again,
 * the guard applies.
 */
export function useRequireUser(): SessionUser | null {
  const { user, loggedIn, checked } = useUserStore();
  const locale = useLocale();
  const location = useLocation();
  // What is drawn; its end re-runs the guard.
  const navigation = useNavigation();
  const router = useContext(DataRouterContext)?.router;
  const navigate = useNavigate();
  useEffect(() => {
    if (!checked || loggedIn) return;
    const now = router?.state ?? { navigation, location };
    if (now.navigation.state !== 'idle' || now.location.key !== location.key) return;
    void navigate(loginPath(locale, `${location.pathname}${location.search}`), { replace: true });
  }, [checked, loggedIn, locale, location, navigation, navigate, router]);
  return loggedIn ? user : null;
}
