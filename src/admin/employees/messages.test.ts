/**
 * The permission table names every feature, sub-feature, scope and capability of the catalogue in its words (so in
 * Hindi too): a sub-feature added to a declaration without its word here fails this test.
 */
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, FEATURES, permissionCatalogue, SCOPES } from '../../resources/permissions.ts';
import { PERMISSION_TABLE, PERMISSION_TABLE_HI } from './messages.ts';

describe('the permission table’s words', () => {
  it('name every feature, sub-feature, scope and capability of the catalogue, in English as they are', () => {
    for (const entry of permissionCatalogue()) {
      expect(PERMISSION_TABLE.features, entry.feature).toHaveProperty([entry.feature], entry.feature);
      expect(PERMISSION_TABLE.subFeatures, entry.subFeature).toHaveProperty([entry.subFeature], entry.subFeature);
    }
    for (const feature of FEATURES) expect(PERMISSION_TABLE.features).toHaveProperty([feature]);
    for (const scope of SCOPES) expect(PERMISSION_TABLE.scopes).toHaveProperty([scope], scope);
    for (const capability of CAPABILITIES)
      expect(PERMISSION_TABLE.capabilities).toHaveProperty([capability], capability);
  });

  it('has no name the catalogue does not have', () => {
    const subFeatures = new Set(permissionCatalogue().map((entry) => entry.subFeature));
    expect(Object.keys(PERMISSION_TABLE.subFeatures).filter((name) => !subFeatures.has(name))).toEqual([]);
    expect(Object.keys(PERMISSION_TABLE_HI.subFeatures).sort()).toEqual(
      Object.keys(PERMISSION_TABLE.subFeatures).sort(),
    );
  });
});
