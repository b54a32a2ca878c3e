import { describe, expect, it } from 'vitest';
import { carryWords, DRAWN_LOGIN_WORDS_ID, type DrawnLoginWords } from './DrawnLogin.tsx';
import { AUTH } from './messages.ts';
import { SHELL } from '../messages.ts';

const words = (title: string) => ({
  ...AUTH,
  appTitle: SHELL.appTitle,
  language: SHELL.language,
  loginTitle: title,
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
