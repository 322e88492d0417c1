/**
 * The catalog's shared parts: option types with their values, properties,
 * and taxonomies as a tree (GET /api/taxonomies/:id?set=nested) where taxons
 * are added under a parent and removed.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { Create, DataTable, Edit, List, required, SearchInput, SimpleForm, TextInput, useNotify, useRecordContext } from 'react-admin';
import { useCan } from './actions';
import { api } from './api';
import { Section, useApiList } from './ui';

const nameFilter = [<SearchInput key="name" source="name_cont" placeholder="Name" alwaysOn />];

const NamedTitle = ({ kind }: { kind: string }) => {
  const record = useRecordContext();
  return (
    <span>
      {kind} {record ? String(record.presentation ?? record.name) : ''}
    </span>
  );
};

// ---------------------------------------------------------------- option types

export const OptionTypeList = () => (
  <List filters={nameFilter} sort={{ field: 'position', order: 'ASC' }} title="Option types">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="presentation" label="Shown as" />
      <DataTable.Col source="option_values" label="Values" render={(r) => ((r.option_values as Array<{ presentation: string }>) ?? []).map((v) => v.presentation).join(', ')} />
    </DataTable>
  </List>
);

const OptionTypeForm = () => (
  <SimpleForm>
    <TextInput source="name" label="Name" validate={required()} />
    <TextInput source="presentation" label="Shown as" validate={required()} />
  </SimpleForm>
);

export const OptionTypeCreate = () => (
  <Create redirect="edit" title="New option type">
    <OptionTypeForm />
  </Create>
);

interface OptionValue {
  id: number;
  name: string;
  presentation: string;
}

/** An option type's values: listed, added (POST …/option_values), removed (DELETE). */
const OptionValues = () => {
  const type = useRecordContext();
  const notify = useNotify();
  const can = useCan('catalog:write');
  const values = useApiList<OptionValue>(type ? `/option_types/${type.id}/option_values` : null, 'option_values');
  const [name, setName] = useState('');
  const [presentation, setPresentation] = useState('');
  if (!type) return null;
  const add = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api('POST', `/option_types/${type.id}/option_values`, { body: { option_value: { name, presentation: presentation || name } } });
      notify(`Value ${name} added`, { type: 'success' });
      setName('');
      setPresentation('');
      values.reload();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const remove = async (value: OptionValue) => {
    try {
      await api('DELETE', `/option_types/${type.id}/option_values/${value.id}`);
      notify(`Value ${value.name} removed`, { type: 'success' });
      values.reload();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Section title="Values">
      <Box component="ul" id="option-values" sx={{ pl: 2 }}>
        {(values.rows ?? []).map((v) => (
          <li key={v.id} data-option-value={v.name}>
            {v.presentation} ({v.name}){' '}
            <Button size="small" color="error" disabled={!can} onClick={() => void remove(v)} aria-label={`Remove ${v.presentation}`}>
              Remove
            </Button>
          </li>
        ))}
      </Box>
      <form onSubmit={add} aria-label="Add a value">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField size="small" name="value_name" label="Name" value={name} onChange={(e) => setName(e.target.value)} required disabled={!can} />
          <TextField size="small" name="value_presentation" label="Shown as" value={presentation} onChange={(e) => setPresentation(e.target.value)} disabled={!can} />
          <Button type="submit" variant="contained" size="small" disabled={!can || !name}>
            Add value
          </Button>
        </Stack>
      </form>
    </Section>
  );
};

export const OptionTypeEdit = () => (
  <Edit title={<NamedTitle kind="Option type" />} mutationMode="pessimistic">
    <OptionTypeForm />
    <OptionValues />
  </Edit>
);

// ---------------------------------------------------------------- properties

export const PropertyList = () => (
  <List filters={nameFilter} sort={{ field: 'name', order: 'ASC' }} title="Properties">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="presentation" label="Shown as" />
    </DataTable>
  </List>
);

const PropertyForm = () => (
  <SimpleForm>
    <TextInput source="name" label="Name" validate={required()} />
    <TextInput source="presentation" label="Shown as" validate={required()} />
  </SimpleForm>
);

export const PropertyCreate = () => (
  <Create redirect="list" title="New property">
    <PropertyForm />
  </Create>
);
export const PropertyEdit = () => (
  <Edit title={<NamedTitle kind="Property" />} mutationMode="pessimistic">
    <PropertyForm />
  </Edit>
);

// ---------------------------------------------------------------- taxonomies

interface Taxon {
  id: number;
  name: string;
  pretty_name: string;
  parent_id: number | null;
  taxons?: Taxon[];
}

export const TaxonomyList = () => (
  <List filters={nameFilter} sort={{ field: 'name', order: 'ASC' }} title="Taxonomies">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="root" label="Top taxons" render={(r) => ((r.root as Taxon | null)?.taxons ?? []).map((t) => t.name).join(', ')} />
    </DataTable>
  </List>
);

export const TaxonomyCreate = () => (
  <Create redirect="edit" title="New taxonomy">
    <SimpleForm>
      <TextInput source="name" label="Name" validate={required()} />
    </SimpleForm>
  </Create>
);

const flatten = (taxon: Taxon, depth = 0): Array<{ taxon: Taxon; depth: number }> => [{ taxon, depth }, ...(taxon.taxons ?? []).flatMap((c) => flatten(c, depth + 1))];

const TreeNode = ({ taxon, root, onRemove, can }: { taxon: Taxon; root: boolean; onRemove: (t: Taxon) => void; can: boolean }) => (
  <li data-taxon={taxon.pretty_name}>
    <span>{taxon.name}</span>
    {!root && (
      <Button size="small" color="error" disabled={!can} onClick={() => onRemove(taxon)} aria-label={`Remove ${taxon.pretty_name}`}>
        Remove
      </Button>
    )}
    {taxon.taxons && taxon.taxons.length > 0 && (
      <ul>
        {taxon.taxons.map((c) => (
          <TreeNode key={c.id} taxon={c} root={false} onRemove={onRemove} can={can} />
        ))}
      </ul>
    )}
  </li>
);

/** The taxonomy's tree (GET /api/taxonomies/:id?set=nested); add a taxon under any node (POST …/taxons), remove one with its subtree (DELETE). */
const TaxonTree = () => {
  const taxonomy = useRecordContext();
  const notify = useNotify();
  const can = useCan('catalog:write');
  const [root, setRoot] = useState<Taxon | null>(null);
  const [tick, setTick] = useState(0);
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState('');
  useEffect(() => {
    if (!taxonomy) return;
    let live = true;
    api<{ root: Taxon | null }>('GET', `/taxonomies/${taxonomy.id}`, { query: { set: 'nested' } }).then(
      (body) => live && setRoot(body.root),
      (error: Error) => notify(error.message, { type: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [taxonomy, tick, notify]);
  if (!taxonomy) return null;
  const add = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api('POST', `/taxonomies/${taxonomy.id}/taxons`, { body: { taxon: { name, parent_id: Number(parentId || root?.id) } } });
      notify(`Taxon ${name} added`, { type: 'success' });
      setName('');
      setTick((n) => n + 1);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const remove = async (taxon: Taxon) => {
    try {
      await api('DELETE', `/taxonomies/${taxonomy.id}/taxons/${taxon.id}`);
      notify(`Taxon ${taxon.name} removed`, { type: 'success' });
      setTick((n) => n + 1);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Section title="Taxons">
      {!root && <Typography variant="body2">Loading…</Typography>}
      {root && (
        // Nested lists (no ARIA tree: that would promise arrow-key navigation).
        <ul aria-label="Taxon tree" id="taxon-tree">
          <TreeNode taxon={root} root onRemove={(t) => void remove(t)} can={can} />
        </ul>
      )}
      {root && (
        <form onSubmit={add} aria-label="Add a taxon">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField size="small" name="taxon_name" label="Name" value={name} onChange={(e) => setName(e.target.value)} required disabled={!can} />
            <TextField
              select
              size="small"
              label="Under"
              value={parentId || String(root.id)}
              onChange={(e) => setParentId(e.target.value)}
              sx={{ minWidth: 220 }}
              disabled={!can}
              id="taxon-parent"
            >
              {flatten(root).map(({ taxon, depth }) => (
                <MenuItem key={taxon.id} value={String(taxon.id)}>
                  {`${'— '.repeat(depth)}${taxon.name}`}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained" size="small" disabled={!can || !name}>
              Add taxon
            </Button>
          </Stack>
        </form>
      )}
    </Section>
  );
};

export const TaxonomyEdit = () => (
  <Edit title={<NamedTitle kind="Taxonomy" />} mutationMode="pessimistic">
    <SimpleForm>
      <TextInput source="name" label="Name" validate={required()} />
    </SimpleForm>
    <TaxonTree />
  </Edit>
);
