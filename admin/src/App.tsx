import { QueryClient } from '@tanstack/react-query';
import { Admin, defaultTheme, Resource, type RaThemeOptions } from 'react-admin';
import { authProvider } from './authProvider';
import { OptionTypeCreate, OptionTypeEdit, OptionTypeList, PropertyCreate, PropertyEdit, PropertyList, TaxonomyCreate, TaxonomyEdit, TaxonomyList } from './catalog';
import { Dashboard } from './dashboard';
import { dataProvider } from './dataProvider';
import { StaffLayout } from './layout';
import { OrderList, OrderShow } from './orders';
import { ProductCreate, ProductEdit, ProductList } from './products';
import { PromotionCreate, PromotionEdit, PromotionList } from './promotions';
import {
  PaymentMethodCreate,
  PaymentMethodEdit,
  PaymentMethodList,
  ShippingMethodCreate,
  ShippingMethodEdit,
  ShippingMethodList,
  TaxCategoryCreate,
  TaxCategoryEdit,
  TaxCategoryList,
  TaxRateCreate,
  TaxRateEdit,
  TaxRateList,
  ZoneCreate,
  ZoneEdit,
  ZoneList,
} from './settings';
import { StockLocationCreate, StockLocationEdit, StockLocationList, StockTransferCreate, StockTransferList, StockTransferShow } from './stock';
import { WebhookEndpointCreate, WebhookEndpointEdit, WebhookEndpointList } from './webhooks';
import { RoleCreate, RoleEdit, RoleList, UserCreate, UserList, UserShow } from './users';

/** react-admin's theme with darker blues: text on them (app bar, links, focused labels) meets WCAG AA contrast (4.5:1). */
const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1565c0' }, secondary: { main: '#0d47a1' }, warning: { main: '#9a4a00' }, error: { main: '#b71c1c' }, success: { main: '#2e7d32' } },
  components: {
    ...defaultTheme.components,
    // An empty list's "No … yet" is the disabled text colour (2.7:1): the secondary text colour meets AA.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.7)' } } } },
  },
};

/**
 * The API's 4xx answers are final (a refusal, a missing record, bad input): shown at once, never retried
 * (react-query's default retries every failure three times, with a backoff of up to 7 s). A network error or
 * a 5xx is tried twice more.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => {
        // status 0: the service could not be reached (api.ts); no status: the app's own refusal (not signed in).
        const status = (error as { status?: number }).status;
        return status !== undefined && (status === 0 || status >= 500) && failures < 2;
      },
    },
  },
});

export const App = () => (
  <Admin title="Back-office" queryClient={queryClient} dataProvider={dataProvider} authProvider={authProvider} dashboard={Dashboard} layout={StaffLayout} theme={theme} darkTheme={null} disableTelemetry>
    <Resource name="orders" list={OrderList} show={OrderShow} recordRepresentation="number" />
    <Resource name="products" list={ProductList} edit={ProductEdit} create={ProductCreate} recordRepresentation="name" />
    <Resource name="option_types" options={{ label: 'Option types' }} list={OptionTypeList} create={OptionTypeCreate} edit={OptionTypeEdit} recordRepresentation="presentation" />
    <Resource name="properties" list={PropertyList} create={PropertyCreate} edit={PropertyEdit} recordRepresentation="presentation" />
    <Resource name="taxonomies" list={TaxonomyList} create={TaxonomyCreate} edit={TaxonomyEdit} recordRepresentation="name" />
    <Resource name="stock_locations" options={{ label: 'Stock locations' }} list={StockLocationList} create={StockLocationCreate} edit={StockLocationEdit} recordRepresentation="name" />
    <Resource name="stock_transfers" options={{ label: 'Stock transfers' }} list={StockTransferList} create={StockTransferCreate} show={StockTransferShow} recordRepresentation="number" />
    <Resource name="shipping_categories" recordRepresentation="name" />
    <Resource name="promotions" options={{ label: 'Promotions' }} list={PromotionList} create={PromotionCreate} edit={PromotionEdit} recordRepresentation="name" />
    <Resource name="users" list={UserList} show={UserShow} create={UserCreate} recordRepresentation="email" />
    <Resource name="roles" options={{ label: 'Staff roles' }} list={RoleList} create={RoleCreate} edit={RoleEdit} recordRepresentation="name" />
    <Resource name="webhook_endpoints" options={{ label: 'Webhooks' }} list={WebhookEndpointList} create={WebhookEndpointCreate} edit={WebhookEndpointEdit} recordRepresentation="url" />
    <Resource name="zones" list={ZoneList} create={ZoneCreate} edit={ZoneEdit} recordRepresentation="name" />
    <Resource name="tax_categories" options={{ label: 'Tax categories' }} list={TaxCategoryList} create={TaxCategoryCreate} edit={TaxCategoryEdit} recordRepresentation="name" />
    <Resource name="tax_rates" options={{ label: 'Tax rates' }} list={TaxRateList} create={TaxRateCreate} edit={TaxRateEdit} recordRepresentation="name" />
    <Resource name="shipping_methods" options={{ label: 'Shipping methods' }} list={ShippingMethodList} create={ShippingMethodCreate} edit={ShippingMethodEdit} recordRepresentation="name" />
    <Resource name="payment_methods" options={{ label: 'Payment methods' }} list={PaymentMethodList} create={PaymentMethodCreate} edit={PaymentMethodEdit} recordRepresentation="name" />
  </Admin>
);
