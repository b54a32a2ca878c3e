/**
 * Employees on the spec's /api/v1 contract. An employee's email and password are its sign-in (user type
 * Employee): the account is created, renamed, deactivated and deleted in the transaction of the employee's own
 * write. Neither the password nor its hash ever leaves the server.
 */
import type { FastifyInstance } from 'fastify';
import { departments, designations, employees } from '../../../../resources/index.ts';
import { accountPasswordProblem } from '../../../../resources/password-policy.ts';
import { validateRecord } from '../../../../resources/validation.ts';
import { badRequest, validationFailed } from '../../../errors.ts';
import type { EmailChangeService } from '../../../services/email-change.ts';
import { accountBehaviour, type AccountLink } from '../../../services/accounts.ts';
import type { ImageStore } from '../../../services/images.ts';
import { readMultipart } from '../../../plugins/external/multipart.ts';
import type { RecordRow, RecordService, ResourceBehaviour } from '../../../services/records.ts';
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
  recordsById,
  textParam,
  updated,
  withV1Fields,
} from './contract.ts';

export const employeeFields = new FieldMap({
  fullName: 'full_name',
  email: 'email',
  mobile: 'mobile',
  gender: 'gender',
  dob: 'dob',
  hireDate: 'hire_date',
  salary: 'salary',
  contractStartDate: 'contract_start_date',
  contractLastDate: 'contract_last_date',
  status: 'status',
  isActive: 'is_active',
  role: 'role',
  permissions: 'permissions',
  departmentId: 'department_id',
  designationId: 'designation_id',
});

/** The references every employee answer carries, joined into the list's one statement. */
const REFS = ['department_id', 'designation_id'];

/** The contract sends isActive as 1 or 0; form fields arrive as text. */
export function contractValues(body: Record<string, unknown>): Record<string, unknown> {
  const value = { ...body };
  if (value.is_active === 1 || value.is_active === '1' || value.is_active === 'true') value.is_active = true;
  if (value.is_active === 0 || value.is_active === '0' || value.is_active === 'false') value.is_active = false;
  for (const field of ['salary', 'department_id', 'designation_id']) {
    if (typeof value[field] === 'string' && /^-?[0-9]{1,12}(\.[0-9]{1,6})?$/.test(value[field] as string))
      value[field] = Number(value[field]);
  }
  if (typeof value.permissions === 'string') {
    try {
      value.permissions = JSON.parse(value.permissions as string);
    } catch {
      throw validationFailed([{ field: 'permissions', message: 'Permissions must be a JSON object.' }]);
    }
  }
  return value;
}

/** An employee signs in with its email and password, as an Employee account named by its full name. */
const employeeAccount: AccountLink = {
  name: (value) => value.full_name as string,
  userType: () => 'Employee',
  emailTaken: 'An employee with this email already exists.',
  passwordInUpdate: 'A password is changed by the employee, or reset by email; it is not part of an update.',
  guarded: ['email', 'is_active', 'department_id', 'designation_id', 'role', 'permissions'],
};

/**
 * Every write of an employee, on /api/v1 and /api/v2 alike, keeps its sign-in account in step; a replaced photo's
 * file goes once the new path is committed, and a deleted employee's once the deletion is.
 */
export const employeeBehaviour = (images: ImageStore, emailChanges: EmailChangeService): ResourceBehaviour =>
  accountBehaviour(employeeAccount, emailChanges, {
    update: async (row, before) => {
      if (before && before.user_profile !== row.user_profile) {
        // The write is done; a file that cannot be removed is left behind rather than failing the request.
        await images.remove(before.user_profile as string | null).catch(() => {});
      }
    },
    delete: (row) => images.remove(row.user_profile as string | null),
  });

/** The form field of an employee's photo, on create (the contract's) and on its own route. */
export const PHOTO_FIELD = 'userProfile';

export const EMPLOYEE_PHOTO_MESSAGES = {
  noPhoto: 'Please fill out Photo',
  onlyPhoto: `Send only the photo, in the form field "${PHOTO_FIELD}".`,
} as const;

/**
 * Employees in the contract's shape (also the answer of `PUT /api/v2/employees/:id/photo`, api/v2/employees.ts); rows
 * listed with their references joined need no further query.
 */
export async function employeesOut(records: RecordService, rows: RecordRow[]) {
  const joined = rows.every((row) => row.$ref);
  const [departmentRows, designationRows] = joined
    ? [new Map<number, RecordRow>(), new Map<number, RecordRow>()]
    : await Promise.all([
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
    const refs = row.$ref as Record<string, RecordRow | null> | undefined;
    const department = refs ? refs.department_id : departmentRows.get(row.department_id as number);
    const designation = refs ? refs.designation_id : designationRows.get(row.designation_id as number);
    return {
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      mobile: row.mobile,
      gender: row.gender,
      dob: row.dob,
      hireDate: row.hire_date,
      salary: row.salary,
      contractStartDate: row.contract_start_date,
      contractLastDate: row.contract_last_date,
      userProfile: row.user_profile ?? null,
      status: row.status,
      isActive: row.is_active,
      role: row.role,
      permissions: row.permissions,
      departmentId: row.department_id,
      designationId: row.designation_id,
      Department: department ? { id: department.id, departmentName: department.department_name } : null,
      Designation: designation ? { id: designation.id, designation: designation.designation } : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
}

export function v1EmployeeRoutes(app: FastifyInstance): void {
  const { records, images } = app.services;

  app.get(
    '/api/v1/getAllEmployees',
    may(employees, 'View', {
      doc: { summary: 'List employees', query: [textDoc('search', 'Text to find'), ...pagingDoc(5)] },
    }),
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const paging = parsePaging(query, 5);
      const search = textParam(query, 'search');
      const { rows, total } = await records.list(
        request.account!,
        employees,
        listQuery(paging, search ? { q: search } : {}),
        REFS,
      );
      return { success: true, data: pageOf('employees', await employeesOut(records, rows), total, paging) };
    },
  );

  app.get(
    '/api/v1/getEmployeeById/:id',
    may(employees, 'View', { doc: { summary: 'One employee' } }),
    async (request) => {
      const [employee] = await employeesOut(records, [
        await records.get(request.account!, employees, idParam(request)),
      ]);
      return { success: true, data: employee };
    },
  );

  app.get(
    '/api/v1/filterByDesignation',
    may(employees, 'View', {
      doc: {
        summary: 'The employees of a designation',
        query: [
          {
            name: 'designationId',
            description: 'The designation’s id (required)',
            schema: { type: 'integer', minimum: 1 },
          },
        ],
      },
    }),
    async (request, reply) => {
      const raw = textParam(request.query as Record<string, unknown>, 'designationId', 12);
      if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw)) {
        throw badRequest('designationId must be a designation id (a positive whole number).');
      }
      const { rows } = await records.list(
        request.account!,
        employees,
        listQuery(undefined, { where: { designation_id: Number(raw) } }),
        REFS,
      );
      return reply.send(await employeesOut(records, rows));
    },
  );

  /**
   * The contract's form: multipart with the `userProfile` photo (required there, as in the spec's wizard). A
   * JSON body is accepted too, for API clients, without a photo. A photo saved for a create that then fails is
   * removed again.
   */
  app.post(
    '/api/v1/createEmployee',
    may(employees, 'Add', {
      multipart: true,
      doc: {
        summary: 'Create an employee (multipart with the userProfile photo, or JSON)',
        body: employeeFields.bodySchema(employees),
        bodyType: 'multipart/form-data',
      },
    }),
    async (request, reply) => {
      let body: Record<string, unknown>;
      let photo: Buffer | undefined;
      if (request.isMultipart()) {
        const form = await readMultipart(request, { fileField: PHOTO_FIELD });
        body = form.fields;
        photo = form.file?.bytes;
      } else {
        body = (request.body ?? {}) as Record<string, unknown>;
      }
      const input = { ...contractValues(employeeFields.fromV1(body)), password: body.password };
      if (request.isMultipart() && !photo) {
        // The photo is missing: said together with every other problem of the form, as the create would say them.
        const { password: _secret, ...fields } = input;
        const checked = validateRecord(employees, fields);
        const password = accountPasswordProblem(body.password);
        throw employeeFields.translateError(
          validationFailed([
            ...(checked.ok ? [] : checked.errors),
            ...(password ? [{ field: 'password', message: password }] : []),
            { field: PHOTO_FIELD, message: EMPLOYEE_PHOTO_MESSAGES.noPhoto },
          ]),
        );
      }
      const create = (userProfile?: string) =>
        withV1Fields(employeeFields, () =>
          records.create(request.account!, employees, input, userProfile ? { user_profile: userProfile } : {}),
        );
      const row = photo ? await images.saveWith(photo, 'employees', create) : await create();
      const [employee] = await employeesOut(records, [row]);
      return reply.status(201).send({ success: true, message: created(employees), data: employee });
    },
  );

  app.put(
    '/api/v1/updateEmployee/:id',
    may(employees, 'Edit', {
      doc: {
        summary: 'Update an employee (fields left out keep their values)',
        body: employeeFields.bodySchema(employees),
      },
    }),
    async (request) => {
      const id = idParam(request);
      const input = contractValues(employeeFields.fromV1(request.body));
      const row = await withV1Fields(employeeFields, () => records.update(request.account!, employees, id, input));
      const [employee] = await employeesOut(records, [row]);
      return { success: true, message: updated(employees), data: employee };
    },
  );

  app.delete(
    '/api/v1/deleteEmployee/:id',
    may(employees, 'Delete', { doc: { summary: 'Delete an employee and its sign-in account' } }),
    async (request) => {
      await records.delete(request.account!, employees, idParam(request));
      return { success: true, message: deleted(employees) };
    },
  );
}
