import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ActionButton, useCan } from './actions';
import { api } from './api';
import type { ListEnvelope } from './dataProvider';

interface ReturnAuthorization {
  id: number;
  number: string;
  state: string;
  amount: number | string;
  reason: string | null;
  created_at: string;
}

/**
 * An order's return authorizations (RMAs): create one for shipped units
 * (POST, then PUT …/add with the variant and quantity), receive it (units
 * back to stock, an RMA credit on the order), cancel it. The money goes back
 * with a payment's Refund (credit), which then credits what the order owes.
 */
export const Returns = () => {
  const order = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const canRead = useCan('returns:read');
  const canWrite = useCan('returns:write');
  const [rmas, setRmas] = useState<ReturnAuthorization[] | null>(null);
  const [variantId, setVariantId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const number = order ? encodeURIComponent(String(order.id)) : '';
  const version = order ? `${order.updated_at}/${order.state}` : '';
  useEffect(() => {
    if (!number || !canRead) return;
    let live = true;
    api<ListEnvelope>('GET', `/orders/${number}/return_authorizations`, { query: { per_page: 100 } }).then(
      (body) => live && setRmas(body.return_authorizations as ReturnAuthorization[]),
      (error: Error) => notify(error.message, { type: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [number, version, canRead, notify]);
  if (!order) return null;
  if (!canRead) return <Typography variant="body2">Your role does not show returns (returns:read).</Typography>;
  const lineItems = (order.line_items as Array<{ variant_id: number; quantity: number; variant?: { name?: string; sku?: string } }>) ?? [];
  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const rma = await api<ReturnAuthorization>('POST', `/orders/${number}/return_authorizations`, { body: { return_authorization: { amount, reason } } });
      await api('PUT', `/orders/${number}/return_authorizations/${rma.id}/add`, { body: { variant_id: Number(variantId), quantity: Number(quantity) } });
      notify(`Return ${rma.number} authorized`, { type: 'success' });
      setAmount('');
      setReason('');
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      refresh();
    }
  };
  return (
    <Box>
      {rmas && rmas.length > 0 && (
        <Table size="small" aria-label="Return authorizations">
          <TableHead>
            <TableRow>
              <TableCell>Number</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell align="right">Credit</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rmas.map((rma) => (
              <TableRow key={rma.id} data-rma={rma.number}>
                <TableCell>{rma.number}</TableCell>
                <TableCell className="rma-state">{rma.state}</TableCell>
                <TableCell>{rma.reason}</TableCell>
                <TableCell align="right">{String(rma.amount)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <ActionButton
                      id={`receive-${rma.number}`}
                      label="Receive"
                      permission="returns:write"
                      disabled={rma.state !== 'authorized'}
                      run={() => api('PUT', `/orders/${number}/return_authorizations/${rma.id}/receive`)}
                      done={`Return ${rma.number} received`}
                    />
                    <ActionButton
                      id={`cancel-${rma.number}`}
                      label="Cancel"
                      color="warning"
                      permission="returns:write"
                      disabled={rma.state !== 'authorized'}
                      run={() => api('PUT', `/orders/${number}/return_authorizations/${rma.id}/cancel`)}
                      done={`Return ${rma.number} canceled`}
                    />
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {rmas && rmas.length === 0 && <Typography variant="body2">No returns.</Typography>}
      <Box component="form" onSubmit={create} aria-label="New return" sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField select size="small" label="Variant" value={variantId} onChange={(e) => setVariantId(e.target.value)} sx={{ minWidth: 220 }} disabled={!canWrite} required id="rma-variant">
          {lineItems.map((li) => (
            <MenuItem key={li.variant_id} value={String(li.variant_id)}>
              {li.variant?.name} {li.variant?.sku ? `(${li.variant.sku})` : ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" type="number" label="Quantity" name="rma_quantity" value={quantity} onChange={(e) => setQuantity(e.target.value)} sx={{ width: 110 }} disabled={!canWrite} required />
        <TextField size="small" label="Credit amount" name="rma_amount" value={amount} onChange={(e) => setAmount(e.target.value)} sx={{ width: 140 }} disabled={!canWrite} required />
        <TextField size="small" label="Reason" name="rma_reason" value={reason} onChange={(e) => setReason(e.target.value)} disabled={!canWrite} />
        <Button type="submit" variant="outlined" disabled={!canWrite || !variantId || !amount}>
          Authorize return
        </Button>
      </Box>
    </Box>
  );
};

/** Coupon codes on an order: apply (PUT …/apply_coupon_code) and remove (DELETE …/coupon_codes/:code). */
export const Coupons = () => {
  const order = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = useCan('orders:write');
  const [code, setCode] = useState('');
  const [removing, setRemoving] = useState('');
  if (!order) return null;
  const number = encodeURIComponent(String(order.id));
  const applied = ((order.adjustments as Array<{ id: number; label: string; source_type?: string; code?: string }>) ?? []).filter((a) => a.source_type === 'Spree::PromotionAction');
  const apply = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api('PUT', `/orders/${number}/apply_coupon_code`, { body: { coupon_code: code } });
      notify(`Coupon ${code} applied`, { type: 'success' });
      setCode('');
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const remove = async (removed: string) => {
    try {
      await api('DELETE', `/orders/${number}/coupon_codes/${encodeURIComponent(removed)}`);
      notify(`Coupon ${removed} removed`, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Box>
      {applied.length > 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Promotions: {applied.map((a) => a.label).join(', ')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box component="form" onSubmit={apply} aria-label="Apply a coupon" sx={{ display: 'flex', gap: 1 }}>
          <TextField size="small" label="Coupon code" name="coupon_code" value={code} onChange={(e) => setCode(e.target.value)} disabled={!can} />
          <Button type="submit" variant="outlined" disabled={!can || !code}>
            Apply
          </Button>
        </Box>
        <Box
          component="form"
          aria-label="Remove a coupon"
          sx={{ display: 'flex', gap: 1 }}
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void remove(removing);
          }}
        >
          <TextField size="small" label="Code to remove" name="coupon_remove" value={removing} onChange={(e) => setRemoving(e.target.value)} disabled={!can} />
          <Button type="submit" variant="outlined" color="warning" disabled={!can || !removing}>
            Remove
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};
