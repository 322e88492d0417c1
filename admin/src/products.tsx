import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import {
  BooleanInput,
  Create,
  DataTable,
  DateField,
  DateInput,
  Edit,
  List,
  NumberInput,
  ReferenceInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { ActionButton, useCan } from './actions';
import { api } from './api';
import type { ListEnvelope } from './dataProvider';

interface StockItem {
  id: number;
  count_on_hand: number;
  backorderable: boolean;
  stock_location_id: number;
  stock_location_name: string;
  variant_id: number;
  lock_version: number;
}
interface Image {
  id: number;
  mini_url: string;
  small_url: string;
  alt: string | null;
  attachment_file_name: string;
}
interface Variant {
  id: number;
  sku: string;
  price: string;
  options_text: string;
  is_master: boolean;
  stock_items?: StockItem[];
  images?: Image[];
}

const productFilters = [
  <SearchInput key="name" source="name_cont" placeholder="Name" alwaysOn />,
  <TextInput key="sku" source="variants_including_master_sku_cont" label="SKU" />,
  <BooleanInput key="deleted" source="show_deleted" label="Deleted ones too" alwaysOn />,
];

/** A deleted product's Restore (PUT /api/products/:id/restore): it comes back with the variants and stock deleted with it. */
const RestoreButton = ({ id, name, deletedAt }: { id: number; name: string; deletedAt: string }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
    <span>{new Date(deletedAt).toLocaleDateString()}</span>
    <ActionButton id={`restore-${id}`} label="Restore" permission="catalog:write" run={() => api('PUT', `/products/${id}/restore`)} done={`${name} restored`} />
  </Stack>
);

export const ProductList = () => (
  <List filters={productFilters} sort={{ field: 'name', order: 'ASC' }} perPage={25} title="Products">
    <DataTable rowClick={(_id, _resource, record) => (record.deleted_at ? false : 'edit')} bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="master.sku" label="SKU" />
      <DataTable.Col source="price" label="Price" />
      <DataTable.Col source="total_on_hand" label="On hand" />
      <DataTable.Col source="available_on" label="Available from" field={DateField} />
      <DataTable.Col source="deleted_at" label="Deleted" render={(r) => (r.deleted_at ? <RestoreButton id={r.id as number} name={String(r.name)} deletedAt={String(r.deleted_at)} /> : '')} />
    </DataTable>
  </List>
);

export const ProductCreate = () => (
  <Create redirect="edit" title="New product">
    <SimpleForm>
      <TextInput source="name" label="Name" validate={required()} />
      <TextInput source="sku" label="SKU" />
      <TextInput source="price" label="Price" validate={required()} helperText="In the store currency, e.g. 19.99" />
      <ReferenceInput source="shipping_category_id" reference="shipping_categories">
        <SelectInput label="Shipping category" optionText="name" validate={required()} />
      </ReferenceInput>
      <TextInput source="description" label="Description" multiline />
    </SimpleForm>
  </Create>
);

/** Adds to or sets a variant's count at one location (PUT …/stock_items/:id with force=true: the count given is the new count). */
const StockCell = ({ item }: { item: StockItem }) => {
  const can = useCan('stock:write');
  const notify = useNotify();
  const refresh = useRefresh();
  const [value, setValue] = useState(String(item.count_on_hand));
  useEffect(() => setValue(String(item.count_on_hand)), [item.count_on_hand]);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api('PUT', `/stock_locations/${item.stock_location_id}/stock_items/${item.id}`, {
        body: { stock_item: { count_on_hand: value, force: true, lock_version: item.lock_version } },
      });
      notify(`Stock at ${item.stock_location_name} set to ${value}`, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <form onSubmit={save} style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
      <MuiTextField
        size="small"
        type="number"
        label={`On hand at ${item.stock_location_name}`}
        value={value}
        disabled={!can}
        onChange={(e) => setValue(e.target.value)}
        sx={{ width: 170 }}
        slotProps={{ htmlInput: { min: 0, 'data-stock-item': item.id } }}
      />
      <Button type="submit" size="small" disabled={!can || value === String(item.count_on_hand)}>
        Set
      </Button>
    </form>
  );
};

interface Location {
  id: number;
  name: string;
}

/** Stock items of these variants, per active location (GET /api/stock_locations/:id/stock_items?q[variant_id_in][]=…). */
function useStock(variantIds: number[], version: unknown) {
  const notify = useNotify();
  const [stock, setStock] = useState<{ locations: Location[]; items: StockItem[] } | null>(null);
  const key = variantIds.join(',');
  useEffect(() => {
    let live = true;
    (async () => {
      const locations = ((await api<ListEnvelope>('GET', '/stock_locations', { query: { per_page: 100 } })).stock_locations as Location[]) ?? [];
      const items: StockItem[] = [];
      for (const location of locations) {
        const body = await api<ListEnvelope>('GET', `/stock_locations/${location.id}/stock_items`, { query: { per_page: 100, 'q[variant_id_in]': key.split(',') } });
        for (const item of body.stock_items as StockItem[]) items.push({ ...item, stock_location_name: location.name });
      }
      if (live) setStock({ locations, items });
    })().catch((error: Error) => notify(error.message, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [key, version, notify]);
  return stock;
}

/** A variant not yet counted at a location: POST …/stock_items with its first count. */
const NewStockCell = ({ variantId, location }: { variantId: number; location: Location }) => {
  const can = useCan('stock:write');
  const notify = useNotify();
  const refresh = useRefresh();
  const [value, setValue] = useState('0');
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api('POST', `/stock_locations/${location.id}/stock_items`, { body: { stock_item: { variant_id: variantId, count_on_hand: value } } });
      notify(`Stock at ${location.name} set to ${value}`, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <form onSubmit={save} style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
      <MuiTextField size="small" type="number" label={`On hand at ${location.name} (new)`} value={value} disabled={!can} onChange={(e) => setValue(e.target.value)} sx={{ width: 170 }} />
      <Button type="submit" size="small" disabled={!can}>
        Stock
      </Button>
    </form>
  );
};

const Variants = () => {
  const product = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = useCan('catalog:write');
  const [sku, setSku] = useState('');
  const [price, setPrice] = useState('');
  const variants = product ? [product.master as Variant, ...((product.variants as Variant[]) ?? [])].filter(Boolean) : [];
  const stock = useStock(
    variants.map((v) => v.id),
    `${product?.updated_at}/${product?.total_on_hand}`,
  );
  if (!product) return null;
  const add = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api('POST', `/products/${product.id}/variants`, { body: { variant: { sku, ...(price ? { price } : {}) } } });
      notify(`Variant ${sku} added`, { type: 'success' });
      setSku('');
      setPrice('');
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-label="Variants and stock">
      <CardContent>
        <Typography variant="h6" component="h2">
          Variants, prices and stock
        </Typography>
        <Table size="small" aria-label="Variants">
          <TableHead>
            <TableRow>
              <TableCell>SKU</TableCell>
              <TableCell>Options</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell>Stock per location</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {variants.map((v) => (
              <TableRow key={v.id} data-variant={v.id}>
                <TableCell>
                  {v.sku || '—'} {v.is_master ? '(master)' : ''}
                </TableCell>
                <TableCell>{v.options_text}</TableCell>
                <TableCell align="right">{v.price}</TableCell>
                <TableCell>
                  <Stack spacing={1}>
                    {!stock && <Typography variant="body2">Loading…</Typography>}
                    {stock?.locations.map((location) => {
                      const item = stock.items.find((i) => i.variant_id === v.id && i.stock_location_id === location.id);
                      return item ? <StockCell key={location.id} item={item} /> : <NewStockCell key={location.id} variantId={v.id} location={location} />;
                    })}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Box component="form" onSubmit={add} sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'center' }} aria-label="Add a variant">
          <MuiTextField size="small" label="New variant SKU" name="variant_sku" value={sku} onChange={(e) => setSku(e.target.value)} disabled={!can} required />
          <MuiTextField size="small" label="Price (blank: the product's)" name="variant_price" value={price} onChange={(e) => setPrice(e.target.value)} disabled={!can} />
          <Button type="submit" variant="outlined" disabled={!can || !sku}>
            Add variant
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
};

/** Drop pictures (or pick them): each is uploaded as multipart to POST /api/products/:id/images, previewed while it goes. */
const Images = () => {
  const product = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = useCan('catalog:write');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<Array<{ name: string; preview: string }>>([]);
  const [over, setOver] = useState(false);
  if (!product) return null;
  const images = ((product.master as Variant | undefined)?.images ?? []) as Image[];
  const upload = async (files: FileList | File[]) => {
    const list = [...files];
    setUploading(list.map((f) => ({ name: f.name, preview: URL.createObjectURL(f) })));
    try {
      for (const file of list) {
        const form = new FormData();
        form.append('image[attachment]', file);
        form.append('image[alt]', product.name as string);
        await api('POST', `/products/${product.id}/images`, { form });
      }
      notify(`${list.length} image(s) uploaded`, { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setUploading([]);
      refresh();
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (can) void upload(event.dataTransfer.files);
  };
  const remove = async (image: Image) => {
    try {
      await api('DELETE', `/products/${product.id}/images/${image.id}`);
      notify('Image removed', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-label="Images">
      <CardContent>
        <Typography variant="h6" component="h2">
          Images
        </Typography>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', mb: 2 }} id="product-images">
          {images.map((image) => (
            <Stack key={image.id} spacing={1} sx={{ alignItems: 'center' }}>
              <img src={image.small_url} alt={image.alt || image.attachment_file_name} style={{ maxWidth: 100, maxHeight: 100 }} />
              <Button size="small" color="error" disabled={!can} onClick={() => void remove(image)}>
                Remove
              </Button>
            </Stack>
          ))}
          {uploading.map((u) => (
            <img key={u.preview} src={u.preview} alt={`Uploading ${u.name}`} style={{ maxWidth: 100, maxHeight: 100, opacity: 0.5 }} />
          ))}
        </Stack>
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          sx={{ border: '2px dashed', borderColor: over ? 'primary.main' : 'grey.500', p: 3, textAlign: 'center', borderRadius: 1 }}
        >
          <Typography variant="body2">{can ? 'Drop pictures here (JPEG, PNG, GIF, WebP), or' : 'Your role does not allow changing the catalog (catalog:write).'}</Typography>
          <Button variant="outlined" size="small" sx={{ mt: 1 }} disabled={!can} onClick={() => input.current?.click()}>
            Choose files
          </Button>
          <input ref={input} type="file" accept="image/*" multiple hidden aria-label="Image files" id="image-files" onChange={(e) => e.target.files && void upload(e.target.files)} />
        </Box>
      </CardContent>
    </Card>
  );
};

const ProductTitle = () => {
  const record = useRecordContext();
  return <span>{record ? String(record.name) : 'Product'}</span>;
};

export const ProductEdit = () => (
  <Edit title={<ProductTitle />} mutationMode="pessimistic" redirect={false}>
    <SimpleForm>
      <TextInput source="name" label="Name" validate={required()} />
      <TextInput source="price" label="Price" validate={required()} />
      <DateInput source="available_on" label="Available from" />
      <NumberInput source="shipping_category_id" label="Shipping category id" />
      <TextInput source="description" label="Description" multiline fullWidth />
    </SimpleForm>
    <Box sx={{ p: 2 }}>
      <Variants />
      <Images />
    </Box>
  </Edit>
);
