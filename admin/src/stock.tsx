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
import { useState, type FormEvent } from 'react';
import { BooleanInput, Create, DataTable, Edit, List, required, SearchInput, Show, SimpleForm, TextInput, Title, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { useCan } from './actions';
import { api } from './api';
import { Section, useApiList } from './ui';

interface StockItem {
  id: number;
  stock_location_id?: number;
  count_on_hand: number;
  backorderable: boolean;
  variant_id: number;
  variant?: { name?: string; sku?: string; options_text?: string } | null;
}
interface StockMovement {
  id: number;
  quantity: number;
  stock_item_id: number;
  action: string | null;
  stock_item?: StockItem;
}

const itemName = (item: StockItem | undefined) =>
  item ? `${item.variant?.name ?? `variant ${item.variant_id}`}${item.variant?.options_text ? ` (${item.variant.options_text})` : ''}${item.variant?.sku ? ` · ${item.variant.sku}` : ''}` : '';

export const StockLocationList = () => (
  <List filters={[<SearchInput key="name" source="name_cont" placeholder="Name" alwaysOn />]} sort={{ field: 'name', order: 'ASC' }} title="Stock locations">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="city" label="City" />
      <DataTable.Col source="country" label="Country" render={(r) => (r.country as { name?: string } | null)?.name ?? ''} />
      <DataTable.Col source="active" label="Active" render={(r) => (r.active ? 'yes' : 'no')} />
    </DataTable>
  </List>
);

const LocationForm = ({ create = false }: { create?: boolean }) => (
  <SimpleForm>
    <TextInput source="name" label="Name" validate={required()} />
    <TextInput source="address1" label="Street" />
    <TextInput source="city" label="City" />
    <TextInput source="zipcode" label="Postal code" />
    <TextInput source="phone" label="Phone" />
    <BooleanInput source="active" label="Active (ships orders)" defaultValue />
    <BooleanInput source="backorderable_default" label="New stock items take back-orders" />
    {create && <BooleanInput source="propagate_all_variants" label="Stock every variant here (a count of 0 each)" defaultValue={false} />}
  </SimpleForm>
);

export const StockLocationCreate = () => (
  <Create redirect="edit" title="New stock location">
    <LocationForm create />
  </Create>
);

const LocationTitle = () => {
  const record = useRecordContext();
  return <span>Stock location {record ? String(record.name) : ''}</span>;
};

/**
 * A location's stock movements (GET …/stock_movements, newest first) and a
 * form recording one (POST …/stock_movements: a positive quantity receives
 * units, a negative one takes them out; the count follows).
 */
const Movements = () => {
  const location = useRecordContext();
  const notify = useNotify();
  const can = useCan('stock:write');
  const base = location ? `/stock_locations/${location.id}` : null;
  const items = useApiList<StockItem>(base && `${base}/stock_items`, 'stock_items');
  const movements = useApiList<StockMovement>(base && `${base}/stock_movements`, 'stock_movements', { per_page: 25, 'q[s]': 'id desc' });
  const [itemId, setItemId] = useState('');
  const [quantity, setQuantity] = useState('');
  if (!location) return null;
  const record = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api('POST', `${base}/stock_movements`, { body: { stock_movement: { stock_item_id: Number(itemId), quantity, action: 'received' } } });
      notify(`Movement of ${quantity} recorded`, { type: 'success' });
      setQuantity('');
      items.reload();
      movements.reload();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Section title="Stock items">
        {!items.rows && <Typography variant="body2">Loading…</Typography>}
        {items.rows && items.rows.length === 0 && <Typography variant="body2">No stock here yet.</Typography>}
        {items.rows && items.rows.length > 0 && (
          <Table size="small" aria-label="Stock items">
            <TableHead>
              <TableRow>
                <TableCell>Variant</TableCell>
                <TableCell align="right">On hand</TableCell>
                <TableCell>Back-orders</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.rows.map((i) => (
                <TableRow key={i.id} data-location-item={i.id}>
                  <TableCell>{itemName(i)}</TableCell>
                  <TableCell align="right" className="count-on-hand">
                    {i.count_on_hand}
                  </TableCell>
                  <TableCell>{i.backorderable ? 'taken' : 'refused'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {items.total > (items.rows?.length ?? 0) && <Typography variant="body2">The first {items.rows?.length} of {items.total}.</Typography>}
      </Section>
      <Section title="Stock movements">
        <form onSubmit={record} aria-label="Record a stock movement">
          <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label="Stock item"
              value={itemId}
              onChange={(e) => setItemId(e.target.value)}
              sx={{ minWidth: 260 }}
              required
              disabled={!can}
              id="movement-item"
            >
              {(items.rows ?? []).map((i) => (
                <MenuItem key={i.id} value={String(i.id)}>
                  {itemName(i)}
                </MenuItem>
              ))}
            </TextField>
            <TextField size="small" type="number" name="movement_quantity" label="Quantity (+ in, − out)" value={quantity} onChange={(e) => setQuantity(e.target.value)} required disabled={!can} />
            <Button type="submit" variant="contained" size="small" disabled={!can || !itemId || quantity === ''}>
              Record
            </Button>
            {!can && <Typography variant="body2">Your role does not allow this (stock:write).</Typography>}
          </Stack>
        </form>
        {movements.rows && movements.rows.length === 0 && <Typography variant="body2">No movements yet.</Typography>}
        {movements.rows && movements.rows.length > 0 && (
          <Table size="small" aria-label="Stock movements" id="stock-movements">
            <TableHead>
              <TableRow>
                <TableCell>Id</TableCell>
                <TableCell>Variant</TableCell>
                <TableCell>Action</TableCell>
                <TableCell align="right">Quantity</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {movements.rows.map((m) => (
                <TableRow key={m.id} data-movement={m.id}>
                  <TableCell>{m.id}</TableCell>
                  <TableCell>{itemName(m.stock_item)}</TableCell>
                  <TableCell>{m.action ?? ''}</TableCell>
                  <TableCell align="right">{m.quantity}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </>
  );
};

export const StockLocationEdit = () => (
  <Edit title={<LocationTitle />} mutationMode="pessimistic" aside={undefined}>
    <LocationForm />
    <Movements />
  </Edit>
);

interface TransferItem {
  variant_id: number;
  quantity: number;
}
interface Location {
  id: number;
  name: string;
}
interface Variant {
  id: number;
  sku: string;
  name?: string;
}

const unitsOf = (items: TransferItem[] | undefined) => (items ?? []).reduce((n, i) => n + i.quantity, 0);

/** Stock transfers, newest first (GET /api/stock_transfers): from where to where, how many units. */
export const StockTransferList = () => (
  <List filters={[<SearchInput key="reference" source="reference_cont" placeholder="Reference" alwaysOn />]} sort={{ field: 'id', order: 'DESC' }} title="Stock transfers">
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="number" label="Number" />
      <DataTable.Col source="reference" label="Reference" />
      <DataTable.Col source="source_location_name" label="From" render={(r) => (r.source_location_id === null ? 'received from outside' : String(r.source_location_name ?? ''))} />
      <DataTable.Col source="destination_location_name" label="To" />
      <DataTable.Col source="transfer_items" label="Units" render={(r) => unitsOf(r.transfer_items as TransferItem[])} />
      <DataTable.Col source="created_at" label="Made" render={(r) => new Date(String(r.created_at)).toLocaleString()} />
    </DataTable>
  </List>
);

const TransferTitle = () => {
  const record = useRecordContext();
  return <span>Stock transfer {record ? String(record.id) : ''}</span>;
};

/** A transfer's movements: each line out of the source and into the destination. */
const TransferMovements = () => {
  const transfer = useRecordContext();
  if (!transfer) return null;
  const locationName = (id: number | undefined) =>
    id === transfer.source_location_id ? String(transfer.source_location_name ?? '') : id === transfer.destination_location_id ? String(transfer.destination_location_name ?? '') : '';
  const movements = (transfer.stock_movements ?? []) as StockMovement[];
  return (
    <Section title="Movements" id="transfer-movements">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {transfer.source_location_id === null ? 'Received from outside' : `From ${String(transfer.source_location_name ?? '')}`} to {String(transfer.destination_location_name ?? '')}
        {transfer.reference ? ` · ${String(transfer.reference)}` : ''}
      </Typography>
      <Table size="small" aria-label="Movements of the transfer">
        <TableHead>
          <TableRow>
            <TableCell>Variant</TableCell>
            <TableCell>Location</TableCell>
            <TableCell align="right">Quantity</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {movements.map((m) => (
            <TableRow key={m.id} data-transfer-movement={`${m.stock_item?.variant_id}:${m.quantity}`}>
              <TableCell>{itemName(m.stock_item)}</TableCell>
              <TableCell>{locationName(m.stock_item?.stock_location_id)}</TableCell>
              <TableCell align="right">{m.quantity}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
};

export const StockTransferShow = () => (
  <Show title={<TransferTitle />}>
    <TransferMovements />
  </Show>
);

interface TransferRow {
  sku: string;
  quantity: string;
}

/**
 * A new transfer (POST /api/stock_transfers): from a location (or received from outside) to another, lines of SKU and
 * quantity. The SKUs are looked up first (one that is no variant is named under its line); the API's refusal (stock
 * short at the source) shows under the lines and in the notification; nothing moves unless everything can.
 */
export const StockTransferCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const can = useCan('stock:write');
  const locations = useApiList<Location>('/stock_locations', 'stock_locations', { per_page: 100, 'q[s]': 'name asc' });
  const [source, setSource] = useState('');
  const [destination, setDestination] = useState('');
  const [reference, setReference] = useState('');
  const [rows, setRows] = useState<TransferRow[]>([{ sku: '', quantity: '' }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const setRow = (index: number, change: Partial<TransferRow>) => setRows((all) => all.map((r, i) => (i === index ? { ...r, ...change } : r)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const found: Record<string, string> = {};
      const items: { variant_id: number; quantity: string }[] = [];
      for (const [index, row] of rows.entries()) {
        const { variants } = await api<{ variants: Variant[] }>('GET', '/variants', { query: { 'q[sku_eq]': row.sku.trim(), per_page: 1 } });
        if (!variants?.[0]) found[`transfer_items.${index}.sku`] = `no variant has the SKU ${row.sku.trim()}`;
        else items.push({ variant_id: variants[0].id, quantity: row.quantity });
      }
      if (Object.keys(found).length > 0) {
        setErrors(found);
        return;
      }
      const transfer = await api<{ number: string }>('POST', '/stock_transfers', {
        body: { stock_transfer: { source_location_id: source === '' ? null : Number(source), destination_location_id: Number(destination), reference: reference || null, transfer_items: items } },
      });
      notify(`Stock transfer ${transfer.number} made`, { type: 'success' });
      redirect('show', 'stock_transfers', transfer.number);
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, string[]> } }).body;
      if (body?.errors) setErrors(Object.fromEntries(Object.entries(body.errors).map(([field, messages]) => [field, messages.join(', ')])));
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section title="New stock transfer" id="new-stock-transfer">
      <Title title="New stock transfer" />
      <form onSubmit={submit} aria-label="New stock transfer">
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <TextField select label="From" value={source} onChange={(e) => setSource(e.target.value)} id="transfer-source" error={!!errors.source_location_id} helperText={errors.source_location_id ?? 'Empty: stock received from outside'}>
            <MenuItem value="">Received from outside</MenuItem>
            {(locations.rows ?? []).map((l) => (
              <MenuItem key={l.id} value={String(l.id)}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="To" value={destination} onChange={(e) => setDestination(e.target.value)} id="transfer-destination" required error={!!errors.destination_location_id} helperText={errors.destination_location_id}>
            {(locations.rows ?? []).map((l) => (
              <MenuItem key={l.id} value={String(l.id)}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Reference" name="transfer_reference" value={reference} onChange={(e) => setReference(e.target.value)} />
          {rows.map((row, index) => (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-transfer-line={index}>
              <TextField
                label="SKU"
                name={`transfer_sku_${index}`}
                value={row.sku}
                onChange={(e) => setRow(index, { sku: e.target.value })}
                required
                error={!!errors[`transfer_items.${index}.sku`] || !!errors[`transfer_items.${index}.variant_id`]}
                helperText={errors[`transfer_items.${index}.sku`] ?? errors[`transfer_items.${index}.variant_id`]}
              />
              <TextField
                label="Quantity"
                type="number"
                name={`transfer_quantity_${index}`}
                value={row.quantity}
                onChange={(e) => setRow(index, { quantity: e.target.value })}
                required
                error={!!errors[`transfer_items.${index}.quantity`]}
                helperText={errors[`transfer_items.${index}.quantity`]}
              />
              {rows.length > 1 && (
                <Button size="small" onClick={() => setRows((all) => all.filter((_, i) => i !== index))} aria-label={`Remove line ${index + 1}`}>
                  Remove
                </Button>
              )}
            </Stack>
          ))}
          {errors.transfer_items && (
            <Typography variant="body2" color="error" role="alert" id="transfer-items-error">
              {errors.transfer_items}
            </Typography>
          )}
          <Stack direction="row" spacing={1}>
            <Button size="small" onClick={() => setRows((all) => [...all, { sku: '', quantity: '' }])} id="add-transfer-line">
              Add a line
            </Button>
            <Button type="submit" variant="contained" disabled={!can || saving || destination === ''}>
              Transfer
            </Button>
            {!can && <Typography variant="body2">Your role does not allow this (stock:write).</Typography>}
          </Stack>
        </Stack>
      </form>
    </Section>
  );
};
