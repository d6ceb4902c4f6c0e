import type { ContributionProps } from '@tezgah/core';
import { MoneySummaryPanel } from './SummaryView';

/**
 * Home page widget "Kasa ve Banka" (seeds 000 §4 cash/bank summary): the cash total, the bank
 * total, each safe's and bank account's balance, and this month's money in and out.
 */
export default function SummaryWidget({ host }: ContributionProps) {
  return <MoneySummaryPanel host={host} />;
}
