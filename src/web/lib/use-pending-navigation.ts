import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** A wait shorter than this shows nothing: a bar or a dimmed list that flashes by only distracts. */
const LOADING_FEEDBACK_DELAY_MS = 200;

/** `flag`, but turning true only once it has stayed true for `delay` ms; it turns false at once. */
export function useDelayedFlag(flag: boolean, delay = LOADING_FEEDBACK_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setShown(true), delay);
    // The next wait starts hidden again.
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [flag, delay]);
  return flag && shown;
}

/**
 * Whether the page on screen is about to be replaced by another answer for the same path (a filter
 * change, the reserve pill), for longer than the feedback delay: what it shows is then no longer current.
 */
export function usePendingSamePage(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return useDelayedFlag(navigation.state === 'loading' && navigation.location.pathname === pathname);
}
