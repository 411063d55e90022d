import { DEFAULT_VISIBILITY } from '@trostnetz/contracts/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { acrossMigration } from '../../test/migrations.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Reason = { question: string; answers: string[] };
type Detail = { key: string; question: string; answers: string[] };

let group = 0;
/** Answers of a group of its own (language + region), so other tests' members never match. */
const inGroup = (g: number, overrides: Record<string, string[] | string> = {}) => ({
  languages: [['pl', 'uk', 'ru', 'ar', 'tr'][g % 5]!],
  region: [['de_bremen', 'de_hamburg', 'at', 'ch', 'de_saarland', 'de_berlin'][g % 6]!],
  ...overrides,
});
const profileOf = async (viewer: MemberTokens, other: number, locale: 'de' | 'en' = 'de') =>
  call(t, 'GET', `/api/profile/${other}`, { token: viewer.token, locale });
const detailKeys = async (viewer: MemberTokens, other: number) =>
  ((await profileOf(viewer, other)).json.details as Detail[]).map((d) => d.key);
const reasonQuestions = async (viewer: MemberTokens, other: number) =>
  ((await profileOf(viewer, other)).json.reason as Reason[]).map((r) => r.question);
const listed = async (viewer: MemberTokens, other: number) =>
  (
    (await call(t, 'GET', '/api/chat/partners', { token: viewer.token })).json as unknown as Array<{
      id: number;
      reason: Reason[];
    }>
  ).find((p) => p.id === other);
const patch = (m: MemberTokens, body: unknown) =>
  call(t, 'PATCH', '/api/profile/me', { token: m.token, body });
const befriend = async (a: MemberTokens, b: MemberTokens) => {
  await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
  const res = await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
  expect(res.status).toBe(200);
};

describe('own profile: GET and PATCH /api/profile/me', () => {
  it('answers motto, about (from the questionnaire) and the calm default visibility', async () => {
    const m = await onboardMember(t, inGroup(++group));
    const res = await call(t, 'GET', '/api/profile/me', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      nickname: expect.any(String),
      avatar: null,
      motto: null,
      about: 'Ich habe im Frühjahr meine Mutter verloren und suche jemanden zum Reden.',
      visibility: DEFAULT_VISIBILITY,
    });
    expect(DEFAULT_VISIBILITY.loss_kind).toBe('nobody');
    expect(DEFAULT_VISIBILITY.loss_when).toBe('nobody');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('needs a session: 401 for a guest', async () => {
    expect((await call(t, 'GET', '/api/profile/me')).status).toBe(401);
    expect((await call(t, 'PATCH', '/api/profile/me', { body: { motto: 'x' } })).status).toBe(401);
  });

  it('saves motto, about and visibility; about is also the questionnaire answer; an empty motto removes it', async () => {
    const m = await onboardMember(t, inGroup(++group));
    const res = await patch(m, {
      motto: '  Ein Tag nach dem anderen  ',
      about: 'Neu geschrieben.',
      visibility: { age_group: 'partners', loss_kind: 'nobody' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      motto: 'Ein Tag nach dem anderen',
      about: 'Neu geschrieben.',
      visibility: { ...DEFAULT_VISIBILITY, age_group: 'partners', loss_kind: 'nobody' },
    });
    // Choices merge: one item later keeps the others.
    const again = await patch(m, { visibility: { region: 'nobody' } });
    expect(again.json.visibility).toEqual({
      ...DEFAULT_VISIBILITY,
      age_group: 'partners',
      loss_kind: 'nobody',
      region: 'nobody',
    });
    expect(again.json.motto).toBe('Ein Tag nach dem anderen');
    const q = await call(t, 'GET', '/api/onboarding/questionnaire', { token: m.token });
    expect((q.json.answers as Record<string, unknown>).about).toBe('Neu geschrieben.');
    expect((await patch(m, { motto: '' })).json.motto).toBeNull();
  });

  it('limits: motto up to 80 characters, about 1 to 500; one more is 422 and nothing changes', async () => {
    const m = await onboardMember(t, inGroup(++group));
    expect((await patch(m, { motto: 'm'.repeat(80), about: 'a'.repeat(500) })).status).toBe(200);
    const bad = [
      { motto: 'm'.repeat(81) },
      { about: 'a'.repeat(501) },
      { about: '   ' },
      { motto: 'zwei\nZeilen' },
      { motto: 7 },
      { nickname: 'Neu' },
      { visibility: { email: 'members' } },
      { visibility: { age_group: 'everyone' } },
      { visibility: 'members' },
    ];
    for (const body of bad) {
      const res = await patch(m, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.code).toBe('validation_failed');
    }
    const now = await call(t, 'GET', '/api/profile/me', { token: m.token });
    expect(now.json).toMatchObject({
      motto: 'm'.repeat(80),
      about: 'a'.repeat(500),
      visibility: DEFAULT_VISIBILITY,
    });
  });

  it('decision 005: what someone lost can be shown to partners or nobody, never to suggestions or all members', async () => {
    const m = await onboardMember(t, inGroup(++group));
    for (const visibility of [
      { loss_kind: 'members' },
      { loss_kind: 'suggestions' },
      { loss_when: 'members' },
      { loss_when: 'suggestions' },
    ]) {
      const res = await patch(m, { visibility });
      expect(res.status, JSON.stringify(visibility)).toBe(422);
      expect(Object.keys(res.json.errors as object)).toEqual([`visibility.${Object.keys(visibility)[0]}`]);
    }
    expect((await call(t, 'GET', '/api/profile/me', { token: m.token })).json.visibility).toEqual(
      DEFAULT_VISIBILITY,
    );
    expect((await patch(m, { visibility: { loss_kind: 'nobody', loss_when: 'partners' } })).status).toBe(200);
  });
});

describe('profile visibility: the foreign profile shows each item to whom the member chose', () => {
  it('defaults: any member sees motto and about; suggestions also age and support; nobody the loss or the region until the member shows them', async () => {
    const g = ++group;
    const owner = await onboardMember(t, inGroup(g, { loss_kind: ['sibling'], age_group: ['26_35'] }));
    await patch(owner, { motto: 'Schritt für Schritt' });
    const suggestion = await onboardMember(t, inGroup(g, { loss_kind: ['sibling'] }));
    // Another language: never suggested, yet visible.
    const stranger = await onboardMember(t, { ...inGroup(g), languages: ['en'] });

    const seen = await profileOf(stranger, owner.id);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ motto: 'Schritt für Schritt', about: expect.any(String), details: [] });

    expect(await detailKeys(suggestion, owner.id)).toEqual(['age_group', 'support_kind']);
    const details = (await profileOf(suggestion, owner.id)).json.details as Detail[];
    expect(details[0]).toEqual({ key: 'age_group', question: 'Wie alt bist du?', answers: ['26–35 Jahre'] });
    expect(JSON.stringify(details)).not.toMatch(/Geschwister/);

    await befriend(suggestion, owner);
    expect(await detailKeys(suggestion, owner.id)).toEqual(['age_group', 'support_kind']);
    await patch(owner, { visibility: { loss_kind: 'partners', loss_when: 'partners' } });
    expect(await detailKeys(suggestion, owner.id)).toEqual([
      'age_group',
      'support_kind',
      'loss_kind',
      'loss_when',
    ]);
    const en = (await profileOf(suggestion, owner.id, 'en')).json.details as Detail[];
    expect(en.find((d) => d.key === 'loss_kind')).toEqual({
      key: 'loss_kind',
      question: 'What have you been through?',
      answers: ['Death of a sibling'],
    });
  });

  it('a member who shows motto and about only to partners: strangers and suggestions see neither, partners both', async () => {
    const g = ++group;
    const owner = await onboardMember(t, inGroup(g));
    const suggestion = await onboardMember(t, inGroup(g));
    const stranger = await onboardMember(t, { ...inGroup(g), languages: ['en'] });
    await patch(owner, { motto: 'Leise', visibility: { motto: 'partners', about: 'partners' } });
    for (const viewer of [stranger, suggestion]) {
      expect((await profileOf(viewer, owner.id)).json).toMatchObject({ motto: null, about: null });
    }
    await befriend(owner, suggestion);
    expect((await profileOf(suggestion, owner.id)).json).toMatchObject({
      motto: 'Leise',
      about: expect.any(String),
    });
    await patch(owner, { visibility: { motto: 'nobody' } });
    expect((await profileOf(suggestion, owner.id)).json.motto).toBeNull();
  });

  it('age and region for partners only: suggestions lose them in details and in "why you match", partners keep them', async () => {
    const g = ++group;
    const owner = await onboardMember(t, inGroup(g, { age_group: ['51_65'] }));
    const viewer = await onboardMember(t, inGroup(g, { age_group: ['51_65'] }));
    await patch(viewer, { visibility: { region: 'suggestions' } });
    await patch(owner, { visibility: { region: 'suggestions' } });
    const before = await reasonQuestions(viewer, owner.id);
    expect(before).toEqual(expect.arrayContaining(['Wie alt bist du?', 'Wo lebst du?']));
    await patch(owner, { visibility: { age_group: 'partners', region: 'partners' } });
    expect(await detailKeys(viewer, owner.id)).toEqual(['support_kind']);
    const after = await reasonQuestions(viewer, owner.id);
    expect(after).not.toContain('Wie alt bist du?');
    expect(after).not.toContain('Wo lebst du?');
    expect(after).toContain('Was euch verbinden kann');
    // The same rule in the partner list and the suggestions.
    const inList = (await listed(viewer, owner.id))!.reason.map((r) => r.question);
    expect(inList).toEqual(after);
    const suggestions = (await call(t, 'GET', '/api/user/matching/suggestions', { token: viewer.token })).json
      .suggestions as Array<{ id: number; reason: Reason[] }>;
    expect(suggestions.find((s) => s.id === owner.id)!.reason.map((r) => r.question)).toEqual(after);
    // The owner's own view of the pair still has every reason: the choice is about what others see.
    expect(await reasonQuestions(owner, viewer.id)).toEqual(before);
    await befriend(viewer, owner);
    expect(await reasonQuestions(viewer, owner.id)).toEqual(
      expect.arrayContaining(['Wie alt bist du?', 'Wo lebst du?']),
    );
  });

  it('loss shown to nobody: suggestions and partners see only the one generic line, never the answer', async () => {
    const g = ++group;
    const owner = await onboardMember(t, inGroup(g, { loss_kind: ['friend'], loss_when: ['gt_3y'] }));
    const viewer = await onboardMember(t, inGroup(g, { loss_kind: ['friend'], loss_when: ['gt_3y'] }));
    await patch(viewer, { visibility: { loss_kind: 'partners', loss_when: 'partners' } });
    expect(await reasonQuestions(viewer, owner.id)).toContain('Was euch verbinden kann');
    await patch(owner, { visibility: { loss_kind: 'nobody', loss_when: 'nobody' } });
    await befriend(owner, viewer);
    const profile = await profileOf(viewer, owner.id);
    const questions = (profile.json.reason as Reason[]).map((r) => r.question);
    expect(questions).toContain('Was euch verbinden kann');
    expect(questions).not.toContain('Was hast du erlebt?');
    expect(questions).not.toContain('Wie lange ist das her?');
    expect((profile.json.details as Detail[]).map((d) => d.key)).not.toContain('loss_kind');
    expect(JSON.stringify(profile.json)).not.toMatch(/Freund|Mehr als 3 Jahre/);
  });

  it('a hidden member stays not found, whatever the visibility', async () => {
    const g = ++group;
    const owner = await onboardMember(t, inGroup(g));
    const viewer = await onboardMember(t, inGroup(g));
    await patch(owner, { visibility: { motto: 'members', about: 'members' } });
    await call(t, 'POST', '/api/block', { token: owner.token, body: { userId: viewer.id } });
    const res = await profileOf(viewer, owner.id);
    expect(res.status).toBe(404);
  });
});

describe('"Wir zeigen nie deinen Wohnort": where a member lives is shown to nobody unless they choose to show it', () => {
  const places = ['Bremen', 'Hamburg', 'Österreich', 'Schweiz', 'Saarland', 'Berlin'];
  const regionReason = (g: number) => ({ question: 'Wo lebst du?', answers: [places[g % 6]!] });
  const suggestionReason = async (viewer: MemberTokens, other: number) =>
    (
      (await call(t, 'GET', '/api/user/matching/suggestions', { token: viewer.token })).json
        .suggestions as Array<{
        id: number;
        reason: Reason[];
      }>
    ).find((s) => s.id === other)?.reason;

  it('by default a suggested member’s profile and "Warum ihr passt" do not name the region, in the profile, the suggestions and the partner list, and partners do not see it either', async () => {
    const g = ++group;
    const owner = await onboardMember(t, inGroup(g));
    const viewer = await onboardMember(t, inGroup(g));
    const shared = [
      { question: 'Was euch verbinden kann', answers: ['Ihr habt vielleicht etwas gemeinsam'] },
      { question: 'Welche Art von Unterstützung wünschst du dir?', answers: ['Jemand, der zuhört'] },
      { question: 'Wie alt bist du?', answers: ['36–50 Jahre'] },
    ];
    const profile = await profileOf(viewer, owner.id);
    expect(profile.json.details).toEqual([
      { key: 'age_group', question: 'Wie alt bist du?', answers: ['36–50 Jahre'] },
      {
        key: 'support_kind',
        question: 'Welche Art von Unterstützung wünschst du dir?',
        answers: ['Jemand, der zuhört'],
      },
    ]);
    expect(profile.json.reason).toEqual(shared);
    expect(await suggestionReason(viewer, owner.id)).toEqual(shared);
    expect((await listed(viewer, owner.id))!.reason).toEqual(shared);
    expect(JSON.stringify(profile.json)).not.toMatch(new RegExp(`Wo lebst du|${places[g % 6]}`));
    const en = await profileOf(viewer, owner.id, 'en');
    expect(JSON.stringify(en.json)).not.toMatch(new RegExp(`Where do you live|${places[g % 6]}`));
    await befriend(viewer, owner);
    const partner = await profileOf(viewer, owner.id);
    expect((partner.json.details as Detail[]).map((d) => d.key)).toEqual(['age_group', 'support_kind']);
    expect(JSON.stringify(partner.json)).not.toMatch(new RegExp(`Wo lebst du|${places[g % 6]}`));
  });

  it('a member who shows the region to suggestions: the suggested member sees it in the profile and in "Warum ihr passt"; one who shows it to partners: only partners', async () => {
    const g = ++group;
    const owner = await onboardMember(t, inGroup(g));
    const viewer = await onboardMember(t, inGroup(g));
    expect((await patch(owner, { visibility: { region: 'suggestions' } })).json.visibility).toEqual({
      ...DEFAULT_VISIBILITY,
      region: 'suggestions',
    });
    const region = { key: 'region', ...regionReason(g) };
    const profile = await profileOf(viewer, owner.id);
    expect(profile.json.details).toContainEqual(region);
    expect(profile.json.reason).toContainEqual(regionReason(g));
    expect(await suggestionReason(viewer, owner.id)).toContainEqual(regionReason(g));
    expect((await listed(viewer, owner.id))!.reason).toContainEqual(regionReason(g));
    // The choice is the owner's: the viewer, who did not choose, keeps theirs hidden from the owner.
    expect(JSON.stringify((await profileOf(owner, viewer.id)).json)).not.toMatch(/Wo lebst du/);

    await patch(owner, { visibility: { region: 'partners' } });
    expect(JSON.stringify((await profileOf(viewer, owner.id)).json)).not.toMatch(/Wo lebst du/);
    await befriend(viewer, owner);
    const partner = await profileOf(viewer, owner.id);
    expect(partner.json.details).toContainEqual(region);
    expect(partner.json.reason).toContainEqual(regionReason(g));
  });

  it('the questionnaire says exactly that: shown to nobody unless chosen in the profile, still used for suggestions (German and English)', async () => {
    const m = await onboardMember(t, inGroup(++group));
    const help = async (locale: 'de' | 'en') =>
      (
        (await call(t, 'GET', '/api/onboarding/questionnaire', { token: m.token, locale })).json
          .questions as Array<{
          key: string;
          help: string | null;
        }>
      ).find((q) => q.key === 'region')?.help;
    expect(await help('de')).toBe(
      'Hilft, wenn du dich auch vor Ort treffen möchtest. Deinen Wohnort sieht niemand, außer du zeigst ihn in deinem Profil unter „Wer sieht was?“. Für Vorschläge nutzen wir ihn trotzdem.',
    );
    expect(await help('en')).toBe(
      'Helps if you would like to meet in person. Nobody sees where you live unless you show it in your profile under “Who sees what?”. We still use it for suggestions.',
    );
  });

  it('the migration: a stored "suggestions" for the region (the old default the profile form saved back) follows the new default; other choices stay', async () => {
    const rows = await acrossMigration<{ email: string; visibility: object }>(
      (tag) => tag.endsWith('_region_shown_to_nobody'),
      `
      insert into users (email, password_hash, nickname) values
        ('saved@example.org', 'x', 'Gespeichert'), ('members@example.org', 'x', 'Alle'),
        ('partners@example.org', 'x', 'Partner'), ('untouched@example.org', 'x', 'Nie');
      insert into profile_settings (user_id, visibility) select id, case email
        when 'saved@example.org' then '{"motto":"members","region":"suggestions","age_group":"partners"}'
        when 'members@example.org' then '{"region":"members"}'
        when 'partners@example.org' then '{"region":"partners","about":"nobody"}'
        else '{}' end::jsonb from users;`,
      'select u.email, s.visibility from profile_settings s join users u on u.id = s.user_id order by u.id',
    );
    expect(rows.map((r) => [r.email, r.visibility])).toEqual([
      ['saved@example.org', { motto: 'members', age_group: 'partners' }],
      ['members@example.org', { region: 'members' }],
      ['partners@example.org', { region: 'partners', about: 'nobody' }],
      ['untouched@example.org', {}],
    ]);
  });

  it('the migration: a stored "partners" for what one lost and when (the old default the form saved back) follows the new default, nobody; other choices stay', async () => {
    const rows = await acrossMigration<{ email: string; visibility: object; changed: Date | null }>(
      (tag) => tag.endsWith('_loss_answers_cool_down'),
      `
      insert into users (email, password_hash, nickname) values
        ('saved@example.org', 'x', 'Gespeichert'), ('nobody@example.org', 'x', 'Niemand'),
        ('untouched@example.org', 'x', 'Nie');
      insert into profile_settings (user_id, visibility) select id, case email
        when 'saved@example.org' then '{"motto":"members","loss_kind":"partners","loss_when":"partners"}'
        when 'nobody@example.org' then '{"loss_kind":"nobody","loss_when":"partners"}'
        else '{}' end::jsonb from users;`,
      `select u.email, s.visibility, u.loss_answers_changed_at as changed
       from profile_settings s join users u on u.id = s.user_id order by u.id`,
    );
    expect(rows.map((r) => [r.email, r.visibility, r.changed])).toEqual([
      ['saved@example.org', { motto: 'members' }, null],
      ['nobody@example.org', { loss_kind: 'nobody' }, null],
      ['untouched@example.org', {}, null],
    ]);
  });
});
