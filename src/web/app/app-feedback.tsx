import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { MODAL_MAX_HEIGHT, MODAL_VIEWPORT_MAX, MODAL_VIEWPORT_MIN } from '../../shared/constants';
import { useDialogStore } from '../stores/dialog-store';
import { useSnackbarStore } from '../stores/snackbar-store';

/** The app's one dialog, driven by the spec §3 dialog state. */
export function AppDialog() {
  const { t } = useTranslation();
  const dialog = useDialogStore();
  return (
    <Dialog
      open={dialog.open}
      onClose={dialog.close}
      aria-labelledby="app-dialog-title"
      slotProps={{
        paper: {
          sx: {
            maxHeight: `min(${MODAL_MAX_HEIGHT}px, ${MODAL_VIEWPORT_MAX * 100}vh)`,
            width: { xs: `${MODAL_VIEWPORT_MAX * 100}vw`, sm: `${MODAL_VIEWPORT_MIN * 100}vw` },
            maxWidth: 560,
          },
        },
      }}
    >
      <DialogTitle id="app-dialog-title">{dialog.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{dialog.message}</DialogContentText>
        {dialog.reason ? <Alert severity={dialog.status} sx={{ mt: 2 }}>{dialog.reason}</Alert> : null}
      </DialogContent>
      {/* Two long labels ("Keep my reservation") go on two lines on a phone rather than squeezing each other. */}
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={dialog.close} color="inherit">
          {dialog.action ? t(dialog.dismiss || 'actions.cancel') : t('actions.close')}
        </Button>
        {dialog.action ? (
          <Button
            variant="contained"
            color={dialog.status === 'error' ? 'error' : 'primary'}
            onClick={() => {
              dialog.onConfirm?.();
              dialog.close();
            }}
          >
            {t(dialog.action)}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

/** The app's one snackbar, driven by the spec §3 snackbar state. */
export function AppSnackbar() {
  const snackbar = useSnackbarStore();
  return (
    <Snackbar
      // A new message restarts the auto-hide timer (MUI only restarts it when `open` changes).
      key={snackbar.seq}
      open={snackbar.open}
      autoHideDuration={6000}
      onClose={(_event, reason) => reason !== 'clickaway' && snackbar.close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert onClose={snackbar.close} severity={snackbar.status} variant="filled" sx={{ width: '100%' }}>
        {snackbar.message}
      </Alert>
    </Snackbar>
  );
}
