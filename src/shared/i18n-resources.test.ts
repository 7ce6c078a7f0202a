import { describe, expect, it } from 'vitest';
import { loadCatalogue, NAMESPACES, namespacesForPath, PUBLIC_NAMESPACES } from './i18n-resources';

const BACK_OFFICE = NAMESPACES.filter((ns) => !(PUBLIC_NAMESPACES as readonly string[]).includes(ns));

describe('namespacesForPath (issue #13: public pages load no back-office texts)', () => {
  it.each(['/', '/sr', '/sr/', '/en/events/koncert-12', '/uk/venues/dom-omladine-3', '/ru/categories/koncerti', '/organizers', '/sr/administration', '/login'])(
    'gives the public set for %s',
    (path) => {
      expect(namespacesForPath(path)).toEqual(PUBLIC_NAMESPACES);
    },
  );

  it.each(['/sr/admin', '/en/admin/users/4', '/organizer', '/uk/organizer/events/7/guests', '/ru/organizer/apply'])('gives every namespace for the back office %s', (path) => {
    expect(namespacesForPath(path)).toEqual(NAMESPACES);
  });

  it('keeps every back-office namespace out of the public set', () => {
    expect(BACK_OFFICE).toEqual(expect.arrayContaining(['organizer', 'workspace', 'door', 'team', 'admin', 'taxonomy', 'moderation']));
  });
});

describe('loadCatalogue', () => {
  it('loads only the namespaces asked for', async () => {
    const catalogue = await loadCatalogue('en', ['common', 'reports']);
    expect(Object.keys(catalogue).sort()).toEqual(['common', 'reports']);
    expect(catalogue.common).toHaveProperty('nav');
  });
});
