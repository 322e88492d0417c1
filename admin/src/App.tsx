import { Admin, CustomRoutes, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { Dashboard } from './dashboard';
import { dataProvider } from './dataProvider';
import { OrderList, OrderShow } from './orders';

export const App = () => (
  <Admin title="Back-office" dataProvider={dataProvider} authProvider={authProvider} dashboard={Dashboard} requireAuth disableTelemetry>
    <Resource name="orders" list={OrderList} show={OrderShow} recordRepresentation="number" />
    <CustomRoutes>{[]}</CustomRoutes>
  </Admin>
);
