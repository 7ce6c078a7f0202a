import { LazyPart, lazyOnIntent } from '../../lib/lazy-on-intent';
import { useUserStore } from '../../stores/user-store';

// Only admins fetch the entry (and its count): nobody else downloads or asks for anything.
const AdminDrawerItem = lazyOnIntent(() =>
  import('./admin-drawer-item').then((module) => ({
    default: module.AdminDrawerItem,
  })),
);

/** The drawer's "Administration" entry, for admins only (the role as the user store holds it). */
export function AdminDrawerEntry({ onNavigate }: { onNavigate: () => void }) {
  const role = useUserStore((state) => state.user?.role);
  if (role !== 'admin') return null;
  return (
    <LazyPart>
      <AdminDrawerItem onNavigate={onNavigate} />
    </LazyPart>
  );
}
