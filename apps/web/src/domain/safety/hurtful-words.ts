import { foldText } from './crisis-terms.ts';
import { termPattern } from './word-match.ts';

/**
 * Hurtful and pressuring words and phrases, German and English, kept as data like the crisis terms.
 * Before a chat message, a post or a comment is sent, a match asks the writer gently whether they want to
 * send it like this; a partner's message that matches asks its reader whether it weighs on them. Checked
 * on the device only. Phrases aim at the other person ("du bist …", "stell dich nicht so an") or press
 * them (pictures, numbers, answers), so that members writing about their own pain ("ich war so dumm")
 * are not asked. Lower case; `*` stands for more letters of a word (word-match.ts).
 */
export const hurtfulTerms: Record<'de' | 'en', readonly string[]> = {
  de: [
    // Belittling grief
    'stell dich nicht so an',
    'reiß dich zusammen',
    'reiß dich mal zusammen',
    'hör auf zu jammern',
    'hör endlich auf zu jammern',
    'jammer nicht',
    'heul nicht',
    'hör auf zu heulen',
    'du übertreibst',
    'komm endlich drüber hinweg',
    'komm drüber weg',
    'das ist doch ewig her',
    'das ist doch schon ewig her',
    'andere haben es schlimmer',
    'selbst schuld',
    'deine eigene schuld',
    'das hast du verdient',
    'das geschieht dir recht',
    // Insults
    'du bist dumm',
    'du bist so dumm',
    'du bist erbärmlich',
    'du bist peinlich',
    'du bist wertlos',
    'du spinnst',
    'du nervst',
    'halt die klappe',
    'halts maul',
    'idiot',
    'idiotin',
    'vollidiot*',
    'arschloch',
    'schlampe',
    'hure',
    'wichser',
    'fick dich',
    'verpiss dich',
    'geh sterben',
    'bring dich doch um',
    'niemand vermisst dich',
    'niemand will dich',
    // Pressing
    'schick mir ein foto',
    'schick mir ein bild',
    'schick mir bilder',
    'schick mir fotos',
    'nacktbild*',
    'nacktfoto*',
    'gib mir deine nummer',
    'gib mir deine adresse',
    'wo wohnst du genau',
    'antworte endlich',
    'warum antwortest du nicht',
    'du musst mir antworten',
    'du schuldest mir',
  ],
  en: [
    // Belittling grief
    'get over it',
    'move on already',
    'stop whining',
    'stop crying',
    'man up',
    'its been long enough',
    'others have it worse',
    'your own fault',
    'you deserve it',
    'serves you right',
    // Insults
    'you are stupid',
    'youre stupid',
    'you are pathetic',
    'youre pathetic',
    'you are worthless',
    'youre worthless',
    'shut up',
    'idiot',
    'loser',
    'bitch',
    'slut',
    'whore',
    'fuck you',
    'go die',
    'kill yourself',
    'kys',
    'nobody cares',
    'nobody misses you',
    'no one cares about you',
    // Pressing
    'send me a photo',
    'send me a pic',
    'send me pics',
    'send me a picture',
    'send nudes',
    'nudes',
    'give me your number',
    'give me your address',
    'where do you live exactly',
    'answer me',
    'why arent you answering',
    'you owe me',
  ],
};

const pattern = termPattern([...hurtfulTerms.de, ...hurtfulTerms.en]);

/** Whether `text` contains hurtful or pressuring words (either language). */
export function soundsHurtful(text: string): boolean {
  return text.trim() !== '' && pattern.test(foldText(text));
}
