import { describe, expect, it } from 'vitest';
import { registerBody } from './auth.ts';
import { translateValidation } from './messages.ts';

const issuesOf = (input: unknown) => {
  const r = registerBody.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('SPEC §5 validation messages', () => {
  it('required: German "Diese Angabe ist notwendig." and English "This field is required"', () => {
    const m = issuesOf({ email: '', password: 'x'.repeat(12), password_confirmation: 'x'.repeat(12) });
    expect(translateValidation(m.email!, 'de')).toBe('Diese Angabe ist notwendig.');
    expect(translateValidation(m.email!, 'en')).toBe('This field is required');
    expect(translateValidation(m.nickname!, 'de')).toBe('Diese Angabe ist notwendig.');
  });

  it('email format: exact German and English wording', () => {
    const m = issuesOf({ email: 'no-at-sign' });
    expect(translateValidation(m.email!, 'de')).toBe('Bitte gib eine gültige E-Mail Adresse an.');
    expect(translateValidation(m.email!, 'en')).toBe('this field must have a valid email address.');
  });

  it('equal_passwords fails when the confirmation differs from the password', () => {
    const m = issuesOf({
      email: 'a@example.org',
      nickname: 'Anna',
      terms_accepted: true,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery!',
    });
    expect(translateValidation(m.password_confirmation!, 'de')).toBe('Die Passwörter müssen identisch sein!');
  });

  it('equal_passwords shows while other fields are still invalid; an empty confirmation is required', () => {
    const early = issuesOf({ email: '', password: 'correct horse battery', password_confirmation: 'other' });
    expect(translateValidation(early.password_confirmation!, 'de')).toBe(
      'Die Passwörter müssen identisch sein!',
    );
    const empty = issuesOf({ password: 'correct horse battery', password_confirmation: '' });
    expect(translateValidation(empty.password_confirmation!, 'en')).toBe('This field is required');
  });

  it('min and max name their bound', () => {
    const m = issuesOf({ password: 'short', nickname: 'x'.repeat(31) });
    expect(translateValidation(m.password!, 'de')).toBe('Diese Angabe muss mindestens 12 Zeichen lang sein.');
    expect(translateValidation(m.nickname!, 'en')).toBe('This field may have at most 30 characters.');
  });
});
