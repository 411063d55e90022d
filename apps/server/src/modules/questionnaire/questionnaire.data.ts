import { inBothLanguages } from '../../i18n/catalogue.ts';
import { LOSS_ANSWERS_COOLDOWN_DAYS } from './loss-answers.ts';

/** What the loss questions tell a member about who sees their answers and how often they change. */
const lossHint = {
  de: `Das sieht niemand, außer du zeigst es deinen Trostpartnern unter „Wer sieht was?“. Später ändern kannst du es einmal in ${LOSS_ANSWERS_COOLDOWN_DAYS} Tagen.`,
  en: `Nobody sees it unless you show it to your support partners under “Who sees what?”. Later you can change it once every ${LOSS_ANSWERS_COOLDOWN_DAYS} days.`,
};

/**
 * The onboarding questionnaire as seed data (DESIGN.md §4: versioned data, not code). Seeded into the
 * database at start; `weight` scores shared answers in matching, `filter` names the hard filter a
 * question feeds. Bump QUESTIONNAIRE_VERSION when the content changes. Titles and help say nothing
 * about being optional: `required` does, and the client marks it. Version 2 marked health-data
 * questions `sensitive` (issue 9 item 1); version 3 removed doubled "(freiwillig)" markers, which also
 * showed in "Warum ihr passt"; version 4 says who sees where a member lives (decision 024); version 5 says
 * who sees what a member lost and how often it can be changed (decision 029).
 */
export const QUESTIONNAIRE_VERSION = 5;

/** must_share: a suggestion shares at least one answer of this question ("a similar situation"). */
export type Filter =
  | 'must_share'
  | 'role'
  | 'gender'
  | 'partner_gender'
  | 'age_group'
  | 'partner_age'
  | 'languages'
  | 'region'
  | 'about';
type Text = { de: string; en: string };
export interface QuestionSeed {
  key: string;
  step: number;
  kind: 'single' | 'multi' | 'text';
  required: boolean;
  weight: number;
  filter: Filter | null;
  role: 'seeker' | 'supporter' | null;
  maxLength?: number;
  title: Text;
  help?: Text;
  /**
   * Marks health data (DSGVO Art. 9): while a pair is only suggested or asked, an answer they share is
   * shown as this line, never the exact option; only partners see the exact shared answers.
   */
  sensitive?: Text;
  options: Array<{ key: string } & Text>;
}

const ageGroups = [
  { key: '18_25', de: '18–25 Jahre', en: '18–25 years' },
  { key: '26_35', de: '26–35 Jahre', en: '26–35 years' },
  { key: '36_50', de: '36–50 Jahre', en: '36–50 years' },
  { key: '51_65', de: '51–65 Jahre', en: '51–65 years' },
  { key: '66_plus', de: '66 Jahre und älter', en: '66 years and older' },
];
const genders = [
  { key: 'female', de: 'weiblich', en: 'female' },
  { key: 'male', de: 'männlich', en: 'male' },
  { key: 'diverse', de: 'divers', en: 'diverse' },
];

export const questionnaire: QuestionSeed[] = [
  {
    key: 'role',
    step: 1,
    kind: 'single',
    required: true,
    weight: 0,
    filter: 'role',
    role: null,
    title: { de: 'Wie möchtest du hier dabei sein?', en: 'How would you like to take part?' },
    help: {
      de: 'Unterstützer:innen haben eine Krise schon hinter sich und möchten anderen beistehen. Sie werden nur Menschen vorgeschlagen, die Unterstützung suchen.',
      en: 'Supporters have come through a crisis themselves and want to stand by others. They are only suggested to people who are looking for support.',
    },
    options: [
      { key: 'seeker', de: 'Ich suche Unterstützung', en: 'I am looking for support' },
      { key: 'supporter', de: 'Ich möchte andere unterstützen', en: 'I would like to support others' },
    ],
  },
  {
    key: 'loss_kind',
    step: 2,
    kind: 'multi',
    required: true,
    weight: 5,
    filter: 'must_share',
    role: null,
    title: { de: 'Was hast du erlebt?', en: 'What have you been through?' },
    help: {
      de: `Wähle alles, was passt. ${lossHint.de}`,
      en: `Choose everything that fits. ${lossHint.en}`,
    },
    sensitive: inBothLanguages('match.in_common'),
    options: [
      { key: 'partner', de: 'Tod des Partners / der Partnerin', en: 'Death of a partner' },
      { key: 'parent', de: 'Tod eines Elternteils', en: 'Death of a parent' },
      { key: 'child', de: 'Tod eines Kindes', en: 'Death of a child' },
      { key: 'sibling', de: 'Tod eines Geschwisters', en: 'Death of a sibling' },
      { key: 'friend', de: 'Tod eines Freundes / einer Freundin', en: 'Death of a friend' },
      { key: 'pregnancy', de: 'Fehlgeburt oder stille Geburt', en: 'Miscarriage or stillbirth' },
      { key: 'suicide', de: 'Verlust durch Suizid', en: 'Loss through suicide' },
      { key: 'pet', de: 'Tod eines Haustiers', en: 'Death of a pet' },
      { key: 'separation', de: 'Trennung oder Scheidung', en: 'Separation or divorce' },
      { key: 'illness', de: 'Eigene schwere Erkrankung', en: 'My own serious illness' },
      { key: 'other', de: 'Eine andere Krise', en: 'Another crisis' },
    ],
  },
  {
    key: 'loss_when',
    step: 2,
    kind: 'single',
    required: true,
    weight: 2,
    filter: null,
    role: null,
    title: { de: 'Wie lange ist das her?', en: 'How long ago was it?' },
    help: lossHint,
    // How recent a loss is tells how acute the grief is: part of the same health data.
    sensitive: inBothLanguages('match.in_common'),
    options: [
      { key: 'lt_3m', de: 'Weniger als 3 Monate', en: 'Less than 3 months' },
      { key: '3_12m', de: '3 bis 12 Monate', en: '3 to 12 months' },
      { key: '1_3y', de: '1 bis 3 Jahre', en: '1 to 3 years' },
      { key: 'gt_3y', de: 'Mehr als 3 Jahre', en: 'More than 3 years' },
    ],
  },
  {
    key: 'support_kind',
    step: 3,
    kind: 'multi',
    required: true,
    weight: 3,
    filter: null,
    role: null,
    title: {
      de: 'Welche Art von Unterstützung wünschst du dir?',
      en: 'What kind of support would you like?',
    },
    options: [
      { key: 'listening', de: 'Jemand, der zuhört', en: 'Someone who listens' },
      { key: 'experience', de: 'Erfahrungen austauschen', en: 'Sharing experiences' },
      { key: 'regular', de: 'Regelmäßig schreiben', en: 'Writing regularly' },
      { key: 'local', de: 'Sich auch vor Ort treffen', en: 'Meeting in person too' },
    ],
  },
  {
    key: 'age_group',
    step: 4,
    kind: 'single',
    required: true,
    weight: 1,
    filter: 'age_group',
    role: null,
    title: { de: 'Wie alt bist du?', en: 'How old are you?' },
    options: ageGroups,
  },
  {
    key: 'partner_age',
    step: 4,
    kind: 'multi',
    required: false,
    weight: 0,
    filter: 'partner_age',
    role: null,
    title: {
      de: 'Welches Alter sollen deine Trostpartner haben?',
      en: 'How old should your support partners be?',
    },
    help: { de: 'Leer lassen, wenn es dir egal ist.', en: 'Leave empty if it does not matter to you.' },
    options: ageGroups,
  },
  {
    key: 'gender',
    step: 5,
    kind: 'single',
    required: false,
    weight: 0,
    filter: 'gender',
    role: null,
    title: { de: 'Dein Geschlecht', en: 'Your gender' },
    options: genders,
  },
  {
    key: 'partner_gender',
    step: 5,
    kind: 'multi',
    required: false,
    weight: 0,
    filter: 'partner_gender',
    role: null,
    title: { de: 'Mit wem möchtest du verbunden werden?', en: 'Who would you like to be connected with?' },
    help: { de: 'Leer lassen, wenn es dir egal ist.', en: 'Leave empty if it does not matter to you.' },
    options: genders,
  },
  {
    key: 'region',
    step: 6,
    kind: 'single',
    required: false,
    weight: 2,
    filter: 'region',
    role: null,
    title: { de: 'Wo lebst du?', en: 'Where do you live?' },
    help: {
      de: 'Hilft, wenn du dich auch vor Ort treffen möchtest. Deinen Wohnort sieht niemand, außer du zeigst ihn in deinem Profil unter „Wer sieht was?“. Für Vorschläge nutzen wir ihn trotzdem.',
      en: 'Helps if you would like to meet in person. Nobody sees where you live unless you show it in your profile under “Who sees what?”. We still use it for suggestions.',
    },
    options: [
      ...[
        'Baden-Württemberg',
        'Bayern',
        'Berlin',
        'Brandenburg',
        'Bremen',
        'Hamburg',
        'Hessen',
        'Mecklenburg-Vorpommern',
        'Niedersachsen',
        'Nordrhein-Westfalen',
        'Rheinland-Pfalz',
        'Saarland',
        'Sachsen',
        'Sachsen-Anhalt',
        'Schleswig-Holstein',
        'Thüringen',
      ].map((name) => ({ key: `de_${name.toLowerCase().replace(/[^a-zäöü]+/g, '_')}`, de: name, en: name })),
      { key: 'at', de: 'Österreich', en: 'Austria' },
      { key: 'ch', de: 'Schweiz', en: 'Switzerland' },
      { key: 'other', de: 'Anderswo', en: 'Elsewhere' },
    ],
  },
  {
    key: 'languages',
    step: 6,
    kind: 'multi',
    required: true,
    weight: 0,
    filter: 'languages',
    role: null,
    title: {
      de: 'In welchen Sprachen möchtest du schreiben?',
      en: 'Which languages would you like to write in?',
    },
    options: [
      { key: 'de', de: 'Deutsch', en: 'German' },
      { key: 'en', de: 'Englisch', en: 'English' },
      { key: 'tr', de: 'Türkisch', en: 'Turkish' },
      { key: 'ar', de: 'Arabisch', en: 'Arabic' },
      { key: 'ru', de: 'Russisch', en: 'Russian' },
      { key: 'uk', de: 'Ukrainisch', en: 'Ukrainian' },
      { key: 'pl', de: 'Polnisch', en: 'Polish' },
    ],
  },
  {
    key: 'about',
    step: 7,
    kind: 'text',
    required: true,
    weight: 0,
    filter: 'about',
    role: null,
    maxLength: 500,
    title: { de: 'Stell dich kurz vor', en: 'Introduce yourself briefly' },
    help: {
      de: 'Ein paar Sätze, die andere lesen, bevor sie dir schreiben. Schreib nur, was du teilen möchtest.',
      en: 'A few sentences others read before they write to you. Share only what you want to share.',
    },
    options: [],
  },
];

export const QUESTIONNAIRE_STEPS = Math.max(...questionnaire.map((q) => q.step));
