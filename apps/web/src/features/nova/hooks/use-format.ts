import { useTranslation } from 'react-i18next';

/** Dates and ages in the UI language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  const day = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short' });
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    date: (iso: string) => date.format(new Date(iso)),
    day: (isoDay: string) => day.format(new Date(`${isoDay.slice(0, 10)}T12:00:00`)),
    /** "vor 3 Stunden", "vor 2 Tagen": how long something has waited. */
    age: (iso: string, now: Date = new Date()) => {
      const minutes = Math.round((new Date(iso).getTime() - now.getTime()) / 60_000);
      if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
      const hours = Math.round(minutes / 60);
      if (Math.abs(hours) < 48) return relative.format(hours, 'hour');
      return relative.format(Math.round(hours / 24), 'day');
    },
  };
}
