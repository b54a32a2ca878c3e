/**
 * The admin's access decisions from the session the server reports: react-admin's actions mapped to the matrix's
 * capabilities, resources to their declared place, pages to the page table, Self scope allowed at screen level.
 */
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import { everyPermission, type PermissionMatrix } from '../../resources/permissions.ts';
import {
  ACTION_CAPABILITY,
  allows,
  canAccessWith,
  neededPermission,
  parseSession,
  targetOf,
  type Session,
} from './access.ts';

const session = (permissions: PermissionMatrix, admin = false): Session => ({
  id: 7,
  name: 'Asha',
  email: 'asha@example.org',
  userType: 'Employee',
  expiresAt: '2030-01-01T00:00:00.000Z',
  admin,
  permissions,
});

const departmentsViewer = session({ Company: { Departments: { Global: { View: true } } } });

describe('canAccessWith', () => {
  it('maps list, show and export to View, create to Add, edit to Edit, delete to Delete', () => {
    expect(ACTION_CAPABILITY).toMatchObject({
      list: 'View',
      show: 'View',
      export: 'View',
      create: 'Add',
      edit: 'Edit',
      delete: 'Delete',
    });
    const check = (action: string) => canAccessWith(departmentsViewer, { resource: 'departments', action });
    expect(['list', 'show', 'export'].map(check)).toEqual([true, true, true]);
    expect(['create', 'edit', 'delete', 'import'].map(check)).toEqual([false, false, false, false]);
  });

  it("uses each declared resource's own place in the matrix", () => {
    expect(canAccessWith(departmentsViewer, { resource: 'designations', action: 'list' })).toBe(false);
    expect(canAccessWith(departmentsViewer, { resource: 'employees', action: 'list' })).toBe(false);
    const countriesEditor = session({ 'Master Data': { Countries: { Global: { View: true, Edit: true } } } });
    expect(canAccessWith(countriesEditor, { resource: 'countries', action: 'edit' })).toBe(true);
    expect(canAccessWith(countriesEditor, { resource: 'states', action: 'list' })).toBe(false);
    for (const resource of resources)
      expect(targetOf(resource.name)).toEqual(resource.ownedBy ? {} : { permission: resource.permission });
  });

  it('lets every signed-in account reach its own notifications, and nobody add one', () => {
    const nobody = session({});
    expect(canAccessWith(nobody, { resource: 'notifications', action: 'list' })).toBe(true);
    expect(canAccessWith(nobody, { resource: 'notifications', action: 'edit' })).toBe(true);
    expect(canAccessWith(nobody, { resource: 'notifications', action: 'create' })).toBe(false);
    expect(canAccessWith({ ...nobody, admin: true }, { resource: 'notifications', action: 'create' })).toBe(false);
    expect(canAccessWith(null, { resource: 'notifications', action: 'list' })).toBe(false);
  });

  it('counts Self scope as allowed: the server narrows the rows', () => {
    const own = session({ Company: { Employees: { Self: { View: true, Delete: true } } } });
    expect(canAccessWith(own, { resource: 'employees', action: 'list' })).toBe(true);
    expect(canAccessWith(own, { resource: 'employees', action: 'delete' })).toBe(true);
    expect(canAccessWith(own, { resource: 'employees', action: 'edit' })).toBe(false);
  });

  it('places the pages that are not resources: dashboard, audit logs, and the admins-only outbox', () => {
    const dashboard = session({ Dashboard: { Dashboard: { Global: { View: true } } } });
    expect(canAccessWith(dashboard, { resource: 'dashboard', action: 'list' })).toBe(true);
    expect(canAccessWith(dashboard, { resource: 'audit-logs', action: 'list' })).toBe(false);
    const auditor = session({ Activity: { 'Audit Logs': { Global: { View: true } } } });
    expect(canAccessWith(auditor, { resource: 'audit-logs', action: 'list' })).toBe(true);
    expect(canAccessWith(session(everyPermission()), { resource: 'outbox', action: 'list' })).toBe(false);
    expect(canAccessWith(session({}, true), { resource: 'outbox', action: 'list' })).toBe(true);
  });

  it('allows an admin everything, and nobody anything without a session', () => {
    const admin = session({}, true);
    expect(canAccessWith(admin, { resource: 'employees', action: 'delete' })).toBe(true);
    expect(canAccessWith(admin, { resource: 'anything', action: 'whatever' })).toBe(true);
    expect(canAccessWith(null, { resource: 'departments', action: 'list' })).toBe(false);
  });

  it('refuses an unknown resource or action to a non-admin, even one holding every permission', () => {
    const everything = session(everyPermission());
    expect(canAccessWith(everything, { resource: 'departments', action: 'list' })).toBe(true);
    expect(canAccessWith(everything, { resource: 'secrets', action: 'list' })).toBe(false);
    expect(canAccessWith(everything, { resource: 'departments', action: 'approve' })).toBe(false);
    expect(canAccessWith(everything, { resource: 'toString', action: 'list' })).toBe(false);
  });
});

describe('allows', () => {
  it('lets anyone signed in reach a target with no place, and only admins an admin-only one', () => {
    expect(allows(departmentsViewer, {}, 'View')).toBe(true);
    expect(allows(departmentsViewer, { adminOnly: true }, 'View')).toBe(false);
    expect(allows(undefined, {}, 'View')).toBe(false);
  });

  it('names the permission a target needs in the words of the matrix', () => {
    expect(neededPermission({ permission: { feature: 'Company', subFeature: 'Employees' } }, 'View')).toBe(
      'Company › Employees › View',
    );
    expect(neededPermission({ adminOnly: true }, 'View')).toBeUndefined();
  });
});

describe('parseSession', () => {
  it('reads the answer of GET /api/v2/session and refuses anything else', () => {
    const answer = { ...departmentsViewer };
    expect(parseSession(answer)).toEqual({
      ...departmentsViewer,
      notificationRefreshSeconds: 30,
      timeZone: 'Asia/Kolkata',
      exportPdfMaxRows: 2000,
    });
    expect(parseSession({ ...answer, exportPdfMaxRows: 500 }).exportPdfMaxRows).toBe(500);
    expect(parseSession({ ...answer, exportPdfMaxRows: 0 }).exportPdfMaxRows).toBe(2000);
    // The person's language and the trust's time zone, when the server says them.
    expect(parseSession({ ...answer, locale: 'hi', timeZone: 'Asia/Dubai' })).toMatchObject({
      locale: 'hi',
      timeZone: 'Asia/Dubai',
    });
    expect(parseSession({ ...answer, locale: 'fr' }).locale).toBeUndefined();
    expect(parseSession({ ...answer, notificationRefreshSeconds: 2 }).notificationRefreshSeconds).toBe(2);
    expect(parseSession({ ...answer, notificationRefreshSeconds: 0 }).notificationRefreshSeconds).toBe(30);
    expect(parseSession({ id: 1, name: 'A', admin: true })).toMatchObject({ admin: true, permissions: {} });
    expect(() => parseSession({})).toThrow();
    expect(() => parseSession({ id: '1', name: 'A', admin: false, permissions: {} })).toThrow();
    expect(() => parseSession({ id: 1, name: 'A', admin: false, permissions: [] })).toThrow();
  });
});
