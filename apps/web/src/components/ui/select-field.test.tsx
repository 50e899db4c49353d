import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field';

describe('SelectField', () => {
  it('ties the label to the select, offers the placeholder first, and can hide the label but keep the name', () => {
    render(
      <>
        <SelectField label="Category" placeholder="Choose a category">
          <option value="1">Water</option>
        </SelectField>
        <SelectField label="Location" hideLabel>
          <option value="1">Ikeja</option>
        </SelectField>
      </>,
    );
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(category).toHaveDisplayValue('Choose a category');
    expect(screen.getByText('Location')).toHaveClass('sr-only');
    expect(screen.getByRole('combobox', { name: 'Location' })).not.toHaveAttribute('aria-describedby');
  });

  it('is described by its hint, and by its error instead once there is one', () => {
    const { rerender } = render(
      <SelectField label="Show" hint="Differences still to clear.">
        <option value="open">Open</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Show' });
    expect(select).not.toHaveAttribute('aria-invalid');
    expect(select).toHaveAccessibleDescription('Differences still to clear.');

    rerender(
      <SelectField label="Show" hint="Differences still to clear." error="Choose what to show.">
        <option value="open">Open</option>
      </SelectField>,
    );
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose what to show.');
  });
});
