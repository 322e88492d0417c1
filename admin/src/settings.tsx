/**
 * Store settings: zones, tax categories and rates, shipping methods, payment
 * methods, each a list, a form to create one and a form to change it, read
 * and written through the API (`settings:read`, `settings:write`).
 */
import {
  AutocompleteArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  Create,
  DataTable,
  Edit,
  List,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { PAYMENT_METHOD_TYPES, zoneWithMembers } from './lib';

const nameFilter = [<SearchInput key="name" source="name_cont" placeholder="Name" alwaysOn />];

const NamedTitle = ({ kind }: { kind: string }) => {
  const record = useRecordContext();
  return (
    <span>
      {kind} {record ? String(record.name) : ''}
    </span>
  );
};

// ---------------------------------------------------------------- zones

export const ZoneList = () => (
  <List filters={nameFilter} sort={{ field: 'name', order: 'ASC' }} title="Zones">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="description" label="Description" />
      <DataTable.Col source="zone_members" label="Members" render={(r) => ((r.zone_members as Array<{ name: string }>) ?? []).map((m) => m.name).join(', ')} />
    </DataTable>
  </List>
);

/**
 * A zone's members: countries, or states (Spree's zones are of one kind; the API refuses both at once). The form
 * edits them as `country_ids` and `state_ids` (from `zone_members`) and saves them as the member list.
 */
const ZoneForm = () => (
  <SimpleForm>
    <TextInput source="name" label="Name" validate={required()} />
    <TextInput source="description" label="Description" />
    <ReferenceArrayInput source="country_ids" reference="countries" perPage={25}>
      <AutocompleteArrayInput optionText="name" label="Countries" filterToQuery={(search) => ({ name_cont: search })} />
    </ReferenceArrayInput>
    <ReferenceArrayInput source="state_ids" reference="states" perPage={25}>
      <AutocompleteArrayInput optionText={(s: { name: string; abbr?: string }) => `${s.name}${s.abbr ? ` (${s.abbr})` : ''}`} label="Or states" filterToQuery={(search) => ({ name_cont: search })} />
    </ReferenceArrayInput>
  </SimpleForm>
);

export const ZoneCreate = () => (
  <Create redirect="list" title="New zone" transform={zoneWithMembers}>
    <ZoneForm />
  </Create>
);
export const ZoneEdit = () => (
  <Edit title={<NamedTitle kind="Zone" />} mutationMode="pessimistic" transform={zoneWithMembers}>
    <ZoneForm />
  </Edit>
);

// ---------------------------------------------------------------- tax categories

export const TaxCategoryList = () => (
  <List filters={nameFilter} sort={{ field: 'name', order: 'ASC' }} title="Tax categories">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="tax_code" label="Tax code" />
      <DataTable.Col source="is_default" label="Default" render={(r) => (r.is_default ? 'yes' : '')} />
      <DataTable.Col source="description" label="Description" />
    </DataTable>
  </List>
);

const TaxCategoryForm = () => (
  <SimpleForm>
    <TextInput source="name" label="Name" validate={required()} />
    <TextInput source="tax_code" label="Tax code" />
    <TextInput source="description" label="Description" />
    <BooleanInput source="is_default" label="Default category" />
  </SimpleForm>
);

export const TaxCategoryCreate = () => (
  <Create redirect="list" title="New tax category">
    <TaxCategoryForm />
  </Create>
);
export const TaxCategoryEdit = () => (
  <Edit title={<NamedTitle kind="Tax category" />} mutationMode="pessimistic">
    <TaxCategoryForm />
  </Edit>
);

// ---------------------------------------------------------------- tax rates

export const TaxRateList = () => (
  <List filters={nameFilter} sort={{ field: 'name', order: 'ASC' }} title="Tax rates">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="amount" label="Rate" />
      <DataTable.Col source="zone" label="Zone" render={(r) => (r.zone as { name?: string } | null)?.name ?? ''} />
      <DataTable.Col source="tax_category" label="Category" render={(r) => (r.tax_category as { name?: string } | null)?.name ?? ''} />
      <DataTable.Col source="included_in_price" label="In price" render={(r) => (r.included_in_price ? 'yes' : 'no')} />
    </DataTable>
  </List>
);

const TaxRateForm = () => (
  <SimpleForm>
    <TextInput source="name" label="Name" />
    <TextInput source="amount" label="Rate (a fraction: 0.2 is 20%)" validate={required()} />
    <ReferenceInput source="zone_id" reference="zones" perPage={100}>
      <SelectInput optionText="name" label="Zone" validate={required()} />
    </ReferenceInput>
    <ReferenceInput source="tax_category_id" reference="tax_categories" perPage={100}>
      <SelectInput optionText="name" label="Tax category" validate={required()} />
    </ReferenceInput>
    <BooleanInput source="included_in_price" label="Included in prices" />
    <BooleanInput source="show_rate_in_label" label="Show the rate in the label" />
  </SimpleForm>
);

export const TaxRateCreate = () => (
  <Create redirect="list" title="New tax rate">
    <TaxRateForm />
  </Create>
);
export const TaxRateEdit = () => (
  <Edit title={<NamedTitle kind="Tax rate" />} mutationMode="pessimistic">
    <TaxRateForm />
  </Edit>
);

// ---------------------------------------------------------------- shipping methods

const DISPLAY_ON = [
  { id: 'both', name: 'Storefront and back-office' },
  { id: 'front_end', name: 'Storefront only' },
  { id: 'back_end', name: 'Back-office only' },
];

export const ShippingMethodList = () => (
  <List filters={nameFilter} sort={{ field: 'name', order: 'ASC' }} title="Shipping methods">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="code" label="Code" />
      <DataTable.Col source="zones" label="Zones" render={(r) => ((r.zones as Array<{ name: string }>) ?? []).map((z) => z.name).join(', ')} />
      <DataTable.Col source="calculator" label="Price" render={(r) => describeCalculator(r.calculator)} />
    </DataTable>
  </List>
);

function describeCalculator(calculator: unknown): string {
  const c = calculator as { type?: string; preferences?: Record<string, unknown> } | null;
  if (!c) return '';
  const amount = c.preferences?.amount;
  return `${(c.type ?? '').replace(/^Spree::Calculator::(Shipping::)?/, '')}${amount !== undefined ? ` ${String(amount)}` : ''}`;
}

const CALCULATORS = [
  { id: 'flat_rate', name: 'Flat rate per order' },
  { id: 'per_item', name: 'Flat rate per item' },
  { id: 'flat_percent_item_total', name: 'Percent of the item total' },
];

/** A shipping method: where it ships (zones), what (categories), its price (calculator, amount, currency), how it shows. */
const ShippingMethodForm = () => (
  <SimpleForm>
    <TextInput source="name" label="Name" validate={required()} />
    <TextInput source="admin_name" label="Name in the back-office" />
    <TextInput source="code" label="Code" />
    <ReferenceArrayInput source="zone_ids" reference="zones" perPage={100}>
      <SelectArrayInput optionText="name" label="Ships to (zones)" />
    </ReferenceArrayInput>
    <ReferenceArrayInput source="shipping_category_ids" reference="shipping_categories" perPage={100}>
      <CheckboxGroupInput optionText="name" label="Shipping categories" validate={required()} />
    </ReferenceArrayInput>
    <SelectInput source="calculator_type" label="Price" choices={CALCULATORS} defaultValue="flat_rate" validate={required()} />
    <TextInput source="calculator_amount" label="Amount (a percent for the percent price)" defaultValue="0" validate={required()} />
    <TextInput source="calculator_currency" label="Currency (empty: the store's)" />
    <TextInput source="tracking_url" label="Tracking URL (:tracking is replaced)" />
    <SelectInput source="display_on" label="Offered in" choices={DISPLAY_ON} />
  </SimpleForm>
);

export const ShippingMethodCreate = () => (
  <Create redirect="list" title="New shipping method">
    <ShippingMethodForm />
  </Create>
);

export const ShippingMethodEdit = () => (
  <Edit title={<NamedTitle kind="Shipping method" />} mutationMode="pessimistic">
    <ShippingMethodForm />
  </Edit>
);

// ---------------------------------------------------------------- payment methods

export const PaymentMethodList = () => (
  <List filters={nameFilter} sort={{ field: 'name', order: 'ASC' }} title="Payment methods">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="type" label="Type" render={(r) => String(r.type ?? '').replace(/^Spree::/, '')} />
      <DataTable.Col source="environment" label="Environment" />
      <DataTable.Col source="active" label="Active" render={(r) => (r.active ? 'yes' : 'no')} />
      <DataTable.Col source="auto_capture" label="Auto-capture" render={(r) => (r.auto_capture ? 'yes' : 'no')} />
    </DataTable>
  </List>
);

/** A new payment method: its provider (type), how it shows, and a Stripe method's keys (stored sealed, never shown again). */
export const PaymentMethodCreate = () => (
  <Create redirect="list" title="New payment method">
    <SimpleForm>
      <TextInput source="name" label="Name" validate={required()} />
      <SelectInput source="type" label="Provider" choices={PAYMENT_METHOD_TYPES} validate={required()} />
      <TextInput source="description" label="Description" multiline />
      <BooleanInput source="active" label="Active" defaultValue />
      <BooleanInput source="auto_capture" label="Capture at checkout" />
      <SelectInput source="environment" label="Environment" choices={ENVIRONMENTS} defaultValue="production" />
      <SelectInput source="display_on" label="Offered in" choices={DISPLAY_ON} />
      <TextInput source="preferred_secret_key" label="Stripe secret key" type="password" autoComplete="off" />
      <TextInput source="preferred_publishable_key" label="Stripe publishable key" autoComplete="off" />
      <TextInput source="preferred_webhook_signing_secret" label="Stripe webhook signing secret" type="password" autoComplete="off" />
    </SimpleForm>
  </Create>
);

const ENVIRONMENTS = ['production', 'test', 'development'].map((id) => ({ id, name: id }));

export const PaymentMethodEdit = () => (
  <Edit title={<NamedTitle kind="Payment method" />} mutationMode="pessimistic">
    <SimpleForm>
      <TextInput source="name" label="Name" validate={required()} />
      <TextInput source="description" label="Description" multiline />
      <BooleanInput source="active" label="Active" />
      <BooleanInput source="auto_capture" label="Capture at checkout" />
      <SelectInput source="display_on" label="Offered in" choices={DISPLAY_ON} />
    </SimpleForm>
  </Edit>
);
