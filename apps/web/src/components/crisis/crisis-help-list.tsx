import { Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** German crisis lines (free, 24/7) and the emergency number, as tap-to-call links. */
export const crisisLines = [
  { key: 'telefonseelsorge_1', number: '0800 111 0 111', tel: '+498001110111' },
  { key: 'telefonseelsorge_2', number: '0800 111 0 222', tel: '+498001110222' },
  { key: 'helpline_116123', number: '116 123', tel: '116123' },
  { key: 'emergency', number: '112', tel: '112' },
] as const;

export function CrisisHelpList() {
  const { t } = useTranslation('crisis');
  return (
    <ul className="space-y-3">
      {crisisLines.map((line) => (
        <li key={line.key}>
          <a
            href={`tel:${line.tel}`}
            className={
              'flex items-center gap-4 rounded-xl border border-line px-4 py-3 no-underline hover:border-accent hover:bg-accent-soft ' +
              (line.key === 'emergency' ? 'border-danger/40' : '')
            }
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-accent-strong">
              <Phone aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold text-ink">{t(`lines.${line.key}.name`)}</span>
              <span className="block text-lg font-semibold tracking-wide text-accent-strong">
                {line.number}
              </span>
              <span className="block text-sm text-muted">{t(`lines.${line.key}.note`)}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
