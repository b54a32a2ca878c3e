import { screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { createMemoryProvider } from '../providers/memory.ts';
import { renderAdmin } from './test-app.tsx';
import { demoData } from '../../resources/demo-data.ts';
import { englishAdminMessages } from '../i18n.ts';
import { imageAlbums, news, resources } from '../../resources/index.ts';
import { declarationMessages } from './messages.ts';

type Tree = Record<string, unknown>;
const at = (tree: unknown, ...keys: string[]) => keys.reduce<unknown>((node, key) => (node as Tree)?.[key], tree);

describe('the generated screens’ messages', () => {
  it('name every field of every declaration under react-admin’s own keys, items’ fields as <field>.<inner>', () => {
    const messages = declarationMessages();
    for (const resource of resources) {
      for (const [name, decl] of Object.entries(resource.fields)) {
        expect(at(messages, 'resources', resource.name, 'fields', name), `${resource.name}.${name}`).toBe(decl.label);
      }
    }
    expect(at(messages, 'resources', 'image_albums', 'fields', 'images.description')).toBe(
      imageAlbums.fields.images.fields.description.label,
    );
    expect(at(messages, 'resources', 'image_albums', 'fields', 'images.all')).toBe('All Images');
  });

  it('carry the declarations’ sentences and are part of the admin’s English', () => {
    expect(at(englishAdminMessages(), 'resources', 'news', 'empty')).toBe(news.list.empty);
    expect(at(englishAdminMessages(), 'resources', 'news', 'notFound')).toBe('No News Data Found');
    expect(at(englishAdminMessages(), 'resources', 'news', 'created')).toBe('News added successfully.');
    expect(at(englishAdminMessages(), 'ra', 'action', 'save')).toBe('Save');
  });
});

describe('a second language', () => {
  it('is a file of the same keys: the generated list and form speak it', async () => {
    const hindi = structuredClone(englishAdminMessages()) as Tree;
    const countries = at(hindi, 'resources', 'countries') as Tree;
    (countries.fields as Tree).name = 'देश का नाम';
    countries.add = 'देश जोड़ें';
    const i18nProvider = polyglotI18nProvider(() => hindi as never, 'hi', [{ locale: 'hi', name: 'हिन्दी' }], {
      allowMissing: true,
    });
    const list = renderAdmin('/master/country', { dataProvider: createMemoryProvider(demoData), i18nProvider });
    expect(await screen.findByRole('columnheader', { name: /देश का नाम/ })).toBeInTheDocument();
    await list.user.click(screen.getByRole('link', { name: 'देश जोड़ें' }));
    expect(await screen.findByRole('textbox', { name: 'देश का नाम' })).toBeInTheDocument();
  });
});
