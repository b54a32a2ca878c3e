/**
 * Valid records of any declared resource, made from its declaration alone, for the generic suites: every field
 * kind has a sample (references are created on the way, image and file fields get a real upload through the
 * upload route). A new resource is covered by them without a line written for it; a new field kind needs one
 * case here.
 */
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  apiPath,
  uploadFieldAt,
  getResource,
  type FieldDeclaration,
  type FileType,
  type ResourceDeclaration,
} from '../../src/resources/index.ts';
import type { TestApp } from './app.ts';

export type Row = Record<string, unknown> & { id: number };

export const SAMPLE_PASSWORD = 'Declared-sample-Passw0rd-7391';

/** What a create needs beyond the declared fields: the secrets a resource's behaviour takes. */
export const SECRETS: Record<string, Record<string, unknown>> = {
  employees: { password: SAMPLE_PASSWORD },
  users: { password: SAMPLE_PASSWORD },
};

let serial = 0;
let years = 0;

/** A financial year no other sample takes (tax wording's years may not overlap). */
const sampleYear = () => {
  const start = 3000 + (years += 1);
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

/**
 * What every create of a resource needs beyond its required fields: values that must differ from every other
 * record's (one financial year of tax wording each, where an open-ended span would overlap the next).
 */
export const DISTINCT: Record<string, () => Record<string, unknown>> = {
  tax_wordings: () => {
    const year = sampleYear();
    return { from_year: year, until_year: year };
  },
};
export const tag = () => `${Date.now().toString(36)}${(serial += 1)}`;
/** Three letters, different every call (country codes are unique). */
export const letters = () => {
  const n = (serial += 1) + 26 * 26 * ((Date.now() >> 10) % 26);
  return [Math.floor(n / 676) % 26, Math.floor(n / 26) % 26, n % 26].map((i) => String.fromCharCode(65 + i)).join('');
};

/** Texts whose declared pattern a label does not satisfy, by field name. */
const PATTERNED: Record<string, () => string> = {
  email: () => `sample-${tag()}@example.org`,
  mobile: () => '9876543210',
  phone: () => '+91 141 222 3344',
  contact_number: () => '9876543210',
  code: letters,
  pan: () => 'AAATR1234C',
  bank_account_number: () => '123456789012',
  bank_ifsc: () => 'SBIN0001234',
  upi_id: () => 'trust.school@sbi',
  other_id_number: () => '123412341234',
};

export function sampleText(decl: Extract<FieldDeclaration, { kind: 'text' }>, field: string, prefix: string): string {
  if (decl.pattern) {
    const make = PATTERNED[field];
    if (!make) throw new Error(`No sample text for the patterned field ${field}: add it to PATTERNED.`);
    return make();
  }
  const value = `${prefix} ${tag()}`.slice(0, decl.maxLength ?? 100);
  return value.padEnd(decl.minLength ?? 0, 'x');
}

const box = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

/** The smallest files of each type that the upload checks accept (structure, not playable content). */
export const SAMPLE_FILES: Record<FileType, Buffer> = {
  mp4: Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isom', 'latin1')), box('moov', Buffer.alloc(16))]),
  webm: Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x86, 0x42, 0x82, 0x84]),
    Buffer.from('webm', 'latin1'),
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x81, 0x00]),
  ]),
  pdf: Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1'),
};

/** Uploads a file for a field through POST /api/v2/uploads and answers the stored path. */
export async function uploadFor(
  t: TestApp,
  resource: ResourceDeclaration,
  field: string,
  options: { token?: string; bytes?: Buffer } = {},
): Promise<string> {
  const decl = uploadFieldAt(resource, field)!;
  let bytes = options.bytes;
  if (!bytes) {
    bytes =
      decl.kind === 'image'
        ? await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a7' } })
            .png()
            .toBuffer()
        : SAMPLE_FILES[decl.kind === 'file' ? decl.accept[0]! : 'pdf'];
  }
  const form = new FormData();
  form.append('resource', resource.name);
  form.append('field', field);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'sample');
  const response = await fetch(`${t.url}/api/v2/uploads`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${options.token ?? t.token}` },
  });
  const text = await response.text();
  expect(response.status, `upload for ${resource.name}.${field}: ${text}`).toBe(201);
  return (JSON.parse(text) as { path: string }).path;
}

/** A valid value of one field (a reference's record created on the way), or undefined when it has none to give. */
export async function sampleValue(
  t: TestApp,
  resource: ResourceDeclaration,
  field: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<unknown> {
  const decl = resource.fields[field]!;
  switch (decl.kind) {
    case 'text':
      return sampleText(decl, field, decl.label);
    case 'enum':
      // The value a new record starts with where it has one (a donation starts Pending: a Received one has a receipt
      // whose donor and amount are fixed, tested by its own suite).
      return decl.default ?? decl.values[0];
    case 'reference': {
      const target = getResource(decl.reference);
      const within = decl.within ? { [decl.within.through]: body[decl.within.field] } : {};
      return (await createRecord(t, target, await minimalBody(t, target, within))).id;
    }
    case 'integer':
      return decl.min ?? 1;
    case 'boolean':
      return true;
    case 'date':
      return '2024-01-01';
    case 'datetime':
      return new Date().toISOString();
    case 'permissions':
      return {};
    case 'richText':
      return `<p>${decl.label} ${tag()}</p>`;
    case 'url':
      return decl.video ? 'https://youtu.be/dQw4w9WgXcQ' : `https://example.org/${tag()}`;
    case 'image': {
      const path = await uploadFor(t, resource, field, { token });
      return decl.multiple ? [path] : path;
    }
    case 'file':
      return uploadFor(t, resource, field, { token });
    case 'items': {
      // One item with every field that has a value to give (an upload for each file field).
      const item: Record<string, unknown> = {};
      for (const [inner, itemDecl] of Object.entries(decl.fields)) {
        if (itemDecl.kind === 'text') item[inner] = sampleText(itemDecl, inner, itemDecl.label);
        else if (itemDecl.kind === 'url') item[inner] = `https://example.org/${tag()}`;
        else {
          const path = await uploadFor(t, resource, `${field}.${inner}`, { token });
          item[inner] = itemDecl.kind === 'image' && itemDecl.multiple ? [path] : path;
        }
      }
      return [item];
    }
  }
}

/** The smallest valid body of a create: its required fields without a default (and `given`). */
export async function minimalBody(
  t: TestApp,
  resource: ResourceDeclaration,
  given: Record<string, unknown> = {},
  token?: string,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const [field, decl] of Object.entries(resource.fields)) {
    if (decl.readOnly) continue;
    if (field in given) {
      body[field] = given[field];
      continue;
    }
    if (!decl.required || ('default' in decl && decl.default !== undefined)) continue;
    body[field] = await sampleValue(t, resource, field, body, token);
  }
  const distinct = Object.fromEntries(
    Object.entries(DISTINCT[resource.name]?.() ?? {}).filter(([field]) => !(field in given)),
  );
  return { ...body, ...distinct, ...SECRETS[resource.name] };
}

/** A body with every writable field given a value (optional ones too). */
export async function fullBody(
  t: TestApp,
  resource: ResourceDeclaration,
  token?: string,
): Promise<Record<string, unknown>> {
  const body = await minimalBody(t, resource, {}, token);
  for (const [field, decl] of Object.entries(resource.fields)) {
    if (decl.readOnly || field in body || decl.kind === 'permissions') continue;
    if (decl.kind === 'integer' && decl.account) continue;
    body[field] = await sampleValue(t, resource, field, body, token);
  }
  return body;
}

export async function createRecord(
  t: TestApp,
  resource: ResourceDeclaration,
  body: Record<string, unknown>,
  token?: string,
): Promise<Row> {
  const res = await t.api('POST', `/api/v2/${apiPath(resource)}`, { body, token });
  expect(res.status, `create ${resource.name}: ${res.text}`).toBe(201);
  return res.body as Row;
}
