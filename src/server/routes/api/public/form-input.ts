/**
 * What the public forms take, and its checks: their fields as the forms name them, the schemas the API description
 * shows, and each form's values checked by the declaration of the record it becomes (a contact message, a
 * donation), with the field errors named as the form names its fields. A refusal is a 400 that changes nothing.
 */
import { z } from 'zod';
import { contactMessages, donations } from '../../../../resources/index.ts';
import { validateRecord, type FieldError } from '../../../../resources/validation.ts';
import { validationFailed } from '../../../errors.ts';
import { PUBLIC_FORM_MESSAGES } from './messages.ts';

/** The field a person leaves empty (the page hides it) and a bot fills in. */
export const HONEYPOT_FIELD = 'website';

/** The fields of the public forms (as the forms name them) that the page may be told are at fault, or keeps. */
export const FORM_FIELDS = ['name', 'email', 'phone', 'subject', 'message', 'amount', 'payment_method', 'pan'] as const;

export const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Whether a bot sent the form: it filled in the hidden field. It is answered as a person is, and nothing is kept. */
export const sentByBot = (body: Record<string, unknown>) => filled(body[HONEYPOT_FIELD]);

/** Field errors of a declaration, named as the public form names its fields. */
const renamed = (errors: FieldError[], names: Record<string, string>) =>
  errors.map((error) => ({ ...error, field: names[error.field] ?? error.field }));

const honeypot = () =>
  z.string().max(200).optional().describe('Leave empty: hidden on the page; a post that fills it is not kept.');
const redirect = () =>
  z.string().max(500).optional().describe('Form posts: the path of this site to go back to (default: the Referer).');

export const contactBody = z.object({
  name: z.string().max(100).describe('Required.'),
  email: z.string().max(200).describe('Required.'),
  phone: z.string().max(20).optional(),
  subject: z.string().max(200).optional(),
  message: z.string().max(5000).describe('Required.'),
  [HONEYPOT_FIELD]: honeypot(),
  redirect: redirect(),
});

export const donationBody = z.object({
  name: z.string().max(200).describe('Required.'),
  email: z.string().max(200).describe('Required.'),
  amount: z.union([z.number().int().min(1), z.string().max(20)]).describe('Whole rupees, 1 to 10,00,00,000.'),
  payment_method: z.enum(['online', 'bank']),
  message: z.string().max(2000).optional(),
  pan: z.string().max(10).optional(),
  [HONEYPOT_FIELD]: honeypot(),
  redirect: redirect(),
});

/** The contact form's values as a new (unread) contact message, checked by its declaration. */
export function contactInput(body: Record<string, unknown>): Record<string, unknown> {
  const input = {
    name: body.name,
    email: body.email,
    phone: body.phone,
    subject: body.subject,
    message: body.message,
    is_read: false,
  };
  const checked = validateRecord(contactMessages, input);
  if (!checked.ok) throw validationFailed(checked.errors);
  return input;
}

/**
 * The donate form's values as a Pending electronic donation, checked by its declaration, and besides it: an email
 * (which the declaration leaves optional for donations entered by staff) and a payment method of the form's two.
 */
export function donationInput(body: Record<string, unknown>): {
  input: Record<string, unknown>;
  method: 'online' | 'bank';
  amount: number;
} {
  const method = body.payment_method;
  const amount =
    typeof body.amount === 'string' && /^\s*\d{1,12}\s*$/.test(body.amount) ? Number(body.amount) : body.amount;
  const input: Record<string, unknown> = {
    donor_name: body.name,
    email: body.email,
    amount,
    payment_method: method === 'bank' ? 'Bank Transfer' : 'Online Payment',
    pan: body.pan,
    remarks: body.message,
    mode: 'Electronic',
    status: 'Pending',
  };
  const names = { donor_name: 'name', remarks: 'message' };
  const checked = validateRecord(donations, input);
  const errors = checked.ok ? [] : renamed(checked.errors, names);
  if (!filled(body.email) && !errors.some((e) => e.field === 'email'))
    errors.unshift({ field: 'email', message: PUBLIC_FORM_MESSAGES.emailRequired });
  if (method !== 'online' && method !== 'bank')
    errors.push({ field: 'payment_method', message: PUBLIC_FORM_MESSAGES.paymentMethod });
  if (errors.length > 0) throw validationFailed(errors);
  return { input, method: method as 'online' | 'bank', amount: amount as number };
}
