/**
 * The public forms' sentences, in one place: what the forms answer, why they refuse (the tests read them here). A
 * page that a form post goes back to is told a code instead and says it in its own words (form-posts.ts).
 */
import { WEBSITE_DONATION_MESSAGES } from '../../../services/website-donations.ts';

export const PUBLIC_FORM_MESSAGES = {
  contactSent: 'Thank you for your message. We will get back to you soon.',
  donationOnline: 'Thank you. Pay with any UPI app: scan the QR code or open the link. Your reference is {reference}.',
  donationBank:
    'Thank you. Please transfer the amount to the account below and write the reference {reference} in the remarks.',
  tooManyFromAddress: 'Too many forms were sent from your network in the last hour. Please try again later.',
  tooManyFromEmail: 'Too many forms were sent with this email address in the last hour. Please try again later.',
  emailRequired: 'Email is required.',
  paymentMethod: 'Please choose online payment (online) or bank transfer (bank).',
  ...WEBSITE_DONATION_MESSAGES,
  notObject: 'Send the form as JSON or as a form post (application/x-www-form-urlencoded).',
} as const;
