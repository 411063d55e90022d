import { reportReasons } from '@trostnetz/contracts/safety';

/** The report reasons that fit a post or a comment ("fake profile" is about profiles). */
export const contentReasons = reportReasons.filter((reason) => reason !== 'fake_profile');
