import { HttpError, type DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createMemoryProvider } from './memory.ts';
import { demoData } from '../../resources/demo-data.ts';

const list = (provider: DataProvider, resource: string, filter: Record<string, unknown> = {}) =>
  provider.getList(resource, { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' }, filter });

const namesOf = async (provider: DataProvider, resource: string, filter: Record<string, unknown> = {}) =>
  (await list(provider, resource, filter)).data.map((row) => row.name);

async function failureOf(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('The call was expected to fail.');
}

describe('the memory provider answers as the server does', () => {
  it('searches only the declared text fields, case-insensitively, and filters declared fields exactly', async () => {
    const provider = createMemoryProvider(demoData);
    expect(await namesOf(provider, 'countries', { q: 'IND' })).toEqual(['India']);
    expect(await namesOf(provider, 'countries', { q: 'lk' })).toEqual(['Sri Lanka']);
    // "Active" is a status, not searchable text (ra-data-fakerest alone would match every row).
    expect(await namesOf(provider, 'countries', { q: 'activ' })).toEqual([]);
    expect(await namesOf(provider, 'countries', { status: 'Inactive' })).toEqual(['Sri Lanka']);
    expect(await namesOf(provider, 'states', { country_id: 2 })).toEqual(['Bagmati']);
    expect(await namesOf(provider, 'countries', { id: [2, 3] })).toEqual(['Nepal', 'Bhutan']);
    const error = await failureOf(list(provider, 'countries', { colour: 'red' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Cannot filter countries by "colour".');
  });

  it('pages and counts, and refuses a sort key the declaration does not allow', async () => {
    const provider = createMemoryProvider(demoData);
    const page = await provider.getList('countries', {
      pagination: { page: 2, perPage: 3 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(page).toMatchObject({ total: 4, data: [{ name: 'Sri Lanka' }] });
    const error = await failureOf(
      provider.getList('countries', { pagination: { page: 1, perPage: 3 }, sort: { field: 'secret', order: 'ASC' } }),
    );
    expect(error.message).toBe('Cannot sort countries by "secret".');
  });

  it('validates writes with the declaration: field errors in the form shape, defaults, upper-cased codes', async () => {
    const provider = createMemoryProvider(demoData);
    const error = await failureOf(provider.create('countries', { data: { name: ' ', code: 'J1' } }));
    expect(error.status).toBe(400);
    expect(error.body.errors).toMatchObject({
      name: 'Country Name is required.',
      code: 'Country Code must be 2 or 3 letters, such as IN.',
    });

    const { data } = await provider.create('countries', { data: { name: 'Japan', code: 'jp', id: 99 } });
    expect(data).toMatchObject({ id: 5, name: 'Japan', code: 'JP', status: 'Active' });
  });

  it('refuses a department name that differs only in case and spaces, as the server does', async () => {
    const provider = createMemoryProvider(demoData);
    const error = await failureOf(
      provider.create('departments', { data: { department_name: ' fINANCE ', description: 'Again' } }),
    );
    expect(error.status).toBe(409);
    expect(error.body.errors).toMatchObject({ department_name: 'A department with this name already exists.' });
    // Its own name in other letters is no duplicate.
    await expect(
      provider.update('departments', { id: 3, data: { department_name: 'FINANCE' }, previousData: { id: 3 } }),
    ).resolves.toBeTruthy();
  });

  it('refuses a duplicate code with 409 under the field', async () => {
    const provider = createMemoryProvider(demoData);
    const error = await failureOf(provider.create('countries', { data: { name: 'Indiana', code: 'in' } }));
    expect(error.status).toBe(409);
    expect(error.message).toBe('A country with this code already exists.');
    expect(error.body.errors).toMatchObject({ code: 'A country with this code already exists.' });
    // Its own code is no duplicate.
    await expect(
      provider.update('countries', { id: 1, data: { code: 'IN' }, previousData: { id: 1 } }),
    ).resolves.toBeTruthy();
  });

  it("refuses a city whose state is not in the city's country", async () => {
    const provider = createMemoryProvider(demoData);
    const error = await failureOf(provider.create('cities', { data: { name: 'Pokhara', country_id: 1, state_id: 4 } }));
    expect(error.status).toBe(400);
    expect(error.body.errors).toMatchObject({ state_id: 'The chosen state is not in the chosen country.' });
    const missing = await failureOf(
      provider.create('cities', { data: { name: 'Nowhere', country_id: 9, state_id: 4 } }),
    );
    expect(missing.body.errors).toMatchObject({ country_id: 'The chosen country does not exist.' });
    await expect(
      provider.create('cities', { data: { name: 'Pokhara', country_id: 2, state_id: 4 } }),
    ).resolves.toMatchObject({ data: { name: 'Pokhara' } });
  });

  it('refuses to delete a referenced row with 409, and deletes an unreferenced one', async () => {
    const provider = createMemoryProvider(demoData);
    const error = await failureOf(provider.delete('countries', { id: 1 }));
    expect(error.status).toBe(409);
    expect(error.message).toBe('This country is connected to states. Please remove them first.');
    await provider.delete('countries', { id: 3 });
    expect(await namesOf(provider, 'countries')).toEqual(['India', 'Nepal', 'Sri Lanka']);
    const gone = await failureOf(provider.getOne('countries', { id: 3 }));
    expect(gone.status).toBe(404);
    expect(gone.message).toBe('Country not found.');
  });

  it('stamps created_at and updated_at; an update keeps the fields it was not given', async () => {
    let now = new Date('2026-02-01T10:00:00.000Z');
    const provider = createMemoryProvider(
      { countries: [{ id: 1, name: 'India', code: 'IN', status: 'Active' }] },
      {
        now: () => now,
      },
    );
    const [sample] = (await list(provider, 'countries')).data;
    expect(sample?.created_at).toBe('2025-01-02T09:00:00.000Z');

    const { data: created } = await provider.create('countries', { data: { name: 'Nepal', code: 'NP' } });
    expect(created).toMatchObject({ created_at: '2026-02-01T10:00:00.000Z', updated_at: '2026-02-01T10:00:00.000Z' });

    now = new Date('2026-02-02T10:00:00.000Z');
    const { data: updated } = await provider.update('countries', {
      id: created.id,
      data: { name: 'Federal Nepal', created_at: 'ignored' },
      previousData: created,
    });
    expect(updated).toMatchObject({
      name: 'Federal Nepal',
      code: 'NP',
      created_at: '2026-02-01T10:00:00.000Z',
      updated_at: '2026-02-02T10:00:00.000Z',
    });
  });

  it('gives legacy-v1 lists what /api/v1 adds: designation_count and department_name, never written', async () => {
    const provider = createMemoryProvider(demoData);
    const departments = (await list(provider, 'departments')).data;
    expect(departments.map((d) => [d.department_name, d.designation_count])).toEqual([
      ['HR', 1],
      ['IT', 3],
      ['Finance', 0],
      ['Sales', 1],
    ]);
    const [engineer] = (await list(provider, 'designations')).data;
    expect(engineer).toMatchObject({ designation: 'Software Engineer', department_id: 2, department_name: 'IT' });
    // A list row sent back as it is (an edit form's record) saves its declared fields only.
    const { data } = await provider.update('designations', { id: 1, data: engineer!, previousData: engineer! });
    expect(data).not.toHaveProperty('department_name');
    const itDepartment = departments[1]!;
    await provider.update('departments', {
      id: itDepartment.id,
      data: { ...itDepartment, description: 'Computers.' },
      previousData: itDepartment,
    });
    expect((await provider.getOne('departments', { id: itDepartment.id })).data).not.toHaveProperty(
      'designation_count',
    );
    // Other resources get nothing extra.
    expect(Object.keys((await list(provider, 'states')).data[0]!).sort()).toEqual(
      ['country_id', 'created_at', 'id', 'name', 'status', 'updated_at'].sort(),
    );
  });

  it('keeps each provider separate from the sample data and from other providers', async () => {
    const first = createMemoryProvider(demoData);
    await first.delete('countries', { id: 4 });
    expect(await namesOf(createMemoryProvider(demoData), 'countries')).toContain('Sri Lanka');
    expect(await namesOf(first, 'countries')).not.toContain('Sri Lanka');
  });
});
