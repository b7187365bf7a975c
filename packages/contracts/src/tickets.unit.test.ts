import { describe, expect, it } from 'vitest';
import { nextTicketState, ticketStates } from './tickets';

describe('the ticket transition table', () => {
  it('replies and reminds only while open, closes an open ticket and reopens a closed one', () => {
    expect(nextTicketState('open', 'reply')).toBe('open');
    expect(nextTicketState('closed', 'reply')).toBeNull();
    expect(nextTicketState('open', 'remind')).toBe('open');
    expect(nextTicketState('closed', 'remind')).toBeNull();
    expect(nextTicketState('open', 'close')).toBe('closed');
    expect(nextTicketState('closed', 'close')).toBeNull();
    expect(nextTicketState('closed', 'reopen')).toBe('open');
    expect(nextTicketState('open', 'reopen')).toBeNull();
  });

  it('moves a ticket in either state without changing it', () => {
    for (const state of ticketStates) expect(nextTicketState(state, 'move')).toBe(state);
  });
});
