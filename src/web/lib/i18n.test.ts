import { describe, expect, it } from 'vitest';
import { PUBLIC_NAMESPACES } from '../../shared/i18n-resources';
import { createBrowserI18n, ensureRouteNamespaces, routeNamespacesReady, setLocale } from './i18n';

describe('the browser i18n instance (issue #13)', () => {
  it('holds only the public namespaces on a public page, and loads the back office before it is drawn', async () => {
    const instance = await createBrowserI18n('/en/events/jazz-night-4');
    expect(Object.keys(instance.store.data.en ?? {}).sort()).toEqual([...PUBLIC_NAMESPACES].sort());
    expect(routeNamespacesReady('/en/')).toBe(true);
    expect(routeNamespacesReady('/en/admin')).toBe(false);

    await ensureRouteNamespaces('/en/admin');
    expect(routeNamespacesReady('/en/admin')).toBe(true);
    expect(instance.t('admin:dashboard.heading')).not.toBe('dashboard.heading');
  });

  it('fetches a namespace a part asks for on its own (the drawer entries for signed-in people)', async () => {
    const instance = await createBrowserI18n('/sr/');
    expect(instance.hasResourceBundle('sr', 'moderation')).toBe(false);
    await instance.loadNamespaces('moderation');
    expect(instance.hasResourceBundle('sr', 'moderation')).toBe(true);
  });

  it('switching language on a back-office page loads the same namespaces in the new language', async () => {
    const instance = await createBrowserI18n('/sr/organizer/team');
    await setLocale(instance, 'uk');
    expect(instance.language).toBe('uk');
    expect(instance.hasResourceBundle('uk', 'team')).toBe(true);
    expect(instance.hasResourceBundle('uk', 'common')).toBe(true);
  });
});
