/**
 * Webhook endpoints: list, create (the signing secret shown once), change,
 * and each endpoint's delivery log with its attempts, a ping and a redeliver
 * per delivery (`webhooks:read`, `webhooks:write`).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BooleanInput, CheckboxGroupInput, Create, DataTable, DateField, Edit, List, required, SimpleForm, TextInput, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { useCan } from './actions';
import { api } from './api';
import { WEBHOOK_EVENTS } from './lib';
import { Section, useApiList } from './ui';

/** The events an endpoint may subscribe to, as choices. */
export const EVENTS = WEBHOOK_EVENTS.map((id) => ({ id, name: id }));

export const WebhookEndpointList = () => (
  <List sort={{ field: 'id', order: 'DESC' }} title="Webhook endpoints">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="url" label="URL" />
      <DataTable.Col source="events" label="Events" render={(r) => ((r.events as string[]) ?? []).join(', ')} />
      <DataTable.Col source="enabled" label="Enabled" render={(r) => (r.enabled ? 'yes' : `no${r.disabled_reason ? ` (${String(r.disabled_reason)})` : ''}`)} />
      <DataTable.Col source="failing_since" label="Failing since" field={DateField} />
    </DataTable>
  </List>
);

/** The create form; the answer's secret is shown once in a dialog, then the endpoint's page opens. */
export const WebhookEndpointCreate = () => {
  const [created, setCreated] = useState<{ id: number; secret: string } | null>(null);
  const redirect = useRedirect();
  return (
    <>
      <Create
        title="New webhook endpoint"
        redirect={false}
        mutationOptions={{ onSuccess: (data: { id: number; secret?: string }) => setCreated({ id: data.id, secret: data.secret ?? '' }) }}
      >
        <SimpleForm defaultValues={{ enabled: true }}>
          <TextInput source="url" label="URL (https)" validate={required()} fullWidth />
          <CheckboxGroupInput source="events" label="Events" choices={EVENTS} validate={required()} row={false} />
          <BooleanInput source="enabled" label="Enabled" />
        </SimpleForm>
      </Create>
      <Dialog open={created !== null} aria-labelledby="webhook-secret-title">
        <DialogTitle id="webhook-secret-title">Signing secret</DialogTitle>
        <DialogContent>
          <DialogContentText>Copy it now: it is shown once. Deliveries are signed with it (Standard Webhooks).</DialogContentText>
          <Typography component="code" id="webhook-secret" sx={{ display: 'block', mt: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {created?.secret}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => created && redirect('edit', 'webhook_endpoints', created.id)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

interface Delivery {
  id: number;
  event_id: string;
  event_type: string;
  state: string;
  attempts: number;
  response_code: number | null;
  error: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** The endpoint's delivery log (newest first), a ping, and a redeliver per delivery. */
const Deliveries = () => {
  const endpoint = useRecordContext();
  const notify = useNotify();
  const can = useCan('webhooks:write');
  const log = useApiList<Delivery>(endpoint ? `/webhook_endpoints/${endpoint.id}/deliveries` : null, 'deliveries', { per_page: 25 });
  if (!endpoint) return null;
  const run = async (path: string, done: string) => {
    try {
      await api('POST', path);
      notify(done, { type: 'success' });
      log.reload();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Section title="Deliveries">
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Button id="webhook-ping" size="small" variant="outlined" disabled={!can} onClick={() => void run(`/webhook_endpoints/${endpoint.id}/ping`, 'Ping sent')}>
          Send a ping
        </Button>
        <Button size="small" onClick={log.reload}>
          Reload
        </Button>
      </Stack>
      {log.rows && log.rows.length === 0 && <Typography variant="body2">No deliveries yet.</Typography>}
      {log.rows && log.rows.length > 0 && (
        <Table size="small" aria-label="Deliveries" id="webhook-deliveries">
          <TableHead>
            <TableRow>
              <TableCell>Id</TableCell>
              <TableCell>Event</TableCell>
              <TableCell>State</TableCell>
              <TableCell align="right">Attempts</TableCell>
              <TableCell>Last answer</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {log.rows.map((d) => (
              <TableRow key={d.id} data-delivery={d.id}>
                <TableCell>{d.id}</TableCell>
                <TableCell>
                  {d.event_type} <small>{d.event_id}</small>
                </TableCell>
                <TableCell className="delivery-state">{d.state}</TableCell>
                <TableCell align="right">{d.attempts}</TableCell>
                <TableCell>{d.response_code ?? d.error ?? ''}</TableCell>
                <TableCell>{new Date(d.created_at).toLocaleString()}</TableCell>
                <TableCell>
                  <Button
                    id={`redeliver-${d.id}`}
                    size="small"
                    variant="outlined"
                    disabled={!can}
                    onClick={() => void run(`/webhook_endpoints/${endpoint.id}/deliveries/${d.id}/redeliver`, 'Sent again')}
                  >
                    Redeliver
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {log.total > (log.rows?.length ?? 0) && <Typography variant="body2">The newest {log.rows?.length} of {log.total}.</Typography>}
    </Section>
  );
};

const Title = () => {
  const record = useRecordContext();
  return <span>Webhook endpoint {record ? String(record.url) : ''}</span>;
};

export const WebhookEndpointEdit = () => (
  <Edit title={<Title />} mutationMode="pessimistic">
    <SimpleForm>
      <TextInput source="url" label="URL (https)" validate={required()} fullWidth />
      <CheckboxGroupInput source="events" label="Events" choices={EVENTS} validate={required()} row={false} />
      <BooleanInput source="enabled" label="Enabled (re-enables one disabled for failing)" />
    </SimpleForm>
    <Deliveries />
  </Edit>
);
