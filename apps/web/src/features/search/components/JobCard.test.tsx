import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { job, renderPage } from '../../../test/render';
import { HomePage } from './HomePage';
import { JobCard } from './JobCard';

describe('what posters wrote, in their direction; the hero without JavaScript (issue 29)', () => {
  it('a card lays out its title, company and excerpt by their own direction (dir="auto")', () => {
    renderPage(<JobCard job={{ ...job, jobTitle: 'מפתח תוכנה', companyName: 'חברה', description: 'תיאור המשרה' }} />);
    expect(screen.getByRole('heading', { name: 'מפתח תוכנה' })).toHaveAttribute('dir', 'auto');
    expect(screen.getByText(/תיאור המשרה/)).toHaveAttribute('dir', 'auto');
  });

  it("the hero's form is a GET of the home page whose boxes are named as the search address's parameters", () => {
    renderPage(<HomePage />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/');
    expect(form).toHaveAttribute('method', 'get');
    expect(screen.getByRole('combobox', { name: /What/ })).toHaveAttribute('name', 'q');
    expect(screen.getByRole('combobox', { name: /Where/ })).toHaveAttribute('name', 'where');
  });

  it('a card shows its posting date as the spec writes it and how long ago that was', () => {
    const today = new Date().toISOString().slice(0, 10);
    const { container } = renderPage(<JobCard job={{ ...job, postingDate: today }} />);
    const date = container.querySelector(`time[datetime="${today}"]`);
    expect(date).toHaveTextContent(today);
    expect(date?.parentElement).toHaveTextContent(`${today}· today`);
  });
});
