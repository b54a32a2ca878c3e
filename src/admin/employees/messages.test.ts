/**
 * The permission table names every feature, sub-feature, scope and capability of the catalogue in its words (so in
 * Hindi too): a declared resource's row by the resource's words (`resources.<name>.subFeature`, whose Hindi
 * src/admin/i18n/hi/resources.test.ts checks beside the declaration), the other rows by the table's words here.
 */
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, FEATURES, permissionCatalogue, resourceOfEntry, SCOPES } from '../../resources/permissions.ts';
import { resourceMessages } from '../generator/messages.ts';
import { PERMISSION_TABLE, PERMISSION_TABLE_HI } from './messages.ts';

describe('the permission table’s words', () => {
  it('name every feature, sub-feature, scope and capability of the catalogue, in English as they are', () => {
    for (const entry of permissionCatalogue()) {
      expect(PERMISSION_TABLE.features, entry.feature).toHaveProperty([entry.feature], entry.feature);
      const resource = resourceOfEntry(entry);
      if (resource) expect(resourceMessages(resource).subFeature, entry.subFeature).toBe(entry.subFeature);
      else expect(PERMISSION_TABLE.subFeatures, entry.subFeature).toHaveProperty([entry.subFeature], entry.subFeature);
    }
    for (const feature of FEATURES) expect(PERMISSION_TABLE.features).toHaveProperty([feature]);
    for (const scope of SCOPES) expect(PERMISSION_TABLE.scopes).toHaveProperty([scope], scope);
    for (const capability of CAPABILITIES)
      expect(PERMISSION_TABLE.capabilities).toHaveProperty([capability], capability);
  });

  it('names here only the rows that are no declared resource’s, in both languages', () => {
    const own = permissionCatalogue().filter((entry) => !resourceOfEntry(entry));
    expect(Object.keys(PERMISSION_TABLE.subFeatures).sort()).toEqual(own.map((entry) => entry.subFeature).sort());
    expect(Object.keys(PERMISSION_TABLE_HI.subFeatures).sort()).toEqual(
      Object.keys(PERMISSION_TABLE.subFeatures).sort(),
    );
  });
});
