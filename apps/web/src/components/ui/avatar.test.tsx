import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar';
import { imageUrlForWidth } from './responsive-image';

describe('Avatar', () => {
  it('shows the initials when there is no picture', () => {
    const { container } = render(<Avatar firstName="Ada" lastName="Obi" />);
    expect(container).toHaveTextContent(/^AO$/);
    expect(container.querySelector('img')).toBeNull();
  });

  it('puts the picture (its copy for the size shown) over the initials', () => {
    const { container } = render(
      <Avatar src="/uploads/avatars/0a1b2c3d4e5f60718293a4b5.png" firstName="Ada" lastName="Obi" size="lg" />,
    );
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', imageUrlForWidth('/uploads/avatars/0a1b2c3d4e5f60718293a4b5.png', 320));
    expect(image).toHaveAttribute('alt', '');
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps the initials when the picture fails, and tries a new picture again', () => {
    const { container, rerender } = render(<Avatar src="/uploads/avatars/broken.png" firstName="Ada" lastName="Obi" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent(/^AO$/);
    rerender(<Avatar src="/uploads/avatars/new.png" firstName="Ada" lastName="Obi" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/new.png');
  });

  it('makes initials from what it has', () => {
    expect(initialsOf(' ada ', null)).toBe('A');
    expect(initialsOf(null, undefined)).toBe('?');
  });
});
