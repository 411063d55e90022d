import type { LinkedNotice } from '@trostnetz/contracts/moderation';
import { useTranslation } from 'react-i18next';

export type AppealState = 'open' | 'upheld' | 'reversed' | 'possible' | 'expired' | 'none';

/** Where a notice's contest stands: decided, waiting, still possible (until when), or over. */
export function appealState(
  notice: Pick<LinkedNotice, 'appeal' | 'appealable_until'>,
  now: Date = new Date(),
): AppealState {
  if (notice.appeal) return notice.appeal.status;
  if (!notice.appealable_until) return 'none';
  return new Date(notice.appealable_until).getTime() > now.getTime() ? 'possible' : 'expired';
}

export function useNoticeFormat() {
  const { i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  return {
    date: (iso: string) => date.format(new Date(iso)),
    appealState: (notice: Pick<LinkedNotice, 'appeal' | 'appealable_until'>) => appealState(notice),
  };
}
