import {
  Create,
  DataTable,
  DateField,
  DateTimeInput,
  Edit,
  FormDataConsumer,
  List,
  NumberInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
} from 'react-admin';

const DISCOUNTS = [
  { id: 'flat_rate', name: 'Amount off the order' },
  { id: 'flat_percent_item_total', name: 'Percent of the item total' },
];

const filters = [<SearchInput key="name" source="name_cont" placeholder="Name" alwaysOn />, <SearchInput key="code" source="code_cont" placeholder="Code" alwaysOn />];

export const PromotionList = () => (
  <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} title="Promotions and coupons">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="code" label="Coupon code" />
      <DataTable.Col source="discount_type" label="Discount" render={(r) => (r.discount_type === 'flat_rate' ? `${r.display_amount ?? r.amount} off` : `${r.percent}% off items`)} />
      <DataTable.Col source="usage_count" label="Used" render={(r) => `${r.usage_count ?? 0}${r.usage_limit ? ` of ${r.usage_limit}` : ''}`} />
      <DataTable.Col source="starts_at" label="Starts" field={DateField} />
      <DataTable.Col source="expires_at" label="Expires" field={DateField} />
    </DataTable>
  </List>
);

const PromotionForm = () => (
  <SimpleForm>
    <TextInput source="name" label="Name" validate={required()} />
    <TextInput source="code" label="Coupon code" validate={required()} />
    <TextInput source="description" label="Description" multiline />
    <SelectInput source="discount_type" label="Discount" choices={DISCOUNTS} validate={required()} />
    <FormDataConsumer>
      {({ formData }) =>
        formData.discount_type === 'flat_percent_item_total' ? (
          <TextInput source="percent" label="Percent (0 to 100)" validate={required()} />
        ) : (
          <>
            <TextInput source="amount" label="Amount off" validate={required()} />
            <TextInput source="currency" label="Currency of the amount (blank: the store's); orders in it only" />
          </>
        )
      }
    </FormDataConsumer>
    <DateTimeInput source="starts_at" label="Starts at" />
    <DateTimeInput source="expires_at" label="Expires at" />
    <NumberInput source="usage_limit" label="Usage limit (blank: none)" min={1} />
  </SimpleForm>
);

const Title = () => {
  const record = useRecordContext();
  return <span>Promotion {record ? String(record.name) : ''}</span>;
};

export const PromotionCreate = () => (
  <Create redirect="list" title="New promotion">
    <PromotionForm />
  </Create>
);

export const PromotionEdit = () => (
  <Edit title={<Title />} mutationMode="pessimistic">
    <PromotionForm />
  </Edit>
);
