import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CandidateSummary, hasCandidateDetails } from './CandidateSummary';

describe('CandidateSummary (Responses)', () => {
  it("shows the applicant's headline, location and links, each link opening in a new tab", () => {
    const application = {
      applicantName: 'Bea',
      candidate: {
        headline: 'Backend engineer',
        location: 'Lisbon',
        links: ['https://github.com/bea', 'https://bea.dev/'],
      },
    };
    render(<CandidateSummary application={application} />);
    expect(screen.getByText('Backend engineer')).toBeInTheDocument();
    expect(screen.getByText('Lisbon')).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://github.com/bea', 'https://bea.dev/']);
    expect(links[0]).toHaveTextContent('github.com/bea');
    expect(links[1]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('shows nothing when the profile gave nothing (or an old server sent no candidate)', () => {
    const empty = { applicantName: 'Bea', candidate: { headline: '', location: '', links: [] } };
    expect(hasCandidateDetails(empty)).toBe(false);
    expect(hasCandidateDetails({ applicantName: 'Bea' })).toBe(false);
    const { container } = render(<CandidateSummary application={empty} />);
    expect(container).toBeEmptyDOMElement();
  });
});
