import type { AccountingArea } from '../area';
import { chequeHandlers } from './cheques.handlers';
import { seedDemoCheques } from './demo';

export { STEPS, allowedActions, nextState, type Action, type Direction, type State } from './machine';

/**
 * Cheques (çek; seeds 000 §3, §7 /checks; module CHECK 4: view 1, create 2, update 3, delete 4,
 * received view 10 / delete 11, given view 12 / delete 13).
 *
 * Where a cheque sits in the books. A received cheque (IN) is in 101 Alınan Çekler: in the
 * portfolio, 101.xx "Portföydeki Çekler" (ownAccount kind CHEQUE_PORTFOLIO, owner 0), or, once
 * handed to a bank for collection, in that bank account's 101.xx "Tahsildeki Çekler - <account>"
 * (kind CHEQUE_COLLECTION, owner the bank account). Keeping the bank's cheques apart is what a
 * Turkish accountant does (tahsile verilen çekler): the portfolio account then matches the
 * cheques in the safe, and each bank's account matches the bank's collection statement. A given
 * cheque (OUT) is in 103.xx "Verilen Çekler" (kind CHEQUE_GIVEN, owner 0) until its bank pays it.
 * Currents are their own sub-accounts (ledger/money.ts currentAccount: 120.xxx, 320.xxx …), bank
 * accounts theirs under 102. Every amount is the cheque's lira amount (amount x its rate at entry,
 * kept on the cheque); a foreign-currency cheque's lines also carry the amount and the rate.
 *
 * The state machine (machine.ts STEPS is the only list of allowed steps):
 *
 *   IN   (entry: RECEIVE)                                  Dr                         Cr
 *   —                         RECEIVE   → IN_PORTFOLIO      portfolio 101.xx           customer (current)
 *   IN_PORTFOLIO              DEPOSIT   → DEPOSITED_FOR_COLLECTION
 *                                         (bankAccountId)   101.xx at that bank        portfolio
 *   DEPOSITED_FOR_COLLECTION  WITHDRAW  → IN_PORTFOLIO      portfolio                  101.xx at the bank
 *   DEPOSITED_FOR_COLLECTION  COLLECT   → COLLECTED         the bank account 102.xx    101.xx at the bank
 *   IN_PORTFOLIO              COLLECT   → COLLECTED         the bank account 102.xx    portfolio
 *                                         (bankAccountId: cashed straight into an account)
 *   IN_PORTFOLIO              ENDORSE   → ENDORSED          the supplier (currentId)   portfolio        (ciro)
 *   IN_PORTFOLIO              BOUNCE    → BOUNCED           customer's 127 / 128       portfolio        (karşılıksız)
 *   DEPOSITED_FOR_COLLECTION  BOUNCE    → BOUNCED           customer's 127 / 128       101.xx at the bank
 *   ENDORSED                  BOUNCE    → BOUNCED           customer's 127 / 128       the endorsee     (handed back to us)
 *   BOUNCED                   COLLECT   → COLLECTED         the bank account 102.xx    what BOUNCE debited (127 / 128)
 *                                         (bankAccountId: the customer pays the bounced cheque into it)
 *   BOUNCED                   RETURN    → RETURNED          customer (its 120)         what BOUNCE debited (127 / 128)
 *                                         (handed back: paid in cash, by transfer or replaced by a new cheque)
 *   IN_PORTFOLIO              RETURN    → RETURNED          customer                   portfolio        (iade)
 *
 *   OUT  (entry: GIVE)
 *   —                         GIVE      → GIVEN             supplier (current)         given 103.xx
 *   GIVEN                     PAY       → PAID              given 103.xx               the bank account 102.xx
 *                                         (bankAccountId, else the account it is drawn on)
 *   GIVEN                     BOUNCE    → BOUNCED           given 103.xx               supplier
 *   GIVEN                     RETURN    → RETURNED          given 103.xx               supplier
 *
 * A bounced received cheque is not put back on the customer's ordinary account (120): a Turkish
 * accountant (Tekdüzen Hesap Planı, MSUGT) carries it as a bounced-cheque receivable in the
 * customer's own sub-account of 127 Diğer Ticari Alacaklar (127.xxx, owner kind CURRENT, made on
 * first use, ledger/money.ts bouncedChequeAccount), or of 128 Şüpheli Ticari Alacaklar when the
 * step says it is under legal follow-up (legalFollowUp: protested, at the icra office; VUK 323).
 * Being the current's own account, it is in the current's balance, aging and ledger (statement).
 * The bounced cheque leaves 127 / 128 by a step of its own, crediting the account its BOUNCE
 * debited: COLLECT when the customer pays it into a bank account, RETURN when it is handed back to
 * the customer (paid in cash, by transfer, replaced by a new cheque …: its amount goes back to the
 * customer's 120, where that payment is recorded as any collection is). A collection recorded on
 * the current before that credits its 120 and leaves 127 / 128 open (docs/architecture.md,
 * Cheques). A given cheque that bounces puts the debt back on the supplier (320): our own unpaid
 * cheque is a trade payable again, nothing doubtful about it.
 *
 * COLLECTED, ENDORSED (unless it bounces), PAID, RETURNED and a given cheque's BOUNCED take no further step. A step
 * not in the table is a 409 naming the cheque's state in Turkish (ILLEGAL_TRANSITION); a step's
 * date is not before the cheque's last step. Each step is POST /checks/{id}/transitions, posted
 * through post() with source CHEQUE:<cheque id>:<step no> and recorded in cheque_events
 * (insert-only for the request role). A bank account for DEPOSIT, COLLECT and PAY must be in the
 * cheque's currency.
 *
 * Outside the table: PUT may correct the amount, currency, rate, date or current only while the
 * cheque has had no step beyond its entry (the entry is reversed and posted again: an AMEND
 * event); DELETE likewise, reversing the entry and marking the cheque DELETED (a DELETE event):
 * nothing of its history is removed.
 */
export const area: AccountingArea = { handlers: chequeHandlers, seedDemo: seedDemoCheques };
