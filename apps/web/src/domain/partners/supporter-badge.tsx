import { useTranslation } from 'react-i18next';

/** The badge a premium member may show to partners (issue 14); the server decides `supporter`. */
export function SupporterBadge({ supporter }: { supporter: boolean }) {
  const { t } = useTranslation('friendship');
  if (!supporter) return null;
  return (
    <span
      className="ml-2 inline-block rounded-full border border-accent px-2 py-0.5 align-middle text-xs font-normal text-accent"
      title={t('supporterHint')}
    >
      {t('supporter')}
    </span>
  );
}
