import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import {
  DataTable,
  DateField,
  DateInput,
  List,
  SearchInput,
  SelectInput,
  Show,

  TextInput,
  TopToolbar,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { ActionButton } from './actions';
import { api } from './api';
import type { ListEnvelope } from './dataProvider';
import { Coupons, Returns } from './returns';
import { AddLineItem, LineItemQuantity } from './line-items';

const choices = (values: string[]) => values.map((v) => ({ id: v, name: v.replace(/_/g, ' ') }));
const ORDER_STATES = choices(['cart', 'address', 'delivery', 'payment', 'confirm', 'complete', 'canceled', 'awaiting_return', 'returned', 'resumed']);
const PAYMENT_STATES = choices(['balance_due', 'paid', 'credit_owed', 'failed', 'void']);
const SHIPMENT_STATES = choices(['pending', 'ready', 'partial', 'shipped', 'backorder']);

const orderFilters = [
  <SearchInput key="number" source="number_cont" placeholder="Number" alwaysOn />,
  <TextInput key="email" source="email_cont" label="E-mail" alwaysOn />,
  <SelectInput key="state" source="state_eq" label="State" choices={ORDER_STATES} />,
  <SelectInput key="payment" source="payment_state_eq" label="Payment state" choices={PAYMENT_STATES} />,
  <SelectInput key="shipment" source="shipment_state_eq" label="Shipment state" choices={SHIPMENT_STATES} />,
  <DateInput key="from" source="completed_at_gteq" label="Completed from" />,
  <DateInput key="to" source="completed_at_lteq" label="Completed until" />,
];

const StateChip = ({ source }: { source: string }) => {
  const record = useRecordContext();
  const value = record?.[source] as string | null | undefined;
  return value ? <Chip size="small" label={value.replace(/_/g, ' ')} /> : null;
};

export const OrderList = () => (
  <List filters={orderFilters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} title="Orders">
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="number" label="Number" />
      <DataTable.Col source="email" label="E-mail" />
      <DataTable.Col source="state" label="State" render={() => <StateChip source="state" />} />
      <DataTable.Col source="payment_state" label="Payment" render={() => <StateChip source="payment_state" />} />
      <DataTable.Col source="shipment_state" label="Shipment" render={() => <StateChip source="shipment_state" />} />
      <DataTable.Col source="total" label="Total" render={(r) => `${r.total} ${r.currency ?? ''}`} />
      <DataTable.Col source="completed_at" label="Completed" field={DateField} />
    </DataTable>
  </List>
);

interface Address {
  full_name?: string;
  firstname: string;
  lastname: string;
  company?: string | null;
  address1: string;
  address2?: string | null;
  city: string;
  zipcode: string;
  phone?: string;
  state_text?: string | null;
  country?: { name?: string; iso?: string } | null;
}
interface Adjustment {
  id: number;
  label: string;
  amount: string;
  eligible?: boolean;
  state?: string;
}
interface LineItem {
  id: number;
  quantity: number;
  price: string;
  total: string;
  variant?: { name?: string; sku?: string; options_text?: string };
  adjustments?: Adjustment[];
}
interface Shipment {
  id: number;
  number: string;
  state: string;
  tracking: string | null;
  cost: string;
  shipped_at: string | null;
  stock_location_name: string;
  selected_shipping_rate?: { name?: string } | null;
  manifest?: Array<{ quantity: number; states?: Record<string, number>; variant_id: number }>;
}
interface Payment {
  id: number;
  amount: string;
  state: string;
  payment_method?: { name?: string } | null;
  source_type?: string | null;
  created_at: string;
  response_code?: string | null;
}

interface StateChange {
  id: number;
  name: string;
  stateful_id: number;
  previous_state: string | null;
  next_state: string;
  user_id: number | null;
  created_at: string;
}

/** The order's state history (GET /api/orders/:number/state_changes): the order's, its payments' and shipments' moves, newest first. */
const StateHistory = () => {
  const order = useRecordContext();
  const notify = useNotify();
  const [changes, setChanges] = useState<{ rows: StateChange[]; total: number } | null>(null);
  const number = order ? encodeURIComponent(String(order.id)) : '';
  const version = order ? `${order.updated_at}/${order.state}/${order.payment_state}/${order.shipment_state}` : '';
  useEffect(() => {
    if (!number) return;
    let live = true;
    api<ListEnvelope>('GET', `/orders/${number}/state_changes`, { query: { per_page: 100 } }).then(
      (body) => live && setChanges({ rows: body.state_changes as StateChange[], total: body.total_count ?? 0 }),
      (error: Error) => notify(error.message, { type: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [number, version, notify]);
  if (!changes) return <Typography variant="body2">Loading…</Typography>;
  if (changes.rows.length === 0) return <Typography variant="body2">No state changes.</Typography>;
  return (
    <>
      <Table size="small" aria-label="State history" id="state-history">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>What</TableCell>
            <TableCell>From</TableCell>
            <TableCell>To</TableCell>
            <TableCell>By</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.rows.map((c) => (
            <TableRow key={c.id} data-state-change={`${c.name}:${c.previous_state ?? ''}->${c.next_state}`}>
              <TableCell>{new Date(c.created_at).toLocaleString()}</TableCell>
              <TableCell>{c.name === 'order' ? 'order' : `${c.name} ${c.stateful_id}`}</TableCell>
              <TableCell>{c.previous_state ?? '—'}</TableCell>
              <TableCell>{c.next_state}</TableCell>
              <TableCell>{c.user_id === null ? 'the store' : `user ${c.user_id}`}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {changes.total > changes.rows.length && <Typography variant="body2">The newest {changes.rows.length} of {changes.total} changes.</Typography>}
    </>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-label={title}>
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

const AddressBlock = ({ title, address }: { title: string; address: Address | null }) => (
  <Box sx={{ flex: 1 }}>
    <Typography variant="subtitle2" component="h3">
      {title}
    </Typography>
    {address ? (
      <Typography variant="body2" component="address" sx={{ fontStyle: 'normal' }}>
        {address.full_name ?? `${address.firstname} ${address.lastname}`}
        <br />
        {address.company && (
          <>
            {address.company}
            <br />
          </>
        )}
        {address.address1}
        {address.address2 ? `, ${address.address2}` : ''}
        <br />
        {address.zipcode} {address.city} {address.state_text ?? ''}
        <br />
        {address.country?.name ?? ''}
        {address.phone ? (
          <>
            <br />
            {address.phone}
          </>
        ) : null}
      </Typography>
    ) : (
      <Typography variant="body2">None</Typography>
    )}
  </Box>
);

const OrderActions = () => {
  const order = useRecordContext();
  if (!order) return null;
  const number = encodeURIComponent(String(order.id));
  return (
    <TopToolbar>
      <ActionButton
        id="cancel-order"
        label="Cancel order"
        color="error"
        permission="orders:write"
        disabled={!['complete', 'resumed'].includes(order.state as string)}
        run={() => api('PUT', `/orders/${number}/cancel`)}
        done="Order canceled"
      />
      <ActionButton
        id="resume-order"
        label="Resume order"
        permission="orders:write"
        disabled={order.state !== 'canceled'}
        run={() => api('PUT', `/orders/${number}/resume`)}
        done="Order resumed"
      />
    </TopToolbar>
  );
};

const OrderPage = () => {
  const order = useRecordContext();
  if (!order) return null;
  const number = encodeURIComponent(String(order.id));
  const lineItems = (order.line_items as LineItem[]) ?? [];
  const shipments = (order.shipments as Shipment[]) ?? [];
  const payments = (order.payments as Payment[]) ?? [];
  const adjustments = [...((order.adjustments as Adjustment[]) ?? []), ...lineItems.flatMap((li) => li.adjustments ?? [])];
  // A placed order's line items are edited by an admin (Spree 2.2's order edit).
  const editable = ['complete', 'resumed'].includes(order.state as string);
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="h5" component="h1">
          Order {String(order.id)}
        </Typography>
        <Chip label={`state: ${order.state}`} id="order-state" />
        <Chip label={`payment: ${order.payment_state ?? '—'}`} id="order-payment-state" />
        <Chip label={`shipment: ${order.shipment_state ?? '—'}`} id="order-shipment-state" />
        <Typography variant="body2">
          {String(order.email ?? '')} · total <strong>{String(order.display_total ?? order.total)}</strong> · paid {String(order.payment_total)}
        </Typography>
      </Stack>

      <Section title="Line items">
        <Table size="small" aria-label="Line items">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>SKU</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lineItems.map((li) => (
              <TableRow key={li.id}>
                <TableCell>
                  {li.variant?.name} {li.variant?.options_text ? `(${li.variant.options_text})` : ''}
                </TableCell>
                <TableCell>{li.variant?.sku}</TableCell>
                <TableCell align="right">{li.price}</TableCell>
                <TableCell align="right">
                  <LineItemQuantity key={`${li.id}-${li.quantity}`} orderNumber={number} id={li.id} quantity={li.quantity} editable={editable} />
                </TableCell>
                <TableCell align="right">{li.total}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={4}>Items</TableCell>
              <TableCell align="right">{String(order.item_total)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell colSpan={4}>Shipping</TableCell>
              <TableCell align="right">{String(order.ship_total)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell colSpan={4}>Tax</TableCell>
              <TableCell align="right">{String(order.tax_total ?? '')}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell colSpan={4}>
                <strong>Total</strong>
              </TableCell>
              <TableCell align="right">
                <strong>{String(order.total)}</strong>
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
        {editable && <AddLineItem orderNumber={number} />}
      </Section>

      <Section title="Addresses">
        <Stack direction="row" spacing={4}>
          <AddressBlock title="Bill to" address={order.bill_address as Address | null} />
          <AddressBlock title="Ship to" address={order.ship_address as Address | null} />
        </Stack>
      </Section>

      <Section title="Payments">
        <Table size="small" aria-label="Payments">
          <TableHead>
            <TableRow>
              <TableCell>Id</TableCell>
              <TableCell>Method</TableCell>
              <TableCell>State</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {payments.map((p) => (
              <TableRow key={p.id} data-payment={p.id}>
                <TableCell>{p.id}</TableCell>
                <TableCell>{p.payment_method?.name ?? p.source_type ?? ''}</TableCell>
                <TableCell className="payment-state">{p.state}</TableCell>
                <TableCell align="right">{p.amount}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <ActionButton
                      id={`capture-${p.id}`}
                      label="Capture"
                      permission="payments:write"
                      disabled={!['pending', 'checkout'].includes(p.state)}
                      run={() => api('PUT', `/orders/${number}/payments/${p.id}/capture`)}
                      done="Payment captured"
                    />
                    <ActionButton
                      id={`void-${p.id}`}
                      label="Void"
                      color="warning"
                      permission="payments:refund"
                      disabled={!['pending', 'checkout', 'completed'].includes(p.state)}
                      run={() => api('PUT', `/orders/${number}/payments/${p.id}/void`)}
                      done="Payment voided"
                    />
                    <ActionButton
                      id={`refund-${p.id}`}
                      label="Refund"
                      color="error"
                      permission="payments:refund"
                      disabled={p.state !== 'completed' || Number(p.amount) <= 0}
                      ask={{ title: `Refund payment ${p.id}`, field: 'Amount (blank: what the order owes the customer)' }}
                      run={(amount) => api('PUT', `/orders/${number}/payments/${p.id}/credit`, { body: amount ? { amount } : {} })}
                      done="Refund made"
                    />
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {payments.length === 0 && <Typography variant="body2">No payments.</Typography>}
      </Section>

      <Section title="Shipments">
        <Table size="small" aria-label="Shipments">
          <TableHead>
            <TableRow>
              <TableCell>Number</TableCell>
              <TableCell>From</TableCell>
              <TableCell>Method</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Tracking</TableCell>
              <TableCell align="right">Cost</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shipments.map((s) => (
              <TableRow key={s.id} data-shipment={s.number}>
                <TableCell>{s.number}</TableCell>
                <TableCell>{s.stock_location_name}</TableCell>
                <TableCell>{s.selected_shipping_rate?.name ?? ''}</TableCell>
                <TableCell className="shipment-state">{s.state}</TableCell>
                <TableCell className="shipment-tracking">{s.tracking ?? ''}</TableCell>
                <TableCell align="right">{s.cost}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <ActionButton
                      id={`ready-${s.number}`}
                      label="Ready"
                      permission="shipments:write"
                      disabled={s.state !== 'pending'}
                      run={() => api('PUT', `/shipments/${encodeURIComponent(s.number)}/ready`)}
                      done="Shipment ready"
                    />
                    <ActionButton
                      id={`ship-${s.number}`}
                      label="Ship"
                      color="success"
                      permission="shipments:write"
                      disabled={s.state !== 'ready'}
                      ask={{ title: `Ship ${s.number}`, field: 'Tracking number', initial: s.tracking ?? '' }}
                      run={(tracking) => api('PUT', `/shipments/${encodeURIComponent(s.number)}/ship`, { body: { shipment: { tracking } } })}
                      done="Shipment shipped"
                    />
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {shipments.length === 0 && <Typography variant="body2">No shipments.</Typography>}
      </Section>

      <Section title="Returns">
        <Returns />
      </Section>

      <Section title="Coupons">
        <Coupons />
      </Section>

      <Section title="Adjustments">
        <Table size="small" aria-label="Adjustments">
          <TableHead>
            <TableRow>
              <TableCell>Label</TableCell>
              <TableCell>State</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {adjustments.map((a) => (
              <TableRow key={a.id}>
                <TableCell>{a.label}</TableCell>
                <TableCell>{a.eligible === false ? 'not eligible' : (a.state ?? '')}</TableCell>
                <TableCell align="right">{a.amount}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {adjustments.length === 0 && <Typography variant="body2">No adjustments.</Typography>}
      </Section>

      <Section title="State history">
        <StateHistory />
      </Section>
    </Box>
  );
};

export const OrderShow = () => (
  <Show actions={<OrderActions />} title={<OrderTitle />}>
    <OrderPage />
  </Show>
);

const OrderTitle = () => {
  const record = useRecordContext();
  return <span>Order {record ? String(record.id) : ''}</span>;
};

