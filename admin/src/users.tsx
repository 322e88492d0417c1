import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  CheckboxGroupInput,
  Create,
  DataTable,
  DateField,
  Edit,
  List,
  required,
  SearchInput,
  Show,
  SimpleForm,
  TextInput,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { api, session } from './api';
import { PERMISSION_CHOICES } from './permissions';

/** Roles and API keys grant rights: only an admin by the user's flag may manage them (the API says the same). */
const isFullAdmin = () => session.current()?.admin === true;

export const UserList = () => (
  <List filters={[<SearchInput key="email" source="email_cont" placeholder="E-mail" alwaysOn />]} sort={{ field: 'created_at', order: 'DESC' }} title="Users">
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="id" label="Id" />
      <DataTable.Col source="email" label="E-mail" />
      <DataTable.Col source="created_at" label="Signed up" field={DateField} />
    </DataTable>
  </List>
);

interface Role {
  id: number;
  name: string;
  permissions: string[];
}
interface ApiKey {
  id: number;
  name: string | null;
  scopes: string[] | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

const UserRoles = () => {
  const user = useRecordContext();
  const notify = useNotify();
  const [all, setAll] = useState<Role[]>([]);
  const [held, setHeld] = useState<number[] | null>(null);
  useEffect(() => {
    if (!user || !isFullAdmin()) return;
    Promise.all([api<{ roles: Role[] }>('GET', '/roles'), api<{ roles: Role[] }>('GET', `/users/${user.id}/roles`)]).then(
      ([roles, mine]) => {
        setAll(roles.roles);
        setHeld(mine.roles.map((r) => r.id));
      },
      (error: Error) => notify(error.message, { type: 'error' }),
    );
  }, [user, notify]);
  if (!user) return null;
  if (!isFullAdmin()) return <Typography variant="body2">Only an admin manages staff roles.</Typography>;
  const save = async () => {
    try {
      const answer = await api<{ roles: Role[] }>('PUT', `/users/${user.id}/roles`, { body: { user: { role_ids: held ?? [] } } });
      setHeld(answer.roles.map((r) => r.id));
      notify('Roles saved', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Box>
      {all.length === 0 && <Typography variant="body2">No roles yet: create one under Roles.</Typography>}
      {all.map((role) => (
        <FormControlLabel
          key={role.id}
          label={`${role.name} (${role.permissions.join(', ')})`}
          control={
            <Checkbox
              checked={held?.includes(role.id) ?? false}
              onChange={(e) => setHeld((h) => (e.target.checked ? [...(h ?? []), role.id] : (h ?? []).filter((id) => id !== role.id)))}
            />
          }
        />
      ))}
      <Box>
        <Button variant="outlined" onClick={() => void save()} disabled={held === null}>
          Save roles
        </Button>
      </Box>
    </Box>
  );
};

const UserApiKeys = () => {
  const user = useRecordContext();
  const notify = useNotify();
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const load = useCallback(() => {
    if (!user || !isFullAdmin()) return;
    api<{ api_keys: ApiKey[] }>('GET', `/users/${user.id}/api_keys`).then(
      (body) => setKeys(body.api_keys),
      (error: Error) => notify(error.message, { type: 'error' }),
    );
  }, [user, notify]);
  useEffect(load, [load]);
  if (!user) return null;
  if (!isFullAdmin()) return <Typography variant="body2">Only an admin manages API keys.</Typography>;
  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const body = { api_key: { name, scopes, ...(expires ? { expires_at: new Date(expires).toISOString() } : {}) } };
      const made = await api<{ api_key: string }>('POST', `/users/${user.id}/api_keys`, { body });
      setShown(made.api_key);
      setName('');
      setScopes([]);
      setExpires('');
      load();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const revoke = async (key: ApiKey) => {
    try {
      await api('DELETE', `/users/${user.id}/api_keys/${key.id}`);
      notify('Key revoked', { type: 'success' });
      load();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const regenerate = async () => {
    try {
      const made = await api<{ api_key: string }>('PUT', `/users/${user.id}/generate_api_key`);
      setShown(made.api_key);
      load();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const clearAll = async () => {
    try {
      await api('PUT', `/users/${user.id}/clear_api_key`);
      notify('Every key of this user revoked: they sign in again', { type: 'success' });
      load();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
        <Button size="small" variant="outlined" onClick={() => void regenerate()}>
          Regenerate key
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={() => void clearAll()}>
          Clear all keys
        </Button>
      </Box>
      <Table size="small" aria-label="API keys">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Scopes</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(keys ?? []).map((key) => (
            <TableRow key={key.id} data-api-key={key.id}>
              <TableCell>{key.name ?? 'sign-in'}</TableCell>
              <TableCell>{key.scopes ? key.scopes.join(', ') : 'every right of the user'}</TableCell>
              <TableCell>{key.last_used_at ? new Date(key.last_used_at).toLocaleString() : 'never'}</TableCell>
              <TableCell>{key.expires_at ? new Date(key.expires_at).toLocaleString() : '—'}</TableCell>
              <TableCell>
                <Button size="small" color="error" onClick={() => void revoke(key)}>
                  Revoke
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box component="form" onSubmit={create} aria-label="New API key" sx={{ mt: 2 }}>
        <Typography variant="subtitle2" component="h3">
          New scoped key
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField size="small" label="Name" name="key_name" value={name} onChange={(e) => setName(e.target.value)} required />
          <TextField size="small" type="datetime-local" label="Expires (optional)" name="key_expires" value={expires} onChange={(e) => setExpires(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        </Box>
        <Box>
          {PERMISSION_CHOICES.map((p) => (
            <FormControlLabel
              key={p.id}
              label={p.id}
              control={<Checkbox size="small" name={`scope-${p.id}`} checked={scopes.includes(p.id)} onChange={(e) => setScopes((s) => (e.target.checked ? [...s, p.id] : s.filter((x) => x !== p.id)))} />}
            />
          ))}
        </Box>
        <Button type="submit" variant="outlined" disabled={!name || scopes.length === 0}>
          Create key
        </Button>
      </Box>
      <Dialog open={shown !== null} onClose={() => setShown(null)} aria-labelledby="new-key-title">
        <DialogTitle id="new-key-title">The new key (shown only now)</DialogTitle>
        <DialogContent>
          <Typography component="code" sx={{ wordBreak: 'break-all' }} id="new-api-key">
            {shown}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void navigator.clipboard?.writeText(shown ?? '')}>Copy</Button>
          <Button variant="contained" onClick={() => setShown(null)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};

const UserPage = () => {
  const user = useRecordContext();
  if (!user) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {String(user.email)}
      </Typography>
      <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-label="Staff roles">
        <CardContent>
          <Typography variant="h6" component="h2">
            Staff roles
          </Typography>
          <UserRoles />
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-label="API keys">
        <CardContent>
          <Typography variant="h6" component="h2">
            API keys
          </Typography>
          <UserApiKeys />
        </CardContent>
      </Card>
    </Box>
  );
};

export const UserShow = () => (
  <Show>
    <UserPage />
  </Show>
);

export const UserCreate = () => (
  <Create redirect="show" title="New user">
    <SimpleForm>
      <TextInput source="email" label="E-mail" validate={required()} />
      <TextInput source="password" label="Password" type="password" validate={required()} />
    </SimpleForm>
  </Create>
);

export const RoleList = () => (
  <List title="Staff roles" pagination={false}>
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="permissions" label="Permissions" render={(r) => (r.permissions as string[]).join(', ')} />
    </DataTable>
  </List>
);

const RoleForm = () => (
  <SimpleForm>
    <TextInput source="name" label="Name" validate={required()} />
    <CheckboxGroupInput source="permissions" label="Permissions" choices={PERMISSION_CHOICES} />
  </SimpleForm>
);

export const RoleCreate = () => (
  <Create redirect="list" title="New role">
    <RoleForm />
  </Create>
);

export const RoleEdit = () => (
  <Edit mutationMode="pessimistic" title="Role">
    <RoleForm />
  </Edit>
);
