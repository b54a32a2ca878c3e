/**
 * Departments and designations on the spec's /api/v1 contract (section 7), over the same record service as
 * /api/v2. The misspelt `updateDesiganation` and `deleteDesiganation` of the contract still answer; the correct
 * spellings are canonical.
 */
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { departments, designations } from '../../../../resources/index.ts';
import { tableOf } from '../../../db/schema.ts';
import { INTERNAL, type RecordRow } from '../../../services/records.ts';
import { may } from '../../shared/guard.ts';
import { idParam } from '../../shared/params.ts';
import {
  FieldMap,
  created,
  deleted,
  listQuery,
  pageOf,
  pagingDoc,
  parsePaging,
  textDoc,
  textParam,
  updated,
  withV1Fields,
} from './contract.ts';

const departmentFields = new FieldMap({ departmentName: 'department_name', description: 'description' });
const designationFields = new FieldMap({
  designation: 'designation',
  departmentId: 'department_id',
  description: 'description',
});

export function v1CompanyRoutes(app: FastifyInstance): void {
  const { records, database } = app.services;

  /** Departments with the number of their designations (the list's 'Has Related Designations' badge). */
  async function departmentsOut(rows: RecordRow[]) {
    const ids = rows.map((row) => row.id);
    const designationTable = tableOf(designations);
    const counts =
      ids.length === 0
        ? []
        : await database.db
            .select({ id: designationTable.department_id, n: count() })
            .from(designationTable)
            .where(inArray(designationTable.department_id, ids))
            .groupBy(designationTable.department_id);
    const byId = new Map(counts.map((c) => [c.id as number, c.n]));
    return rows.map((row) => ({ ...departmentOut(row), designationCount: byId.get(row.id) ?? 0 }));
  }

  function departmentOut(row: RecordRow) {
    return {
      id: row.id,
      departmentName: row.department_name,
      description: row.description,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** Designations with their department as `{ id, departmentName }`, as the contract's lists give them. */
  async function designationsOut(rows: RecordRow[]) {
    const ids = [...new Set(rows.map((row) => row.department_id as number))];
    const found =
      ids.length === 0 ? [] : (await records.list(INTERNAL, departments, { ...listQuery(undefined), ids })).rows;
    const byId = new Map(found.map((d) => [d.id, { id: d.id, departmentName: d.department_name }]));
    return rows.map((row) => ({
      ...designationOut(row),
      departmentId: byId.get(row.department_id as number) ?? { id: row.department_id, departmentName: null },
    }));
  }

  function designationOut(row: RecordRow) {
    return {
      id: row.id,
      designation: row.designation,
      description: row.description,
      departmentId: row.department_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  // Departments ---------------------------------------------------------------------------------------------

  const listDepartments = async (request: FastifyRequest, options: Parameters<typeof listQuery>[1]) => {
    const query = request.query as Record<string, unknown>;
    const paging = parsePaging(query, 3);
    const { rows, total } = await records.list(request.account!, departments, listQuery(paging, options));
    return { success: true, data: pageOf('data', await departmentsOut(rows), total, paging) };
  };

  app.get(
    '/api/v1/getAllDepartments',
    may(departments, 'View', { doc: { summary: 'List departments', query: pagingDoc(3) } }),
    async (request) => listDepartments(request, {}),
  );

  app.get(
    '/api/v1/searchDepartments',
    may(departments, 'View', {
      doc: {
        summary: 'Search departments',
        query: [textDoc('search', 'Text to find in the name or description'), ...pagingDoc(3)],
      },
    }),
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const search = textParam(query, 'search');
      return listDepartments(request, search ? { q: search } : {});
    },
  );

  app.get(
    '/api/v1/filterDepartments',
    may(departments, 'View', {
      doc: {
        summary: 'Departments of one name',
        query: [textDoc('departmentName', 'The exact name'), ...pagingDoc(3)],
      },
    }),
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const name = textParam(query, 'departmentName');
      return listDepartments(request, name ? { where: { department_name: name } } : {});
    },
  );

  app.post(
    '/api/v1/createDepartment',
    may(departments, 'Add', {
      doc: { summary: 'Create a department', body: departmentFields.bodySchema(departments) },
    }),
    async (request, reply) => {
      const row = await withV1Fields(departmentFields, () =>
        records.create(request.account!, departments, departmentFields.fromV1(request.body)),
      );
      return reply.status(201).send({ success: true, message: created(departments), data: departmentOut(row) });
    },
  );

  app.put(
    '/api/v1/updateDepartment/:id',
    may(departments, 'Edit', {
      doc: {
        summary: 'Update a department (fields left out keep their values)',
        body: departmentFields.bodySchema(departments),
      },
    }),
    async (request) => {
      const id = idParam(request);
      const row = await withV1Fields(departmentFields, () =>
        records.update(request.account!, departments, id, departmentFields.fromV1(request.body)),
      );
      return { success: true, message: updated(departments), data: departmentOut(row) };
    },
  );

  app.delete(
    '/api/v1/deleteDepartment/:id',
    may(departments, 'Delete', { doc: { summary: 'Delete a department without designations' } }),
    async (request) => {
      await records.delete(request.account!, departments, idParam(request));
      return { success: true, message: deleted(departments) };
    },
  );

  // Designations --------------------------------------------------------------------------------------------

  const listDesignations = async (request: FastifyRequest, options: Parameters<typeof listQuery>[1]) => {
    const query = request.query as Record<string, unknown>;
    const paging = parsePaging(query, 5);
    const { rows, total } = await records.list(request.account!, designations, listQuery(paging, options));
    return { success: true, data: pageOf('data', await designationsOut(rows), total, paging) };
  };

  app.get(
    '/api/v1/getAllDesignations',
    may(designations, 'View', { doc: { summary: 'List designations', query: pagingDoc(5) } }),
    async (request) => listDesignations(request, {}),
  );

  app.get(
    '/api/v1/searchDesignation',
    may(designations, 'View', {
      doc: { summary: 'Search designations', query: [textDoc('search', 'Text to find'), ...pagingDoc(5)] },
    }),
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const search = textParam(query, 'search');
      return listDesignations(request, search ? { q: search } : {});
    },
  );

  app.get(
    '/api/v1/filterDesignation',
    may(designations, 'View', {
      doc: { summary: 'Designations of one name', query: [textDoc('designation', 'The exact name'), ...pagingDoc(5)] },
    }),
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const name = textParam(query, 'designation');
      return listDesignations(request, name ? { where: { designation: name } } : {});
    },
  );

  app.get(
    '/api/v1/getDesignationsByDepartmentId/:departmentId',
    may(designations, 'View', { doc: { summary: 'The designations of a department' } }),
    async (request) => {
      const departmentId = idParam(request, 'departmentId');
      await records.get(INTERNAL, departments, departmentId);
      const { rows } = await records.list(
        request.account!,
        designations,
        listQuery(undefined, { where: { department_id: departmentId } }),
      );
      return { success: true, data: await designationsOut(rows) };
    },
  );

  app.post(
    '/api/v1/createDesignation',
    may(designations, 'Add', {
      doc: { summary: 'Create a designation', body: designationFields.bodySchema(designations) },
    }),
    async (request, reply) => {
      const row = await withV1Fields(designationFields, () =>
        records.create(request.account!, designations, designationFields.fromV1(request.body)),
      );
      return reply.status(201).send({ success: true, message: created(designations), data: designationOut(row) });
    },
  );

  for (const path of ['/api/v1/updateDesignation/:id', '/api/v1/updateDesiganation/:id']) {
    app.put(
      path,
      may(designations, 'Edit', {
        doc: {
          summary: 'Update a designation (the misspelt path is the spec’s alias)',
          body: designationFields.bodySchema(designations),
        },
      }),
      async (request) => {
        const id = idParam(request);
        const row = await withV1Fields(designationFields, () =>
          records.update(request.account!, designations, id, designationFields.fromV1(request.body)),
        );
        return { success: true, message: updated(designations), data: designationOut(row) };
      },
    );
  }

  for (const path of ['/api/v1/deleteDesignation/:id', '/api/v1/deleteDesiganation/:id']) {
    app.delete(
      path,
      may(designations, 'Delete', { doc: { summary: 'Delete a designation (the misspelt path is the spec’s alias)' } }),
      async (request) => {
        await records.delete(request.account!, designations, idParam(request));
        return { success: true, message: deleted(designations) };
      },
    );
  }
}
