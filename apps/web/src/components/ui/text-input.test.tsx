import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordInput } from './password-input';
import { TextInput } from './text-input';

function floatingState(input: HTMLElement) {
  return input.closest('[data-floating]')?.getAttribute('data-floating');
}

describe('TextInput', () => {
  it('ties the label to the input and floats it when focused or filled', async () => {
    const user = userEvent.setup();
    render(
      <>
        <TextInput label="Email" />
        <TextInput label="Other" />
      </>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.tagName).toBe('INPUT');
    expect(floatingState(input)).toBe('false');

    await user.click(input);
    expect(floatingState(input)).toBe('true');

    await user.click(screen.getByLabelText('Other'));
    expect(floatingState(input)).toBe('false');

    await user.type(input, 'ada@ruwa.local');
    await user.tab();
    expect(input).not.toHaveFocus();
    expect(floatingState(input)).toBe('true');

    await user.clear(input);
    await user.tab();
    expect(floatingState(input)).toBe('false');
  });

  it('starts floated when it already has a value', () => {
    render(<TextInput label="First Name" defaultValue="Ada" />);
    expect(floatingState(screen.getByLabelText('First Name'))).toBe('true');
  });

  it('shows an error under the field and announces it as the field description', () => {
    render(<TextInput label="Phone Number" error="The phone number is invalid." />);
    const input = screen.getByLabelText('Phone Number');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('The phone number is invalid.');
  });

  it('uses the grey field background by default and a static label in the settings variant', () => {
    render(
      <>
        <TextInput label="Default" />
        <TextInput label="Business name" variant="settings" placeholder="Ruwa Stores" />
      </>,
    );
    expect(screen.getByLabelText('Default')).toHaveClass('bg-field');
    const settings = screen.getByLabelText('Business name');
    expect(settings).toHaveAttribute('placeholder', 'Ruwa Stores');
    expect(settings.closest('[data-floating]')).toBeNull();
  });
});

describe('PasswordInput', () => {
  it('hides the password until Show is pressed, then offers Hide', async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="Password" />);
    const input = screen.getByLabelText('Password');
    await user.type(input, 'ruwa-demo-2026');
    expect(input).toHaveAttribute('type', 'password');

    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveTextContent('Show');
    expect(toggle).toHaveAttribute('aria-controls', input.id);
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('ruwa-demo-2026');

    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveTextContent('Hide');
    await user.click(hide);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('has a settings variant', () => {
    render(<PasswordInput label="Current password" variant="settings" />);
    expect(screen.getByLabelText('Current password')).toHaveClass('bg-white');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });
});
