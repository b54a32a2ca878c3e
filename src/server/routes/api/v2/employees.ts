/**
 * Employees beyond their /api/v1 contract (api/v1/employees.ts) and their generic /api/v2 routes (resources.ts):
 * `PUT /api/v2/employees/:id/photo` replaces an employee's photo, multipart with the image in `userProfile`, with
 * the create's rules (services/images.ts: JPEG, PNG or WebP by its bytes, at most 5 MB, re-encoded), since the
 * contract's update is JSON. Audited as every update; the replaced file goes once the new path is committed, and a
 * refused write leaves no new file. Answers the employee in the contract's shape.
 */
import type { FastifyInstance } from 'fastify';
import { employees } from '../../../../resources/index.ts';
import { badRequest, validationFailed } from '../../../errors.ts';
import { readMultipart } from '../../../plugins/external/multipart.ts';
import { may } from '../../shared/guard.ts';
import { idParam } from '../../shared/params.ts';
import { updated } from '../v1/contract.ts';
import { EMPLOYEE_PHOTO_MESSAGES, employeesOut, PHOTO_FIELD } from '../v1/employees.ts';

export function v2EmployeeRoutes(app: FastifyInstance): void {
  const { records, images } = app.services;

  app.put(
    '/api/v2/employees/:id/photo',
    may(employees, 'Edit', {
      multipart: true,
      doc: {
        summary: "Replace an employee's photo (multipart, the image in userProfile)",
        body: {
          type: 'object',
          properties: { [PHOTO_FIELD]: { type: 'string', format: 'binary' } },
          required: [PHOTO_FIELD],
        },
        bodyType: 'multipart/form-data',
      },
    }),
    async (request) => {
      const id = idParam(request);
      const form = await readMultipart(request, { fileField: PHOTO_FIELD });
      if (Object.keys(form.fields).length > 0) throw badRequest(EMPLOYEE_PHOTO_MESSAGES.onlyPhoto);
      if (!form.file) throw validationFailed([{ field: PHOTO_FIELD, message: EMPLOYEE_PHOTO_MESSAGES.noPhoto }]);
      const row = await images.saveWith(form.file.bytes, 'employees', (path) =>
        records.update(request.account!, employees, id, {}, { user_profile: path }),
      );
      const [employee] = await employeesOut(records, [row]);
      return { success: true, message: updated(employees), data: employee };
    },
  );
}
