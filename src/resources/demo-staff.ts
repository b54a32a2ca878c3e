/**
 * The spec's sample staff, for `npm run seed:demo` only (never in production): the roles it names (Admin, User,
 * Manager and HR from the role filters; Developer, Designer and HR Executive among its sample roles), permissions for
 * four of them (a role permission: role, department, designation and a matrix), an employee in each designation of
 * the employee list's fixed filter, and users of the three kinds the user list filters by (Employee, Vendor,
 * Client). They refer to the departments and designations of demo-data.ts by their fixed ids.
 *
 * No password is given: the seed makes a strong random one for each sign-in account and shows none; an Admin sets
 * one (edit, or Forgot Password) for whoever is to sign in.
 */
import type { PermissionMatrix } from './permissions.ts';

export interface DemoRole {
  role_name: string;
  responsibility: string;
  department_id: number;
  designation_id: number;
}

export interface DemoRolePermission {
  role_name: string;
  permissions: PermissionMatrix;
}

export interface DemoEmployee {
  full_name: string;
  email: string;
  mobile: string;
  gender: 'Male' | 'Female';
  dob: string;
  hire_date: string;
  salary: number;
  contract_start_date: string;
  contract_last_date: string;
  status: 'Active' | 'Inactive' | 'Pending';
  role: 'admin' | 'user' | 'supervisor';
  department_id: number;
  designation_id: number;
}

export interface DemoUser {
  username: string;
  email: string;
  user_type: 'Employee' | 'Vendor' | 'Client';
  mobile: string;
  role_name: string | null;
}

const all = { View: true, Add: true, Edit: true, Delete: true };
const view = { View: true };

export const demoRoles: DemoRole[] = [
  { role_name: 'Admin', responsibility: 'Runs the back-office and its accounts.', department_id: 2, designation_id: 1 },
  { role_name: 'User', responsibility: 'Reads the records of their work.', department_id: 2, designation_id: 16 },
  {
    role_name: 'Manager',
    responsibility: 'Leads day-to-day operations and their staff.',
    department_id: 4,
    designation_id: 4,
  },
  { role_name: 'HR', responsibility: 'Hiring, staff welfare and records.', department_id: 1, designation_id: 2 },
  { role_name: 'Developer', responsibility: 'Builds and maintains the software.', department_id: 2, designation_id: 1 },
  {
    role_name: 'Designer',
    responsibility: 'Designs the screens and the website.',
    department_id: 2,
    designation_id: 15,
  },
  {
    role_name: 'HR Executive',
    responsibility: 'Keeps staff records and contracts up to date.',
    department_id: 1,
    designation_id: 2,
  },
];

export const demoRolePermissions: DemoRolePermission[] = [
  {
    role_name: 'Admin',
    permissions: {
      Dashboard: { Dashboard: { Global: view } },
      Company: {
        Departments: { Global: all },
        Designations: { Global: all },
        Employees: { Global: all },
        Roles: { Global: all },
      },
      User: { 'User List': { Global: all } },
    },
  },
  {
    role_name: 'Manager',
    permissions: {
      Dashboard: { Dashboard: { Global: view } },
      Company: { Employees: { Global: view }, Departments: { Global: view }, Designations: { Global: view } },
      Activity: { 'Activity Logs': { Global: view } },
    },
  },
  {
    role_name: 'HR',
    permissions: {
      Dashboard: { Dashboard: { Global: view } },
      Company: {
        Employees: { Global: { View: true, Add: true, Edit: true } },
        Departments: { Global: view },
        Designations: { Global: view },
      },
    },
  },
  {
    role_name: 'User',
    permissions: {
      Dashboard: { Dashboard: { Global: view } },
      Company: { Employees: { Self: view } },
    },
  },
];

export const demoEmployees: DemoEmployee[] = [
  {
    full_name: 'Priya Sharma',
    email: 'priya.sharma@example.org',
    mobile: '9876500001',
    gender: 'Female',
    dob: '1992-04-12',
    hire_date: '2021-06-01',
    salary: 65000,
    contract_start_date: '2021-06-01',
    contract_last_date: '2027-05-31',
    status: 'Active',
    role: 'user',
    department_id: 2,
    designation_id: 1,
  },
  {
    full_name: 'Rahul Verma',
    email: 'rahul.verma@example.org',
    mobile: '9876500002',
    gender: 'Male',
    dob: '1986-09-23',
    hire_date: '2018-01-15',
    salary: 72000,
    contract_start_date: '2018-01-15',
    contract_last_date: '2028-01-14',
    status: 'Active',
    role: 'supervisor',
    department_id: 1,
    designation_id: 2,
  },
  {
    full_name: 'Sunita Patel',
    email: 'sunita.patel@example.org',
    mobile: '9876500003',
    gender: 'Female',
    dob: '1984-02-08',
    hire_date: '2016-07-01',
    salary: 80000,
    contract_start_date: '2016-07-01',
    contract_last_date: '2026-12-31',
    status: 'Active',
    role: 'supervisor',
    department_id: 4,
    designation_id: 4,
  },
  {
    full_name: 'Arjun Mehta',
    email: 'arjun.mehta@example.org',
    mobile: '9876500004',
    gender: 'Male',
    dob: '1990-11-30',
    hire_date: '2022-03-10',
    salary: 90000,
    contract_start_date: '2022-03-10',
    contract_last_date: '2027-03-09',
    status: 'Active',
    role: 'user',
    department_id: 2,
    designation_id: 15,
  },
  {
    full_name: 'Kavita Nair',
    email: 'kavita.nair@example.org',
    mobile: '9876500005',
    gender: 'Female',
    dob: '1995-07-19',
    hire_date: '2025-11-03',
    salary: 48000,
    contract_start_date: '2025-11-03',
    contract_last_date: '2026-11-02',
    status: 'Pending',
    role: 'user',
    department_id: 2,
    designation_id: 16,
  },
];

export const demoUsers: DemoUser[] = [
  {
    username: 'Meera Iyer',
    email: 'meera.iyer@example.org',
    user_type: 'Employee',
    mobile: '9876500011',
    role_name: 'User',
  },
  {
    username: 'Gupta Stationers',
    email: 'orders@gupta-stationers.example.org',
    user_type: 'Vendor',
    mobile: '9876500012',
    role_name: null,
  },
  {
    username: 'Anil Joshi',
    email: 'anil.joshi@example.org',
    user_type: 'Client',
    mobile: '9876500013',
    role_name: null,
  },
];
