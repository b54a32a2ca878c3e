import { describe, expect, it } from 'vitest';
import { checkDeclarations, countries, resources } from './index.ts';
import {
  buildCatalogue,
  permissionCatalogue,
  catalogueProblems,
  everyPermission,
  FEATURES,
  grantedBeyond,
  scopeOf,
  unionOf,
  type PermissionMatrix,
} from './permissions.ts';

describe('the permission catalogue', () => {
  it('is derived from the declarations: a new resource adds its sub-feature under its feature', () => {
    const place = (feature: string, subFeature: string) => ({ permission: { feature, subFeature } });
    const entries = buildCatalogue([place('Media', 'Podcasts'), place('Dashboard', 'Dashboard')]).map(
      (e) => `${e.feature} › ${e.subFeature} ${e.capabilities.join(',')}`,
    );
    expect(entries).toEqual([
      'Dashboard › Dashboard View',
      'Activity › Audit Logs View,Add,Edit,Delete',
      'Media › Podcasts View,Add,Edit,Delete',
    ]);
  });

  it("gives no entry to records that are each an account's own (notifications): the matrix does not govern them", () => {
    const owned = { permission: { feature: 'Media', subFeature: 'Inbox' }, ownedBy: 'recipient_id' };
    expect(buildCatalogue([owned]).some((e) => e.subFeature === 'Inbox')).toBe(false);
    const notifications = resources.find((r) => r.name === 'notifications')!;
    expect(notifications.ownedBy).toBe('recipient_id');
    expect(notifications.serverWritten).toBe(true);
    expect(permissionCatalogue().some((e) => e.subFeature === 'Notifications')).toBe(false);
  });

  it('has every module of the product, the Dashboard with View only', () => {
    expect(permissionCatalogue().map((e) => `${e.feature} › ${e.subFeature}`)).toContain('Company › Role Permissions');
    expect(permissionCatalogue().find((e) => e.feature === 'Dashboard')!.capabilities).toEqual(['View']);
    // One entry per place a declared resource names (not those each an account's own), and the screens of its own.
    const places = resources
      .filter((r) => !r.ownedBy)
      .map((r) => `${r.permission.feature} › ${r.permission.subFeature}`);
    const entries = permissionCatalogue().map((e) => `${e.feature} › ${e.subFeature}`);
    expect(new Set(entries).size).toBe(entries.length);
    expect([...entries].sort()).toEqual([...places, 'Dashboard › Dashboard', 'Activity › Audit Logs'].sort());
    // By feature, in FEATURES' order.
    const order = permissionCatalogue().map((e) => (FEATURES as readonly string[]).indexOf(e.feature));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // What the public website's home and about pages say (src/resources/website.ts), among the website's entries.
    expect(
      permissionCatalogue()
        .filter((e) => e.feature === 'Website')
        .map((e) => e.subFeature),
    ).toEqual(expect.arrayContaining(['Daily Routine', 'Hero Slides', 'Leaders', 'Notices', 'Page Texts']));
    expect(permissionCatalogue().find((e) => e.subFeature === 'Trust Settings')).toEqual({
      feature: 'Settings',
      subFeature: 'Trust Settings',
      capabilities: ['View', 'Edit'],
    });
    expect(permissionCatalogue().find((e) => e.subFeature === 'Tax Wording')).toEqual({
      feature: 'Settings',
      subFeature: 'Tax Wording',
      capabilities: ['View', 'Add', 'Edit', 'Delete'],
    });
    expect(permissionCatalogue().find((e) => e.subFeature === 'Contact Messages')?.feature).toBe('Contact');
  });

  it('places every declared resource, and refuses to start with one that is not placed', () => {
    expect(() => checkDeclarations(resources)).not.toThrow();
    const unplaced = { ...countries, permission: undefined } as unknown as typeof countries;
    expect(() => checkDeclarations([unplaced])).toThrow(/"countries" names no place in the permission matrix/);
    const unknown = { ...countries, permission: { feature: 'Riders', subFeature: 'View Riders' } };
    expect(() => checkDeclarations([unknown])).toThrow(/names the feature "Riders", which is not a feature/);
  });
});

describe('matrices', () => {
  const a: PermissionMatrix = { Company: { Departments: { Self: { View: true, Edit: true } } } };
  const b: PermissionMatrix = { Company: { Departments: { Global: { View: true } }, Roles: { Self: { Add: true } } } };

  it('gives the widest scope that allows a capability', () => {
    const key = { feature: 'Company', subFeature: 'Departments' };
    expect(scopeOf(a, key, 'View')).toBe('Self');
    expect(scopeOf(unionOf([a, b]), key, 'View')).toBe('Global');
    expect(scopeOf(a, key, 'Delete')).toBeUndefined();
  });

  it('unites matrices, keeping only what the catalogue has and what is true', () => {
    const union = unionOf([a, b, { Company: { Departments: { Global: { Delete: false } } } }, null]);
    expect(union).toEqual({
      Company: {
        Departments: { Self: { View: true, Edit: true }, Global: { View: true } },
        Roles: { Self: { Add: true } },
      },
    });
  });

  it('names what a matrix grants beyond another', () => {
    expect(grantedBeyond(b, a)).toEqual(['Company › Departments › Global › View', 'Company › Roles › Self › Add']);
    expect(grantedBeyond(a, everyPermission())).toEqual([]);
  });

  it('finds features, sub-features and capabilities outside the catalogue', () => {
    expect(catalogueProblems(a)).toEqual([]);
    expect(catalogueProblems({ Riders: {} })).toEqual(['"Riders" is not a feature.']);
    expect(catalogueProblems({ Company: { Payroll: {} } })).toEqual(['"Payroll" is not a part of Company.']);
    expect(catalogueProblems({ Dashboard: { Dashboard: { Global: { Add: true } } } })).toEqual([
      'Dashboard › Dashboard has no Add (Global).',
    ]);
  });
});
