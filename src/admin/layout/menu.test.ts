import { describe, expect, it } from 'vitest';
import { defineResource } from '../../resources/define.ts';
import { comingSoonLinks, groupEntries, MENU, menuLinks } from './menu.ts';

const declared = (name: string, list: string, label: string) =>
  defineResource({
    name,
    label: { one: label, many: label },
    provider: 'rest',
    permission: { feature: 'Media', subFeature: label },
    fields: { title: { kind: 'text', label: 'Title' } },
    list: { pageSize: 3, empty: 'None.', sort: { field: 'id', order: 'ASC' } },
    routes: { list },
    menu: { group: 'media', label, icon: 'newspaper' },
  });

describe('the menu from the declarations', () => {
  it("puts a declared resource in its group, in the place of the spec's entry on the same route", () => {
    const planned = [
      { kind: 'link' as const, label: 'News', to: '/media/news', icon: MENU[0]!.icon },
      { kind: 'link' as const, label: 'Events', to: '/media/events', icon: MENU[0]!.icon },
    ];
    const entries = groupEntries('media', planned, [
      declared('press', '/media/press-coverage', 'Press Coverage'),
      declared('events', '/media/events', 'Events'),
    ]);
    expect(entries.map((e) => [e.label, e.to, e.permission?.subFeature])).toEqual([
      ['News', '/media/news', undefined],
      ['Events', '/media/events', 'Events'],
      ['Press Coverage', '/media/press-coverage', 'Press Coverage'],
    ]);
  });

  it('lists the declared news and master data, and offers no coming-soon page for them', () => {
    const links = menuLinks();
    expect(links.find((l) => l.to === '/media/news')?.permission).toEqual({ feature: 'Media', subFeature: 'News' });
    // The spec's three first, in its order; a master-data resource declared since follows them.
    const masterData = links.filter((l) => l.to.startsWith('/master/')).map((l) => l.label);
    expect(masterData.slice(0, 3)).toEqual(['Country', 'State', 'City']);
    expect(comingSoonLinks().map((l) => l.to)).not.toContain('/media/news');
  });
});
