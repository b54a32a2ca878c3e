/**
 * Employee roles on the spec's /api/v1 contract. Unlike the original client, deleteRole needs a session like
 * every other call.
 */
import type { FastifyInstance } from 'fastify';
import { departments, designations, roles } from '../../../../resources/index.ts';
import type { RecordRow } from '../../../services/records.ts';
import { may } from '../../shared/guard.ts';
import { idParam } from '../../shared/params.ts';
import {
  FieldMap,
  created,
  deleted,
  listQuery,
  pagingDoc,
  parsePaging,
  recordsById,
  updated,
  withV1Fields,
} from './contract.ts';

const roleFields = new FieldMap({
  roleName: 'role_name',
  responsibility: 'responsibility',
  departmentId: 'department_id',
  designationId: 'designation_id',
  is_active: 'is_active',
});

export function v1RoleRoutes(app: FastifyInstance): void {
  const { records } = app.services;

  async function rolesOut(rows: RecordRow[]) {
    const [departmentRows, designationRows] = await Promise.all([
      recordsById(
        records,
        departments,
        rows.map((r) => r.department_id),
      ),
      recordsById(
        records,
        designations,
        rows.map((r) => r.designation_id),
      ),
    ]);
    return rows.map((row) => {
      const department = departmentRows.get(row.department_id as number);
      const designation = designationRows.get(row.designation_id as number);
      return {
        id: row.id,
        roleName: row.role_name,
        responsibility: row.responsibility,
        is_active: row.is_active,
        departmentId: row.department_id,
        designationId: row.designation_id,
        Department: department ? { id: department.id, departmentName: department.department_name } : null,
        Designation: designation ? { id: designation.id, designation: designation.designation } : null,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    });
  }

  app.get(
    '/api/v1/getAllRoles',
    may(roles, 'View', { doc: { summary: 'List roles', query: pagingDoc(3) } }),
    async (request) => {
      const paging = parsePaging(request.query as Record<string, unknown>, 3);
      const { rows, total } = await records.list(request.account!, roles, listQuery(paging));
      return { success: true, data: { rows: await rolesOut(rows), count: total } };
    },
  );

  app.get('/api/v1/getRoleById/:id', may(roles, 'View', { doc: { summary: 'One role' } }), async (request) => {
    const row = await records.get(request.account!, roles, idParam(request));
    const [role] = await rolesOut([row]);
    return { success: true, message: 'Role fetched successfully.', data: role };
  });

  app.post(
    '/api/v1/createRole',
    may(roles, 'Add', { doc: { summary: 'Create a role', body: roleFields.bodySchema(roles) } }),
    async (request, reply) => {
      const row = await withV1Fields(roleFields, () =>
        records.create(request.account!, roles, roleFields.fromV1(request.body)),
      );
      const [role] = await rolesOut([row]);
      return reply.status(201).send({ success: true, message: created(roles), data: role });
    },
  );

  app.put(
    '/api/v1/updateRole/:id',
    may(roles, 'Edit', {
      doc: { summary: 'Update a role (fields left out keep their values)', body: roleFields.bodySchema(roles) },
    }),
    async (request) => {
      const id = idParam(request);
      await withV1Fields(roleFields, () =>
        records.update(request.account!, roles, id, roleFields.fromV1(request.body)),
      );
      return { success: true, message: updated(roles) };
    },
  );

  app.delete('/api/v1/deleteRole/:id', may(roles, 'Delete', { doc: { summary: 'Delete a role' } }), async (request) => {
    await records.delete(request.account!, roles, idParam(request));
    return { success: true, message: deleted(roles) };
  });
}
