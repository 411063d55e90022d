import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@trostnetz/contracts/payments';
import { paymentsApi } from '@trostnetz/contracts/payments.endpoints';
import { checked } from '../../lib/answer.ts';
import { api } from '../../lib/api-client.ts';
import { getLocale } from '../../lib/i18n.ts';

/** GET /api/payments/plans: the bookable plans (premium page and checkout both show them). */
export async function getPlans(): Promise<Plan[]> {
  return checked(api(paymentsApi.plans), () =>
    import('@trostnetz/contracts/payments').then((c) => c.planList),
  );
}

export const plansQuery = queryOptions({
  queryKey: ['payments', 'plans'],
  queryFn: getPlans,
  staleTime: 60_000,
});

export const usePlans = () => useQuery(plansQuery);

/** Cents as the member reads money: `17,97 €` / `€17.97`. */
export function formatMoney(cents: number): string {
  return new Intl.NumberFormat(getLocale() === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

/** A date as the member reads it: `23. November 2026` / `23 November 2026`. */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(getLocale() === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));
}
