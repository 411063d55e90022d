import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZodError, z } from 'zod';
import { checked, checksAnswers } from './answer.ts';

const answer = z.object({ id: z.number().int(), name: z.string() });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('decision 021: the browser checks answers in development and tests, the production build trusts them', () => {
  it('decision 021: in the tests an answer is parsed with its schema (unknown keys dropped, as zod does)', async () => {
    const schema = vi.fn(async () => answer);
    expect(checksAnswers()).toBe(true);
    await expect(checked({ id: 1, name: 'Ada', extra: true }, schema)).resolves.toEqual({
      id: 1,
      name: 'Ada',
    });
    expect(schema).toHaveBeenCalledTimes(1);
  });

  it('decision 021: in the tests a malformed answer rejects with a ZodError', async () => {
    await expect(checked({ id: 'one' }, async () => answer)).rejects.toBeInstanceOf(ZodError);
  });

  it('decision 021: the answer may be the promise of it; its failure is the error, schema or not', async () => {
    await expect(checked(Promise.resolve({ id: 2, name: 'Bo' }), async () => answer)).resolves.toEqual({
      id: 2,
      name: 'Bo',
    });
    const failure = new Error('HTTP 500');
    await expect(checked(Promise.reject(failure), async () => answer)).rejects.toBe(failure);
  });

  it('decision 021: the production build returns the answer unchanged and never loads its schema', async () => {
    vi.stubEnv('PROD', true);
    expect(checksAnswers()).toBe(false);
    const schema = vi.fn(async () => answer);
    const raw = { id: 'not checked', extra: true };
    await expect(checked(raw, schema)).resolves.toBe(raw);
    await expect(checked(Promise.resolve(raw), schema)).resolves.toBe(raw);
    expect(schema).not.toHaveBeenCalled();
  });
});
