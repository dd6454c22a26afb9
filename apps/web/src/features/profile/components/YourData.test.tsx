import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { ProfilePage } from './ProfilePage';

describe('your data on the profile (issue 34 item 4)', () => {
  it('offers the whole account as a download, and says what deleting the account removes and keeps', () => {
    mockFetch(() => undefined);
    renderPage(<ProfilePage />, { path: '/profile', user: alice });
    const section = screen.getByRole('region', { name: 'Your data' });
    const link = within(section).getByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/user/export');
    expect(link).toHaveAttribute('download');
    expect(section).toHaveTextContent(/Gone at once: .*applications and CVs.*the jobs you posted/);
    expect(section).toHaveTextContent(/Kept: companies you created stay/);
  });
});
