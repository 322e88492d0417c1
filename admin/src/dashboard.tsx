import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { api } from './api';
import { addMoney } from './lib';
import type { ListEnvelope } from './dataProvider';
import { useCan } from './actions';


interface Figures {
  todayCount: number;
  todayRevenue: string;
  toShip: number;
  toCapture: number;
  lowStock: Array<{ id: number; sku: string; count_on_hand: number; location: string }>;
}

const LOW_STOCK = 5;

async function loadFigures(canStock: boolean): Promise<Figures> {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  const today: string[] = [];
  let todayCount = 0;
  // Today's completed orders, a page of 100 at a time (a shop's day; capped at 2,000 orders).
  for (let page = 1; page <= 20; page++) {
    const body = await api<ListEnvelope>('GET', '/orders', { query: { page, per_page: 100, 'q[completed_at_gteq]': midnight.toISOString(), 'q[state_not_eq]': 'canceled' } });
    todayCount = body.total_count;
    for (const order of body.orders as Array<{ total: string }>) today.push(order.total);
    if (page >= body.pages) break;
  }
  const toShip = await api<ListEnvelope>('GET', '/orders', { query: { per_page: 1, 'q[shipment_state_eq]': 'ready', 'q[state_eq]': 'complete' } });
  const toCapture = await api<ListEnvelope>('GET', '/orders', { query: { per_page: 1, 'q[payment_state_eq]': 'balance_due', 'q[state_eq]': 'complete' } });
  const lowStock: Figures['lowStock'] = [];
  if (canStock) {
    const locations = await api<ListEnvelope>('GET', '/stock_locations', { query: { per_page: 100 } });
    for (const location of locations.stock_locations as Array<{ id: number; name: string }>) {
      const items = await api<ListEnvelope>('GET', `/stock_locations/${location.id}/stock_items`, {
        query: { per_page: 10, 'q[count_on_hand_lt]': LOW_STOCK, 'q[variant_is_master]': 'false', 'q[s]': 'count_on_hand asc' },
      });
      for (const item of items.stock_items as Array<{ id: number; count_on_hand: number; variant?: { sku?: string; name?: string } }>) {
        lowStock.push({ id: item.id, sku: item.variant?.sku || item.variant?.name || String(item.id), count_on_hand: item.count_on_hand, location: location.name });
      }
    }
  }
  return { todayCount, todayRevenue: addMoney(today), toShip: toShip.total_count, toCapture: toCapture.total_count, lowStock };
}

const Figure = ({ label, value, href }: { label: string; value: string | number; href?: string }) => (
  <Card variant="outlined">
    <CardContent>
      <Typography variant="subtitle2" component="h2">
        {label}
      </Typography>
      <Typography variant="h4" component="p">
        {href ? <Link href={href}>{value}</Link> : value}
      </Typography>
    </CardContent>
  </Card>
);

const filterLink = (filter: Record<string, string>) => `#/orders?filter=${encodeURIComponent(JSON.stringify(filter))}`;

export const Dashboard = () => {
  const notify = useNotify();
  const canStock = useCan('stock:read');
  const [figures, setFigures] = useState<Figures | null>(null);
  useEffect(() => {
    loadFigures(canStock).then(setFigures, (error: Error) => notify(error.message, { type: 'error' }));
  }, [canStock, notify]);
  return (
    <>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>
        Today
      </Typography>
      {!figures ? (
        <Typography role="status">Loading…</Typography>
      ) : (
        <Grid container spacing={2} id="dashboard-figures">
          <Grid size={{ xs: 12, md: 3 }}>
            <Figure label="Orders today" value={figures.todayCount} />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Figure label="Revenue today" value={figures.todayRevenue} />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Figure label="Orders to ship" value={figures.toShip} href={filterLink({ shipment_state_eq: 'ready', state_eq: 'complete' })} />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Figure label="Payments to capture" value={figures.toCapture} href={filterLink({ payment_state_eq: 'balance_due', state_eq: 'complete' })} />
          </Grid>
          <Grid size={12}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="subtitle2" component="h2">
                  Low stock (fewer than {LOW_STOCK} on hand)
                </Typography>
                {!canStock ? (
                  <Typography variant="body2">Your role does not show stock (stock:read).</Typography>
                ) : figures.lowStock.length === 0 ? (
                  <Typography variant="body2">Nothing is low.</Typography>
                ) : (
                  <Table size="small" aria-label="Low stock">
                    <TableHead>
                      <TableRow>
                        <TableCell>Variant</TableCell>
                        <TableCell>Location</TableCell>
                        <TableCell align="right">On hand</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {figures.lowStock.map((item) => (
                        <TableRow key={`${item.location}-${item.id}`}>
                          <TableCell>{item.sku}</TableCell>
                          <TableCell>{item.location}</TableCell>
                          <TableCell align="right">{item.count_on_hand}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
    </>
  );
};
