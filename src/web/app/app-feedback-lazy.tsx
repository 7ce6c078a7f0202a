import { useCallback } from 'react';
import { LazyPart, lazyOnIntent, useMountOnIntent, useWhenIdle } from '../lib/lazy-on-intent';
import { useDialogStore } from '../stores/dialog-store';
import { useSnackbarStore } from '../stores/snackbar-store';

const AppDialog = lazyOnIntent(() => import('./app-feedback').then((module) => ({ default: module.AppDialog })));
const AppSnackbar = lazyOnIntent(() => import('./app-feedback').then((module) => ({ default: module.AppSnackbar })));

/**
 * The app's dialog and snackbar (spec §3), out of the first page load: fetched once the page is idle, so
 * that they are there when first needed, even if that is because the network has just gone away.
 */
export function AppFeedback() {
  const dialog = useMountOnIntent(
    useDialogStore((state) => state.open),
    AppDialog.preload,
  );
  const snackbar = useMountOnIntent(
    useSnackbarStore((state) => state.open),
    AppSnackbar.preload,
  );
  const { intent: preloadDialog } = dialog;
  const { intent: preloadSnackbar } = snackbar;
  useWhenIdle(
    useCallback(() => {
      preloadDialog();
      preloadSnackbar();
    }, [preloadDialog, preloadSnackbar]),
  );
  return (
    <>
      {dialog.mounted ? (
        <LazyPart>
          <AppDialog />
        </LazyPart>
      ) : null}
      {snackbar.mounted ? (
        <LazyPart>
          <AppSnackbar />
        </LazyPart>
      ) : null}
    </>
  );
}
