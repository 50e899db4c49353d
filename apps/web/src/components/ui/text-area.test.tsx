import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { TextArea } from './text-area';

describe('TextArea', () => {
  it('ties the label above it to a multi-line field', () => {
    render(<TextArea label="Reason" rows={3} maxLength={500} />);
    const field = screen.getByLabelText('Reason');
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAttribute('rows', '3');
    expect(field).toHaveAttribute('maxlength', '500');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAttribute('aria-describedby');
  });

  it('shows an error under the field and announces it as the field description', () => {
    render(<TextArea label="Note (optional)" error="The note is too long." />);
    const field = screen.getByLabelText('Note (optional)');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The note is too long.');
  });

  it('describes the field with its hint while there is no error, and with the error once there is one', () => {
    const { rerender } = render(<TextArea label="Reason" hint="Say when and how it was sent." />);
    const field = screen.getByLabelText('Reason');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAccessibleDescription('Say when and how it was sent.');

    rerender(<TextArea label="Reason" hint="Say when and how it was sent." error="Write at least 10 characters." />);
    expect(field).toHaveAccessibleDescription('Write at least 10 characters.');
    expect(screen.queryByText('Say when and how it was sent.')).not.toBeInTheDocument();
  });

  it('takes react-hook-form’s register, so what is typed is what the form submits', async () => {
    const user = userEvent.setup();
    let submitted: { note: string } | undefined;
    function NoteForm() {
      const form = useForm({ defaultValues: { note: '' } });
      return (
        <form onSubmit={form.handleSubmit((values) => (submitted = values))}>
          <TextArea label="Note" {...form.register('note')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<NoteForm />);
    await user.type(screen.getByLabelText('Note'), 'First line{enter}second line');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual({ note: 'First line\nsecond line' });
  });
});
