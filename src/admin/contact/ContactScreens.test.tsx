/**
 * The contact messages list, generated from its declaration: From and To date inputs (list.dateRange) that narrow
 * the list, new messages bold with a New badge (list.seenFlag), and the area's Mark as read button on each row.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryProvider } from '../providers/memory.ts';
import { renderAdmin } from '../generated/test-app.tsx';
import { CONTACT_ACTIONS } from './messages.ts';

const message = (id: number, name: string, created_at: string, is_read: boolean) => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.org`,
  phone: null,
  subject: 'Admission',
  message: 'Hello',
  is_read,
  read_at: null,
  reply: null,
  replied_at: null,
  replied_by: null,
  created_at,
});

const data = {
  contact_messages: [
    message(1, 'Asha', '2026-11-01T05:00:00.000Z', false),
    message(2, 'Ravi', '2026-10-20T05:00:00.000Z', true),
    message(3, 'Meera', '2026-11-03T05:00:00.000Z', true),
  ],
};

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('contact messages list', () => {
  it('marks new messages, narrows by a date range and offers Mark as read', async () => {
    const { user } = renderAdmin('/contact-us', { dataProvider: createMemoryProvider(data) });
    await screen.findByRole('cell', { name: 'Asha' });
    expect(within(rowOf('Asha')).getByText('New')).toBeInTheDocument();
    expect(within(rowOf('Ravi')).queryByText('New')).not.toBeInTheDocument();
    expect(within(rowOf('Ravi')).getByText('Read')).toBeInTheDocument();
    expect(getComputedStyle(within(rowOf('Asha')).getByRole('cell', { name: 'Asha' })).fontWeight).toBe('700');
    expect(within(rowOf('Asha')).getByRole('button', { name: CONTACT_ACTIONS.markRead })).toBeInTheDocument();
    expect(within(rowOf('Ravi')).getByRole('button', { name: CONTACT_ACTIONS.markUnread })).toBeInTheDocument();

    const from = screen.getByLabelText('From');
    expect(screen.getByLabelText('To')).toBeInTheDocument();
    await user.type(from, '2026-10-25');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Ravi' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Asha' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Meera' })).toBeInTheDocument();
  });
});
