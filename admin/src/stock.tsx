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
import { BooleanInput, Create, DataTable, Edit, List, required, SearchInput, SimpleForm, TextInput, useNotify, useRecordContext } from 'react-admin';
import { useCan } from './actions';
import { api } from './api';
import { Section, useApiList } from './ui';

interface StockItem {
  id: number;
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
