import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { MemberList, MemberRow } from '../../../domain/partners/member-list.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { getLocale } from '../../../lib/i18n.ts';
import { useBlocklist } from '../api/get-blocklist.ts';
import { useUnhideMember } from '../api/unhide-member.ts';

/** Hidden profiles (block list), each with an undo. */
export function BlocklistScreen() {
  const { t } = useTranslation('blocklist');
  const hidden = (useLocation().state as { hidden?: string } | null)?.hidden;
  const list = useBlocklist();
  const unhide = useUnhideMember();
  const toMessage = useErrorMessage();
  const date = new Intl.DateTimeFormat(getLocale(), { dateStyle: 'medium' });

  return (
    <Page title={t('titles.blocklist')} intro={t('intro')}>
      {hidden && <Alert tone="success">{t('hiddenNotice', { nickname: hidden })}</Alert>}
      {unhide.isError && <Alert tone="error">{toMessage(unhide.error)}</Alert>}
      <MemberList
        query={list}
        empty={{ icon: EyeOff, title: t('empty.title'), text: t('empty.text'), action: t('empty.action') }}
      >
        {(entry) => (
          <MemberRow
            data-hidden-member={entry.userId}
            nickname={entry.nickname}
            avatar={entry.avatar}
            detail={t('since', { date: date.format(new Date(entry.created_at)) })}
            action={{
              label: t('unhide'),
              icon: Eye,
              pending: unhide.isPending && unhide.variables === entry.id,
              onClick: () => unhide.mutate(entry.id),
            }}
          />
        )}
      </MemberList>
    </Page>
  );
}
