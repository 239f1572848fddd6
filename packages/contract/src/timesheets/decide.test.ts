import { describe, expect, it } from 'vitest';
import { BillingSchema, billingOf, decisionEffect, DECIDE_RULES, judgeDecision, type DecideFacts } from './decide';
import { DECIDE_EXAMPLES } from './decide.examples';

describe('billingOf: what a timesheet bills in each state', () => {
  it.each(DECIDE_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_name, example) => {
    expect(billingOf(example.facts)).toEqual(example.billing);
    expect(BillingSchema.parse(example.billing)).toEqual(example.billing);
  });

  it('an approval of what the educator says did not happen bills nothing, also when stored as approved for invoice', () => {
    const approved = { ...DECIDE_EXAMPLES[2]!.facts, status: 'approved_for_invoice' as const, decision: 'approved' as const };
    expect(billingOf(approved)).toEqual({ kind: 'no_charge', basis: 'educator', final: true });
    // Settled by the provider after the school's review: the agreed hours stand.
    expect(billingOf({ ...approved, decision: 'modified' })).toMatchObject({ kind: 'hours', basis: 'approved' });
  });

  it('a cancelled booking bills nothing, whatever its timesheet said', () => {
    const facts = { ...DECIDE_EXAMPLES[0]!.facts, bookingStatus: 'cancelled' as const };
    expect(billingOf(facts)).toEqual({ kind: 'no_charge', basis: 'settled', final: true });
  });
});

describe('decisionEffect: what a decision writes', () => {
  it('Approve takes exactly the hours the row showed, for every example pending approval', () => {
    for (const example of DECIDE_EXAMPLES.filter((e) => e.facts.status === 'pending_approval')) {
      const effect = decisionEffect('approved', example.facts, {});
      if (example.billing.kind === 'no_charge') expect(effect, example.name).toEqual({ kind: 'cancel_no_charge' });
      else {
        const { startTime, endTime, breakMinutes } = example.billing;
        expect(effect, example.name).toEqual({ kind: 'approve', hours: { startTime, endTime, breakMinutes } });
      }
    }
  });

  it('modified and did not happen go to review with what the school gave', () => {
    const facts = DECIDE_EXAMPLES[1]!.facts;
    expect(decisionEffect('modified', facts, { startTimeLocal: '9:15', endTimeLocal: '13:00', breakMinutes: 15 })).toEqual({
      kind: 'review',
      school: { didNotHappen: false, startTime: '09:15', endTime: '13:00', breakMinutes: 15 },
    });
    expect(decisionEffect('did_not_happen', facts, { reason: '  Closed for snow ' })).toEqual({
      kind: 'review',
      school: { didNotHappen: true, reason: 'Closed for snow' },
    });
  });
});

describe('judgeDecision: the named rules of a submit, in order', () => {
  const ok: DecideFacts = { visible: true, mayDecide: true, status: 'pending_approval', decision: null, bookingStatus: 'completed' };

  it('names the rules in the order they run', () => {
    expect(DECIDE_RULES.map((r) => r.name)).toEqual(['timesheetVisible', 'mayDecideHere', 'bookingNotCancelled', 'stillPendingApproval']);
  });

  it.each<[string, Partial<DecideFacts>, ReturnType<typeof judgeDecision>]>([
    ['pending approval: may be decided', {}, null],
    [
      'not visible: unknown, before anything else',
      { visible: false, mayDecide: false },
      { kind: 'issue', reason: 'unknown', rule: 'timesheetVisible' },
    ],
    ['visible but view only: the whole submit is refused', { mayDecide: false }, { kind: 'forbidden', rule: 'mayDecideHere' }],
    [
      'cancelled booking',
      { bookingStatus: 'cancelled', status: null },
      { kind: 'issue', reason: 'cancelled', rule: 'bookingNotCancelled' },
    ],
    ['invoiced', { status: 'invoiced', decision: 'approved' }, { kind: 'issue', reason: 'already_invoiced', rule: 'stillPendingApproval' }],
    [
      'approved by a contact',
      { status: 'approved_for_invoice', decision: 'approved' },
      { kind: 'issue', reason: 'already_actioned', rule: 'stillPendingApproval' },
    ],
    [
      'approved by the provider after review',
      { status: 'approved_for_invoice', decision: 'modified' },
      { kind: 'issue', reason: 'already_approved_for_invoice', rule: 'stillPendingApproval' },
    ],
    [
      'sent to review',
      { status: 'pending_review', decision: 'modified' },
      { kind: 'issue', reason: 'already_actioned', rule: 'stillPendingApproval' },
    ],
    ['a booking without a timesheet', { status: null }, { kind: 'issue', reason: 'unknown', rule: 'stillPendingApproval' }],
  ])('%s', (_name, change, expected) => {
    expect(judgeDecision({ ...ok, ...change })).toEqual(expected);
  });
});
