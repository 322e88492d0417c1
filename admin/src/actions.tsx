import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useNotify, usePermissions, useRefresh } from 'react-admin';

/** Whether the signed-in user's role holds a permission (the API's `x-permission`). */
export function useCan(permission: string): boolean {
  const { permissions } = usePermissions<string[]>();
  return Array.isArray(permissions) && permissions.includes(permission);
}

/**
 * A button that runs one API action, then reloads what is shown. Disabled
 * (with the reason) when the role lacks its permission; the API refuses it
 * anyway. Errors show the API's message.
 */
export function ActionButton(props: {
  label: string;
  permission: string;
  run: (input: string) => Promise<unknown>;
  done: string;
  /** Asks for a value first (a tracking number, an amount). */
  ask?: { title: string; field: string; required?: boolean; initial?: string };
  disabled?: boolean;
  color?: 'primary' | 'error' | 'success' | 'warning';
  id?: string;
}) {
  const can = useCan(props.permission);
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(props.ask?.initial ?? '');
  const go = async (input: string) => {
    setBusy(true);
    try {
      await props.run(input);
      notify(props.done, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button
      id={props.id}
      size="small"
      variant="outlined"
      color={props.color ?? 'primary'}
      disabled={!can || busy || props.disabled}
      onClick={() => (props.ask ? setOpen(true) : void go(''))}
      data-permission={props.permission}
    >
      {props.label}
    </Button>
  );
  return (
    <>
      {can ? button : (
        <Tooltip title={`Your role does not allow this (${props.permission})`}>
          <span>{button}</span>
        </Tooltip>
      )}
      {props.ask && (
        <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`${props.id ?? props.label}-title`}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void go(value);
            }}
          >
            <DialogTitle id={`${props.id ?? props.label}-title`}>{props.ask.title}</DialogTitle>
            <DialogContent>
              <TextField autoFocus margin="dense" fullWidth label={props.ask.field} name="value" value={value} required={props.ask.required} onChange={(e) => setValue(e.target.value)} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={busy}>
                {props.label}
              </Button>
            </DialogActions>
          </form>
        </Dialog>
      )}
    </>
  );
}
