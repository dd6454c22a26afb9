import type { Interview, Thread } from '@jobboard/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, renderPage } from '../../../test/render';
import { InterviewsPanel, slotText } from './InterviewsPanel';

/* A booked interview names its time once: in its first line; the list holds only the times not picked. */

const first = { id: 's1', startsAt: '2031-05-17T12:30:00.000Z', timeZone: 'Europe/Paris' };
const second = { id: 's2', startsAt: '2031-05-19T07:00:00.000Z', timeZone: 'Europe/Paris' };
const slots = [first, second];
const interview: Interview = {
  id: 'i1',
  status: 'scheduled',
  lengthMinutes: 45,
  location: 'https://meet.example/x',
  sequence: 1,
  slots,
  chosenSlotId: 's1',
  createdAt: '2031-05-01T00:00:00.000Z',
  updatedAt: '2031-05-02T00:00:00.000Z',
};
const thread = (side: Thread['side']): Thread => ({
  application: {
    id: 'a1',
    jobId: 'j1',
    jobTitle: 'Job',
    companyName: 'Acme',
    candidateName: 'Tess',
    stage: 'interview',
    withdrawn: false,
  },
  side,
  canWrite: true,
  messages: [],
  interviews: [interview],
});

describe('InterviewsPanel', () => {
  it.each(['team', 'candidate'] as const)('shows a booked time once (%s side)', (side) => {
    renderPage(<InterviewsPanel thread={thread(side)} />, { user: alice });
    const booked = slotText(first.startsAt, 'Europe/Paris');
    const card = screen.getByRole('list', { name: 'Interviews' });
    expect(within(card).getAllByText(booked, { exact: false })).toHaveLength(1);
    expect(screen.getByText(`Booked: ${booked}`)).toBeInTheDocument();
    const others = screen.getByRole('list', { name: 'Other proposed times' });
    expect(others).toHaveTextContent(slotText(second.startsAt, 'Europe/Paris'));
  });

  it('asks the candidate to pick a proposed time, and tells the team it waits for them', () => {
    const proposed: Thread = {
      ...thread('candidate'),
      interviews: [{ ...interview, status: 'proposed', chosenSlotId: null }],
    };
    const { unmount } = renderPage(<InterviewsPanel thread={proposed} />, { user: alice });
    expect(screen.getByText('Pick one of these times')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Pick / })).toHaveLength(2);
    unmount();
    renderPage(<InterviewsPanel thread={{ ...proposed, side: 'team' }} />, { user: alice });
    expect(screen.getByText('Waiting for the candidate to pick a time')).toBeInTheDocument();
  });

  it("gives a company's viewer the times but no button to propose, move or cancel", () => {
    const { unmount } = renderPage(<InterviewsPanel thread={thread('team')} />, { user: alice });
    expect(screen.getByRole('button', { name: 'Cancel interview' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Propose an interview' })).toBeInTheDocument();
    unmount();
    renderPage(<InterviewsPanel thread={{ ...thread('team'), canWrite: false }} />, { user: alice });
    expect(screen.getByText(`Booked: ${slotText(first.startsAt, 'Europe/Paris')}`)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
