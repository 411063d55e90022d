import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPublicConfig } from './config.ts';
import { publicConfig } from './user.ts';

const valid = {
  app_name: 'Trostnetz',
  onboarding_url: '/onboarding',
  pusher: { key: 'app-key', cluster: 'eu', host: 'ws.example.org', port: 443, scheme: 'https' },
  analytics: { url: 'https://stats.example.org/', site_id: 4 },
};

/** Any JSON-ish value, and the odd numbers JSON cannot carry but a check must refuse. */
const anything = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, 1.5, -0, 'http', 'https', ''),
);
/** The valid config with one field (at any depth) replaced, removed, or joined by an unknown one. */
const variant = fc
  .tuple(
    fc.constantFrom(
      [],
      ['app_name'],
      ['onboarding_url'],
      ['pusher'],
      ['pusher', 'key'],
      ['pusher', 'cluster'],
      ['pusher', 'host'],
      ['pusher', 'port'],
      ['pusher', 'scheme'],
      ['analytics'],
      ['analytics', 'url'],
      ['analytics', 'site_id'],
      ['extra'],
      ['pusher', 'extra'],
    ),
    fc.constantFrom('replace', 'remove'),
    anything,
  )
  .map(([path, how, value]) => {
    const config: Record<string, unknown> = structuredClone(valid);
    if (path.length === 0) return how === 'remove' ? value : config;
    let target = config;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
    const last = path.at(-1)!;
    if (how === 'remove') delete target[last];
    else target[last] = value;
    return config;
  });

describe('decision 020: the public config read without zod answers what its schema answers', () => {
  it('a valid config, with and without the optional parts', () => {
    expect(readPublicConfig(valid)).toEqual(publicConfig.parse(valid));
    const bare = {
      ...valid,
      pusher: { ...valid.pusher, host: null, port: null, scheme: null },
      analytics: null,
    };
    expect(readPublicConfig(bare)).toEqual(publicConfig.parse(bare));
  });

  it('property: on any change to a valid config, null exactly where the schema refuses, else its output', () => {
    fc.assert(
      fc.property(variant, (raw) => {
        const parsed = publicConfig.safeParse(raw);
        expect(readPublicConfig(raw)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('unknown keys are dropped, as by the schema', () => {
    const read = readPublicConfig({ ...valid, extra: 1, pusher: { ...valid.pusher, extra: 2 } });
    expect(read).toEqual(valid);
    expect(Object.keys(read!.pusher)).toEqual(Object.keys(valid.pusher));
  });
});
