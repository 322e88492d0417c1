import { AppBar, Layout, Logout, UserMenu, useGetIdentity, type LayoutProps } from 'react-admin';

/** The user menu names whose account it is (its visible text is the e-mail: the accessible name says so too). */
const AccountMenu = () => {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ? `${identity.fullName}: account menu` : 'account menu'}>
      <Logout />
    </UserMenu>
  );
};

const StaffAppBar = () => <AppBar userMenu={<AccountMenu />} />;

export const StaffLayout = ({ children }: LayoutProps) => <Layout appBar={StaffAppBar}>{children}</Layout>;
