/**
 * Editing a placed order's line items (Spree 2.2's admin order edit): change
 * a quantity, remove a line item, add a variant by SKU, through the API's
 * line item endpoints. The API recomputes totals and shipments and sets the
 * payment state (balance_due / credit_owed); a 422 shows under its field.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { HttpError, useNotify, useRefresh } from 'react-admin';
import { useCan } from './actions';
import { api } from './api';

/** The message of a 422 for one field (`errors[field]`), else the API's message. */
function fieldError(error: unknown, field: string): string {
  if (error instanceof HttpError) {
    const errors = (error.body as { errors?: Record<string, string[] | string> } | undefined)?.errors;
    const own = errors?.[field] ?? errors?.base;
    if (own) return Array.isArray(own) ? own.join('; ') : String(own);
  }
  return (error as Error).message;
}

export function LineItemQuantity(props: { orderNumber: string; id: number; quantity: number; editable: boolean }) {
  const can = useCan('orders:write');
  const notify = useNotify();
  const refresh = useRefresh();
  const [value, setValue] = useState(String(props.quantity));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!props.editable) return <>{props.quantity}</>;
  const path = `/orders/${props.orderNumber}/line_items/${props.id}`;
  const run = async (method: 'PUT' | 'DELETE') => {
    setBusy(true);
    setError('');
    try {
      if (method === 'PUT') await api('PUT', path, { body: { line_item: { quantity: Number(value) } } });
      else await api('DELETE', path);
      notify(method === 'PUT' ? 'Quantity changed' : 'Line item removed', { type: 'success' });
      refresh();
    } catch (e) {
      setError(fieldError(e, 'quantity'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void run('PUT');
      }}
    >
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'flex-start' }}>
        <TextField
          size="small"
          type="number"
          label="Quantity"
          name={`line_item_quantity_${props.id}`}
          id={`line-item-quantity-${props.id}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={!!error}
          helperText={error || ' '}
          disabled={!can || busy}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
          sx={{ width: 140 }}
        />
        <Button type="submit" size="small" variant="outlined" disabled={!can || busy || value === String(props.quantity)} id={`line-item-save-${props.id}`}>
          Save
        </Button>
        <Button size="small" color="error" disabled={!can || busy} onClick={() => void run('DELETE')} id={`line-item-remove-${props.id}`}>
          Remove
        </Button>
      </Stack>
    </form>
  );
}

export function AddLineItem(props: { orderNumber: string }) {
  const can = useCan('orders:write');
  const notify = useNotify();
  const refresh = useRefresh();
  const [sku, setSku] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<{ sku?: string; quantity?: string }>({});
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    setErrors({});
    try {
      const { variants } = await api<{ variants: Array<{ id: number }> }>('GET', '/variants', { query: { 'q[sku_eq]': sku.trim(), per_page: 1 } });
      if (!variants?.[0]) {
        setErrors({ sku: `no variant has the SKU ${sku.trim()}` });
        return;
      }
      await api('POST', `/orders/${props.orderNumber}/line_items`, { body: { line_item: { variant_id: variants[0].id, quantity: Number(quantity) } } });
      notify('Line item added', { type: 'success' });
      setSku('');
      setQuantity('1');
      refresh();
    } catch (e) {
      const body = e instanceof HttpError ? (e.body as { errors?: Record<string, unknown> } | undefined) : undefined;
      if (body?.errors?.quantity) setErrors({ quantity: fieldError(e, 'quantity') });
      else setErrors({ sku: fieldError(e, 'variant_id') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
      aria-label="Add a line item"
    >
      <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
        <TextField size="small" label="Add variant (SKU)" name="add_line_item_sku" id="add-line-item-sku" value={sku} onChange={(e) => setSku(e.target.value)} error={!!errors.sku} helperText={errors.sku || ' '} disabled={!can || busy} required />
        <TextField
          size="small"
          type="number"
          label="Quantity"
          name="add_line_item_quantity"
          id="add-line-item-quantity"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={!!errors.quantity}
          helperText={errors.quantity || ' '}
          disabled={!can || busy}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
          sx={{ width: 120 }}
        />
        <Button type="submit" size="small" variant="outlined" disabled={!can || busy || !sku.trim()} id="add-line-item">
          Add
        </Button>
        {!can && <Typography variant="body2">Your role does not allow this (orders:write).</Typography>}
      </Stack>
    </form>
  );
}
