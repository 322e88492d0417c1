import { Admin, defaultTheme, Resource, type RaThemeOptions } from 'react-admin';
import { authProvider } from './authProvider';
import { Dashboard } from './dashboard';
import { dataProvider } from './dataProvider';
import { StaffLayout } from './layout';
import { OrderList, OrderShow } from './orders';
import { ProductCreate, ProductEdit, ProductList } from './products';
import { PromotionCreate, PromotionEdit, PromotionList } from './promotions';
import { RoleCreate, RoleEdit, RoleList, UserCreate, UserList, UserShow } from './users';

/** react-admin's theme with darker blues: text on them (app bar, links, focused labels) meets WCAG AA contrast (4.5:1). */
const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1565c0' }, secondary: { main: '#0d47a1' }, warning: { main: '#9a4a00' }, error: { main: '#b71c1c' }, success: { main: '#2e7d32' } },
};

export const App = () => (
  <Admin title="Back-office" dataProvider={dataProvider} authProvider={authProvider} dashboard={Dashboard} layout={StaffLayout} theme={theme} darkTheme={null} requireAuth disableTelemetry>
    <Resource name="orders" list={OrderList} show={OrderShow} recordRepresentation="number" />
    <Resource name="products" list={ProductList} edit={ProductEdit} create={ProductCreate} recordRepresentation="name" />
    <Resource name="shipping_categories" recordRepresentation="name" />
    <Resource name="promotions" options={{ label: 'Promotions' }} list={PromotionList} create={PromotionCreate} edit={PromotionEdit} recordRepresentation="name" />
    <Resource name="users" list={UserList} show={UserShow} create={UserCreate} recordRepresentation="email" />
    <Resource name="roles" options={{ label: 'Staff roles' }} list={RoleList} create={RoleCreate} edit={RoleEdit} recordRepresentation="name" />
  </Admin>
);
