import { Outlet } from 'react-router';

/** The `:lang?` segment: the language itself is read from the path wherever it is needed (spec §2). */
export default function LocaleLayout() {
  return <Outlet />;
}
