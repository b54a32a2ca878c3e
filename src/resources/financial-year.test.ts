import { describe, expect, it } from 'vitest';
import { financialYearDays, financialYearOf, isFinancialYear } from './financial-year.ts';

describe('financial years', () => {
  it('run from 1 April to 31 March', () => {
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2026-12-31')).toBe('2026-27');
    expect(financialYearOf('2027-01-01')).toBe('2026-27');
    expect(financialYearOf('1999-06-15')).toBe('1999-00');
    expect(financialYearOf('2099-04-01')).toBe('2099-00');
  });

  it('are named with the next year’s last two digits', () => {
    expect(isFinancialYear('2026-27')).toBe(true);
    expect(isFinancialYear('1999-00')).toBe(true);
    expect(isFinancialYear('2026-28')).toBe(false);
    expect(isFinancialYear('2026-2027')).toBe(false);
    expect(isFinancialYear('26-27')).toBe(false);
  });

  it('know their first and last day', () => {
    expect(financialYearDays('2026-27')).toEqual({ first: '2026-04-01', last: '2027-03-31' });
    expect(() => financialYearDays('2026-28')).toThrow();
    expect(() => financialYearOf('yesterday')).toThrow();
  });
});
