/**
 * The cheque's life as data: its states, the steps a request may take from each and where they
 * lead (the table in ./index.ts says what each posts). Everything that decides whether a step is
 * allowed reads STEPS; nothing else lists transitions.
 */
export type Direction = 'IN' | 'OUT';
export type State = 'IN_PORTFOLIO' | 'DEPOSITED_FOR_COLLECTION' | 'ENDORSED' | 'COLLECTED' | 'GIVEN' | 'PAID' | 'BOUNCED' | 'RETURNED' | 'DELETED';
/** The steps a request takes (POST /checks/{id}/transitions). */
export type Action = 'DEPOSIT' | 'WITHDRAW' | 'COLLECT' | 'ENDORSE' | 'BOUNCE' | 'RETURN' | 'PAY';
/** Every event of the history: the entry, a correction of it, the steps, the deletion. */
export type EventAction = 'RECEIVE' | 'GIVE' | 'AMEND' | Action | 'DELETE';

export const ACTIONS: readonly Action[] = ['DEPOSIT', 'WITHDRAW', 'COLLECT', 'ENDORSE', 'BOUNCE', 'RETURN', 'PAY'];

/** The state a new cheque starts in. */
export const INITIAL: Record<Direction, State> = { IN: 'IN_PORTFOLIO', OUT: 'GIVEN' };

export const STATE_LABELS: Record<State, string> = {
  IN_PORTFOLIO: 'Portföyde',
  DEPOSITED_FOR_COLLECTION: 'Tahsile verildi',
  ENDORSED: 'Ciro edildi',
  COLLECTED: 'Tahsil edildi',
  GIVEN: 'Verildi',
  PAID: 'Ödendi',
  BOUNCED: 'Karşılıksız',
  RETURNED: 'İade edildi',
  DELETED: 'Silindi',
};

export const ACTION_LABELS: Record<EventAction, string> = {
  RECEIVE: 'Çek alındı',
  GIVE: 'Çek verildi',
  AMEND: 'Çek kaydı düzeltildi',
  DEPOSIT: 'Tahsile verme',
  WITHDRAW: 'Tahsilden geri alma',
  COLLECT: 'Tahsil',
  ENDORSE: 'Ciro',
  BOUNCE: 'Karşılıksız',
  RETURN: 'İade',
  PAY: 'Ödeme',
  DELETE: 'Çek silindi',
};

/** From a state, by a step, to a state (per direction). */
export const STEPS: Record<Direction, Partial<Record<State, Partial<Record<Action, State>>>>> = {
  IN: {
    IN_PORTFOLIO: { DEPOSIT: 'DEPOSITED_FOR_COLLECTION', COLLECT: 'COLLECTED', ENDORSE: 'ENDORSED', BOUNCE: 'BOUNCED', RETURN: 'RETURNED' },
    DEPOSITED_FOR_COLLECTION: { COLLECT: 'COLLECTED', WITHDRAW: 'IN_PORTFOLIO', BOUNCE: 'BOUNCED' },
    ENDORSED: { BOUNCE: 'BOUNCED' },
    // The customer pays the bounced cheque into a bank account (karşılıksız çekin tahsili), or it is
    // handed back to them (iade) and its amount goes back to their 120: 127 / 128 is closed either way.
    BOUNCED: { COLLECT: 'COLLECTED', RETURN: 'RETURNED' },
  },
  OUT: {
    GIVEN: { PAY: 'PAID', BOUNCE: 'BOUNCED', RETURN: 'RETURNED' },
  },
};

/** The steps allowed from where a cheque is now (none once it is closed). */
export function allowedActions(direction: Direction, state: State): Action[] {
  return Object.keys(STEPS[direction][state] ?? {}) as Action[];
}

/** Where a step leads, or undefined when it is not allowed from this state. */
export function nextState(direction: Direction, state: State, action: Action): State | undefined {
  return STEPS[direction][state]?.[action];
}

/** A closed cheque takes no more steps. */
export const isClosed = (direction: Direction, state: State) => allowedActions(direction, state).length === 0;
