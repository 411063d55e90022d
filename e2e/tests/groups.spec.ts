import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { openPage, runsIn } from '../support/journey.ts';
import { befriend, onboardedMember } from '../support/members.ts';

/** The visible texts of the groups journey, per language. Each language has a group of its own. */
const ui = {
  de: {
    lossKind: 'parent',
    groupSlug: 'eltern',
    groupName: 'Verlust von Mutter oder Vater',
    groupsTitle: 'Gruppen',
    join: (name: string) => `Beitreten: ${name}`,
    joined: 'Beigetreten',
    write: 'Beitrag schreiben',
    title: 'Titel',
    message: 'Dein Text',
    note: 'Suizid',
    publish: 'Veröffentlichen',
    banner: '1 neuer Beitrag – anzeigen',
    collapsed: 'Eingeklappter Beitrag',
    reveal: 'anzeigen',
    commentLabel: 'Dein Kommentar',
    sendComment: 'Kommentieren',
    commentBy: (name: string) => `Kommentar von ${name}`,
    newComments: '1 neuer Kommentar – anzeigen',
    edit: 'Bearbeiten',
    save: 'Speichern',
    edited: /bearbeitet/,
    report: 'Melden',
    reason: 'Belästigung oder Beleidigung',
    sendReport: 'Meldung senden',
    thanks: /Danke, dass du uns Bescheid gibst/,
    close: 'Schließen',
    hide: 'Ausblenden',
    notAvailable: 'Dieser Beitrag ist nicht verfügbar',
    crisisHint: 'Du musst das nicht allein tragen',
    replies: 'Antworten auf deine Beiträge',
    partnerPosts: 'Neues von deinen Trostpartnern',
    lossPosts: 'Aus Gruppen zu deinem Verlust',
    repliedTo: (name: string) => `${name} hat dir geantwortet`,
    postTitle: 'Der erste Jahrestag',
    postText: 'Morgen ist es ein Jahr her. Ich weiß nicht, wie ich den Tag verbringen soll.',
    postTextEdited: 'Morgen ist es ein Jahr her. Ich fahre ans Meer, das hätte ihr gefallen.',
    crisisText: ' Manchmal will ich nicht mehr leben.',
    commentB: 'Ich denke morgen an dich. Das Meer klingt nach einer guten Idee.',
    commentA: 'Danke dir, das tut gut.',
  },
  en: {
    lossKind: 'partner',
    groupSlug: 'partner',
    groupName: 'Loss of a partner',
    groupsTitle: 'Groups',
    join: (name: string) => `Join: ${name}`,
    joined: 'Joined',
    write: 'Write a post',
    title: 'Title',
    message: 'Your text',
    note: 'Suicide',
    publish: 'Publish',
    banner: '1 new post – show',
    collapsed: 'Collapsed post',
    reveal: 'show',
    commentLabel: 'Your comment',
    sendComment: 'Comment',
    commentBy: (name: string) => `Comment by ${name}`,
    newComments: '1 new comment – show',
    edit: 'Edit',
    save: 'Save',
    edited: /edited/,
    report: 'Report',
    reason: 'Harassment or insults',
    sendReport: 'Send report',
    thanks: /Thank you for letting us know/,
    close: 'Close',
    hide: 'Hide',
    notAvailable: 'This post is not available',
    crisisHint: "You don't have to carry this alone",
    replies: 'Replies to your posts',
    partnerPosts: 'New from your support partners',
    lossPosts: 'From groups about your loss',
    repliedTo: (name: string) => `${name} replied to you`,
    postTitle: 'The first anniversary',
    postText: "Tomorrow it will be a year. I don't know how to spend the day.",
    postTextEdited: 'Tomorrow it will be a year. I will go to the sea, she would have liked that.',
    crisisText: ' Sometimes I want to die.',
    commentB: 'I will think of you tomorrow. The sea sounds like a good idea.',
    commentA: 'Thank you, that helps.',
  },
} as const;

const SHOTS = process.env.GROUPS_SHOTS;
/** Full-page screenshots for looking at the layout, at this width and the other one (GROUPS_SHOTS=dir). */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const own = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const size of [own, own.width <= 768 ? { width: 1280, height: 900 } : { width: 375, height: 812 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(own);
}

for (const lang of ['de', 'en'] as const) {
  test(`groups journey (${lang}): join, a post with a content note arrives live and collapsed, comment, edit, report, hide, feeds`, async ({
    browser,
    request,
    baseURL,
  }) => {
    runsIn(lang);
    // Two members, a dozen steps and an axe check on each screen: about a minute on a quiet machine, so two
    // (it ran into the usual minute at its last step, the dashboard feeds, in CI).
    test.setTimeout(120_000);
    const t = ui[lang];
    if (!baseURL) throw new Error('no baseURL');
    const suffix = Date.now().toString().slice(-4);
    const answers = { loss_kind: [t.lossKind] };
    const a = await onboardedMember(request, lang === 'de' ? `Greta${suffix}` : `Robin${suffix}`, answers);
    const b = await onboardedMember(request, lang === 'de' ? `Paul${suffix}` : `Kim${suffix}`, answers);
    await befriend(request, a, b);
    const headersOf = (m: { token: string }) => ({ authorization: `Bearer ${m.token}` });
    const list = await (await request.get(`/api/group?locale=${lang}`, { headers: headersOf(a) })).json();
    const group = (list.categories as Array<{ groups: Array<{ id: number; slug: string }> }>)
      .flatMap((c) => c.groups)
      .find((g) => g.slug === t.groupSlug);
    if (!group) throw new Error(`group ${t.groupSlug} not seeded`);
    expect(
      (await request.post(`/api/group/${group.id}/membership`, { headers: headersOf(a) })).status(),
    ).toBe(200);

    // B joins on /groups and opens the group.
    const pageB = (await openPage(browser, baseURL, lang, b)).page;
    await pageB.goto('/groups');
    await expect(pageB.getByRole('heading', { level: 1, name: t.groupsTitle })).toBeVisible();
    await pageB.getByRole('button', { name: t.join(t.groupName) }).click();
    const card = pageB.getByRole('article', { name: t.groupName });
    await expect(card.getByText(t.joined, { exact: true })).toBeVisible();
    await expectNoAxeViolations(pageB, `groups (${lang})`);
    await shot(pageB, `groups-${lang}`);
    await card.getByRole('link', { name: t.groupName }).click();
    await expect(pageB.getByRole('heading', { level: 1, name: t.groupName })).toBeVisible();
    await expect(pageB.locator('section[data-live-state="subscribed"]')).toHaveCount(1);

    // A writes a post with the content note "suicide"; the crisis hint shows beside the editor meanwhile.
    const pageA = (await openPage(browser, baseURL, lang, a)).page;
    await pageA.goto(`/groups/${group.id}`);
    await pageA.getByRole('button', { name: t.write }).click();
    await pageA.getByLabel(t.title).fill(t.postTitle);
    const message = pageA.getByLabel(t.message);
    await message.fill(t.postText + t.crisisText);
    const hint = pageA.getByRole('complementary', { name: t.crisisHint });
    await expect(hint).toBeVisible();
    // The crisis hint fits its box at this width: every phone link lies inside it.
    const box = (await hint.boundingBox())!;
    const links = hint.getByRole('link');
    expect(await links.count()).toBe(4);
    for (const link of await links.all()) {
      const b = (await link.boundingBox())!;
      expect(b.x, await link.innerText()).toBeGreaterThanOrEqual(box.x);
      expect(b.x + b.width, await link.innerText()).toBeLessThanOrEqual(box.x + box.width);
      expect(b.y + b.height, await link.innerText()).toBeLessThanOrEqual(box.y + box.height);
    }
    await hint.screenshot({ path: test.info().outputPath(`crisis-hint-${lang}.png`) });
    await message.fill(t.postText);
    await expect(pageA.getByRole('complementary', { name: t.crisisHint })).toHaveCount(0);
    await pageA.getByRole('checkbox', { name: t.note }).check();
    await pageA.getByRole('button', { name: t.publish }).click();
    await expect(pageA.getByRole('link', { name: t.postTitle, exact: true })).toBeVisible();

    // B sees it arrive as the banner, then collapsed (suicide is collapsed by default), and reveals it.
    await pageB.getByRole('button', { name: t.banner }).click();
    const collapsed = pageB.getByRole('article', { name: t.collapsed });
    await expect(collapsed.getByText(t.note)).toBeVisible();
    await expect(pageB.getByText(t.postTitle)).toHaveCount(0);
    await expectNoAxeViolations(pageB, `group with a collapsed post (${lang})`);
    await shot(pageB, `group-${lang}`);
    await collapsed.getByRole('button', { name: t.reveal }).click();
    await pageB.getByRole('link', { name: t.postTitle, exact: true }).click();
    await expect(pageB.getByRole('heading', { level: 1, name: t.postTitle })).toBeVisible();

    // B comments; A, on the post, sees it arrive live and answers.
    const postUrl = new URL(pageB.url()).pathname;
    await pageA.goto(postUrl);
    await expect(pageA.getByRole('heading', { level: 1, name: t.postTitle })).toBeVisible();
    // A's screen has joined the post's channel: from here on a comment arrives as the banner (one written
    // earlier would already be in the list A loaded, or be announced by the catch-up).
    await expect(pageA.locator('section[data-live-state="subscribed"]')).toHaveCount(1);
    await pageB.getByLabel(t.commentLabel).fill(t.commentB);
    await pageB.getByRole('button', { name: t.sendComment }).click();
    await expect(pageB.getByText(t.commentB)).toBeVisible();
    await pageA.getByRole('button', { name: t.newComments }).click();
    await expect(pageA.getByText(t.commentB)).toBeVisible();
    await pageA.getByLabel(t.commentLabel).fill(t.commentA);
    await pageA.getByRole('button', { name: t.sendComment }).click();
    await expect(pageA.getByText(t.commentA)).toBeVisible();

    // A edits the post: "bearbeitet" with the time.
    await pageA.getByRole('article', { name: t.postTitle }).getByRole('button', { name: t.edit }).click();
    await pageA.getByLabel(t.message).fill(t.postTextEdited);
    await pageA.getByRole('button', { name: t.save }).click();
    await expect(pageA.getByText(t.postTextEdited)).toBeVisible();
    await expect(pageA.getByText(t.edited).first()).toBeVisible();

    // B reads the edit (live, in place) and A's comment, and reports the comment with a reason.
    await expect(pageB.getByText(t.postTextEdited)).toBeVisible();
    await expect(pageB.getByText(t.edited).first()).toBeVisible();
    await pageB.getByRole('button', { name: t.newComments }).click();
    const commentOfA = pageB.getByRole('article', { name: t.commentBy(a.nickname) });
    await commentOfA.getByRole('button', { name: t.report }).click();
    const dialog = pageB.getByRole('dialog');
    await dialog.getByRole('radio', { name: t.reason }).check();
    await dialog.getByRole('button', { name: t.sendReport }).click();
    await expect(dialog.getByText(t.thanks)).toBeVisible();
    await dialog.getByRole('button', { name: t.close }).first().click();
    await expectNoAxeViolations(pageB, `post with comments (${lang})`);
    await shot(pageB, `post-${lang}`);

    // The dashboard feeds show the new items: B's partner's post (collapsed for B), A's reply.
    await pageB.goto('/dashboard');
    const partnerFeed = pageB.getByRole('region', { name: t.partnerPosts });
    await expect(partnerFeed.getByText(t.note)).toBeVisible();
    await expect(pageB.getByRole('region', { name: t.lossPosts }).getByText(t.note)).toBeVisible();
    await partnerFeed.getByRole('button', { name: t.reveal }).click();
    await expect(partnerFeed.getByRole('link', { name: t.postTitle, exact: true })).toBeVisible();
    await pageA.goto('/dashboard');
    const replies = pageA.getByRole('region', { name: t.replies });
    await expect(replies.getByText(t.repliedTo(b.nickname))).toBeVisible();
    await expect(replies.getByRole('link', { name: t.postTitle, exact: true })).toBeVisible();
    // (The feeds use the pieces axe checked on the group and post screens; the budget is one minute.)
    await shot(pageA, `dashboard-${lang}`);

    // A hides B: B's comment leaves A's thread, and A's post is gone for B.
    await pageA.goto(`/profile/${b.id}`);
    await pageA.getByRole('button', { name: t.hide }).click();
    await pageA.getByRole('dialog').getByRole('button', { name: t.hide }).click();
    await expect(pageA).toHaveURL(/\/blocklist$/);
    await pageA.goto(postUrl);
    await expect(pageA.getByText(t.commentA)).toBeVisible();
    await expect(pageA.getByText(t.commentB)).toHaveCount(0);
    await pageB.goto(postUrl);
    await expect(pageB.getByRole('heading', { name: t.notAvailable })).toBeVisible();
  });
}
