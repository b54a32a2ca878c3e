/**
 * The spec's sample data. It is loaded only when asked: into the database by `npm run seed:demo`, and into the
 * in-browser memory provider by the demo mode (`npm run dev:demo`) and the component tests. Never in production.
 */
export type DemoRecord = Record<string, unknown> & { id: number };

export const demoData: Record<string, DemoRecord[]> = {
  departments: [
    { id: 1, department_name: 'HR', description: 'Hiring, staff welfare and records.' },
    { id: 2, department_name: 'IT', description: 'Computers, network and the school website.' },
    { id: 3, department_name: 'Finance', description: 'Accounts, donations and receipts.' },
    { id: 4, department_name: 'Sales', description: 'Outreach and partnerships.' },
  ],
  // The employee list's designation filter uses these fixed ids (spec, section 9).
  designations: [
    { id: 1, designation: 'Software Engineer', department_id: 2, description: 'Builds and maintains software.' },
    { id: 2, designation: 'HR Manager', department_id: 1, description: 'Leads the HR team.' },
    { id: 4, designation: 'Operation Manager', department_id: 4, description: 'Runs day-to-day operations.' },
    { id: 15, designation: 'Product Manager', department_id: 2, description: 'Owns the product roadmap.' },
    { id: 16, designation: 'System Analysts', department_id: 2, description: 'Analyses systems and requirements.' },
  ],
  notifications: [
    { id: 1, type: 'Server Error', message: 'The backup server did not answer last night.', is_read: false },
    { id: 2, type: 'Message', message: 'A new message arrived from the contact form.', is_read: false },
    { id: 3, type: 'User Registered', message: 'A new user registered.', is_read: false },
    { id: 4, type: 'Email', message: 'The monthly donation report was emailed.', is_read: false },
  ],
  countries: [
    { id: 1, name: 'India', code: 'IN', status: 'Active' },
    { id: 2, name: 'Nepal', code: 'NP', status: 'Active' },
    { id: 3, name: 'Bhutan', code: 'BT', status: 'Active' },
    { id: 4, name: 'Sri Lanka', code: 'LK', status: 'Inactive' },
  ],
  states: [
    { id: 1, name: 'Rajasthan', country_id: 1, status: 'Active' },
    { id: 2, name: 'Uttar Pradesh', country_id: 1, status: 'Active' },
    { id: 3, name: 'Maharashtra', country_id: 1, status: 'Active' },
    { id: 4, name: 'Bagmati', country_id: 2, status: 'Active' },
    { id: 5, name: 'Madhya Pradesh', country_id: 1, status: 'Inactive' },
  ],
  cities: [
    { id: 1, name: 'Jaipur', state_id: 1, country_id: 1, status: 'Active' },
    { id: 2, name: 'Jodhpur', state_id: 1, country_id: 1, status: 'Active' },
    { id: 3, name: 'Varanasi', state_id: 2, country_id: 1, status: 'Active' },
    { id: 4, name: 'Mumbai', state_id: 3, country_id: 1, status: 'Active' },
    { id: 5, name: 'Kathmandu', state_id: 4, country_id: 2, status: 'Active' },
    { id: 6, name: 'Bhopal', state_id: 5, country_id: 1, status: 'Inactive' },
  ],
};
