import { describe, expect, it } from 'vitest';
import { checkChangePassword } from './validation.ts';

// A player registered with a 13-20 character password must still be able to change it (section 5).
describe('checkChangePassword lengths', () => {
  it('accepts a current password of 13 to 20 characters', () => {
    expect(checkChangePassword('c'.repeat(13), 'newpass1', 'newpass1')).toBeNull();
    expect(checkChangePassword('c'.repeat(20), 'newpass1', 'newpass1')).toBeNull();
    expect(checkChangePassword('cccc', 'newpass1', 'newpass1')).toBeNull();
  });

  it('refuses a current password shorter than 4 or longer than 20', () => {
    expect(checkChangePassword('ccc', 'newpass1', 'newpass1')).toEqual({ field: 'currentPassword', key: 'lengthBetween', args: { min: 4, max: 20 } });
    expect(checkChangePassword('c'.repeat(21), 'newpass1', 'newpass1')).toEqual({ field: 'currentPassword', key: 'lengthBetween', args: { min: 4, max: 20 } });
  });

  it('keeps the new password to 4-12 characters', () => {
    expect(checkChangePassword('c'.repeat(16), 'n'.repeat(13), 'n'.repeat(13))).toEqual({ field: 'newPassword', key: 'lengthBetween', args: { min: 4, max: 12 } });
    expect(checkChangePassword('c'.repeat(16), 'nnn', 'nnn')?.field).toBe('newPassword');
    expect(checkChangePassword('c'.repeat(16), 'n'.repeat(12), 'n'.repeat(12))).toBeNull();
  });

  it('the longest password registration accepts is a valid current password', () => {
    expect(checkChangePassword('p'.repeat(20), 'abcd', 'abcd')).toBeNull();
  });
});
