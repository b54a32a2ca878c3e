/**
 * The Hindi of every declared resource, file by file: src/resources/<file>.ts declares resources, and
 * src/resources/hindi/<file>.ts gives each of them every key of the English its declaration gives today
 * (`resourceMessages`), no other. A resource, a field, an enum value or a sentence added to a declaration fails here
 * with the file to write in and the key to add; the files and the declarations are read from the two registries.
 */
import type { StringMap } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { isDeclared, resources, type ResourceDeclaration } from '../../../resources/index.ts';
import { resourcesHindi } from '../../../resources/hindi/index.ts';
import { resourceMessages } from '../../generator/messages.ts';
import { hindiAdminMessages } from '../hindi.ts';
import { translationProblems } from './translation-check.ts';

// The two registries' text, and the declaration and Hindi files to load as a test asks (Vite's glob: the admin's
// code reads no file system).
const REGISTRIES = import.meta.glob<string>(
  ['../../../resources/registry.ts', '../../../resources/hindi/registry.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
const DECLARATION_FILES = import.meta.glob<Record<string, unknown>>('../../../resources/*.ts');
const HINDI_FILES = import.meta.glob<Record<string, unknown>>('../../../resources/hindi/*.ts');

/** Words written as they are, with no Devanagari letter. */
const AS_IS = new Set([
  // The income-tax Permanent Account Number (donations.pan, trust_settings.pan): staff, donors and the forms say PAN.
  'PAN',
  // The address of an image or a video: staff say and type "URL", as on every form they know.
  'URL',
]);

/** The files a registry names (`export * from './news.ts';`), in its order. */
function namedIn(registry: string): string[] {
  return [...REGISTRIES[registry]!.matchAll(/^export \* from '\.\/(.+)';$/gm)].map((match) => match[1]!);
}

const declarationFiles = namedIn('../../../resources/registry.ts');

/** The export a Hindi file gives its words under: `newsHindi`, `masterDataHindi`. */
const exportName = (file: string) =>
  file.replace(/\.ts$/, '').replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()) + 'Hindi';

/**
 * What is wrong with the Hindi file of a declaration file, one line per problem, each naming the file: `declared` are
 * the resources the declaration file declares, `hindi` the Hindi file's exports (undefined: there is no such file).
 */
function hindiFileProblems(
  file: string,
  declared: readonly ResourceDeclaration[],
  hindi: Record<string, unknown> | undefined,
): string[] {
  const where = `src/resources/hindi/${file}`;
  const name = exportName(file);
  const problems: string[] = [];
  if (!hindi)
    problems.push(
      `${where}: no such file: write it, exporting \`${name}: ResourcesHindi\` (src/resources/hindi/words.ts) with ${declared.map((r) => r.name).join(', ')}`,
    );
  else if (Object.keys(hindi).join() !== name)
    problems.push(`${where}: export its words as \`${name}\`, and nothing else (it exports ${Object.keys(hindi)})`);
  const words = (hindi?.[name] ?? {}) as Record<string, unknown>;
  for (const resource of declared)
    for (const problem of translationProblems(resourceMessages(resource), words[resource.name], AS_IS, resource.name))
      problems.push(`${where}: ${problem}`);
  for (const extra of Object.keys(words).filter((key) => !declared.some((r) => r.name === key)))
    problems.push(`${where}: ${extra}: src/resources/${file} declares no such resource`);
  return problems;
}

async function declaredIn(file: string): Promise<ResourceDeclaration[]> {
  return Object.values(await DECLARATION_FILES[`../../../resources/${file}`]!()).filter(isDeclared);
}

/** A Hindi file's exports; undefined when there is no such file. */
const hindiFile = (file: string) => HINDI_FILES[`../../../resources/hindi/${file}`]?.();

describe('Hindi of the declared resources', () => {
  it('has a file for each declaration file, named in src/resources/hindi/registry.ts as in src/resources/registry.ts', () => {
    const hindiFiles = namedIn('../../../resources/hindi/registry.ts');
    const line = (file: string) => `export * from './${file}';`;
    expect([
      ...declarationFiles
        .filter((f) => !hindiFiles.includes(f))
        .map((f) => `add to src/resources/hindi/registry.ts: ${line(f)}`),
      ...hindiFiles
        .filter((f) => !declarationFiles.includes(f))
        .map((f) => `src/resources/hindi/registry.ts names ${f}, which src/resources/registry.ts does not`),
    ]).toEqual([]);
  });

  for (const file of declarationFiles) {
    it(`src/resources/hindi/${file}: every key of the English of src/resources/${file}, translated, and no other`, async () => {
      const declared = await declaredIn(file);
      expect(declared.length, `src/resources/${file} declares no resource`).toBeGreaterThan(0);
      expect(hindiFileProblems(file, declared, await hindiFile(file))).toEqual([]);
    });
  }

  it('is the catalogue the admin speaks: every declared resource, no other', () => {
    expect(hindiAdminMessages.resources).toBe(resourcesHindi);
    expect(Object.keys(resourcesHindi).sort()).toEqual(resources.map((r) => r.name).sort());
  });

  it('gives each resource a form tree of its own (no shared object a later merge could change for all)', () => {
    const forms = Object.values(resourcesHindi).flatMap((words) => (words.form ? [words.form] : []));
    expect(new Set(forms).size).toBe(forms.length);
  });

  it('finds what a broken file lacks, naming the file and the key (the check itself can fail)', async () => {
    const declared = await declaredIn('donations.ts');
    const good = (await hindiFile('donations.ts')) as Record<string, StringMap>;
    expect(hindiFileProblems('donations.ts', declared, good)).toEqual([]);

    const hindi = structuredClone(good.donationsHindi!.donations!) as StringMap;
    const fields = hindi.fields as StringMap;
    delete fields.remarks;
    fields.donor_name = 'Donor Name';
    fields.pan = '';
    fields.extra = 'अतिरिक्त';
    hindi.name = 'दान';
    (hindi.choices as StringMap).mode = 'माध्यम';
    ((hindi.choices as StringMap).status as StringMap).Received = 'प्राप्त %{n}';
    // फ़ as the one code point U+095E, which NFC writes as फ + nukta.
    hindi.search = '\u095e\u094b\u091f\u094b खोजें';
    const at = 'src/resources/hindi/donations.ts';
    expect(hindiFileProblems('donations.ts', declared, { donationsHindi: { donations: hindi, alumni: {} } })).toEqual([
      `${at}: donations.name: 1 plural forms instead of 2`,
      `${at}: donations.fields.donor_name: not Hindi: "Donor Name"`,
      `${at}: donations.fields.pan: empty`,
      `${at}: donations.fields.remarks: missing (English: "Remarks")`,
      `${at}: donations.fields.extra: extra (English has no such key)`,
      `${at}: donations.choices.status.Received: placeholders {n} instead of {}`,
      `${at}: donations.choices.mode: should be a group of keys`,
      `${at}: donations.search: not in Unicode NFC`,
      `${at}: alumni: src/resources/donations.ts declares no such resource`,
    ]);

    // A resource with no Hindi at all: the file to write, its export, and every key with its English.
    const missing = hindiFileProblems('donations.ts', declared, undefined);
    expect(missing[0]).toBe(
      `${at}: no such file: write it, exporting \`donationsHindi: ResourcesHindi\` (src/resources/hindi/words.ts) with donations`,
    );
    expect(missing).toContain(`${at}: donations.fields.donor_name: missing (English: "Donor Name")`);
    expect(missing).toContain(`${at}: donations.title.create: missing (English: "Add Donation")`);
  });
});
