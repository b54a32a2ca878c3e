import { describe, expect, it } from 'vitest';
import { carryWords, DRAWN_LOGIN_WORDS_ID, type DrawnLoginWords } from './DrawnLogin.tsx';
import type { LoginWords } from './LoginForm.tsx';

const words = (title: string): LoginWords & { somethingWrong: string } => ({
  appTitle: 'Trust School Back-office',
  language: 'Language',
  loginTitle: title,
  userType: 'User Type',
  userTypeNames: { Admin: 'Admin', Employee: 'Employee' },
  email: 'Email',
  password: 'Password',
  savePassword: 'Save Password',
  forgotPasswordLink: 'Forgot Password',
  logIn: 'Log In',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  loginFailed: 'Login failed.',
  somethingWrong: 'Something went wrong.',
});

describe('carryWords', () => {
  it('writes the words into one script element that no word can close, and gives them back whole', () => {
    const carried: DrawnLoginWords = { en: words('Log In</script><img src=x>'), hi: words('लॉग इन <!-- -->') };
    const html = carryWords(carried);
    expect(html.startsWith(`<script type="application/json" id="${DRAWN_LOGIN_WORDS_ID}">`)).toBe(true);
    const inner = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(inner).not.toContain('<');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(inner)).toEqual(carried);
  });
});
